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
// intervals intersect.  Class intervals live in ordered maps whose nodes
// come from one arena per call (freed all at once at the end); a merge
// inserts the smaller class into the larger, and the intersection test
// looks up each interval of the smaller class in the larger, so the phase
// costs O(n log^2 n) in the number of intervals.
//
// The union of v's and a's intervals is exactly where the surviving value
// is live after the copy is dropped, so the class intervals stay exact.
// The phase also brings the liveness, a full analysis of the function
// before it, up to date (update_liveness), and says whether it could
// (work::live_current).

#include "work.h"

#include <algorithm>
#include <map>
#include <memory>
#include <memory_resource>

namespace ssara::ra {

namespace {

using iset = std::pmr::map<pos_t, pos_t>;

// Record interval [A, E] in S (an interval starting at A already there
// keeps the larger end).
void
add_interval (iset &s, pos_t a, pos_t e)
{
  auto [it, fresh] = s.try_emplace (a, e);
  if (!fresh)
    it->second = std::max (it->second, e);
}

// Return true if some interval of SMALL meets one of LARGE.
bool
meets (const iset &small, const iset &large)
{
  for (auto [a, e] : small)
    {
      auto it = large.upper_bound (e);
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
  // The maps' nodes: freed all at once when the phase ends (the arena
  // outlives the maps).  A merge leaves the smaller map's nodes unused;
  // each interval moves into a larger map at most log2 n times, so the
  // arena holds O(n log n) nodes for n intervals.
  std::pmr::monotonic_buffer_resource arena;
  vec<std::unique_ptr<iset>> sets (nv);
  // Return the interval set of class representative R, building it from
  // the members on first use.
  // The members of class R are members[first[R] .. first[R + 1]), in
  // increasing order (one array counted then filled, not a list per
  // class).
  vec<value_id> members;
  vec<uint32_t> first;
  auto set_of = [&] (value_id r) -> iset & {
    if (!sets[r])
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
        sets[r] = std::make_unique<iset> (&arena);
        for (uint32_t k = first[r]; k < first[r + 1]; ++k)
          for (auto [a, e] : w.live.intervals[members[k]])
            add_interval (*sets[r], a, e);
      }
    return *sets[r];
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
          for (auto [x, e] : *sets[small])
            add_interval (*sets[big], x, e);
          sets[small].reset ();
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
