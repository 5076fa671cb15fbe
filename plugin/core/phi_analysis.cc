// phi_analysis.cc -- phi analysis (seed 001, section 4.2).
//
// After PhiLifting each phi  v = phi (v_1, ..., v_m)  already is one
// equivalence class {v, v_1, ..., v_m} (an argument kept over an abnormal
// edge joins its phi's class too).  The classes are a union-find over
// working values (work::phi_parent); every other value is a class of its
// own.
//
// PhiLifting guarantees that a lifted argument is live only at the end of
// its predecessor.  An argument kept over an abnormal edge has no such
// guarantee, so it may join the class only if it is live neither beyond
// the phi (at the start of the phi's block) nor at the end of another
// predecessor (where deconstruction writes the class's memory).

#include "work.h"

#include <algorithm>

namespace ssara::ra {

std::string
analyse_phis (work &w)
{
  // members[r]: the values of the class whose representative is r, for
  // classes an abnormal argument joins (built on demand).
  vec<vec<value_id>> members (w.fn.values.size ());
  auto unite = [&] (value_id x, value_id y) {
    x = w.phi_class (x);
    y = w.phi_class (y);
    if (x == y)
      return;
    if (members[x].empty ())
      members[x].push_back (x);
    if (members[y].empty ())
      members[y].push_back (y);
    w.phi_parent[y] = x;
    members[x].insert (members[x].end (), members[y].begin (),
                       members[y].end ());
    members[y].clear ();
  };
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      const block &blk = w.fn.blocks[b];
      for (const phi &ph : blk.phis)
        for (size_t k = 0; k < ph.args.size (); ++k)
          if (!(blk.pred_abnormal.size () > k && blk.pred_abnormal[k]))
            unite (ph.def, ph.args[k]);
    }
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      const block &blk = w.fn.blocks[b];
      for (const phi &ph : blk.phis)
        for (size_t k = 0; k < ph.args.size (); ++k)
          {
            if (!(blk.pred_abnormal.size () > k && blk.pred_abnormal[k]))
              continue;
            value_id a = ph.args[k];
            value_id r = w.phi_class (ph.def);
            if (r == w.phi_class (a))
              continue;
            bool clash = false;
            vec<value_id> mine = members[r].empty ()
                                           ? vec<value_id>{ r }
                                           : members[r];
            value_id ra = w.phi_class (a);
            vec<value_id> theirs = members[ra].empty ()
                                             ? vec<value_id>{ ra }
                                             : members[ra];
            for (value_id m : mine)
              for (value_id x : theirs)
                clash |= w.live.meet (m, x);
            auto live = [&] (const vec<value_id> &set, value_id v) {
              return std::binary_search (set.begin (), set.end (), v);
            };
            for (value_id x : theirs)
              for (size_t j = 0; j < blk.preds.size (); ++j)
                if (!(blk.pred_abnormal.size () > j && blk.pred_abnormal[j])
                    && live (w.live.live_out[blk.preds[j]], x))
                  clash = true;
            if (clash)
              return "value " + w.fn.values[a].name + " flows into phi "
                     + w.fn.values[ph.def].name + " of block "
                     + std::to_string (b)
                     + " over an abnormal edge but interferes with it";
            unite (ph.def, a);
          }
    }
  return "";
}

} // namespace ssara::ra
