// phi_mem_coalesce.cc -- PhiMemCoalesce (seed 001, section 4.3).
//
// PhiLifting made every phi class interference-free at the price of a
// copy per phi def and argument.  Here each lifted copy  v := a  (in the
// order PhiLifting inserted them) is dropped when the classes of v and a
// do not interfere: the classes merge and a takes v's place in the phi
// (or in the copy's def, for a phi def copy).  The classes that remain
// are still interference-free, so a class's spilled members can share one
// memory cell and a phi whose def and argument are both spilled costs
// nothing at deconstruction (safe operation 5).
//
// A class is a set of intervals; two classes interfere when their
// intervals intersect.  A class's intervals are one sorted array (its
// members do not interfere, so they are disjoint); a merge merges the
// two arrays, and the intersection test looks up each interval of the
// smaller class in the larger by binary search, O(s log l); a merge is
// O(s + l) (docs/core.md weighs it against the maps').  (Ordered maps cost
// 2.3% of the core's instructions on SQLite's replay, nine tenths of
// them in building the classes' maps.)
//
// The union of v's and a's intervals is exactly where the surviving value
// is live after the copy is dropped, so the class intervals stay exact.
// The phase also brings the liveness, a full analysis of the function
// before it, up to date (update_liveness), and says whether it could
// (work::live_current).

#include "work.h"

#include <algorithm>
#include <iterator>

namespace ssara::ra {

namespace {

// A class's intervals, sorted by start, no two with the same start.
using iset = vec<std::pair<pos_t, pos_t>>;

// Of intervals of sorted S with the same start, keep one with the
// largest end.
void
drop_same_starts (iset &s)
{
  size_t k = 0;
  for (size_t i = 0; i < s.size (); ++i)
    if (k > 0 && s[k - 1].first == s[i].first)
      s[k - 1].second = std::max (s[k - 1].second, s[i].second);
    else
      s[k++] = s[i];
  s.resize (k);
}

// Return true if some interval of SMALL meets one of LARGE.
bool
meets (const iset &small, const iset &large)
{
  for (auto [a, e] : small)
    {
      auto it = std::upper_bound (large.begin (), large.end (),
                                  std::pair<pos_t, pos_t> (e, ~pos_t (0)));
      if (it == large.begin ())
        continue;
      --it;
      if (it->second >= a)
        return true;
    }
  return false;
}

// A lifted copy dropped: SURVIVOR takes the place of DEAD, the lifted
// value, and instruction J of block B is a nop now.
struct dropped
{
  value_id survivor, dead;
  block_id b;
  uint32_t j;
  // Whether it was a phi def's copy (a := v at the start of the phi's
  // block), else an argument's (v_j := a_j at a predecessor's end).
  bool def_copy;
};

// Bring W's liveness (a full analysis of the function before the
// copies were dropped) up to date with DROPS, as analyse_intervals
// would find it: positions stay (a dropped copy's place is a nop), and
// a survivor is live where it and the lifted value were, the dropped
// copy's clobber position included (the two were live up to its use
// position and from its def position on), so its interval in the copy's
// block joins across it.  Its forbidden registers and its liveness
// across an instruction that wants every value in memory are the two's
// (the nop clobbers nothing), and it stands for the lifted value in the
// live lists (a lifted argument's predecessor's live_out).  A lifted value survives no drop, so no chains.  Except
// for a phi def that nothing reads: an analysis finds it live at its
// block's start alone, where it no longer covers the registers occupied
// at the copy; return false then, and the caller analyses again.
bool
update_liveness (work &w, const vec<dropped> &drops)
{
  if (drops.empty ())
    return true;
  for (const dropped &d : drops)
    if (d.def_copy)
      {
        const pos_t df = w.pos_def (d.b, d.j);
        const auto &iv = w.live.intervals[d.survivor];
        auto it = std::lower_bound (iv.begin (), iv.end (),
                                    std::pair<pos_t, pos_t> (df, 0));
        if (it != iv.end () && it->first == df && it->second == df)
          return false;
      }
  liveness &L = w.live;
  for (const dropped &d : drops)
    {
      auto &iv = L.intervals[d.survivor];
      const pos_t u = w.pos_use (d.b, d.j), df = w.pos_def (d.b, d.j);
      // The lifted value's intervals (one block's) go in at their
      // places (a survivor may live across thousands of blocks, one
      // interval each: no sort), each joined with its neighbours where
      // they overlap or meet across the nop's clobber position.
      auto joins = [&] (const std::pair<pos_t, pos_t> &x,
                        const std::pair<pos_t, pos_t> &y) {
        return y.first <= x.second || (x.second == u && y.first == df);
      };
      for (const auto &x : L.intervals[d.dead])
        {
          size_t k = size_t (std::lower_bound (iv.begin (), iv.end (), x)
                             - iv.begin ());
          iv.insert (iv.begin () + k, x);
          if (k > 0 && joins (iv[k - 1], iv[k]))
            {
              iv[k - 1].second = std::max (iv[k - 1].second, iv[k].second);
              iv.erase (iv.begin () + k);
              --k;
            }
          while (k + 1 < iv.size () && joins (iv[k], iv[k + 1]))
            {
              iv[k].second = std::max (iv[k].second, iv[k + 1].second);
              iv.erase (iv.begin () + k + 1);
            }
        }
      L.intervals[d.dead].clear ();
      L.forbidden[d.survivor] |= L.forbidden[d.dead];
      L.forbidden[d.dead].reset ();
      if (L.across_in_memory[d.dead])
        L.across_in_memory[d.survivor] = true;
      L.across_in_memory[d.dead] = false;
      // A lifted argument is live at its predecessor's end alone (in
      // its live_out), where the survivor takes its place; a lifted def
      // is in no list.
      if (!d.def_copy)
        {
          vec<value_id> &out = L.live_out[d.b];
          auto it = std::lower_bound (out.begin (), out.end (), d.dead);
          if (it != out.end () && *it == d.dead)
            out.erase (it);
          it = std::lower_bound (out.begin (), out.end (), d.survivor);
          if (it == out.end () || *it != d.survivor)
            out.insert (it, d.survivor);
        }
    }
  return true;
}

} // namespace

void
phi_mem_coalesce (work &w)
{
  const size_t nv = w.fn.values.size ();
  // sets[r]: the intervals of class R's members, built on first use
  // (built[r]).
  vec<iset> sets (nv);
  vec<uint8_t> built (nv, 0);
  // Return the interval set of class representative R, building it from
  // the members on first use.
  // The members of class R are members[first[R] .. first[R + 1]), in
  // increasing order (one array counted then filled, not a list per
  // class).
  vec<value_id> members;
  vec<uint32_t> first;
  auto set_of = [&] (value_id r) -> iset & {
    if (!built[r])
      {
        if (first.empty ())
          {
            first.assign (nv + 1, 0);
            for (value_id v = 0; v < nv; ++v)
              ++first[w.phi_class (v) + 1];
            for (value_id v = 0; v < nv; ++v)
              first[v + 1] += first[v];
            members.resize (nv);
            vec<uint32_t> fill (first.begin (), first.end () - 1);
            for (value_id v = 0; v < nv; ++v)
              members[fill[w.phi_class (v)]++] = v;
          }
        built[r] = 1;
        iset &s = sets[r];
        for (uint32_t k = first[r]; k < first[r + 1]; ++k)
          s.insert (s.end (), w.live.intervals[members[k]].begin (),
                    w.live.intervals[members[k]].end ());
        std::sort (s.begin (), s.end ());
        drop_same_starts (s);
      }
    return sets[r];
  };

  vec<dropped> drops;
  for (const auto &lc : w.lifted_copies)
    {
      insn &c = w.fn.blocks[lc.block].insns[lc.insn];
      if (w.wb[lc.block].insns[lc.insn].role != wrole::copy
          || c.ops.size () != 2)
        continue;
      value_id dst = c.ops[0].value, src = c.ops[1].value;
      value_id qv = w.phi_class (dst), qa = w.phi_class (src);
      if (qv != qa)
        {
          iset &sv = set_of (qv), &sa = set_of (qa);
          bool hit = sv.size () < sa.size () ? meets (sv, sa) : meets (sa, sv);
          if (hit)
            continue;
          // Merge the smaller set into the larger; the larger's owner
          // becomes the representative.
          value_id big = sv.size () >= sa.size () ? qv : qa;
          value_id small = big == qv ? qa : qv;
          iset merged;
          merged.reserve (sets[big].size () + sets[small].size ());
          std::merge (sets[big].begin (), sets[big].end (),
                      sets[small].begin (), sets[small].end (),
                      std::back_inserter (merged));
          // (No two share a start: the classes do not meet.)
          sets[big].swap (merged);
          iset ().swap (sets[small]);
          w.phi_parent[small] = big;
        }
      // Drop the copy: the surviving value takes the lifted one's place.
      phi &ph = w.fn.blocks[lc.phi_block].phis[lc.phi];
      if (lc.column < 0)
        {
          // a := v at the start of the phi's block: a becomes the def.
          ph.def = dst;
          w.wv[src].origin = vorigin::dead;
          drops.push_back ({ dst, src, lc.block, lc.insn, true });
        }
      else
        {
          // v_j := a_j at the end of a predecessor: a_j becomes the
          // argument.
          ph.args[lc.column] = src;
          w.wv[dst].origin = vorigin::dead;
          drops.push_back ({ src, dst, lc.block, lc.insn, false });
        }
      c.ops.clear ();
      c.kind = insn_kind::normal;
      w.wb[lc.block].insns[lc.insn].role = wrole::nop;
    }
  w.live_current = update_liveness (w, drops);
}

} // namespace ssara::ra
