// dominators.cc -- dominator tree (see dominators.h).

#include "dominators.h"

#include <utility>

namespace ssara {

dominator_tree::dominator_tree (const function &f)
{
  size_t n = f.blocks.size ();
  idom_.assign (n, no_block);
  child_start_.assign (n + 1, 0);
  child_list_.clear ();
  pre_.assign (n, unnumbered);
  post_.assign (n, unnumbered);
  depth_.assign (n, 0);
  preorder_.clear ();
  preorder_.reserve (n);
  if (n == 0)
    return;

  // Predecessors from the successor lists (which define the graph), in
  // one array: preds of B are pred[pstart[B] .. pstart[B + 1]).
  vec<uint32_t> pstart (n + 1, 0);
  for (block_id b = 0; b < n; ++b)
    for (block_id s : f.blocks[b].succs)
      if (s < n)
        ++pstart[s + 1];
  for (size_t b = 0; b < n; ++b)
    pstart[b + 1] += pstart[b];
  vec<block_id> pred (pstart[n]);
  {
    vec<uint32_t> fill (pstart.begin (), pstart.end () - 1);
    for (block_id b = 0; b < n; ++b)
      for (block_id s : f.blocks[b].succs)
        if (s < n)
          pred[fill[s]++] = b;
  }

  // Depth-first numbering from block 0 (iteratively: deep CFGs would
  // overflow a recursion).  Below, vertices are these numbers.
  vec<uint32_t> dfn (n, unnumbered);
  vec<block_id> vertex;
  vec<uint32_t> parent;
  vertex.reserve (n);
  parent.reserve (n);
  {
    vec<std::pair<block_id, size_t>> stack { { 0, 0 } };
    dfn[0] = 0;
    vertex.push_back (0);
    parent.push_back (unnumbered);
    while (!stack.empty ())
      {
        auto &[b, k] = stack.back ();
        const vec<block_id> &succs = f.blocks[b].succs;
        if (k == succs.size ())
          {
            stack.pop_back ();
            continue;
          }
        block_id s = succs[k++];
        if (s >= n || dfn[s] != unnumbered)
          continue;
        dfn[s] = uint32_t (vertex.size ());
        parent.push_back (dfn[b]);
        vertex.push_back (s);
        stack.push_back ({ s, 0 });
      }
  }

  // Lengauer and Tarjan's algorithm, the simple version (path
  // compression, O(E log V)).  The immediate dominator is unique, so
  // this gives what Boost.Graph's implementation did, without building
  // a graph.
  const size_t m = vertex.size ();
  vec<uint32_t> semi (m), label (m), ancestor (m, unnumbered);
  vec<uint32_t> idom (m, unnumbered);
  vec<uint32_t> bucket_head (m, unnumbered), bucket_next (m);
  for (uint32_t i = 0; i < m; ++i)
    semi[i] = label[i] = i;
  vec<uint32_t> path;
  auto eval = [&] (uint32_t v) {
    if (ancestor[v] == unnumbered)
      return v;
    // Compress the path from V to the root of its tree in the forest.
    path.clear ();
    for (uint32_t x = v; ancestor[ancestor[x]] != unnumbered;
         x = ancestor[x])
      path.push_back (x);
    for (size_t k = path.size (); k-- > 0;)
      {
        uint32_t x = path[k], a = ancestor[x];
        if (semi[label[a]] < semi[label[x]])
          label[x] = label[a];
        ancestor[x] = ancestor[a];
      }
    return label[v];
  };
  for (uint32_t i = uint32_t (m); i-- > 1;)
    {
      block_id b = vertex[i];
      for (uint32_t k = pstart[b]; k < pstart[b + 1]; ++k)
        {
          uint32_t d = dfn[pred[k]];
          if (d == unnumbered)
            continue;
          uint32_t u = eval (d);
          if (semi[u] < semi[i])
            semi[i] = semi[u];
        }
      bucket_next[i] = bucket_head[semi[i]];
      bucket_head[semi[i]] = i;
      uint32_t p = parent[i];
      ancestor[i] = p;
      for (uint32_t v = bucket_head[p]; v != unnumbered; v = bucket_next[v])
        {
          uint32_t u = eval (v);
          idom[v] = semi[u] < semi[v] ? u : p;
        }
      bucket_head[p] = unnumbered;
    }
  for (uint32_t i = 1; i < m; ++i)
    if (idom[i] != semi[i])
      idom[i] = idom[idom[i]];

  for (uint32_t i = 1; i < m; ++i)
    idom_[vertex[i]] = vertex[idom[i]];
  // Counting sort by parent keeps each block's children in increasing
  // order.
  for (block_id b = 1; b < n; ++b)
    if (idom_[b] != no_block)
      ++child_start_[idom_[b] + 1];
  for (size_t b = 0; b < n; ++b)
    child_start_[b + 1] += child_start_[b];
  child_list_.resize (child_start_[n]);
  {
    vec<uint32_t> fill (child_start_.begin (), child_start_.end () - 1);
    for (block_id b = 1; b < n; ++b)
      if (idom_[b] != no_block)
        child_list_[fill[idom_[b]]++] = b;
  }

  // Number the tree iteratively (deep CFGs would overflow a recursion).
  vec<std::pair<block_id, size_t>> stack;
  uint32_t clock = 0;
  stack.push_back ({ 0, 0 });
  pre_[0] = clock++;
  preorder_.push_back (0);
  while (!stack.empty ())
    {
      auto &[b, next] = stack.back ();
      if (next < children (b).size ())
        {
          block_id c = children (b).first[next++];
          pre_[c] = clock++;
          depth_[c] = depth_[b] + 1;
          preorder_.push_back (c);
          stack.push_back ({ c, 0 });
        }
      else
        {
          post_[b] = clock - 1;
          stack.pop_back ();
        }
    }
}

} // namespace ssara
