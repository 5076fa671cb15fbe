// spill_weights.cc -- the paper's spill weights (seed 001, section 4.4,
// ComputeWeight): a value's uses and defs by frequency over the size of
// its live range.  The spiller's spill=pereira policy evicts the
// lightest value (spilling.cc, spiller::victim_choice).

#include "work.h"

#include <algorithm>

namespace ssara::ra {

namespace {

// Return the block containing position P.
block_id
block_of (const work &w, pos_t p)
{
  size_t lo = 0, hi = w.wb.size ();
  while (hi - lo > 1)
    {
      size_t mid = (lo + hi) / 2;
      if (w.wb[mid].start <= p)
        lo = mid;
      else
        hi = mid;
    }
  return block_id (lo);
}

} // namespace

vec<double>
compute_weights (work &w)
{
  const size_t nv = w.fn.values.size ();
  vec<double> sum (nv, 0.0), size (nv, 0.0);
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      const block &blk = w.fn.blocks[b];
      double here = block_frequency (w, b);
      for (const insn &i : blk.insns)
        for (const operand &o : i.ops)
          if (o.kind == operand_kind::def)
            sum[o.value] += here;
          else if (o.kind == operand_kind::use)
            sum[o.value] += here;
      for (const phi &ph : blk.phis)
        for (size_t k = 0; k < ph.args.size (); ++k)
          {
            value_id a = ph.args[k];
            if (a == ph.def)
              continue;
            double edge = block_frequency (w, blk.preds[k]);
            // The def's weight counts only the arguments still in
            // registers: a spilled argument of a spilled def costs nothing
            // (seed 001, the dynamic update of 4.4).
            if (!w.wv[a].spilled)
              sum[ph.def] += edge;
            sum[a] += edge;
          }
    }
  // The size of a live range (seed 001, 4.4): the definition points it
  // covers (its own included: a value used right after its definition
  // has size 1), plus the CFG edges it is live over (an edge split by
  // PhiLifting counts once).
  vec<vec<uint32_t>> defs_before (w.fn.blocks.size ());
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      const block &blk = w.fn.blocks[b];
      auto &pre = defs_before[b];
      pre.assign (blk.insns.size () + 1, 0);
      for (size_t j = 0; j < blk.insns.size (); ++j)
        {
          bool defines = false;
          for (const operand &o : blk.insns[j].ops)
            defines |= o.kind == operand_kind::def
                       || o.kind == operand_kind::def_hard;
          pre[j + 1] = pre[j] + defines;
        }
    }
  for (value_id v = 0; v < nv; ++v)
    {
      double s = 0;
      for (auto [a, e] : w.live.intervals[v])
        {
          block_id b = block_of (w, a);
          long st = long (w.wb[b].start) + 3;
          long n = long (w.fn.blocks[b].insns.size ());
          if (long (e) < st)
            continue;
          long lo = std::max (0L, (long (a) - st + 2) / 3);
          long hi = std::min (n - 1, (long (e) - st) / 3);
          if (hi >= lo)
            s += double (defs_before[b][hi + 1] - defs_before[b][lo]);
        }
      size[v] = s;
    }
  // Each edge b -> s counts for the values live out of b that are live
  // into s or that a phi of s reads on it: b's live-out list merged with
  // s's live-in list and with the phi arguments of the edge (all sorted).
  vec<value_id> edge_args;
  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      const block &blk = w.fn.blocks[b];
      const vec<value_id> &out = w.live.live_out[b];
      for (block_id s : blk.succs)
        {
          if (w.wb[s].in_block == no_block)
            continue;
          const block &sb = w.fn.blocks[s];
          edge_args.clear ();
          for (size_t k = 0; k < sb.preds.size (); ++k)
            if (sb.preds[k] == b)
              for (const phi &ph : sb.phis)
                edge_args.push_back (ph.args[k]);
          std::sort (edge_args.begin (), edge_args.end ());
          const vec<value_id> &in = w.live.live_in[s];
          size_t i = 0, a = 0;
          for (value_id v : out)
            {
              while (i < in.size () && in[i] < v)
                ++i;
              while (a < edge_args.size () && edge_args[a] < v)
                ++a;
              if ((i < in.size () && in[i] == v)
                  || (a < edge_args.size () && edge_args[a] == v))
                size[v] += 1;
            }
        }
    }
  vec<double> weight (nv);
  for (value_id v = 0; v < nv; ++v)
    weight[v] = sum[v] / std::max (size[v], 1.0);
  return weight;
}

} // namespace ssara::ra
