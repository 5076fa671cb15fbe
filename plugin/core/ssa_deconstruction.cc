// ssa_deconstruction.cc -- SSA deconstruction (seed 001, section 4.5).
//
// Each column of each phi matrix is a parallel copy from the arguments'
// locations to the defs' locations, executed at the end of the
// predecessor (which, after PhiLifting's edge splitting, has that block
// as its only successor and ends plainly).  sequentialize () turns it
// into edits in two steps:
//
//   1. safe operations, as long as one applies (the table of 4.5):
//        dst memory,  src register: store           (always safe)
//        dst register, src memory:  load            (dst read by no
//                                                    pending move)
//        dst register, src register: copy           (likewise)
//        equal locations, or the same memory cell: nothing (also an
//        argument in a register that its cell holds too,
//        wvalue::lands_in_cell, into that cell);
//   2. when none applies, the pending register moves form permutation
//      cycles (Lemma 4).  A cycle of GPRs or FPRs with a free register
//      of its file and width is broken through it: the value in one
//      destination is copied to the free register and its readers read
//      it there, so that destination's move becomes safe and the cycle
//      unwinds with copies: n + 1 copies for a cycle of n moves.
//      Otherwise one swap completes one move and renames the sources of
//      the others, so a cycle of n moves takes n - 1 swaps.  GPRs swap
//      with three xors, FPRs through a free FPR or the scratch memory
//      cell, CR fields through a free GPR.  Moves that a swap cannot
//      express (mixed widths overlapping) park a blocking source in a
//      free register or the scratch cell first.
//
// Breaking against swapping: a swap costs three instructions (three
// xors, or three fmrs through the free FPR), so a cycle of n costs
// 3 (n - 1) with swaps and n + 1 broken: less from n = 3 on, the same for
// n = 2.  A 2-cycle is broken too: the copies' dependence chain is two
// deep where the xors' is three, and it keeps xors (the measure)
// for the cycles no free register can break.  A GPR cycle is broken only
// through a register whose writing costs nothing more, i.e. not one of
// NEEDS_SAVE (a call-saved register the function does not write
// otherwise, which the prologue would then save): the xors need no
// register.  An FPR cycle may use any free FPR, as its swaps would.  A
// temporary that no pending move reads any more is free again, so one
// free register breaks every cycle of a parallel copy in turn.
//
// A value of a file that cannot reach memory directly is loaded and
// stored through a free register of its via_file.

#include "work.h"

#include <algorithm>

namespace ssara::ra {

namespace {

hreg_set
span_of (const location &l, unsigned w)
{
  return l.is_reg () ? work::span (l.reg, w) : hreg_set ();
}

// Which free registers find_free () may return.
enum class temp_cost : uint8_t
{
  // Any free register.
  any,
  // Only one whose writing makes the prologue save nothing more (not in
  // sequencer::needs_save).
  no_save
};

struct sequencer
{
  const target &t;
  vec<file_id> file_of;
  // Registers free at this point: the caller's free set minus the
  // temporaries taken (cycle breaks and parks) and not yet given back.
  hreg_set free_now;
  // Call-saved registers that the function writes nowhere else.
  hreg_set needs_save;
  slot_id scratch;
  bool scratch_busy = false;
  program_point at;
  vec<edit> &out;

  sequencer (const target &tt, const hreg_set &f, const hreg_set &ns,
             slot_id s, const program_point &a, vec<edit> &o)
    : t (tt), free_now (f), needs_save (ns), scratch (s), at (a), out (o)
  {
    file_of.assign (max_hard_regs, no_file);
    for (size_t fi = 0; fi < t.files.size (); ++fi)
      for (hreg h : t.files[fi].regs)
        if (h < max_hard_regs)
          file_of[h] = file_id (fi);
  }

  // Return a free register range of file F and width W, or no_hreg.
  // COST says whether a register of needs_save will do.
  hreg find_free (file_id f, unsigned w,
                  temp_cost cost = temp_cost::any) const
  {
    if (f >= t.files.size ())
      return no_hreg;
    for (hreg h : t.files[f].regs)
      {
        bool ok = true;
        for (unsigned k = 0; k < w && ok; ++k)
          ok = h + k < max_hard_regs && file_of[h + k] == f
               && free_now.test (h + k)
               && (cost == temp_cost::any || !needs_save.test (h + k));
        if (ok)
          return h;
      }
    return no_hreg;
  }

  // Return a register range of file F and width W to use as a
  // temporary: a free one, or else one whose contents are saved in the
  // scratch slot (*BORROWED is then true and release () restores it).
  // Return no_hreg if neither exists.
  hreg borrow (file_id f, unsigned w, bool *borrowed)
  {
    *borrowed = false;
    hreg h = find_free (f, w);
    if (h != no_hreg || f >= t.files.size () || scratch == no_slot
        || scratch_busy || !t.files[f].memory_direct)
      return h;
    for (hreg r : t.files[f].regs)
      {
        bool ok = true;
        for (unsigned k = 0; k < w && ok; ++k)
          ok = r + k < max_hard_regs && file_of[r + k] == f;
        if (!ok)
          continue;
        emit (edit::kind::store, w, 0, no_hreg, r, scratch, no_hreg, "saved");
        scratch_busy = true;
        *borrowed = true;
        return r;
      }
    return no_hreg;
  }

  // Restore H (width W) borrowed by borrow ().
  void release (hreg h, unsigned w, bool borrowed)
  {
    if (!borrowed)
      return;
    emit (edit::kind::load, w, 0, h, no_hreg, scratch, no_hreg, "restored");
    scratch_busy = false;
  }

  // BYTES: the moved value's value::bytes (0 for whole registers).
  void emit (edit::kind k, unsigned w, uint8_t bytes, hreg dst, hreg src,
             slot_id s, hreg temp, const std::string &what)
  {
    edit e;
    e.k = k;
    switch (k)
      {
      case edit::kind::copy: e.origin = edit_origin::phi_copy; break;
      case edit::kind::swap: e.origin = edit_origin::phi_swap; break;
      case edit::kind::load: e.origin = edit_origin::reload; break;
      case edit::kind::store: e.origin = edit_origin::spill_store; break;
      // (Sequentialisation moves values; it recomputes none.)
      case edit::kind::remat: e.origin = edit_origin::remat; break;
      }
    e.at = at;
    e.width = uint8_t (w);
    e.bytes = k == edit::kind::load || k == edit::kind::store ? bytes : 0;
    e.dst_reg = dst;
    e.src_reg = src;
    e.slot = s;
    e.temp = temp;
    e.what = what;
    out.push_back (e);
  }

  // Move M's source into its destination register or memory.  Return ""
  // or an error.
  std::string move (const transfer &m)
  {
    const reg_file &rf = t.files[m.file];
    if (m.dst.is_slot () && m.src.is_slot ())
      {
        file_id f = rf.memory_direct ? m.file : rf.via_file;
        bool borrowed;
        hreg tmp = borrow (f, m.width, &borrowed);
        if (tmp == no_hreg)
          return "no free register to move between stack slots";
        emit (edit::kind::load, m.width, m.bytes, tmp, no_hreg, m.src.slot, no_hreg,
              m.what);
        emit (edit::kind::store, m.width, m.bytes, no_hreg, tmp, m.dst.slot, no_hreg,
              m.what);
        release (tmp, m.width, borrowed);
        return "";
      }
    if (m.dst.is_slot () || m.src.is_slot ())
      {
        bool store = m.dst.is_slot ();
        hreg r = store ? m.src.reg : m.dst.reg;
        slot_id s = store ? m.dst.slot : m.src.slot;
        if (rf.memory_direct)
          {
            emit (store ? edit::kind::store : edit::kind::load, m.width, m.bytes,
                  store ? no_hreg : r, store ? r : no_hreg, s, no_hreg,
                  m.what);
            return "";
          }
        bool borrowed;
        hreg g = borrow (rf.via_file, m.width, &borrowed);
        if (g == no_hreg)
          return "no free " + (rf.via_file < t.files.size ()
                                 ? t.files[rf.via_file].name
                                 : std::string ("?"))
                 + " register to move a " + rf.name + " value to or from memory";
        if (store)
          {
            emit (edit::kind::copy, m.width, 0, g, r, no_slot, no_hreg, m.what);
            emit (edit::kind::store, m.width, m.bytes, no_hreg, g, s, no_hreg, m.what);
          }
        else
          {
            emit (edit::kind::load, m.width, m.bytes, g, no_hreg, s, no_hreg, m.what);
            emit (edit::kind::copy, m.width, 0, r, g, no_slot, no_hreg, m.what);
          }
        release (g, m.width, borrowed);
        return "";
      }
    emit (edit::kind::copy, m.width, 0, m.dst.reg, m.src.reg, no_slot, no_hreg,
          m.what);
    return "";
  }

  // Return the temp register (or no_hreg and *VIA_SLOT) for a swap of
  // width W in file F.  Return false if none exists.
  bool swap_temp (file_id f, unsigned w, hreg *temp, bool *via_slot)
  {
    const reg_file &rf = t.files[f];
    *temp = no_hreg;
    *via_slot = false;
    switch (rf.swap)
      {
      case swap_method::xor3:
        return true;
      case swap_method::via_free_reg_or_memory:
        *temp = find_free (f, w);
        if (*temp != no_hreg)
          return true;
        if (scratch != no_slot && !scratch_busy && rf.memory_direct)
          {
            *via_slot = true;
            return true;
          }
        return false;
      case swap_method::via_other_file:
        *temp = find_free (rf.via_file, w);
        return *temp != no_hreg;
      }
    return false;
  }
};

} // namespace

std::string
sequentialize (const target &t, vec<transfer> moves,
               const hreg_set &free, const hreg_set &needs_save,
               slot_id scratch, const program_point &at,
               vec<edit> &out)
{
  sequencer S (t, free, needs_save, scratch, at, out);
  vec<transfer> pending;
  for (transfer &m : moves)
    if (m.dst != m.src)
      pending.push_back (m);

  // Return true if a pending move reads a register of SPAN.
  auto read = [&] (const hreg_set &span) {
    for (const transfer &p : pending)
      if ((span_of (p.src, p.width) & span).any ())
        return true;
    return false;
  };

  // Return true if the destination of pending[I] is read by a pending
  // move (its own source included when they overlap).
  auto blocked = [&] (size_t i) {
    return read (span_of (pending[i].dst, pending[i].width));
  };

  // The registers taken from S.free_now to hold a value that pending
  // moves read (cycle breaks and parks).  Invariant: none is a pending
  // destination (they were free), so once no pending move reads one, it
  // holds nothing anybody needs and is free again.
  vec<std::pair<hreg, unsigned>> taken;

  // Break a cycle through a free register: find a pending move M whose
  // destination D every reader reads whole (source D, M's width), copy D
  // to a free register of M's file and width, and let the readers read
  // it there.  M is then safe: the next iteration completes it.  Return
  // true if a cycle was broken.
  auto break_cycle = [&] () {
    for (const transfer &m : pending)
      {
        const reg_file &rf = t.files[m.file];
        if (!m.dst.is_reg ()
            || (rf.swap != swap_method::xor3
                && rf.swap != swap_method::via_free_reg_or_memory))
          continue;
        hreg_set d = span_of (m.dst, m.width);
        if ((d & span_of (m.src, m.width)).any ())
          continue;
        bool clean = true;
        for (const transfer &p : pending)
          if ((span_of (p.src, p.width) & d).any ()
              && (p.src != m.dst || p.width != m.width || p.file != m.file))
            clean = false;
        if (!clean)
          continue;
        hreg r = S.find_free (m.file, m.width,
                              rf.swap == swap_method::xor3
                                ? temp_cost::no_save : temp_cost::any);
        if (r == no_hreg)
          continue;
        const transfer *reader = nullptr;
        for (transfer &p : pending)
          if (p.src == m.dst)
            {
              reader = &p;
              break;
            }
        S.emit (edit::kind::copy, m.width, 0, r, m.dst.reg, no_slot, no_hreg,
                reader ? reader->what : m.what);
        S.free_now &= ~work::span (r, m.width);
        taken.emplace_back (r, m.width);
        const location old = m.dst;
        for (transfer &p : pending)
          if (p.src == old)
            p.src = location::in_reg (r);
        return true;
      }
    return false;
  };

  // Each iteration does one of:
  //   - complete at least one move (safe operations, or a swap);
  //   - break a cycle: the broken move's destination is then read by no
  //     pending move, so the next iteration's safe operations complete
  //     that move; a break is charged to the move it frees, so breaks
  //     are at most the moves;
  //   - split the multi-word register moves into single words (once:
  //     the pieces are one word wide, and neither breaks, swaps nor
  //     parks widen a move);
  //   - park a source where it blocks nothing (a free register or the
  //     scratch cell, never a destination, so never parked again).
  // Splitting does not change the number of words, and every move has
  // at least one, so there are at most WORDS moves, completions, breaks
  // and parks each: 3 * words + 1 iterations, and the loop ends within
  // 3 * words + 4.
  size_t words = 0;
  for (const transfer &m : pending)
    words += m.width;
  const size_t max_iterations = 3 * words + 4;
  for (size_t iter = 0; !pending.empty (); ++iter)
    {
      if (iter > max_iterations)
        return "parallel copy did not resolve";
      bool progress = false;
      for (size_t i = 0; i < pending.size ();)
        {
          if (pending[i].dst.is_reg () && blocked (i))
            {
              ++i;
              continue;
            }
          if (std::string e = S.move (pending[i]); !e.empty ())
            return e;
          pending.erase (pending.begin () + i);
          progress = true;
        }
      if (progress || pending.empty ())
        continue;

      // Every pending destination is a register read by a pending move.
      // Give back the temporaries nobody reads any more.
      for (size_t k = 0; k < taken.size ();)
        {
          hreg_set s = work::span (taken[k].first, taken[k].second);
          if (read (s))
            {
              ++k;
              continue;
            }
          S.free_now |= s;
          taken.erase (taken.begin () + k);
        }

      // Break a cycle through a free register, or else look for a swap.
      if (break_cycle ())
        continue;
      bool swapped = false;
      for (size_t i = 0; i < pending.size () && !swapped; ++i)
        {
          const transfer m = pending[i];
          if (!m.src.is_reg ())
            continue;
          hreg_set d = span_of (m.dst, m.width), s = span_of (m.src, m.width);
          if ((d & s).any ())
            continue;
          bool clean = true;
          for (const transfer &p : pending)
            {
              hreg_set ps = span_of (p.src, p.width);
              if ((ps & d).any () && (p.src != m.dst || p.width != m.width))
                clean = false;
              if ((ps & s).any () && (p.src != m.src || p.width != m.width))
                clean = false;
            }
          if (!clean)
            continue;
          hreg temp;
          bool via_slot, borrowed = false;
          if (!S.swap_temp (m.file, m.width, &temp, &via_slot))
            {
              // No free register of the other file: borrow one.
              if (t.files[m.file].swap != swap_method::via_other_file)
                continue;
              temp = S.borrow (t.files[m.file].via_file, m.width, &borrowed);
              if (temp == no_hreg)
                continue;
            }
          S.emit (edit::kind::swap, m.width, 0, m.dst.reg, m.src.reg,
                  via_slot ? scratch : no_slot, temp, m.what);
          S.release (temp, m.width, borrowed);
          pending.erase (pending.begin () + i);
          for (transfer &p : pending)
            if (p.src == m.dst)
              p.src = m.src;
            else if (p.src == m.src)
              p.src = m.dst;
          pending.erase (std::remove_if (pending.begin (), pending.end (),
                                         [] (const transfer &p) {
                                           return p.dst == p.src;
                                         }),
                         pending.end ());
          swapped = true;
        }
      if (swapped)
        continue;

      // Mixed widths can make the permutation unclean: register-to-
      // register moves of several words become one move per word (each
      // word is a register of its own), which swaps always resolve.
      bool split = false;
      for (size_t i = 0; i < pending.size (); ++i)
        if (pending[i].width > 1 && pending[i].src.is_reg ()
            && pending[i].dst.is_reg ())
          {
            transfer m = pending[i];
            pending.erase (pending.begin () + i);
            for (unsigned k = 0; k < m.width; ++k)
              {
                transfer x = m;
                x.width = 1;
                x.dst = location::in_reg (hreg (m.dst.reg + k));
                x.src = location::in_reg (hreg (m.src.reg + k));
                if (x.dst != x.src)
                  pending.push_back (x);
              }
            split = true;
            i = size_t (-1);
          }
      if (split)
        continue;

      // Park the source of a move that blocks pending[0]'s destination.
      hreg_set d = span_of (pending[0].dst, pending[0].width);
      size_t b = 0;
      while (b < pending.size ()
             && !(span_of (pending[b].src, pending[b].width) & d).any ())
        ++b;
      if (b == pending.size ())
        return "parallel copy: internal inconsistency";
      transfer blocker = pending[b];
      location park;
      hreg r = S.find_free (blocker.file, blocker.width);
      if (r != no_hreg)
        {
          park = location::in_reg (r);
          S.free_now &= ~work::span (r, blocker.width);
          taken.emplace_back (r, blocker.width);
          S.emit (edit::kind::copy, blocker.width, 0, r, blocker.src.reg,
                  no_slot, no_hreg, blocker.what);
        }
      else if (scratch != no_slot && !S.scratch_busy
               && t.files[blocker.file].memory_direct)
        {
          park = location::in_slot (scratch);
          S.scratch_busy = true;
          S.emit (edit::kind::store, blocker.width, blocker.bytes, no_hreg, blocker.src.reg,
                  scratch, no_hreg, blocker.what);
        }
      else
        return "parallel copy: no free register to break a cycle";
      location old = blocker.src;
      for (transfer &p : pending)
        if (p.src == old)
          p.src = park;
    }
  return "";
}

std::string
deconstruct_ssa (work &w)
{
  auto loc_of = [&] (value_id v) -> location {
    if (w.wv[v].spilled)
      return location::in_slot (slot_id (w.wv[v].cell));
    if (w.wv[v].reg != no_hreg)
      return location::in_reg (w.wv[v].reg);
    return location ();
  };
  const hreg_set alloc = w.tgt.allocatable ();
  // The call-saved registers that no value is given: writing one in a
  // parallel copy would make the prologue save it.
  hreg_set held;
  for (value_id v = 0; v < w.wv.size (); ++v)
    if (w.wv[v].origin != vorigin::dead && !w.wv[v].spilled
        && w.wv[v].reg != no_hreg)
      held |= work::span (w.wv[v].reg, w.fn.values[v].width);
  const hreg_set needs_save = w.tgt.call_saved & ~held;
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      const block &blk = w.fn.blocks[b];
      if (blk.phis.empty ())
        continue;
      for (size_t k = 0; k < blk.preds.size (); ++k)
        {
          bool abnormal = blk.pred_abnormal.size () > k
                          && blk.pred_abnormal[k];
          block_id p = blk.preds[k];
          vec<transfer> moves;
          hreg_set busy = w.live.hard_at_end[p];
          for (value_id v : w.live.live_out[p])
            if (!w.wv[v].spilled && w.wv[v].reg != no_hreg)
              busy |= work::span (w.wv[v].reg, w.fn.values[v].width);
          for (const phi &ph : blk.phis)
            {
              transfer m;
              m.dst = loc_of (ph.def);
              m.src = loc_of (ph.args[k]);
              m.file = w.fn.values[ph.def].file;
              m.width = w.fn.values[ph.def].width;
              m.bytes = w.fn.values[ph.def].bytes;
              m.what = w.fn.values[ph.def].name;
              if (m.dst.k == location::kind::none
                  || m.src.k == location::kind::none)
                return "phi " + m.what + " of block " + std::to_string (b)
                       + " has no location";
              // An argument whose cell holds it too, passed to a memory
              // phi in that cell: nothing to move.
              const value_id a = ph.args[k];
              if (w.wv[a].lands_in_cell && !w.wv[a].spilled
                  && m.dst == location::in_slot (slot_id (w.wv[a].cell)))
                continue;
              if (abnormal)
                {
                  if (m.dst != m.src)
                    return "phi " + m.what + " needs a move on an abnormal "
                           "edge";
                  continue;
                }
              busy |= span_of (m.dst, m.width) | span_of (m.src, m.width);
              moves.push_back (m);
            }
          if (abnormal || moves.empty ())
            continue;
          if (w.scratch == no_cell)
            w.scratch = w.add_cell (16);
          std::string e = sequentialize (w.tgt, moves, alloc & ~busy,
                                         needs_save, slot_id (w.scratch),
                                         program_point (), w.wb[p].end_edits);
          if (!e.empty ())
            return e + " (edge " + std::to_string (p) + "->"
                   + std::to_string (b) + ")";
        }
    }
  return "";
}

} // namespace ssara::ra
