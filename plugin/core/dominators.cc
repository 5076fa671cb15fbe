// dominators.cc -- dominator tree via Boost.Graph (see dominators.h).

#include "dominators.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dominator_tree.hpp>
#include <boost/property_map/property_map.hpp>

namespace ssara {

dominator_tree::dominator_tree (const function &f)
{
  using graph = boost::adjacency_list<boost::vecS, boost::vecS,
                                      boost::bidirectionalS>;
  using vertex = boost::graph_traits<graph>::vertex_descriptor;

  size_t n = f.blocks.size ();
  idom_.assign (n, no_block);
  children_.assign (n, {});
  pre_.assign (n, unnumbered);
  post_.assign (n, unnumbered);
  depth_.assign (n, 0);
  preorder_.clear ();
  if (n == 0)
    return;

  graph g (n);
  for (block_id b = 0; b < n; ++b)
    for (block_id s : f.blocks[b].succs)
      if (s < n)
        boost::add_edge (b, s, g);

  std::vector<vertex> dom (n, boost::graph_traits<graph>::null_vertex ());
  auto index = boost::get (boost::vertex_index, g);
  auto dom_map = boost::make_iterator_property_map (dom.begin (), index);
  boost::lengauer_tarjan_dominator_tree (g, boost::vertex (0, g), dom_map);

  for (block_id b = 1; b < n; ++b)
    if (dom[b] != boost::graph_traits<graph>::null_vertex ())
      {
        idom_[b] = static_cast<block_id> (dom[b]);
        children_[idom_[b]].push_back (b);
      }

  // Number the tree iteratively (deep CFGs would overflow a recursion).
  std::vector<std::pair<block_id, size_t>> stack;
  uint32_t clock = 0;
  stack.push_back ({ 0, 0 });
  pre_[0] = clock++;
  preorder_.push_back (0);
  while (!stack.empty ())
    {
      auto &[b, next] = stack.back ();
      if (next < children_[b].size ())
        {
          block_id c = children_[b][next++];
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
