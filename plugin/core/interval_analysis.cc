// interval_analysis.cc -- liveness and live intervals of the working
// function.
//
// The CFG is linearised in block order.  Each block has a start position
// S where its phi defs are written, three positions per instruction (U:
// uses are read; C: clobbers strike; D: defs are written) and an end
// position E where the arguments of its successors' phis are read.  So
//   * a value used by instruction j for the last time ends at U_j and a
//     def of j starts at D_j: the def may take the use's register;
//   * an earlyclobber def starts at U_j: it conflicts with every use;
//   * a value live across j covers C_j and so avoids j's clobbers;
//   * a phi def is live from S of its block; a phi argument is live at
//     the end E of the corresponding predecessor only (seed 001, 4.4).
// Spilled values occupy no register except between their def and its
// store: their phi defs and phi-argument uses are not register uses.
//
// Liveness is computed per value by walking up from each use to the def
// (cost: the sum of the live-in sets, no iteration); hard registers are
// not SSA and use the classic backward dataflow over bitsets.  The hard
// registers occupied at each position (from a def_hard to its use_hard,
// clobbers, incoming registers) are kept in a segment tree so that the
// union over a value's intervals costs O(intervals * log positions).

#include "work.h"

#include <algorithm>

namespace ssara::ra {

namespace {

// Call F (A, E) for the maximal runs of intervals IV (sorted, disjoint):
// intervals of consecutive blocks touch.
template <typename F>
void
each_run (const vec<std::pair<pos_t, pos_t>> &iv, F &&f)
{
  for (size_t k = 0; k < iv.size ();)
    {
      pos_t a = iv[k].first, e = iv[k].second;
      for (++k; k < iv.size () && iv[k].first <= e + 1; ++k)
        e = std::max (e, iv[k].second);
      f (a, e);
    }
}

// A bottom-up tree of 2N nodes over N leaves at T[N .. 2N - 1] (no
// power of two needed: OR is commutative and associative).  Make each
// inner node the OR of its children.
inline void
build_or_tree (vec<hreg_set> &t, size_t n)
{
  for (size_t i = n; i-- > 1;)
    t[i] = t[2 * i] | t[2 * i + 1];
}

// The union of the leaves L .. R inclusive of such a tree T.
inline hreg_set
query_or_tree (const vec<hreg_set> &t, size_t n, size_t l, size_t r)
{
  hreg_set res;
  for (l += n, r += n + 1; l < r; l /= 2, r /= 2)
    {
      if (l & 1)
        res |= t[l++];
      if (r & 1)
        res |= t[--r];
    }
  return res;
}

// Range-OR updates, then range-OR queries, over per-position
// hard-register sets, on the elementary segments between the endpoints
// of the ranges added, so that its size follows the number of ranges
// rather than the number of positions.  Add every range first, then
// build, then query.  One bottom-up tree of 2m nodes over the m
// segments (build_or_tree, as in point_or): a range marks the O(log m) nodes that tile it, build
// pushes the marks down to the leaves and then makes each inner node
// the OR of its children, and a query ORs the O(log m) nodes that tile
// its segments, without recursion (a recursive tree cost 1.5% of the
// core's instructions on SQLite's replay in colour assignment's
// compute_avoid alone).
class sparse_or
{
public:
  void add (pos_t l, pos_t r, const hreg_set &s)
  {
    if (s.any ())
      items_.push_back ({ l, r, s });
  }

  void build ()
  {
    for (const item &i : items_)
      {
        coords_.push_back (i.l);
        coords_.push_back (i.r + 1);
      }
    std::sort (coords_.begin (), coords_.end ());
    coords_.erase (std::unique (coords_.begin (), coords_.end ()),
                   coords_.end ());
    m_ = coords_.size ();
    t_.assign (2 * m_, hreg_set ());
    for (const item &i : items_)
      for (size_t l = segment (i.l) + m_, r = segment (i.r) + m_ + 1; l < r;
           l /= 2, r /= 2)
        {
          if (l & 1)
            t_[l++] |= i.s;
          if (r & 1)
            t_[--r] |= i.s;
        }
    items_.clear ();
    // A node's marks hold for every leaf below it: a parent's index is
    // below its children's, so one pass in increasing order pushes them
    // all the way down.
    for (size_t i = 1; i < m_; ++i)
      {
        t_[2 * i] |= t_[i];
        t_[2 * i + 1] |= t_[i];
      }
    build_or_tree (t_, m_);
  }

  hreg_set query (pos_t l, pos_t r) const
  {
    if (coords_.empty () || r < coords_.front ())
      return hreg_set ();
    return query_or_tree (t_, m_, segment (std::max (l, coords_.front ())),
                          segment (r));
  }

private:
  struct item
  {
    pos_t l, r;
    hreg_set s;
  };
  // Return the index of the segment containing P (P >= coords_[0]).
  size_t segment (pos_t p) const
  {
    return size_t (std::upper_bound (coords_.begin (), coords_.end (), p)
                   - coords_.begin ()) - 1;
  }

  vec<item> items_;
  vec<pos_t> coords_;
  size_t m_ = 0;
  vec<hreg_set> t_;
};

// Point updates and range-OR queries over per-position hard-register
// sets, on a dense bottom-up tree over all positions: the hard
// registers occupied at each position, added one position at a time
// (most positions have some), then queried per value.  Cheaper than a
// sparse_or here: no sorting of coordinates, no binary search per query.
// The tree has 2n nodes for n positions, leaves at n .. 2n - 1 (the
// iterative query needs no power of two for an operation that, like OR,
// is commutative and associative), in storage kept from analysis to
// analysis (a function's analyses reuse it; allocate () gives it back
// as it returns: release_storage): the tree of make bench's
// generated function of 50000 statements had 16 MB, zeroed and paged
// in anew at every analysis.
class point_or
{
public:
  explicit point_or (size_t n) : n_ (n), t_ (storage ())
  {
    t_.assign (2 * n_, hreg_set ());
  }
  point_or (const point_or &) = delete;
  point_or &operator= (const point_or &) = delete;

  // OR S into position P.
  void add (size_t p, const hreg_set &s) { t_[n_ + p] |= s; }

  void build ()
  {
    build_or_tree (t_, n_);
  }

  // Return the union over positions L .. R inclusive (after build).
  hreg_set query (size_t l, size_t r) const
  {
    return query_or_tree (t_, n_, l, r);
  }

  // Give the shared storage back (at the end of a function).
  static void release_storage () { vec<hreg_set> ().swap (storage ()); }

private:
  // The storage all trees share: the core runs one analysis at a time.
  static vec<hreg_set> &storage ()
  {
    static vec<hreg_set> s;
    return s;
  }
  size_t n_;
  vec<hreg_set> &t_;
};

bool
is_phi_reg_use (const work &w, value_id v)
{
  return !w.wv[v].spilled;
}

} // namespace

void
hard_liveness (const function &f, vec<hreg_set> &in,
               vec<hreg_set> &out)
{
  const size_t nb = f.blocks.size ();
  vec<hreg_set> huse (nb), hdef (nb);
  for (block_id b = 0; b < nb; ++b)
    {
      const block &blk = f.blocks[b];
      for (size_t j = blk.insns.size (); j-- > 0;)
        {
          hreg_set d, u;
          for (const operand &o : blk.insns[j].ops)
            if (o.kind == operand_kind::def_hard)
              d |= work::span (o.reg, o.width);
            else if (o.kind == operand_kind::use_hard)
              u |= work::span (o.reg, o.width);
          huse[b] = (huse[b] & ~d) | u;
          hdef[b] = (hdef[b] | d) & ~u;
        }
    }
  in.assign (nb, hreg_set ());
  out.assign (nb, hreg_set ());
  // Termination: each pass visits the blocks in reverse order and the
  // sets only grow, so at most max_hard_regs * blocks passes (in
  // practice two or three).
  for (bool changed = true; changed;)
    {
      changed = false;
      for (block_id b = nb; b-- > 0;)
        {
          hreg_set o;
          for (block_id s : f.blocks[b].succs)
            o |= in[s];
          hreg_set i = huse[b] | (o & ~hdef[b]);
          if (o != out[b] || i != in[b])
            changed = true;
          out[b] = o;
          in[b] = i;
        }
    }
}

namespace {

// Storage that outlives a work: the live lists and intervals a work
// leaves (recycle_liveness) go to the next analysis, which would
// otherwise grow each from nothing, until allocate () returns and gives
// them back (release_kept_lists: between functions no pool block may be
// in use, pool.h).  Within a function that is the later runs of the
// phases, each on a work of its own.  The core runs one allocation at a
// time.  The lists are kept emptied.  (They were bounded to 1 MiB when
// they outlived the function; release_kept_lists bounds them now.)
struct list_pools
{
  vec<vec<value_id>> values;
  vec<vec<std::pair<pos_t, pos_t>>> ranges;
};

list_pools &
pools ()
{
  static list_pools p;
  return p;
}

template <typename T>
void
give_list (vec<vec<T>> &pool, vec<T> &l)
{
  if (l.capacity () == 0)
    return;
  l.clear ();
  pool.push_back (std::move (l));
}

// Take a list from POOL, one of pools ()'s, which is not empty.
template <typename T>
vec<T>
take_list (vec<vec<T>> &pool)
{
  vec<T> l = std::move (pool.back ());
  pool.pop_back ();
  return l;
}

} // namespace

void
recycle_liveness (liveness &L)
{
  list_pools &P = pools ();
  for (auto &l : L.live_in)
    give_list (P.values, l);
  for (auto &l : L.live_out)
    give_list (P.values, l);
  for (auto &l : L.intervals)
    give_list (P.ranges, l);
  L.live_in.clear ();
  L.live_out.clear ();
  L.intervals.clear ();
}

void
release_kept_lists ()
{
  pools () = list_pools ();
  point_or::release_storage ();
}

bool
liveness::meet (value_id a, value_id b) const
{
  const auto &x = intervals[a], &y = intervals[b];
  // Most pairs asked about lie apart as a whole (colour assignment's
  // move_occupant asks about every value).
  if (x.empty () || y.empty () || x.back ().second < y.front ().first
      || y.back ().second < x.front ().first)
    return false;
  // A merge that skips by binary search: the intervals are sorted and
  // disjoint, so their ends are sorted too, and a value live in a few
  // places skips over one live across hundreds of blocks in a few steps.
  auto skip = [] (const vec<std::pair<pos_t, pos_t>> &v, size_t from,
                  pos_t p) {
    // The first interval at FROM or after that ends at or after P.
    return size_t (std::partition_point (v.begin () + from, v.end (),
                                         [p] (const auto &iv) {
                                           return iv.second < p;
                                         })
                   - v.begin ());
  };
  size_t i = 0, j = 0;
  while (i < x.size () && j < y.size ())
    {
      if (x[i].second < y[j].first)
        i = skip (x, i + 1, y[j].first);
      else if (y[j].second < x[i].first)
        j = skip (y, j + 1, x[i].first);
      else
        return true;
    }
  return false;
}

void
analyse_intervals (work &w)
{
  const size_t nb = w.fn.blocks.size (), nv = w.fn.values.size ();
  liveness &L = w.live;

  // Positions.
  pos_t p = 0;
  for (block_id b = 0; b < nb; ++b)
    {
      w.wb[b].start = p;
      p += 2 + 3 * pos_t (w.fn.blocks[b].insns.size ());
    }
  L.npos = p;

  // Def blocks, and the blocks whose live-in a use requires.
  vec<block_id> def_block (nv, no_block);
  for (block_id b = 0; b < nb; ++b)
    {
      for (const phi &ph : w.fn.blocks[b].phis)
        if (ph.def != no_value)
          def_block[ph.def] = b;
      for (const insn &i : w.fn.blocks[b].insns)
        for (const operand &o : i.ops)
          if (o.kind == operand_kind::def)
            def_block[o.value] = b;
    }

  // The per-block and per-value lists below are cleared rather than
  // reallocated: this runs several times per function, and the lists
  // keep their capacity from one run to the next; where they grow they
  // take the storage earlier functions left (recycle_liveness).
  list_pools &P = pools ();
  auto reset = [] (auto &lists, size_t n, auto &pool) {
    for (size_t i = n; i < lists.size (); ++i)
      give_list (pool, lists[i]);
    const size_t old = std::min (lists.size (), n);
    lists.resize (n);
    for (size_t i = old; i < n && !pool.empty (); ++i)
      lists[i] = take_list (pool);
    for (auto &l : lists)
      l.clear ();
  };
  reset (L.live_in, nb, P.values);
  reset (L.live_out, nb, P.values);
  vec<value_id> mark_in (nb, no_value), mark_out (nb, no_value);
  vec<block_id> stack;
  // Mark V live at the end of block X and propagate.
  auto live_at_end = [&] (value_id v, block_id x) {
    if (mark_out[x] == v)
      return;
    mark_out[x] = v;
    L.live_out[x].push_back (v);
    if (x == def_block[v])
      return;
    stack.push_back (x);
    while (!stack.empty ())
      {
        block_id y = stack.back ();
        stack.pop_back ();
        if (mark_in[y] == v)
          continue;
        mark_in[y] = v;
        L.live_in[y].push_back (v);
        for (block_id q : w.fn.blocks[y].preds)
          if (mark_out[q] != v)
            {
              mark_out[q] = v;
              L.live_out[q].push_back (v);
              if (q != def_block[v])
                stack.push_back (q);
            }
      }
  };
  // Mark V live at the start of block X (a use in X, not its def block).
  auto live_at_start = [&] (value_id v, block_id x) {
    if (x == def_block[v] || mark_in[x] == v)
      return;
    mark_in[x] = v;
    L.live_in[x].push_back (v);
    for (block_id q : w.fn.blocks[x].preds)
      live_at_end (v, q);
  };
  // Group the uses by value so that the marks work per value: the
  // blocks whose end (phi arguments) and whose start (instructions) V's
  // uses need, in block order, are use_at[first[V] .. first[V + 1]),
  // those of phi arguments first (one array counted then filled, not a
  // list per value).
  vec<uint32_t> first (nv + 1, 0), n_end (nv, 0);
  auto each_use = [&] (auto f) {
    for (block_id b = 0; b < nb; ++b)
      {
        const block &blk = w.fn.blocks[b];
        for (const phi &ph : blk.phis)
          for (size_t k = 0; k < ph.args.size (); ++k)
            if (ph.args[k] != no_value && is_phi_reg_use (w, ph.args[k]))
              f (ph.args[k], blk.preds[k], true);
        for (const insn &i : blk.insns)
          for (const operand &o : i.ops)
            if (o.kind == operand_kind::use)
              f (o.value, b, false);
      }
  };
  each_use ([&] (value_id v, block_id, bool at_end) {
    ++first[v + 1];
    if (at_end)
      ++n_end[v];
  });
  for (value_id v = 0; v < nv; ++v)
    first[v + 1] += first[v];
  vec<block_id> use_at (first[nv]);
  {
    // fill_end[v], fill_in[v]: where V's next phi-argument and
    // instruction use go.
    vec<uint32_t> fill_end (first.begin (), first.end () - 1);
    vec<uint32_t> fill_in (nv);
    for (value_id v = 0; v < nv; ++v)
      fill_in[v] = first[v] + n_end[v];
    each_use ([&] (value_id v, block_id b, bool at_end) {
      use_at[at_end ? fill_end[v]++ : fill_in[v]++] = b;
    });
  }
  for (value_id v = 0; v < nv; ++v)
    {
      if (def_block[v] == no_block)
        continue;
      uint32_t k = first[v];
      for (; k < first[v] + n_end[v]; ++k)
        live_at_end (v, use_at[k]);
      for (; k < first[v + 1]; ++k)
        live_at_start (v, use_at[k]);
    }
  // The lists are sorted already: the values are marked live one after
  // the other in increasing order, each at most once per block.

  // Hard registers: not SSA, the classic backward dataflow.
  vec<hreg_set> hin, hout;
  hard_liveness (w.fn, hin, hout);
  const hreg_set alloc = w.tgt.allocatable ();

  // Per-block backward scan: intervals and hard occupancy.
  point_or tree (L.npos);
  // Record the hard registers occupied at position P.
  auto occ_at = [&] (pos_t p, const hreg_set &set) {
    if (set.any ())
      tree.add (p, set);
  };
  reset (L.intervals, nv, P.ranges);
  L.across_in_memory.assign (nv, false);
  // (avoid is made by compute_avoid, for colour assignment alone.)
  L.avoid.clear ();
  L.hard_at_end.assign (nb, hreg_set ());
  L.hard_at_use.resize (nb);
  vec<pos_t> open_end (nv, ~pos_t (0));
  vec<value_id> open;
  vec<uint32_t> open_idx (nv, 0);
  auto open_value = [&] (value_id v, pos_t end) {
    if (open_end[v] != ~pos_t (0))
      return;
    open_end[v] = end;
    open_idx[v] = uint32_t (open.size ());
    open.push_back (v);
  };
  auto close_value = [&] (value_id v, pos_t start) {
    if (open_end[v] == ~pos_t (0))
      {
        L.intervals[v].push_back ({ start, start });
        return;
      }
    L.intervals[v].push_back ({ start, open_end[v] });
    open_end[v] = ~pos_t (0);
    value_id last = open.back ();
    open[open_idx[v]] = last;
    open_idx[last] = open_idx[v];
    open.pop_back ();
  };
  for (block_id b = 0; b < nb; ++b)
    {
      const block &blk = w.fn.blocks[b];
      for (value_id v : L.live_out[b])
        open_value (v, w.pos_end (b));
      // The hard registers live at the scan's point.
      hreg_set hlive = hout[b];
      occ_at (w.pos_end (b), hlive & alloc);
      L.hard_at_end[b] = hlive & alloc;
      L.hard_at_use[b].assign (blk.insns.size (), hreg_set ());
      for (size_t j = blk.insns.size (); j-- > 0;)
        {
          const insn &i = blk.insns[j];
          hreg_set hd, hu;
          for (const operand &o : i.ops)
            if (o.kind == operand_kind::def_hard)
              hd |= work::span (o.reg, o.width);
            else if (o.kind == operand_kind::use_hard)
              hu |= work::span (o.reg, o.width);
          occ_at (w.pos_def (b, j), (hlive | hd) & alloc);
          hlive &= ~hd;
          occ_at (w.pos_clobber (b, j), (hlive | i.clobbers) & alloc);
          hlive |= hu;
          occ_at (w.pos_use (b, j), hlive & alloc);
          L.hard_at_use[b][j] = hlive & alloc;

          for (const operand &o : i.ops)
            if (o.kind == operand_kind::def)
              {
                // A dead def still holds its register at D_j (an
                // earlyclobber one from U_j on).
                if (open_end[o.value] == ~pos_t (0))
                  open_value (o.value, w.pos_def (b, j));
                close_value (o.value, o.earlyclobber ? w.pos_use (b, j)
                                                     : w.pos_def (b, j));
              }
          if (i.values_across_in_memory)
            for (value_id v : open)
              L.across_in_memory[v] = true;
          for (const operand &o : i.ops)
            if (o.kind == operand_kind::use)
              open_value (o.value, w.pos_use (b, j));
        }
      occ_at (w.pos_start (b), hlive & alloc);
      for (const phi &ph : blk.phis)
        if (ph.def != no_value && !w.wv[ph.def].spilled)
          close_value (ph.def, w.pos_start (b));
      while (!open.empty ())
        close_value (open.back (), w.pos_start (b));
    }

  // The scan visits the blocks in order of their positions and gives a
  // value at most one interval per block, so the lists come out sorted;
  // the check costs one comparison per interval where sorting sorted
  // lists cost 3% of the spilling's instructions on make bench's
  // generated function of 50000 statements (7.13 G -> 6.93 G).
  for (value_id v = 0; v < nv; ++v)
    if (!std::is_sorted (L.intervals[v].begin (), L.intervals[v].end ()))
      std::sort (L.intervals[v].begin (), L.intervals[v].end ());

  tree.build ();
  L.forbidden.assign (nv, hreg_set ());
  for (value_id v = 0; v < nv; ++v)
    each_run (L.intervals[v], [&] (pos_t a, pos_t e) {
      L.forbidden[v] |= tree.query (a, e);
    });
}

// A value whose allowed set has a single start register is as good as
// pre-coloured (seed 001, 4.4): other values prefer to avoid that
// register where they overlap it (liveness::avoid).  So is a value
// whose allowed set, less the registers forbidden over its range, has
// one (a base address between a call's pre-coloured arguments: with
// 5 GPRs, sqlite3_strlike's copy of an argument took by preference the
// one register left to such a value, which was spilled in a second
// round).
void
compute_avoid (work &w)
{
  liveness &L = w.live;
  const size_t nv = w.fn.values.size ();
  if (L.avoid.size () == nv)
    return;
  sparse_or pre_tree;
  // pre[v]: the one start register V may take (its allowed set, less
  // the registers forbidden over its range), or no_hreg.
  vec<hreg> pre (nv, no_hreg);
  for (value_id v = 0; v < nv; ++v)
    {
      const value &x = w.fn.values[v];
      if (L.intervals[v].empty ())
        continue;
      // (A value whose allowed set has one keeps it, forbidden or not.)
      hreg_set usable = x.allowed;
      if (usable.count () > 1)
        {
          if (x.width == 1)
            usable &= ~L.forbidden[v];
          else
            for (hreg h = hreg (x.allowed._Find_first ()); h < max_hard_regs;
                 h = hreg (x.allowed._Find_next (h)))
              if ((work::span (h, x.width) & L.forbidden[v]).any ())
                usable.reset (h);
        }
      if (usable.count () != 1)
        continue;
      pre[v] = hreg (usable._Find_first ());
      hreg_set s = work::span (pre[v], x.width);
      each_run (L.intervals[v],
                [&] (pos_t a, pos_t e) { pre_tree.add (a, e, s); });
    }
  pre_tree.build ();
  L.avoid.assign (nv, hreg_set ());
  for (value_id v = 0; v < nv; ++v)
    {
      hreg_set g;
      each_run (L.intervals[v],
                [&] (pos_t a, pos_t e) { g |= pre_tree.query (a, e); });
      if (pre[v] != no_hreg)
        g &= ~work::span (pre[v], w.fn.values[v].width);
      L.avoid[v] = g;
    }
}

std::string
compare_liveness (const liveness &kept, const liveness &fresh)
{
  auto num = [] (size_t x) { return std::to_string (x); };
  if (kept.npos != fresh.npos)
    return "liveness: positions " + num (kept.npos) + " against "
           + num (fresh.npos);
  for (size_t b = 0; b < fresh.live_in.size (); ++b)
    if (b >= kept.live_in.size () || kept.live_in[b] != fresh.live_in[b]
        || kept.live_out[b] != fresh.live_out[b])
      return "liveness: the live lists of block " + num (b) + " differ";
  for (size_t v = 0; v < fresh.intervals.size (); ++v)
    {
      if (v >= kept.intervals.size ()
          || kept.intervals[v] != fresh.intervals[v])
        {
          auto show = [&] (const vec<std::pair<pos_t, pos_t>> &iv) {
            std::string r;
            for (auto [a, e] : iv)
              r += " [" + num (a) + "," + num (e) + "]";
            return r;
          };
          return "liveness: the intervals of v" + num (v) + " differ:"
                 + (v < kept.intervals.size () ? show (kept.intervals[v])
                                               : std::string (" none"))
                 + " against" + show (fresh.intervals[v]);
        }
      if (kept.forbidden[v] != fresh.forbidden[v])
        return "liveness: the forbidden registers of v" + num (v)
               + " differ";
      if (kept.across_in_memory[v] != fresh.across_in_memory[v])
        return "liveness: v" + num (v) + " across an instruction that "
               "wants every value in memory differs";
    }
  if (kept.hard_at_end != fresh.hard_at_end
      || kept.hard_at_use != fresh.hard_at_use)
    return "liveness: the hard registers at block ends or uses differ";
  return "";
}

} // namespace ssara::ra
