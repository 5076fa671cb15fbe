// hard_range_splitting.cc -- pre-coloured ranges that leave an
// instruction too few registers become values.
//
// A hard register written by a def_hard (or live into the function: an
// incoming argument) and read by a use_hard later is a pre-coloured
// range: no value may sit in the register in between.  Neither the
// spiller nor colour assignment can shorten it, for it is not a value.
// Where such ranges cross an instruction whose own operands then find
// too few registers of their file -- incoming arguments passed straight
// on to calls in other blocks, past a compare that needs two GPRs, with
// five GPRs allocatable -- the function could not be allocated at all.
//
// This phase finds those instructions (`short_of_registers`) and splits
// each range crossing one (`find_web`, `split`): a copy of the register
// into a fresh spillable value after its def, or after the last read
// before the range first crosses such an instruction (`place_copy_out`),
// and a copy of the value back into the register just before each read
// that has such an instruction behind it.  Between the copies the
// register is free; the value is an ordinary SSA value (its def
// dominates its reads: the range has one def, so every path to a read
// passes it), which the spiller may evict there.  Where the value keeps the register after all
// (its preference, from the copies), both copies have the same source
// and destination and make no code.
//
// The ranges split are the webs of one def: a register written in two
// places and read after their join is left alone (it would need a phi),
// as are ranges whose reads cover only part of the def's registers, defs
// by a terminator (nothing may follow one), and ranges that reach back
// to their own def around a loop or run over an abnormal edge.  What is
// left alone stays as it was; colour assignment reports what then
// cannot be allocated.
//
// Runs after constraint lifting (the operands' register sets are final
// and its temps in place) and before PhiLifting (no phase has recorded
// instruction indices yet).

#include "work.h"

#include <algorithm>

namespace ssara::ra {

namespace {

// Where a range's value is written: instruction INSN of block BLOCK, or
// the function's entry (BLOCK == no_block).
struct def_site
{
  block_id block = no_block;
  uint32_t insn = 0;
  bool operator== (const def_site &o) const
  { return block == o.block && insn == o.insn; }
};

// A pre-coloured range to split: the registers REG .. REG + WIDTH - 1
// written at DEF and read by the instructions READS, and nowhere else in
// between.
struct web
{
  def_site def;
  hreg reg = no_hreg;
  uint8_t width = 1;
  // The reads that get a copy back: those with an instruction short of
  // registers between them and the def or the previous read.
  vec<std::pair<block_id, uint32_t>> reads;
  // The copy into the value goes before instruction OUT_INSN of block
  // OUT_BLOCK (place_copy_out).
  block_id out_block = 0;
  uint32_t out_insn = 0;
};

class splitter
{
public:
  explicit splitter (work &w) : w_ (w) {}

  void run ();

private:
  work &w_;
  // Hard registers live at the start and end of each block.
  vec<hreg_set> hin_, hout_;
  // short_[b][j]: the registers of the files instruction j of block b
  // is short of (short_of_registers), which ranges crossing it leave.
  vec<vec<hreg_set>> short_;
  // file_regs_[f]: the registers of file f.
  vec<hreg_set> file_regs_;

  bool short_of_registers (const insn &i, file_id f,
                           const hreg_set &at_use,
                           const hreg_set &at_def) const;
  bool reaching_def (block_id b, uint32_t j, hreg r, def_site &out) const;
  bool find_web (const def_site &d, hreg r, web &out) const;
  void place_copy_out (block_id start_b, uint32_t start_i, web &out) const;
  void split (const vec<web> &webs);
};

// Return the registers hard operand O names.
hreg_set
hard_span (const operand &o)
{
  return work::span (o.reg, o.width);
}

// Return true if the operands of I in file F cannot all have registers
// of F outside AT_USE (at its uses) and AT_DEF (at its defs): more
// registers wanted than the operands' sets leave, an operand left none,
// or a wide operand no free start.
bool
splitter::short_of_registers (const insn &i, file_id f,
                              const hreg_set &at_use,
                              const hreg_set &at_def) const
{
  const reg_file &rf = w_.tgt.files[f];
  unsigned need_use = 0, need_def = 0, need_early = 0;
  hreg_set any_use, any_def;
  vec<value_id> seen;
  for (const operand &o : i.ops)
    {
      if (o.kind != operand_kind::use && o.kind != operand_kind::def)
        continue;
      const value &v = w_.fn.values[o.value];
      if (v.file != f)
        continue;
      const bool use = o.kind == operand_kind::use;
      if (use)
        {
          if (std::find (seen.begin (), seen.end (), o.value) != seen.end ())
            continue;
          seen.push_back (o.value);
        }
      const hreg_set &busy = use ? at_use : at_def;
      hreg_set starts = o.allowed & v.allowed;
      bool fits = false;
      hreg_set covered;
      for (hreg h : rf.regs)
        if (starts.test (h) && (work::span (h, v.width) & busy).none ())
          {
            fits = true;
            covered |= work::span (h, v.width);
          }
      if (!fits)
        return true;
      if (use)
        {
          need_use += v.width;
          any_use |= covered;
        }
      else
        {
          need_def += v.width;
          any_def |= covered;
          if (o.earlyclobber)
            need_early += v.width;
        }
    }
  any_use &= file_regs_[f];
  any_def &= file_regs_[f];
  return need_use + need_early > any_use.count ()
         || need_def > any_def.count ();
}

// Find the def of hard register R that reaches the uses of instruction J
// of block B.  Return false if more than one does, or R holds garbage
// (a clobber) on some path.
bool
splitter::reaching_def (block_id b, uint32_t j, hreg r, def_site &out) const
{
  bool found = false;
  auto note = [&] (const def_site &d) {
    if (found && !(out == d))
      return false;
    out = d;
    found = true;
    return true;
  };
  vec<bool> visited (w_.fn.blocks.size (), false);
  vec<std::pair<block_id, uint32_t>> work_list { { b, j } };
  // Termination: each block is scanned from its end at most once
  // (VISITED), plus the one partial scan from J.
  while (!work_list.empty ())
    {
      auto [x, end] = work_list.back ();
      work_list.pop_back ();
      const block &blk = w_.fn.blocks[x];
      bool ended = false;
      for (uint32_t i = end; i-- > 0 && !ended;)
        {
          const insn &in = blk.insns[i];
          for (const operand &o : in.ops)
            if (o.kind == operand_kind::def_hard && hard_span (o).test (r))
              {
                if (!note ({ x, i }))
                  return false;
                ended = true;
              }
          if (!ended && in.clobbers.test (r))
            return false;
        }
      if (ended)
        continue;
      if (x == 0)
        {
          if (!note ({ no_block, 0 }))
            return false;
          continue;
        }
      for (size_t k = 0; k < blk.preds.size (); ++k)
        {
          if (blk.pred_abnormal[k])
            return false;
          block_id p = blk.preds[k];
          if (!visited[p])
            {
              visited[p] = true;
              work_list.push_back ({ p, uint32_t (w_.fn.blocks[p].insns.size ()) });
            }
        }
    }
  return found;
}

// Collect into OUT the range of hard register R written at D: its
// registers and its reads.  Return false if it is not a range this phase
// splits (see the top of the file).
bool
splitter::find_web (const def_site &d, hreg r, web &out) const
{
  out = web ();
  out.def = d;
  block_id start_b = 0;
  uint32_t start_i = 0;
  if (d.block != no_block)
    {
      const insn &di = w_.fn.blocks[d.block].insns[d.insn];
      if (di.terminator)
        return false;
      for (const operand &o : di.ops)
        if (o.kind == operand_kind::def_hard && hard_span (o).test (r))
          {
            out.reg = o.reg;
            out.width = o.width;
          }
      start_b = d.block;
      start_i = d.insn + 1;
    }
  const size_t nb = w_.fn.blocks.size ();
  vec<bool> visited (nb, false), holds_at_end (nb, false);
  // crossed[b]: on some path from the def or the last read to the end
  // of block b, the range crosses an instruction short of registers (or
  // it may: a predecessor not walked yet).  A read with none of those
  // behind it keeps reading the register as it is (no copy back): the
  // range up to it is in nobody's way.
  vec<bool> crossed (nb, false), done (nb, false);
  vec<block_id> entered;
  // The range's registers: R alone until an incoming value's first read
  // names them.
  auto range_span = [&] () {
    return out.reg == no_hreg ? work::span (r, 1)
                              : work::span (out.reg, out.width);
  };
  vec<std::pair<block_id, uint32_t>> work_list { { start_b, start_i } };
  visited[start_b] = true;
  // Termination: each block is entered at most once (VISITED).
  while (!work_list.empty ())
    {
      auto [x, from] = work_list.back ();
      work_list.pop_back ();
      const block &blk = w_.fn.blocks[x];
      bool killed = false;
      bool cross = false;
      if (!(x == start_b && from == start_i))
        for (block_id p : blk.preds)
          cross = cross || !done[p] || crossed[p];
      for (uint32_t i = from; i < blk.insns.size () && !killed; ++i)
        {
          const insn &in = blk.insns[i];
          bool read = false;
          for (const operand &o : in.ops)
            {
              if (o.kind != operand_kind::use_hard)
                continue;
              hreg_set s = hard_span (o);
              if (!s.test (r)
                  && (out.reg == no_hreg
                      || (s & work::span (out.reg, out.width)).none ()))
                continue;
              // An incoming value's registers are those its first read
              // names; every read must name the same.
              if (out.reg == no_hreg)
                {
                  out.reg = o.reg;
                  out.width = o.width;
                }
              if (o.reg != out.reg || o.width != out.width)
                return false;
              read = true;
            }
          if (read && cross)
            out.reads.push_back ({ x, i });
          if (read)
            cross = false;
          const hreg_set span = range_span ();
          for (const operand &o : in.ops)
            if (o.kind == operand_kind::def_hard
                && (hard_span (o) & span).any ())
              killed = true;
          if ((in.clobbers & span).any ())
            killed = true;
          // Crossing instruction I: live before and after it, unread.
          if (!killed && !read && (short_[x][i] & span).any ())
            cross = true;
        }
      done[x] = true;
      crossed[x] = cross;
      if (killed)
        continue;
      holds_at_end[x] = true;
      const hreg_set span = range_span ();
      for (block_id s : blk.succs)
        {
          if ((hin_[s] & span).none ())
            continue;
          // Around a loop back to the def: reads before the def in its
          // block would read the last iteration's value.
          if (d.block != no_block && s == d.block)
            return false;
          if (!visited[s])
            {
              visited[s] = true;
              entered.push_back (s);
              work_list.push_back ({ s, 0 });
            }
        }
    }
  if (out.reg == no_hreg || out.reads.empty ())
    return false;
  // Every way into an entered block must come with the value: one def.
  for (block_id s : entered)
    {
      const block &blk = w_.fn.blocks[s];
      for (size_t k = 0; k < blk.preds.size (); ++k)
        if (blk.pred_abnormal[k] || !holds_at_end[blk.preds[k]])
          return false;
    }
  // An incoming value: all its registers live into the function.
  if (d.block == no_block
      && (hin_[0] & work::span (out.reg, out.width))
           != work::span (out.reg, out.width))
    return false;
  place_copy_out (start_b, start_i, out);
  return true;
}

// Set OUT.out_block and OUT.out_insn: the copy into the value goes after the last read that
// comes before the range first crosses an instruction short of
// registers, as long as the range runs straight (one block after the
// other, each the only way into the next) from its def at START_I of
// START_B; else right after the def.  There the register has no more
// reads to serve unsplit, so the value may take the register itself.
void
splitter::place_copy_out (block_id start_b, uint32_t start_i, web &out) const
{
  const hreg_set span = work::span (out.reg, out.width);
  out.out_block = start_b;
  out.out_insn = start_i;
  block_id b = start_b;
  uint32_t from = start_i;
  // Termination: each step moves to a successor that has no other
  // predecessor and is not the def's block; a block is visited once
  // (a cycle of such blocks would have no way in).
  for (size_t steps = 0; steps < w_.fn.blocks.size (); ++steps)
    {
      const block &blk = w_.fn.blocks[b];
      for (uint32_t i = from; i < blk.insns.size (); ++i)
        {
          const insn &in = blk.insns[i];
          bool read = false, killed = (in.clobbers & span).any ();
          for (const operand &o : in.ops)
            {
              read |= o.kind == operand_kind::use_hard
                      && (hard_span (o) & span).any ();
              killed |= o.kind == operand_kind::def_hard
                        && (hard_span (o) & span).any ();
            }
          if (read)
            {
              // After the read, or before it if nothing may follow it.
              out.out_block = b;
              out.out_insn = in.terminator || killed ? i : i + 1;
            }
          if (killed || in.terminator || (!read && (short_[b][i] & span).any ()))
            return;
        }
      block_id next = no_block;
      unsigned live_succs = 0;
      for (block_id s : blk.succs)
        if ((hin_[s] & span).any ())
          {
            next = s;
            ++live_succs;
          }
      if (live_succs != 1 || w_.fn.blocks[next].preds.size () != 1
          || (out.def.block != no_block && next == out.def.block))
        return;
      b = next;
      from = 0;
    }
}

void
splitter::split (const vec<web> &webs)
{
  const size_t nb = w_.fn.blocks.size ();
  // Instructions to add before instruction AT of each block.
  struct addition
  {
    uint32_t at;
    insn i;
  };
  vec<vec<addition>> adds (nb);
  for (const web &x : webs)
    {
      file_id f = w_.file_of[x.reg];
      value v;
      v.file = f;
      v.width = x.width;
      v.allowed = w_.starts (f, x.width);
      v.name = "h" + std::to_string (x.reg);
      value_id h = w_.add_value (v, vorigin::hard_split,
                                 spillability::spillable);
      operand def_h, use_h, def_r, use_r;
      def_h.kind = operand_kind::def;
      def_h.value = h;
      def_h.allowed = v.allowed;
      use_h.kind = operand_kind::use;
      use_h.value = h;
      use_h.allowed = v.allowed;
      def_r.kind = operand_kind::def_hard;
      def_r.reg = x.reg;
      def_r.width = x.width;
      use_r.kind = operand_kind::use_hard;
      use_r.reg = x.reg;
      use_r.width = x.width;
      insn out, back;
      out.kind = back.kind = insn_kind::copy;
      out.ops = { def_h, use_r };
      back.ops = { def_r, use_h };
      adds[x.out_block].push_back ({ x.out_insn, out });
      for (auto [b, j] : x.reads)
        adds[b].push_back ({ j, back });
    }
  for (block_id b = 0; b < nb; ++b)
    {
      if (adds[b].empty ())
        continue;
      block &blk = w_.fn.blocks[b];
      vec<insn> out;
      vec<winsn> out_w;
      winsn hw;
      hw.role = wrole::hard_copy;
      auto emit = [&] (uint32_t j) {
        for (const addition &a : adds[b])
          if (a.at == j)
            {
              out.push_back (a.i);
              out_w.push_back (hw);
            }
      };
      for (uint32_t j = 0; j < blk.insns.size (); ++j)
        {
          emit (j);
          out.push_back (std::move (blk.insns[j]));
          out_w.push_back (w_.wb[b].insns[j]);
        }
      // Before "instruction" size (): at the end of the block.
      emit (uint32_t (blk.insns.size ()));
      blk.insns = std::move (out);
      w_.wb[b].insns = std::move (out_w);
    }
}

void
splitter::run ()
{
  const size_t nb = w_.fn.blocks.size ();
  hard_liveness (w_.fn, hin_, hout_);
  const hreg_set alloc = w_.tgt.allocatable ();
  file_regs_.assign (w_.tgt.files.size (), hreg_set ());
  for (file_id f = 0; f < w_.tgt.files.size (); ++f)
    for (hreg h : w_.tgt.files[f].regs)
      file_regs_[f].set (h);
  // The instructions short of registers, and the registers crossing
  // each (live before and after it, not its operands).
  struct crossing
  {
    block_id b;
    uint32_t j;
    hreg r;
  };
  vec<crossing> todo;
  short_.assign (nb, {});
  for (block_id b = 0; b < nb; ++b)
    {
      const block &blk = w_.fn.blocks[b];
      short_[b].assign (blk.insns.size (), hreg_set ());
      hreg_set live = hout_[b];
      for (uint32_t j = uint32_t (blk.insns.size ()); j-- > 0;)
        {
          const insn &i = blk.insns[j];
          hreg_set hd, hu;
          for (const operand &o : i.ops)
            if (o.kind == operand_kind::def_hard)
              hd |= hard_span (o);
            else if (o.kind == operand_kind::use_hard)
              hu |= hard_span (o);
          const hreg_set after = live;
          live = (live & ~hd) | hu;
          hreg_set cross = after & ~hd & ~hu & alloc;
          if (cross.none ())
            continue;
          const hreg_set at_use = live & alloc;
          const hreg_set at_def = (after | hd) & alloc;
          for (file_id f = 0; f < w_.tgt.files.size (); ++f)
            {
              const reg_file &rf = w_.tgt.files[f];
              if (!rf.memory_direct || (cross & file_regs_[f]).none ()
                  || !short_of_registers (i, f, at_use, at_def))
                continue;
              short_[b][j] |= file_regs_[f];
              for (hreg r : rf.regs)
                if (cross.test (r))
                  todo.push_back ({ b, j, r });
            }
        }
    }
  if (todo.empty ())
    return;
  vec<web> webs;
  vec<std::pair<def_site, hreg>> tried;
  for (const crossing &c : todo)
    {
      def_site d;
      if (!reaching_def (c.b, c.j, c.r, d))
        continue;
      // One web per def and register; a wide def's other registers find
      // the same web (a duplicate, skipped).
      bool seen = false;
      for (const auto &t : tried)
        seen |= t.first == d && t.second == c.r;
      if (seen)
        continue;
      tried.push_back ({ d, c.r });
      web x;
      if (!find_web (d, c.r, x))
        continue;
      bool dup = false;
      for (const web &y : webs)
        dup |= y.def == x.def && y.reg == x.reg;
      if (!dup)
        webs.push_back (std::move (x));
    }
  if (!webs.empty ())
    split (webs);
  w_.stats.split_ranges = unsigned (webs.size ());
}

} // namespace

void
split_hard_ranges (work &w)
{
  splitter (w).run ();
}

} // namespace ssara::ra
