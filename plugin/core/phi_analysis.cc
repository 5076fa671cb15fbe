// phi_analysis.cc -- phi analysis (seed 001, section 4.2).
//
// After PhiLifting each phi  v = phi (v_1, ..., v_m)  already is one
// equivalence class {v, v_1, ..., v_m} (an argument kept over an abnormal
// edge joins its phi's class too).  The classes are a union-find over
// working values (work::phi_parent); every other value is a class of its
// own.

#include "work.h"

namespace ssara::ra {

void
analyse_phis (work &w)
{
  for (const block &b : w.fn.blocks)
    for (const phi &ph : b.phis)
      for (value_id a : ph.args)
        {
          value_id x = w.phi_class (ph.def), y = w.phi_class (a);
          if (x != y)
            w.phi_parent[y] = x;
        }
}

} // namespace ssara::ra
