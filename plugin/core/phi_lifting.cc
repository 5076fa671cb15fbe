// phi_lifting.cc -- PhiLifting (seed 001, section 4.1, Figure 4).
//
// First the edges that need a place of their own for code are split in
// the working copy: an edge P -> S gets a fresh block when S has phis and
// P has several successors (a critical edge, Theorem 1) or P's terminator
// is not plain (it reads or writes registers, or clobbers some: copies
// placed before it would change what it sees), and every edge leaving a
// terminator that defines values gets one (a spilled def's store, seed
// 001 section 4.6, goes there).  With the splitting spiller
// (spilling.cc) every such edge into a join gets one, phis or not.
// Abnormal edges are never split.  A split block's code is reported
// on_edge (P, S).
//
// Then every phi  a = phi (a_1 : B_1, ..., a_m : B_m)  becomes
//   v = phi (v_1, ..., v_m)  with  a := v  at the start of its block and
//   v_j := a_j  at the end of B_j,
// so that the members of one phi class never interfere.  An argument
// arriving over an abnormal edge cannot get a copy: it stays in the phi,
// and colour assignment keeps it and the phi's def in one memory cell.

#include "work.h"

#include <algorithm>
#include <iterator>

namespace ssara::ra {

namespace {

// Return true if I is a terminator after which no code may be needed:
// it has no operands, clobbers and memory requirement.
bool
plain_terminator (const insn &i)
{
  return i.ops.empty () && i.clobbers.none () && !i.values_across_in_memory;
}


bool
terminator_defines (const block &b)
{
  if (b.insns.empty () || !b.insns.back ().terminator)
    return false;
  for (const operand &o : b.insns.back ().ops)
    if (o.kind == operand_kind::def || o.kind == operand_kind::def_hard)
      return true;
  return false;
}

// Return the index in S's preds of the OCCURRENCE-th edge from P.
size_t
pred_index (const block &s, block_id p, unsigned occurrence)
{
  for (size_t k = 0; k < s.preds.size (); ++k)
    if (s.preds[k] == p && occurrence-- == 0)
      return k;
  return s.preds.size ();
}

} // namespace

bool
ends_plainly (const block &b)
{
  return b.insns.empty () || !b.insns.back ().terminator
         || plain_terminator (b.insns.back ());
}

bool
takes_end_code (const block &b)
{
  return b.succs.size () == 1 && ends_plainly (b);
}

std::string
lift_phis (work &w)
{
  const block_id ninput = block_id (w.fn.blocks.size ());

  // Split edges.
  for (block_id p = 0; p < ninput; ++p)
    {
      bool def_term = terminator_defines (w.fn.blocks[p]);
      bool plain = ends_plainly (w.fn.blocks[p]);
      size_t nsucc = w.fn.blocks[p].succs.size ();
      for (size_t si = 0; si < nsucc; ++si)
        {
          block_id s = w.fn.blocks[p].succs[si];
          unsigned occ = 0;
          for (size_t k = 0; k < si; ++k)
            occ += w.fn.blocks[p].succs[k] == s;
          size_t pi = pred_index (w.fn.blocks[s], p, occ);
          if (pi >= w.fn.blocks[s].preds.size ())
            return "inconsistent edge " + std::to_string (p) + "->"
                   + std::to_string (s);
          if (w.fn.blocks[s].pred_abnormal.size () > pi
              && w.fn.blocks[s].pred_abnormal[pi])
            continue;
          bool phis = !w.fn.blocks[s].phis.empty ();
          bool critical = nsucc > 1 || !plain;
          bool needed = def_term || (phis && critical);
          // The spiller (spilling.cc) places reloads on edges into
          // joins and phis of reloads at joins: every critical edge into
          // a join gets a place for code (an empty one costs nothing: no
          // edit, no block in the output).  Not where it does not run
          // (allocate ()'s last resort).
          bool wanted = w.spiller == work::spiller_use::run && critical
                        && w.fn.blocks[s].preds.size () > 1;
          if (!needed && !wanted)
            continue;
          bool several = std::count (w.fn.blocks[p].succs.begin (),
                                     w.fn.blocks[p].succs.end (), s) > 1;
          if (several && !needed)
            continue;
          if (several)
            return "block " + std::to_string (p) + " has several edges to "
                   + std::to_string (s) + " that would need code";
          block_id e = block_id (w.fn.blocks.size ());
          block nb;
          nb.preds = { p };
          nb.pred_abnormal = { false };
          nb.succs = { s };
          nb.loop_depth = std::min (w.fn.blocks[p].loop_depth,
                                    w.fn.blocks[s].loop_depth);
          // The edge runs at most as often as either end.
          if (w.fn.blocks[p].frequency >= 0 && w.fn.blocks[s].frequency >= 0)
            nb.frequency = std::min (w.fn.blocks[p].frequency,
                                     w.fn.blocks[s].frequency);
          w.fn.blocks.push_back (nb);
          wblock wnb;
          wnb.edge_from = p;
          wnb.edge_to = s;
          w.wb.push_back (wnb);
          w.fn.blocks[p].succs[si] = e;
          w.fn.blocks[s].preds[pi] = e;
        }
    }

  // Lift the phis.  args_in[p]: the argument copies placed in block P so
  // far (indices into w.lifted_copies), whose instruction indices move
  // when P's own def copies are inserted at its start.
  vec<vec<uint32_t>> args_in (w.fn.blocks.size ());
  for (block_id b = 0; b < ninput; ++b)
    {
      block &blk = w.fn.blocks[b];
      if (blk.phis.empty ())
        continue;
      vec<insn> head;
      vec<winsn> head_w;
      for (uint32_t i = 0; i < blk.phis.size (); ++i)
        {
          phi &ph = w.fn.blocks[b].phis[i];
          value_id a = ph.def;
          // The lifted values take the def's allowed set: the lifted def's
          // register is where the phi's def is at the block's start.
          value tmpl = w.fn.values[a];
          tmpl.memory_only = false;
          std::string base = tmpl.name;

          auto make_copy = [&] (value_id dst, value_id src) {
            insn c;
            c.kind = insn_kind::copy;
            operand d, u;
            d.kind = operand_kind::def;
            d.value = dst;
            d.allowed = w.fn.values[dst].allowed;
            u.kind = operand_kind::use;
            u.value = src;
            u.allowed = w.fn.values[src].allowed;
            c.ops = { d, u };
            return c;
          };

          tmpl.name = base + ".phi";
          value_id v = w.add_value (tmpl, vorigin::phi_lift,
                                    spillability::spillable);
          w.fn.blocks[b].phis[i].def = v;
          head.push_back (make_copy (a, v));
          winsn cw;
          cw.role = wrole::copy;
          head_w.push_back (cw);
          w.lifted_copies.push_back ({ b, uint32_t (head.size () - 1), b, i,
                                       -1 });

          for (size_t j = 0; j < w.fn.blocks[b].preds.size (); ++j)
            {
              const block &cur = w.fn.blocks[b];
              if (cur.pred_abnormal.size () > j && cur.pred_abnormal[j])
                continue;
              block_id p = cur.preds[j];
              value_id aj = cur.phis[i].args[j];
              tmpl.name = base + ".arg" + std::to_string (j);
              value_id vj = w.add_value (tmpl, vorigin::phi_lift,
                                         spillability::spillable);
              w.fn.blocks[b].phis[i].args[j] = vj;
              block &pb = w.fn.blocks[p];
              size_t at = pb.insns.size ();
              if (at > 0 && pb.insns.back ().terminator)
                --at;
              pb.insns.insert (pb.insns.begin () + at, make_copy (vj, aj));
              winsn x;
              x.role = wrole::copy;
              w.wb[p].insns.insert (w.wb[p].insns.begin () + at, x);
              // Earlier lifted copies in P at or after AT moved by one
              // (only the terminator can follow them, and it is not a
              // lifted copy, so none did).
              args_in[p].push_back (uint32_t (w.lifted_copies.size ()));
              w.lifted_copies.push_back ({ p, uint32_t (at), b, i,
                                           int32_t (j) });
            }
        }
      // The def copies go at the start of B; shift the recorded indices
      // of the argument copies already placed in B (for phis of blocks
      // B precedes, B's own over a self loop included).
      for (uint32_t k : args_in[b])
        w.lifted_copies[k].insn += uint32_t (head.size ());
      block &bb = w.fn.blocks[b];
      bb.insns.insert (bb.insns.begin (),
                       std::make_move_iterator (head.begin ()),
                       std::make_move_iterator (head.end ()));
      w.wb[b].insns.insert (w.wb[b].insns.begin (), head_w.begin (),
                            head_w.end ());
    }

  w.dom = dominator_tree (w.fn);
  return "";
}

} // namespace ssara::ra
