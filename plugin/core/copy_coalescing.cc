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
// Recoloring", PLDI 2008, reduced to single values and swaps): for each
// affinity, heaviest first, one side takes the other's register when
//   * the register range is free of every other value over the whole
//     live range of the value moving (its intervals), and not occupied
//     by a pre-coloured range or clobbered there (liveness::forbidden);
//   * the value and every operand that reads or writes it accept it;
//   * the value takes part in no tie and no instruction with an
//     earlyclobber def (their registers are related beyond intervals);
//   * it does not bring a call-saved register into use;
//   * the affinities it matches after the move outweigh those it
//     matched before.
// Where one other value holds that register in the live range, the two
// may swap registers instead (try_swap), under the same conditions for
// each and where the two together match more afterwards.
// The last condition makes every move and swap raise the summed weight
// of affinities whose two sides share a register, which is bounded: the
// passes end (and max_coalesce_passes caps them).  The independent checker validates
// the result like any other allocation.

#include "work.h"

#include <algorithm>

namespace ssara::ra {

namespace {

// Passes over the affinities; each pass that moves nothing ends them.
constexpr unsigned max_coalesce_passes = 4;

// A stretch of positions where a value occupies a register.  GEN is the
// value's generation when it was placed: the segment is stale once the
// value has moved since (coalescer::gen_).
struct seg
{
  pos_t lo, hi;
  value_id v;
  uint32_t gen;
};

// Per register, the segments of the values in it.  Values move one at a
// time between queries, so a lane is kept in two parts:
//   * sorted_: segments sorted by start, with a max tree over their ends
//     (a leaf holds hi + 1, or 0 once its segment is found stale), so
//     that each overlapping segment nearest a query is found in
//     O(log n), even where segments of values sharing a register (folded
//     copies) nest inside a long one;
//   * added_: the segments placed since, unsorted and scanned whole;
//     merged into sorted_ once they outnumber max (min_added, square
//     root of sorted_'s size).
// So a move costs O(sqrt n) amortized and a query O(sqrt n + log n),
// where a sort of the lane after every move made the pass quadratic
// (the structured scaling family's 200k values: 22 s in this phase).
// A value that moves leaves its old segments behind, stale (its
// generation has changed): queries skip them, a merge drops them.
constexpr size_t min_added = 16;

class lane
{
public:
  void add (const seg &s) { added_.push_back (s); }

  // Whether a live segment (GEN[s.v] == s.gen) of a value other than X
  // and Y overlaps [LO, HI].
  bool busy (pos_t lo, pos_t hi, value_id x, value_id y,
             const vec<uint32_t> &gen)
  {
    return !each_other (lo, hi, x, y, gen, [] (value_id) { return false; });
  }

  // Call F (V) for the value V of each live segment that overlaps
  // [LO, HI], other than X's and Y's (a value may come more than once),
  // until F returns false; return whether no call did.
  template <typename F>
  bool each_other (pos_t lo, pos_t hi, value_id x, value_id y,
                   const vec<uint32_t> &gen, F f)
  {
    if (added_.size () > std::max (min_added, root_))
      merge (gen);
    for (const seg &s : added_)
      if (s.v != x && s.v != y && s.lo <= hi && s.hi >= lo
          && gen[s.v] == s.gen && !f (s.v))
        return false;
    // Segments [0, end) start at or before HI; one overlaps if it ends at
    // or after LO.
    size_t end = size_t (std::upper_bound (sorted_.begin (), sorted_.end (),
                                           hi, [] (pos_t p, const seg &s) {
                                             return p < s.lo;
                                           })
                         - sorted_.begin ());
    // Termination: END decreases every time round.
    while (end > 0)
      {
        size_t i = rightmost (1, 0, cap_, end, lo);
        if (i == no_seg)
          return true;
        const seg &s = sorted_[i];
        if (gen[s.v] != s.gen)
          kill (i);
        else if (s.v != x && s.v != y && !f (s.v))
          return false;
        end = i;
      }
    return true;
  }

private:
  static constexpr size_t no_seg = ~size_t (0);

  vec<seg> sorted_, added_;
  // max_[1] is the root; leaf I is max_[cap_ + I].
  vec<pos_t> max_;
  size_t cap_ = 1, root_ = 0;

  void merge (const vec<uint32_t> &gen)
  {
    auto stale = [&gen] (const seg &s) { return gen[s.v] != s.gen; };
    auto by_lo = [] (const seg &a, const seg &b) { return a.lo < b.lo; };
    sorted_.erase (std::remove_if (sorted_.begin (), sorted_.end (), stale),
                   sorted_.end ());
    added_.erase (std::remove_if (added_.begin (), added_.end (), stale),
                  added_.end ());
    std::sort (added_.begin (), added_.end (), by_lo);
    size_t mid = sorted_.size ();
    sorted_.insert (sorted_.end (), added_.begin (), added_.end ());
    std::inplace_merge (sorted_.begin (), sorted_.begin () + mid,
                        sorted_.end (), by_lo);
    added_.clear ();
    cap_ = 1;
    while (cap_ < sorted_.size ())
      cap_ *= 2;
    max_.assign (2 * cap_, 0);
    for (size_t i = 0; i < sorted_.size (); ++i)
      max_[cap_ + i] = sorted_[i].hi + 1;
    for (size_t i = cap_; i-- > 1;)
      max_[i] = std::max (max_[2 * i], max_[2 * i + 1]);
    root_ = 1;
    while (root_ * root_ < sorted_.size ())
      ++root_;
  }

  // The stale segment I leaves the tree.
  void kill (size_t i)
  {
    size_t k = cap_ + i;
    max_[k] = 0;
    for (k /= 2; k >= 1; k /= 2)
      max_[k] = std::max (max_[2 * k], max_[2 * k + 1]);
  }

  // The greatest I < END whose segment ends at or after LO, within node
  // K, which covers [NLO, NHI); no_seg if none.
  size_t rightmost (size_t k, size_t nlo, size_t nhi, size_t end,
                    pos_t lo) const
  {
    if (nlo >= end || max_[k] < pos_t (lo + 1))
      return no_seg;
    if (nhi - nlo == 1)
      return nlo;
    size_t mid = (nlo + nhi) / 2;
    size_t r = rightmost (2 * k + 1, mid, nhi, end, lo);
    return r != no_seg ? r : rightmost (2 * k, nlo, mid, end, lo);
  }
};

class coalescer
{
public:
  explicit coalescer (work &w) : w_ (w) {}

  void run ();

private:
  work &w_;
  vec<lane> lanes_;
  // Registers each value and its operands accept; values that may not
  // move.
  vec<hreg_set> accepts_;
  vec<bool> pinned_;
  // gen_[v]: how many times V has moved (its live segments carry it).
  vec<uint32_t> gen_;
  hreg_set saved_in_use_;

  bool has_reg (value_id v) const
  {
    return v < w_.wv.size () && w_.wv[v].reg != no_hreg
           && w_.wv[v].origin != vorigin::dead;
  }
  void place (value_id v, hreg r);
  double matched (value_id v, hreg r) const;
  double affinity (value_id v, value_id u) const;
  bool fits (value_id v, hreg r, value_id gone = no_value);
  value_id lone_holder (value_id v, hreg r);
  bool try_move (value_id v, hreg r);
  bool try_swap (value_id v, hreg r);
};

void
coalescer::place (value_id v, hreg r)
{
  const unsigned width = w_.fn.values[v].width;
  for (unsigned k = 0; k < width; ++k)
    for (auto [lo, hi] : w_.live.intervals[v])
      lanes_[r + k].add ({ lo, hi, v, gen_[v] });
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

// The weight of the affinities between V and U.
double
coalescer::affinity (value_id v, value_id u) const
{
  double sum = 0;
  for (const work::affinity &a : w_.affinities[v])
    if (a.other == u)
      sum += a.weight;
  return sum;
}

// Whether V may sit in register R, where no value but V and GONE (about
// to leave R) holds it over V's live range.
bool
coalescer::fits (value_id v, hreg r, value_id gone)
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
      if (lanes_[r + k].busy (lo, hi, v, gone, gen_))
        return false;
  return true;
}

// The one value other than V that holds register R somewhere in V's
// live range (V of width 1), or no_value if none does or several do.
value_id
coalescer::lone_holder (value_id v, hreg r)
{
  value_id holder = no_value;
  bool several = false;
  auto note = [&] (value_id u) {
    if (holder == no_value)
      holder = u;
    else if (u != holder)
      several = true;
    return !several;
  };
  for (auto [lo, hi] : w_.live.intervals[v])
    if (!lanes_[r].each_other (lo, hi, v, v, gen_, note))
      return no_value;
  return holder;
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
  // Its segments in the old register go stale.
  ++gen_[v];
  w_.wv[v].reg = r;
  place (v, r);
  return true;
}

// V takes register R from the one value U that holds it over V's live
// range, and U takes V's register: both move at once, where neither
// could alone (two phis whose arguments arrive crossed; a chain of
// values each in the register the next wants, undone a swap at a time).
// Only where the affinities the two match afterwards outweigh those
// they matched before, so the same bound ends the passes.
bool
coalescer::try_swap (value_id v, hreg r)
{
  if (pinned_[v] || !has_reg (v) || w_.fn.values[v].width != 1)
    return false;
  const hreg old = w_.wv[v].reg;
  if (old == r || matched (v, r) <= matched (v, old))
    return false;
  const value_id u = lone_holder (v, r);
  if (u == no_value || pinned_[u] || !has_reg (u) || w_.wv[u].reg != r
      || w_.fn.values[u].width != 1
      || w_.fn.values[u].file != w_.fn.values[v].file)
    return false;
  // Before: V's affinities in OLD, U's in R (none between them: they
  // sit apart).  After: V's in R and U's in OLD, less those between
  // them, which stay apart.
  const double between = affinity (v, u) + affinity (u, v);
  const double before = matched (v, old) + matched (u, r);
  const double after = matched (v, r) + matched (u, old) - between;
  if (after <= before)
    return false;
  if (!fits (v, r, u) || !fits (u, old, v))
    return false;
  ++gen_[v];
  ++gen_[u];
  w_.wv[v].reg = r;
  w_.wv[u].reg = old;
  place (v, r);
  place (u, old);
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
  gen_.assign (nv, 0);
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
  vec<pair> pairs;
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
          const hreg ra = w_.wv[p.a].reg, rb = w_.wv[p.b].reg;
          if (try_move (p.a, rb) || try_move (p.b, ra)
              || try_swap (p.a, rb) || try_swap (p.b, ra))
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
