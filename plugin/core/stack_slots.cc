// stack_slots.cc -- stack slots for memory cells, shared when their
// contents are never live at once (frame-slot colouring, seed 002).
//
// A cell is live where one of its values is live in memory (a spilled
// value, or one that spilling.cc stores and reloads in places): from
// the value's store (or, for a phi def, the ends of its block's
// predecessors, where deconstruction writes it) to its reloads and to the
// ends of the predecessors that pass it to a phi.  Liveness is computed at
// block granularity, and each cell is reduced to its extent: the first
// and last linear positions of the blocks it is live in.  Cells of equal
// size whose extents are disjoint share a slot; sorting the extents and
// reusing the slot that fell free first colours this interval graph
// optimally in O(n log n).  The scratch cell gets a slot of its own.
// Cells that no edit and no load or store refers to get no slot.

#include "work.h"

#include <algorithm>
#include <map>
#include <queue>

namespace ssara::ra {

void
assign_stack_slots (work &w)
{
  const size_t nb = w.fn.blocks.size (), nv = w.fn.values.size ();
  const size_t nc = w.cells.size ();
  vec<bool> used (nc, false);
  for (block_id b = 0; b < nb; ++b)
    {
      for (const winsn &x : w.wb[b].insns)
        if ((x.role == wrole::load || x.role == wrole::store)
            && x.cell != no_cell)
          used[x.cell] = true;
      for (const edit &e : w.wb[b].end_edits)
        if (e.slot != no_slot)
          used[e.slot] = true;
      for (const phi &ph : w.fn.blocks[b].phis)
        if (w.wv[ph.def].spilled && w.wv[ph.def].cell != no_cell)
          used[w.wv[ph.def].cell] = true;
    }

  // Def and use blocks of each spilled value's memory copy.
  vec<block_id> def_block (nv, no_block);
  vec<vec<block_id>> uses (nv);
  vec<vec<block_id>> touched (nv);
  for (block_id b = 0; b < nb; ++b)
    {
      const block &blk = w.fn.blocks[b];
      for (const phi &ph : blk.phis)
        {
          if (w.wv[ph.def].spilled)
            {
              def_block[ph.def] = b;
              for (block_id p : blk.preds)
                touched[ph.def].push_back (p);
            }
          else if (w.wv[ph.def].cell != no_cell)
            def_block[ph.def] = b;
          // (An argument in a register that its cell holds too passes
          // to a memory phi through that cell as a spilled one does.)
          for (size_t k = 0; k < ph.args.size (); ++k)
            if (w.wv[ph.args[k]].spilled || w.wv[ph.args[k]].lands_in_cell)
              {
                value_id a = ph.args[k];
                uses[a].push_back (blk.preds[k]);
                // A spilled shared reload reads the cell of the value it
                // carries, which is live back to that value's store.
                if (w.wv[a].shared_reload && w.wv[a].carries != no_value)
                  uses[w.wv[a].carries].push_back (blk.preds[k]);
              }
        }
      for (size_t j = 0; j < blk.insns.size (); ++j)
        {
          const insn &i = blk.insns[j];
          const winsn &x = w.wb[b].insns[j];
          for (const operand &o : i.ops)
            if (o.kind == operand_kind::def
                && w.wv[o.value].cell != no_cell)
              def_block[o.value] = b;
          if (x.role == wrole::load || (x.role == wrole::nop && !i.ops.empty ()))
            {
              value_id c = x.extends ? x.from
                                     : w.wv[i.ops[0].value].carries;
              if (c != no_value)
                uses[c].push_back (b);
            }
          if (x.role == wrole::store)
            {
              // A store of a register temp (through a via file, or of
              // an operand temp a spilled value is copied out of, which
              // then stands for its def: spill_placement.cc) writes the
              // cell of the value it carries.
              value_id v = i.ops[0].value;
              if (!w.wv[v].spilled && w.wv[v].carries != no_value)
                {
                  v = w.wv[v].carries;
                  if (def_block[v] == no_block)
                    def_block[v] = b;
                }
              touched[v].push_back (b);
            }
        }
    }

  vec<pos_t> lo (nc, ~pos_t (0)), hi (nc, 0);
  auto cover = [&] (cell_id c, block_id b) {
    lo[c] = std::min (lo[c], w.pos_start (b));
    hi[c] = std::max (hi[c], w.pos_end (b));
  };
  vec<value_id> mark (nb, no_value);
  vec<block_id> stack;
  for (value_id v = 0; v < nv; ++v)
    {
      cell_id c = w.wv[v].cell;
      if (c == no_cell)
        continue;
      if (def_block[v] != no_block)
        cover (c, def_block[v]);
      for (block_id b : touched[v])
        cover (c, b);
      for (block_id u : uses[v])
        {
          if (mark[u] == v)
            continue;
          stack.push_back (u);
          while (!stack.empty ())
            {
              block_id x = stack.back ();
              stack.pop_back ();
              if (mark[x] == v)
                continue;
              mark[x] = v;
              cover (c, x);
              if (x == def_block[v] || def_block[v] == no_block)
                continue;
              for (block_id q : w.fn.blocks[x].preds)
                if (mark[q] != v)
                  stack.push_back (q);
            }
        }
    }

  // Colour the extents, per (size, align).
  vec<cell_id> order;
  for (cell_id c = 0; c < nc; ++c)
    if (used[c] && c != w.scratch)
      {
        if (lo[c] > hi[c])
          lo[c] = hi[c] = 0;
        order.push_back (c);
      }
  std::sort (order.begin (), order.end (), [&] (cell_id a, cell_id b) {
    return lo[a] < lo[b] || (lo[a] == lo[b] && a < b);
  });
  using free_at = std::pair<pos_t, slot_id>;
  std::map<std::pair<uint32_t, uint32_t>,
           std::priority_queue<free_at, vec<free_at>,
                               std::greater<free_at>>>
    active;
  vec<stack_slot> &slots = w.slots;
  slots.clear ();
  for (cell_id c : order)
    {
      auto &q = active[{ w.cells[c].size, w.cells[c].align }];
      slot_id s;
      if (!q.empty () && q.top ().first < lo[c])
        {
          s = q.top ().second;
          q.pop ();
        }
      else
        {
          s = slot_id (slots.size ());
          slots.push_back ({ w.cells[c].size, w.cells[c].align });
        }
      w.cells[c].slot = s;
      q.push ({ hi[c], s });
    }
  if (w.scratch != no_cell && used[w.scratch])
    {
      w.cells[w.scratch].slot = slot_id (slots.size ());
      slots.push_back ({ w.cells[w.scratch].size, w.cells[w.scratch].align });
    }
}

} // namespace ssara::ra
