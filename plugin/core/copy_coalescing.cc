// copy_coalescing.cc -- after colour assignment, values move to the
// register of an affinity neighbour (a copy's other side, a phi and its
// argument) where that register is free over their whole live range.
//
// Colour assignment gives each value its register at its definition, in
// dominator order, guided by preferences (preferences.cc).  A phi
// reached from many blocks is coloured after the values its arguments
// come from when those blocks precede it in dominator order: each got a
// register of its own, and SSA deconstruction copies them into the
// phi's (SQLite's interpreter loop with 12 GPRs: after each opcode's
// call, five reloads into some registers, then five `mr` into the
// registers of the loop's phis).  Here, the coloured function is
// improved by recolouring (S. Hack, G. Goos, "Copy Coalescing by Graph
// Recoloring", PLDI 2008, reduced to single values): for each affinity,
// heaviest first, one side takes the other's register when
//   * the register range is free of every other value over the whole
//     live range of the value moving (its intervals), and not occupied
//     by a pre-coloured range or clobbered there (liveness::forbidden);
//   * the value and every operand that reads or writes it accept it;
//   * the value takes part in no tie and no instruction with an
//     earlyclobber def (their registers are related beyond intervals);
//   * it does not bring a call-saved register into use;
//   * the affinities it matches after the move outweigh those it
//     matched before.
// The last makes every move raise the summed weight of affinities whose
// two sides share a register, which is bounded: the passes end (and
// max_coalesce_passes caps them).  The independent checker validates
// the result like any other allocation.

#include "work.h"

#include <algorithm>

namespace ssara::ra {

namespace {

// Passes over the affinities; each pass that moves nothing ends them.
constexpr unsigned max_coalesce_passes = 4;

// Segments lane::busy looks at before it gives up and calls a register
// busy (which only forgoes a move).
constexpr size_t max_overlap_scan = 64;

// A stretch of positions where a value occupies a register.
struct seg
{
  pos_t lo, hi;
  value_id v;
};

// Per register, the segments of the values in it, sorted by start, and
// the running maximum of their ends (so that overlap with [lo, hi] is a
// binary search even where segments of values that share a register
// legitimately touch).
struct lane
{
  std::vector<seg> segs;
  std::vector<pos_t> max_hi;
  bool dirty = false;

  void settle ()
  {
    if (!dirty)
      return;
    std::sort (segs.begin (), segs.end (), [] (const seg &a, const seg &b) {
      return a.lo < b.lo;
    });
    max_hi.resize (segs.size ());
    pos_t m = 0;
    for (size_t i = 0; i < segs.size (); ++i)
      {
        m = i == 0 ? segs[i].hi : std::max (m, segs[i].hi);
        max_hi[i] = m;
      }
    dirty = false;
  }

  // Whether a segment of a value other than X overlaps [LO, HI].
  bool busy (pos_t lo, pos_t hi, value_id x)
  {
    settle ();
    size_t end = size_t (std::upper_bound (segs.begin (), segs.end (), hi,
                                           [] (pos_t p, const seg &s) {
                                             return p < s.lo;
                                           })
                         - segs.begin ());
    // Segments [0, end) start at or before HI; one overlaps if it ends
    // at or after LO.  Walk back from the last while the running
    // maximum says some still may; after max_overlap_scan of them the
    // register counts as busy (a long-lived value early in the lane
    // would otherwise make every query walk the whole lane).
    size_t scanned = 0;
    for (size_t i = end; i-- > 0;)
      {
        if (max_hi[i] < lo)
          return false;
        if (segs[i].hi >= lo && segs[i].v != x)
          return true;
        if (++scanned == max_overlap_scan)
          return true;
      }
    return false;
  }
};

class coalescer
{
public:
  explicit coalescer (work &w) : w_ (w) {}

  void run ();

private:
  work &w_;
  std::vector<lane> lanes_;
  // Registers each value and its operands accept; values that may not
  // move.
  std::vector<hreg_set> accepts_;
  std::vector<bool> pinned_;
  hreg_set saved_in_use_;

  bool has_reg (value_id v) const
  {
    return v < w_.wv.size () && w_.wv[v].reg != no_hreg
           && w_.wv[v].origin != vorigin::dead;
  }
  void place (value_id v, hreg r);
  void lift (value_id v);
  double matched (value_id v, hreg r) const;
  bool fits (value_id v, hreg r);
  bool try_move (value_id v, hreg r);
};

void
coalescer::place (value_id v, hreg r)
{
  const unsigned width = w_.fn.values[v].width;
  for (unsigned k = 0; k < width; ++k)
    {
      lane &l = lanes_[r + k];
      for (auto [lo, hi] : w_.live.intervals[v])
        l.segs.push_back ({ lo, hi, v });
      l.dirty = true;
    }
}

void
coalescer::lift (value_id v)
{
  const unsigned width = w_.fn.values[v].width;
  const hreg r = w_.wv[v].reg;
  for (unsigned k = 0; k < width; ++k)
    {
      lane &l = lanes_[r + k];
      l.segs.erase (std::remove_if (l.segs.begin (), l.segs.end (),
                                    [v] (const seg &s) { return s.v == v; }),
                    l.segs.end ());
      l.dirty = true;
    }
}

// The weight of V's affinities whose other side sits in register R.
double
coalescer::matched (value_id v, hreg r) const
{
  double sum = 0;
  for (const work::affinity &a : w_.affinities[v])
    if (has_reg (a.other) && w_.wv[a.other].reg == r
        && w_.fn.values[a.other].width == w_.fn.values[v].width)
      sum += a.weight;
  return sum;
}

bool
coalescer::fits (value_id v, hreg r)
{
  const value &x = w_.fn.values[v];
  if (!accepts_[v].test (r))
    return false;
  const hreg_set span = work::span (r, x.width);
  if ((w_.live.forbidden[v] & span).any ())
    return false;
  if ((span & w_.tgt.call_saved & ~saved_in_use_).any ())
    return false;
  for (unsigned k = 0; k < x.width; ++k)
    for (auto [lo, hi] : w_.live.intervals[v])
      if (lanes_[r + k].busy (lo, hi, v))
        return false;
  return true;
}

bool
coalescer::try_move (value_id v, hreg r)
{
  if (pinned_[v] || !has_reg (v) || w_.wv[v].reg == r)
    return false;
  if (matched (v, r) <= matched (v, w_.wv[v].reg))
    return false;
  if (!fits (v, r))
    return false;
  lift (v);
  w_.wv[v].reg = r;
  place (v, r);
  return true;
}

void
coalescer::run ()
{
  const size_t nv = w_.fn.values.size ();
  if (w_.affinities.size () != nv || w_.live.intervals.size () != nv)
    return;
  lanes_.assign (max_hard_regs, lane ());
  accepts_.assign (nv, hreg_set ());
  pinned_.assign (nv, false);
  for (value_id v = 0; v < nv; ++v)
    {
      accepts_[v] = w_.fn.values[v].allowed;
      // Only values in a register over a live range of their own move;
      // spilled values keep theirs (def to store).
      pinned_[v] = !has_reg (v) || w_.wv[v].spilled
                   || w_.fn.values[v].memory_only
                   || w_.wv[v].tie_def != no_value;
      if (has_reg (v))
        {
          place (v, w_.wv[v].reg);
          saved_in_use_ |= work::span (w_.wv[v].reg, w_.fn.values[v].width)
                           & w_.tgt.call_saved;
        }
    }
  for (const block &blk : w_.fn.blocks)
    for (const insn &i : blk.insns)
      {
        bool early = false;
        for (const operand &o : i.ops)
          early |= o.kind == operand_kind::def && o.earlyclobber;
        for (const operand &o : i.ops)
          {
            if (o.kind != operand_kind::use && o.kind != operand_kind::def)
              continue;
            accepts_[o.value] &= o.allowed;
            if (early || o.tied_to != no_operand)
              pinned_[o.value] = true;
            if (o.tied_to != no_operand && size_t (o.tied_to) < i.ops.size ())
              pinned_[i.ops[o.tied_to].value] = true;
          }
      }

  struct pair
  {
    double weight;
    value_id a, b;
  };
  std::vector<pair> pairs;
  for (value_id v = 0; v < nv; ++v)
    for (const work::affinity &a : w_.affinities[v])
      if (v < a.other && a.weight > 0)
        pairs.push_back ({ a.weight, v, a.other });
  std::sort (pairs.begin (), pairs.end (), [] (const pair &x, const pair &y) {
    return x.weight != y.weight ? x.weight > y.weight
           : x.a != y.a         ? x.a < y.a
                                : x.b < y.b;
  });
  // Termination: see the header (each move raises the matched weight).
  for (unsigned pass = 0; pass < max_coalesce_passes; ++pass)
    {
      bool moved = false;
      for (const pair &p : pairs)
        {
          if (!has_reg (p.a) || !has_reg (p.b))
            continue;
          const value &x = w_.fn.values[p.a], &y = w_.fn.values[p.b];
          if (x.file != y.file || x.width != y.width
              || w_.wv[p.a].reg == w_.wv[p.b].reg)
            continue;
          if (try_move (p.a, w_.wv[p.b].reg) || try_move (p.b, w_.wv[p.a].reg))
            {
              moved = true;
              ++w_.stats.coalesced;
            }
        }
      if (!moved)
        break;
    }
}

} // namespace

void
coalesce_copies (work &w)
{
  coalescer (w).run ();
}

} // namespace ssara::ra
