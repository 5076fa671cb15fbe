// dominators.h -- the dominator tree of a function's CFG.
//
// Computed with Lengauer and Tarjan's algorithm.  Queries are O(1):
// every block gets a pre-order and a post-order number in the dominator
// tree, and A dominates B exactly when A's interval [pre, post] encloses
// B's.  Used by verify_function (SSA dominance) and by colour assignment
// (which walks the tree in pre-order, seed 001 section 2).

#ifndef SSARA_CORE_DOMINATORS_H
#define SSARA_CORE_DOMINATORS_H

#include "ir.h"

#include <cstdint>
#include <vector>

namespace ssara {

class dominator_tree
{
public:
  // Build the tree of F's CFG rooted at block 0.  Blocks unreachable from
  // block 0 get no idom, no number, and dominate nothing (and are
  // dominated by nothing).
  explicit dominator_tree (const function &f);
  dominator_tree () = default;

  // Return the immediate dominator of B; no_block for block 0 and for
  // unreachable blocks.
  block_id idom (block_id b) const { return idom_[b]; }

  // The blocks one block immediately dominates: a range of the tree's
  // flat child array.
  struct block_range
  {
    const block_id *first, *last;
    const block_id *begin () const { return first; }
    const block_id *end () const { return last; }
    size_t size () const { return size_t (last - first); }
  };

  // Return the blocks B immediately dominates, in increasing block order.
  block_range children (block_id b) const
  {
    const block_id *base = child_list_.data ();
    return { base + child_start_[b], base + child_start_[b + 1] };
  }

  // Return the reachable blocks in dominator-tree pre-order (block 0
  // first, children in increasing block order).
  const vec<block_id> &preorder () const { return preorder_; }

  // Return true if B is reachable from block 0.
  bool reachable (block_id b) const { return pre_[b] != unnumbered; }

  // Return true if A dominates B (every block dominates itself).  False if
  // either is unreachable.
  bool dominates (block_id a, block_id b) const
  {
    return reachable (a) && reachable (b)
           && pre_[a] <= pre_[b] && post_[b] <= post_[a];
  }

  // Return true if A dominates B and A != B.
  bool strictly_dominates (block_id a, block_id b) const
  { return a != b && dominates (a, b); }

  // Return the depth of B in the tree (0 for block 0).
  unsigned depth (block_id b) const { return depth_[b]; }

  size_t size () const { return idom_.size (); }

private:
  static constexpr uint32_t unnumbered = ~0u;

  // Invariants: the other vectors have one entry per block; for reachable
  // blocks pre_ is the index in preorder_ and post_ >= pre_ of every
  // descendant.
  vec<block_id> idom_;
  // The children of block B are child_list_[child_start_[B]] up to
  // child_list_[child_start_[B + 1]] (one flat array, not a list per
  // block: 136 K reallocations on SQLite's replay).  child_start_ has
  // one entry per block and one more.
  vec<uint32_t> child_start_;
  vec<block_id> child_list_;
  vec<block_id> preorder_;
  vec<uint32_t> pre_;
  vec<uint32_t> post_;
  vec<unsigned> depth_;
};

} // namespace ssara

#endif
