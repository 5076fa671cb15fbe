// reference_alloc.cc -- see reference_alloc.h.

#include "reference_alloc.h"

#include <algorithm>
#include <functional>
#include <numeric>

namespace ssara::test {

namespace {

class ref_alloc
{
public:
  ref_alloc (const function &f, const target &t, allocation &a)
    : f_ (f), t_ (t), a_ (a)
  {}
  std::string run ();

private:
  void hard_liveness ();
  std::string assign_insn (block_id b, uint32_t i);
  std::string move_in (program_point at, value_id v, hreg reg,
                       const hreg_set &busy);
  std::string move_out (program_point at, value_id v, hreg reg,
                        const hreg_set &busy);
  // Return how many registers of file G value V fills: its width in its
  // own file, else its bytes over G's register size.
  unsigned width_in (value_id v, file_id g) const
  {
    const value &val = f_.values[v];
    if (g == val.file)
      return val.width;
    unsigned per = t_.files[g].bytes_per_reg;
    return std::max (1u, (value_bytes (t_, val) + per - 1) / per);
  }
  // Return the bytes of a load or store of V through a register of file
  // G: V's size when it is smaller than the register (lfs, stfs), else 0.
  uint8_t bytes_in (value_id v, file_id g) const
  {
    unsigned b = value_bytes (t_, f_.values[v]);
    return b < t_.files[g].bytes_per_reg ? uint8_t (b) : 0;
  }
  std::string copy_slot (program_point at, value_id v, slot_id from,
                         slot_id to, const hreg_set &busy);
  hreg free_range (file_id f, unsigned w, const hreg_set &busy) const;
  slot_id new_slot (file_id f, unsigned w);
  bool direct (file_id f) const { return t_.files[f].memory_direct; }
  // The file whose registers hold a value of file F in memory transfers.
  file_id mem_file (file_id f) const
  { return direct (f) ? f : t_.files[f].via_file; }
  void add (edit e)
  {
    for (unsigned k = 0; k < e.width; ++k)
      {
        if (e.dst_reg != no_hreg)
          a_.used_regs.set (e.dst_reg + k);
        if (e.k == edit::kind::swap)
          a_.used_regs.set (e.src_reg + k);
      }
    if (e.temp != no_hreg)
      a_.used_regs.set (e.temp);
    a_.edits.push_back (e);
  }
  slot_id find (slot_id s)
  {
    while (parent_[s] != s)
      s = parent_[s] = parent_[parent_[s]];
    return s;
  }

  const function &f_;
  const target &t_;
  allocation &a_;
  std::vector<slot_id> slot_of_;  // per value
  std::vector<slot_id> parent_;   // union-find over provisional slots
  // Hard registers live before each insn (index = insn; the last entry is
  // the end of the block), per block.
  std::vector<std::vector<hreg_set>> hard_live_;
};

hreg
ref_alloc::free_range (file_id f, unsigned w, const hreg_set &busy) const
{
  hreg_set in;
  for (hreg h : t_.files[f].regs)
    in.set (h);
  for (hreg h : t_.files[f].regs)
    {
      bool ok = true;
      for (unsigned k = 0; k < w && ok; ++k)
        ok = h + k < max_hard_regs && in.test (h + k) && !busy.test (h + k);
      if (ok)
        return h;
    }
  return no_hreg;
}

slot_id
ref_alloc::new_slot (file_id f, unsigned w)
{
  // Room for a load or store of a whole register of any file: a
  // cross-file operand may load a word into an 8-byte FPR (lfs).
  unsigned bytes = t_.files[mem_file (f)].bytes_per_reg;
  unsigned size = std::max (8u, (w * bytes + 7) / 8 * 8);
  a_.slots.push_back ({ size, bytes });
  return slot_id (a_.slots.size () - 1);
}

void
ref_alloc::hard_liveness ()
{
  size_t n = f_.blocks.size ();
  std::vector<hreg_set> live_in (n);
  hard_live_.assign (n, {});
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (size_t bi = n; bi-- > 0;)
        {
          const block &bb = f_.blocks[bi];
          hreg_set live;
          for (block_id s : bb.succs)
            live |= live_in[s];
          std::vector<hreg_set> at (bb.insns.size () + 1);
          at[bb.insns.size ()] = live;
          for (size_t i = bb.insns.size (); i-- > 0;)
            {
              const insn &in = bb.insns[i];
              for (const operand &op : in.ops)
                if (op.kind == operand_kind::def_hard)
                  for (unsigned k = 0; k < op.width; ++k)
                    live.reset (op.reg + k);
              for (const operand &op : in.ops)
                if (op.kind == operand_kind::use_hard)
                  for (unsigned k = 0; k < op.width; ++k)
                    live.set (op.reg + k);
              at[i] = live;
            }
          hard_live_[bi] = at;
          if (live != live_in[bi])
            {
              live_in[bi] = live;
              changed = true;
            }
        }
    }
}

// Load value V from its slot into REG at AT, keeping BUSY intact.  REG
// may be in another file than V's (a cross-file operand): the slot holds
// V in memory format, which any memory_direct file loads, narrowly when
// V is smaller than its register.
std::string
ref_alloc::move_in (program_point at, value_id v, hreg reg,
                    const hreg_set &busy)
{
  file_id g = t_.file_of (reg);
  file_id mf = mem_file (g);
  edit e;
  e.at = at;
  e.width = uint8_t (width_in (v, mf));
  e.bytes = bytes_in (v, mf);
  e.slot = slot_of_[v];
  e.what = "v" + std::to_string (v);
  if (direct (g))
    {
      e.k = edit::kind::load;
      e.dst_reg = reg;
      add (e);
      return "";
    }
  hreg tmp = free_range (mf, e.width, busy);
  if (tmp == no_hreg)
    return "no temporary to reload v" + std::to_string (v);
  e.k = edit::kind::load;
  e.dst_reg = tmp;
  add (e);
  e.k = edit::kind::copy;
  e.bytes = 0;
  e.width = uint8_t (width_in (v, g));
  e.slot = no_slot;
  e.dst_reg = reg;
  e.src_reg = tmp;
  add (e);
  return "";
}

// Store value V from REG into its slot at AT, keeping BUSY intact.  REG
// may be in another file than V's, as for move_in.
std::string
ref_alloc::move_out (program_point at, value_id v, hreg reg,
                     const hreg_set &busy)
{
  file_id g = t_.file_of (reg);
  file_id mf = mem_file (g);
  edit e;
  e.at = at;
  e.width = uint8_t (width_in (v, mf));
  e.bytes = bytes_in (v, mf);
  e.what = "v" + std::to_string (v);
  if (direct (g))
    {
      e.k = edit::kind::store;
      e.src_reg = reg;
      e.slot = slot_of_[v];
      add (e);
      return "";
    }
  hreg tmp = free_range (mf, e.width, busy);
  if (tmp == no_hreg)
    return "no temporary to spill v" + std::to_string (v);
  e.k = edit::kind::copy;
  e.bytes = 0;
  e.width = uint8_t (width_in (v, g));
  e.dst_reg = tmp;
  e.src_reg = reg;
  add (e);
  e.k = edit::kind::store;
  e.width = uint8_t (width_in (v, mf));
  e.bytes = bytes_in (v, mf);
  e.dst_reg = no_hreg;
  e.src_reg = tmp;
  e.slot = slot_of_[v];
  add (e);
  return "";
}

std::string
ref_alloc::copy_slot (program_point at, value_id v, slot_id from,
                      slot_id to, const hreg_set &busy)
{
  const value &val = f_.values[v];
  file_id mf = mem_file (val.file);
  hreg tmp = free_range (mf, width_in (v, mf), busy);
  if (tmp == no_hreg)
    return "no temporary for a phi move of v" + std::to_string (v);
  edit e;
  e.at = at;
  e.width = uint8_t (width_in (v, mf));
  e.bytes = bytes_in (v, mf);
  e.what = "v" + std::to_string (v);
  e.k = edit::kind::load;
  e.dst_reg = tmp;
  e.slot = from;
  add (e);
  e.k = edit::kind::store;
  e.dst_reg = no_hreg;
  e.src_reg = tmp;
  e.slot = to;
  add (e);
  return "";
}

std::string
ref_alloc::assign_insn (block_id b, uint32_t i)
{
  const insn &in = f_.blocks[b].insns[i];
  const hreg_set &live_before = hard_live_[b][i];
  const hreg_set &live_after = hard_live_[b][i + 1];
  size_t n = in.ops.size ();
  // Each operand's file and width: a value operand whose allowed set lies
  // in another file than its value takes the value in that file.
  std::vector<file_id> opfile (n, no_file);
  std::vector<unsigned> opwidth (n, 0);
  for (size_t k = 0; k < n; ++k)
    {
      const operand &op = in.ops[k];
      if (op.kind != operand_kind::use && op.kind != operand_kind::def)
        {
          opwidth[k] = op.width;
          continue;
        }
      const value &v = f_.values[op.value];
      opfile[k] = v.file;
      if ((op.allowed & v.allowed).none ())
        for (unsigned h = 0; h < max_hard_regs; ++h)
          if (op.allowed.test (h))
            {
              opfile[k] = t_.file_of (h);
              break;
            }
      opwidth[k] = width_in (op.value, opfile[k]);
    }
  auto width = [&] (const operand &op) -> unsigned {
    return opwidth[&op - in.ops.data ()];
  };
  hreg_set use_hard_regs, def_hard_regs;
  for (const operand &op : in.ops)
    for (unsigned k = 0; k < op.width; ++k)
      {
        if (op.kind == operand_kind::use_hard)
          use_hard_regs.set (op.reg + k);
        if (op.kind == operand_kind::def_hard)
          def_hard_regs.set (op.reg + k);
      }

  // Candidates per value operand.
  std::vector<std::vector<hreg>> cands (n);
  std::vector<size_t> order;
  for (size_t k = 0; k < n; ++k)
    {
      const operand &op = in.ops[k];
      if (op.kind != operand_kind::use && op.kind != operand_kind::def)
        continue;
      const value &v = f_.values[op.value];
      hreg_set busy = op.kind == operand_kind::use
                        ? live_before : (live_after | def_hard_regs);
      if (op.earlyclobber)
        busy |= use_hard_regs | in.clobbers;
      file_id g = opfile[k];
      hreg_set ok = op.allowed & (g == v.file ? v.allowed : op.allowed);
      for (hreg h : t_.files[g].regs)
        if (ok.test (h))
          {
            bool free = true;
            for (unsigned w = 0; w < opwidth[k] && free; ++w)
              free = !busy.test (h + w) && t_.file_of (h + w) == g;
            if (free)
              cands[k].push_back (h);
          }
      order.push_back (k);
    }
  // Defs with a single candidate and no tie first (they are decided
  // already), then uses (fewest candidates first), then the other defs:
  // a tied def takes its use's register.
  auto rank = [&] (size_t k) {
    const operand &op = in.ops[k];
    if (op.kind == operand_kind::use)
      return 1;
    return op.tied_to == no_operand && cands[k].size () == 1 ? 0 : 2;
  };
  std::stable_sort (order.begin (), order.end (), [&] (size_t x, size_t y) {
    if (rank (x) != rank (y))
      return rank (x) < rank (y);
    return cands[x].size () < cands[y].size ();
  });
  // The defs tied to each use.
  std::vector<std::vector<size_t>> tied_defs (n);
  for (size_t k = 0; k < n; ++k)
    if (in.ops[k].kind == operand_kind::def
        && in.ops[k].tied_to != no_operand)
      tied_defs[in.ops[k].tied_to].push_back (k);

  std::vector<hreg> pick (n, no_hreg);
  unsigned long nodes = 0;
  auto overlap = [] (hreg a, unsigned wa, hreg b2, unsigned wb) {
    return a < b2 + wb && b2 < a + wa;
  };
  std::function<bool (size_t)> dfs = [&] (size_t d) -> bool {
    if (d == order.size ())
      return true;
    if (++nodes > 200000)
      return false;
    size_t k = order[d];
    const operand &op = in.ops[k];
    unsigned w = width (op);
    for (hreg h : cands[k])
      {
        if (op.tied_to != no_operand && pick[op.tied_to] != h)
          continue;
        bool ok = true;
        for (size_t j = 0; j < n && ok; ++j)
          {
            if (pick[j] == no_hreg)
              continue;
            const operand &o2 = in.ops[j];
            bool same_side = (o2.kind == operand_kind::use)
                             == (op.kind == operand_kind::use);
            // (Either may come first: a def decided already precedes
            // the uses.)
            bool ec = (op.earlyclobber && o2.kind == operand_kind::use)
                      || (o2.earlyclobber && op.kind == operand_kind::use);
            if ((same_side || ec) && overlap (h, w, pick[j], width (o2)))
              ok = false;
          }
        // A use's tied defs take H too: it must be a candidate of theirs
        // and clear of the defs picked (those decided first), or the
        // search would find out only after every other use (seed 4398
        // of Fuzz.ReferenceAllocator ran out of nodes so).
        for (size_t t : tied_defs[k])
          {
            ok = ok && std::find (cands[t].begin (), cands[t].end (), h)
                         != cands[t].end ();
            for (size_t j = 0; j < n && ok; ++j)
              if (pick[j] != no_hreg && in.ops[j].kind != operand_kind::use
                  && overlap (h, width (in.ops[t]), pick[j],
                              width (in.ops[j])))
                ok = false;
          }
        if (!ok)
          continue;
        pick[k] = h;
        if (dfs (d + 1))
          return true;
        pick[k] = no_hreg;
      }
    return false;
  };
  if (!dfs (0))
    return "no register assignment for block " + std::to_string (b)
           + " insn " + std::to_string (i);

  // Locations, loads before, stores after.
  program_point pb { program_point::kind::before_insn, b, i, no_block };
  hreg_set loaded = live_before;
  // Non-direct values first: their GPR temporaries may be reused by the
  // direct loads that follow.
  for (int pass = 0; pass < 2; ++pass)
    for (size_t k = 0; k < n; ++k)
      {
        const operand &op = in.ops[k];
        if (op.kind != operand_kind::use || direct (opfile[k]) != (pass == 1))
          continue;
        std::string e = move_in (pb, op.value, pick[k], loaded);
        if (!e.empty ())
          return e;
        for (unsigned w = 0; w < width (op); ++w)
          loaded.set (pick[k] + w);
      }
  for (size_t k = 0; k < n; ++k)
    {
      const operand &op = in.ops[k];
      if (op.kind == operand_kind::use || op.kind == operand_kind::def)
        {
          a_.operand_loc[b][i][k] = location::in_reg (pick[k]);
          if (op.kind == operand_kind::def)
            for (unsigned w = 0; w < width (op); ++w)
              a_.used_regs.set (pick[k] + w);
        }
      else
        a_.operand_loc[b][i][k] = location::in_reg (op.reg);
    }
  // Stores: after the insn, or on every out-edge of a terminator.
  std::vector<program_point> points;
  std::vector<hreg_set> busy_at;
  if (!in.terminator)
    {
      points.push_back ({ program_point::kind::after_insn, b, i, no_block });
      busy_at.push_back (live_after);
    }
  else
    for (block_id s : f_.blocks[b].succs)
      {
        const block &sb = f_.blocks[s];
        for (size_t j = 0; j < sb.preds.size (); ++j)
          if (sb.preds[j] == b && sb.pred_abnormal[j])
            for (const operand &op : in.ops)
              if (op.kind == operand_kind::def)
                return "terminator def on an abnormal edge";
        points.push_back ({ program_point::kind::on_edge, b, 0, s });
        busy_at.push_back (hard_live_[s][0]);
      }
  for (size_t p = 0; p < points.size (); ++p)
    {
      hreg_set busy = busy_at[p];
      for (size_t k = 0; k < n; ++k)
        if (in.ops[k].kind == operand_kind::def)
          for (unsigned w = 0; w < width (in.ops[k]); ++w)
            busy.set (pick[k] + w);
      for (int pass = 0; pass < 2; ++pass)
        for (size_t k = 0; k < n; ++k)
          {
            const operand &op = in.ops[k];
            if (op.kind != operand_kind::def
                || direct (opfile[k]) != (pass == 0))
              continue;
            std::string e = move_out (points[p], op.value, pick[k], busy);
            if (!e.empty ())
              return e;
            if (pass == 0)
              for (unsigned w = 0; w < width (op); ++w)
                busy.reset (pick[k] + w);
          }
    }
  return "";
}

std::string
ref_alloc::run ()
{
  std::string bad = verify_function (f_, t_);
  if (!bad.empty ())
    return bad;
  a_ = allocation ();
  a_.operand_loc.resize (f_.blocks.size ());
  a_.phi_loc.resize (f_.blocks.size ());
  for (block_id b = 0; b < f_.blocks.size (); ++b)
    {
      a_.phi_loc[b].resize (f_.blocks[b].phis.size ());
      for (const insn &in : f_.blocks[b].insns)
        a_.operand_loc[b].emplace_back (in.ops.size ());
    }
  hard_liveness ();

  // One provisional slot per value; merge across abnormal phi edges.
  size_t nv = f_.values.size ();
  parent_.resize (nv);
  std::iota (parent_.begin (), parent_.end (), 0);
  for (const block &bb : f_.blocks)
    for (size_t j = 0; j < bb.preds.size (); ++j)
      if (bb.pred_abnormal[j])
        for (const phi &p : bb.phis)
          parent_[find (p.args[j])] = find (p.def);
  std::vector<slot_id> real (nv, no_slot);
  slot_of_.assign (nv, no_slot);
  for (value_id v = 0; v < nv; ++v)
    {
      slot_id r = find (v);
      if (real[r] == no_slot)
        real[r] = new_slot (f_.values[v].file, f_.values[v].width);
      slot_of_[v] = real[r];
      a_.value_loc.push_back (location::in_slot (slot_of_[v]));
    }

  for (block_id b = 0; b < f_.blocks.size (); ++b)
    {
      for (size_t k = 0; k < f_.blocks[b].phis.size (); ++k)
        a_.phi_loc[b][k]
          = location::in_slot (slot_of_[f_.blocks[b].phis[k].def]);
      for (uint32_t i = 0; i < f_.blocks[b].insns.size (); ++i)
        {
          std::string e = assign_insn (b, i);
          if (!e.empty ())
            return e;
        }
    }

  // Phi moves on the edges, after any terminator stores, in two phases
  // through a scratch slot per phi (the moves are parallel).
  for (block_id b = 0; b < f_.blocks.size (); ++b)
    {
      const block &bb = f_.blocks[b];
      for (size_t j = 0; j < bb.preds.size (); ++j)
        {
          if (bb.phis.empty () || bb.pred_abnormal[j])
            continue;
          block_id p = bb.preds[j];
          program_point at { program_point::kind::on_edge, p, 0, b };
          hreg_set busy = hard_live_[b][0];
          std::vector<slot_id> scratch;
          for (const phi &ph : bb.phis)
            {
              const value &v = f_.values[ph.def];
              slot_id s = new_slot (v.file, v.width);
              scratch.push_back (s);
              std::string e = copy_slot (at, ph.def, slot_of_[ph.args[j]],
                                         s, busy);
              if (!e.empty ())
                return e;
            }
          for (size_t k = 0; k < bb.phis.size (); ++k)
            {
              std::string e = copy_slot (at, bb.phis[k].def, scratch[k],
                                         slot_of_[bb.phis[k].def], busy);
              if (!e.empty ())
                return e;
            }
        }
    }
  a_.stats.values = unsigned (nv);
  a_.stats.spilled = unsigned (nv);
  return "";
}

} // namespace

std::string
reference_allocate (const function &f, const target &t, allocation *out)
{
  ref_alloc r (f, t, *out);
  return r.run ();
}

} // namespace ssara::test
