// reduce.cc -- see reduce.h.

#include "reduce.h"

#include "checker.h"
#include "reference_alloc.h"
#include "test-targets.h"

namespace ssara::test {

namespace {

// Drop values nothing mentions and renumber the rest.
void
compact_values (function &f)
{
  std::vector<bool> used (f.values.size (), false);
  for (const block &b : f.blocks)
    {
      for (const phi &p : b.phis)
        {
          used[p.def] = true;
          for (value_id a : p.args)
            used[a] = true;
        }
      for (const insn &in : b.insns)
        for (const operand &op : in.ops)
          if (op.value != no_value && op.value < used.size ())
            used[op.value] = true;
    }
  keep_values (f, used);
}

// Remove operand K of IN, keeping the tie indices right.
void
drop_operand (insn &in, size_t k)
{
  in.ops.erase (in.ops.begin () + k);
  for (operand &op : in.ops)
    if (op.tied_to != no_operand)
      {
        if (size_t (op.tied_to) == k)
          op.tied_to = no_operand;
        else if (size_t (op.tied_to) > k)
          --op.tied_to;
      }
}

// Remove the edge from B to its J-th successor, with its phi arguments.
void
drop_edge (function &f, block_id b, size_t j)
{
  block_id s = f.blocks[b].succs[j];
  size_t nth = 0;
  for (size_t k = 0; k < j; ++k)
    nth += f.blocks[b].succs[k] == s;
  f.blocks[b].succs.erase (f.blocks[b].succs.begin () + j);
  block &sb = f.blocks[s];
  for (size_t k = 0, seen = 0; k < sb.preds.size (); ++k)
    if (sb.preds[k] == b && seen++ == nth)
      {
        sb.preds.erase (sb.preds.begin () + k);
        sb.pred_abnormal.erase (sb.pred_abnormal.begin () + k);
        for (phi &p : sb.phis)
          p.args.erase (p.args.begin () + k);
        return;
      }
}

// Delete the blocks not reachable from block 0 and renumber the rest.
void
drop_unreachable (function &f)
{
  size_t n = f.blocks.size ();
  std::vector<bool> seen (n, false);
  std::vector<block_id> work { 0 };
  seen[0] = true;
  while (!work.empty ())
    {
      block_id b = work.back ();
      work.pop_back ();
      for (block_id s : f.blocks[b].succs)
        if (!seen[s])
          {
            seen[s] = true;
            work.push_back (s);
          }
    }
  for (block_id b = 0; b < n; ++b)
    if (!seen[b])
      while (!f.blocks[b].succs.empty ())
        drop_edge (f, b, f.blocks[b].succs.size () - 1);
  std::vector<block_id> map (n, no_block);
  vec<block> kept;
  for (block_id b = 0; b < n; ++b)
    if (seen[b])
      {
        map[b] = block_id (kept.size ());
        kept.push_back (std::move (f.blocks[b]));
      }
  for (block &b : kept)
    {
      for (block_id &p : b.preds)
        p = map[p];
      for (block_id &s : b.succs)
        s = map[s];
    }
  f.blocks = std::move (kept);
}

// Bypass block B (no phis, no insns, one pred, one succ).
bool
bypass (function &f, block_id b)
{
  block &bb = f.blocks[b];
  if (b == 0 || !bb.phis.empty () || !bb.insns.empty ()
      || bb.preds.size () != 1 || bb.succs.size () != 1
      || bb.pred_abnormal[0])
    return false;
  block_id p = bb.preds[0], s = bb.succs[0];
  if (s == b || p == b)
    return false;
  for (block_id &x : f.blocks[p].succs)
    if (x == b)
      {
        x = s;
        break;
      }
  for (block_id &x : f.blocks[s].preds)
    if (x == b)
      {
        x = p;
        break;
      }
  bb.preds.clear ();
  bb.pred_abnormal.clear ();
  bb.succs.clear ();
  drop_unreachable (f);
  return true;
}

} // namespace

function
reduce_function (const function &f, const target &t,
                 const std::function<bool (const function &)> &fails)
{
  function best = f;
  auto try_candidate = [&] (function c) {
    compact_values (c);
    if (!verify_function (c, t).empty ())
      return false;
    // The reference allocation must also pass the checker: deleting a
    // copy into a hard register can leave a use_hard reading a register
    // nothing wrote, a program no allocator can get right.
    allocation a;
    if (!reference_allocate (c, t, &a).empty ()
        || !check_allocation (c, t, a).empty ())
      return false;
    if (!fails (c))
      return false;
    best = std::move (c);
    return true;
  };

  bool progress = true;
  for (unsigned round = 0; progress && round < 20; ++round)
    {
      progress = false;
      // Edges out of branching blocks, then empty blocks.
      for (block_id b = 0; b < best.blocks.size (); ++b)
        for (size_t j = best.blocks[b].succs.size (); j-- > 0;)
          {
            if (b >= best.blocks.size () || best.blocks[b].succs.size () < 2
                || j >= best.blocks[b].succs.size ())
              continue;
            function c = best;
            drop_edge (c, b, j);
            drop_unreachable (c);
            progress |= try_candidate (std::move (c));
          }
      for (block_id b = best.blocks.size (); b-- > 1;)
        {
          if (b >= best.blocks.size ())
            continue;
          function c = best;
          if (bypass (c, b))
            progress |= try_candidate (std::move (c));
        }
      // Whole instructions, last first.
      for (block_id b = 0; b < best.blocks.size (); ++b)
        for (size_t i = best.blocks[b].insns.size (); i-- > 0;)
          {
            if (i >= best.blocks[b].insns.size ())
              continue;
            function c = best;
            c.blocks[b].insns.erase (c.blocks[b].insns.begin () + i);
            progress |= try_candidate (std::move (c));
          }
      // Phis.
      for (block_id b = 0; b < best.blocks.size (); ++b)
        for (size_t k = best.blocks[b].phis.size (); k-- > 0;)
          {
            if (k >= best.blocks[b].phis.size ())
              continue;
            function c = best;
            c.blocks[b].phis.erase (c.blocks[b].phis.begin () + k);
            progress |= try_candidate (std::move (c));
          }
      // Operands.
      for (block_id b = 0; b < best.blocks.size (); ++b)
        for (size_t i = 0; i < best.blocks[b].insns.size (); ++i)
          for (size_t k = best.blocks[b].insns[i].ops.size (); k-- > 0;)
            {
              if (i >= best.blocks[b].insns.size ()
                  || k >= best.blocks[b].insns[i].ops.size ())
                continue;
              function c = best;
              drop_operand (c.blocks[b].insns[i], k);
              progress |= try_candidate (std::move (c));
            }
      // Constraints and flags, one at a time.
      for (block_id b = 0; b < best.blocks.size (); ++b)
        for (size_t i = 0; i < best.blocks[b].insns.size (); ++i)
          {
            const insn &in = best.blocks[b].insns[i];
            if (in.clobbers.any () || in.values_across_in_memory)
              {
                function c = best;
                c.blocks[b].insns[i].clobbers.reset ();
                c.blocks[b].insns[i].values_across_in_memory = false;
                progress |= try_candidate (std::move (c));
              }
            for (size_t k = 0; k < best.blocks[b].insns[i].ops.size (); ++k)
              {
                const operand &op = best.blocks[b].insns[i].ops[k];
                if (op.value == no_value)
                  continue;
                if (op.tied_to != no_operand || op.earlyclobber
                    || op.allowed != best.values[op.value].allowed)
                  {
                    function c = best;
                    operand &o = c.blocks[b].insns[i].ops[k];
                    o.tied_to = no_operand;
                    o.earlyclobber = false;
                    o.allowed = c.values[o.value].allowed;
                    progress |= try_candidate (std::move (c));
                  }
              }
          }
      // Narrow values made whole.
      for (value_id v = 0; v < best.values.size (); ++v)
        if (best.values[v].bytes != 0)
          {
            function c = best;
            c.values[v].bytes = 0;
            progress |= try_candidate (std::move (c));
          }
      for (value_id v = 0; v < best.values.size (); ++v)
        {
          const value &val = best.values[v];
          hreg_set all = start_regs (t, val.file, val.width);
          if (val.memory_only || val.allowed != all)
            {
              function c = best;
              c.values[v].memory_only = false;
              // Keep the operands' own sets as they were.
              for (block &bb : c.blocks)
                for (insn &in : bb.insns)
                  for (operand &op : in.ops)
                    if (op.value == v && op.allowed == val.allowed)
                      op.allowed = all;
              c.values[v].allowed = all;
              progress |= try_candidate (std::move (c));
            }
        }
    }
  return best;
}

} // namespace ssara::test
