// preferences.cc -- register preferences for preference-guided colour
// assignment (after M. Braun, C. Mallon, S. Hack, "Preference-Guided
// Register Assignment", CC 2010).
//
// Colour assignment gives a value its register at its definition, in
// dominator order, so a value cannot see the copies, phis and fixed
// registers it will meet later.  This phase collects them beforehand:
//
//   * affinities (work::affinity): pairs of values that would rather share
//     a register, each weighted by the frequency of the place where a
//     copy between them would run (a copy's block, a phi argument's
//     predecessor edge, the instruction of a tied operand):
//       - a copy  d := s  (input copies, operand copies of constraint
//         lifting, lifted phi copies PhiMemCoalesce kept), and a move of
//         a low part (insn::moves_low_part: a copy in all but mode);
//       - a phi def and each of its arguments;
//       - the copy of a tied use and the def that reuses its register
//         (wvalue::tie_def);
//   * register preferences (work::pref), seeded by fixed registers: the
//     source of a copy into a hard register (an argument register before
//     a call, the return register), the def of a copy out of one (a
//     call's result), a value whose allowed set is a single register (an
//     operand temp for r3 or cr0), each with its block's frequency; then
//     propagated along affinities, `preference_rounds` times, halved at
//     every hop and never stronger than the affinity it crosses, so a
//     value computed and then copied into r3 prefers r3 too.
//
// Colour assignment (color_assignment.cc) ranks a value's free registers
// by its preferences plus what its already coloured affinity neighbours
// pass on when they get their registers (work::affinities again), so a
// loop-header phi's register flows forward to the back-edge argument
// chain defined later in the loop, with the back edge's frequency.
//
// Frequencies are the block weights of ComputeWeight (1 + 10^depth).
//
// Invariant (what colour assignment relies on): affinities[v] and pref[v]
// exist for every working value, affinities are symmetric, and pref[v]
// names only registers in v's allowed set, each once, with a weight > 0.

#include "work.h"

#include <algorithm>
#include <cmath>

namespace ssara::ra {

// Propagation rounds: a preference reaches values up to this many
// affinities away from its seed (each round is one hop; the loop is
// bounded by the constant).
constexpr unsigned preference_rounds = 3;

// Weight kept at each hop.
constexpr double preference_decay = 0.5;

// Loop depths beyond this count as this (10^30 still fits a double with
// room for sums).  Colour assignment's ComputeWeight uses the same
// frequencies.
constexpr unsigned max_frequency_depth = 30;

double
block_frequency (const work &w, block_id b)
{
  if (w.fn.blocks[b].frequency >= 0)
    return w.fn.blocks[b].frequency;
  unsigned d = std::min (w.fn.blocks[b].loop_depth, max_frequency_depth);
  return 1.0 + std::pow (10.0, double (d));
}

void
add_preference (vec<std::pair<hreg, double>> &p, hreg h, double wt)
{
  for (auto &[r, x] : p)
    if (r == h)
      {
        x += wt;
        return;
      }
  p.push_back ({ h, wt });
}

namespace {

void
add_affinity (work &w, value_id a, value_id b, double wt)
{
  if (a == b || a == no_value || b == no_value)
    return;
  if (w.fn.values[a].file != w.fn.values[b].file
      || w.fn.values[a].width != w.fn.values[b].width)
    return;
  for (value_id x : { a, b })
    {
      value_id y = x == a ? b : a;
      bool found = false;
      for (auto &af : w.affinities[x])
        if (af.other == y)
          {
            af.weight += wt;
            found = true;
          }
      if (!found)
        w.affinities[x].push_back ({ y, wt });
    }
}

void
seed (work &w, vec<vec<std::pair<hreg, double>>> &s,
      value_id v, hreg h, double wt)
{
  if (w.fn.values[v].allowed.test (h))
    add_preference (s[v], h, wt);
}

} // namespace

void
compute_preferences (work &w)
{
  const size_t nv = w.fn.values.size ();
  w.affinities.assign (nv, {});
  vec<vec<std::pair<hreg, double>>> seeds (nv);

  auto single = [&] (value_id v) -> hreg {
    const hreg_set &a = w.fn.values[v].allowed;
    if (a.count () != 1)
      return no_hreg;
    for (hreg h = 0; h < max_hard_regs; ++h)
      if (a.test (h))
        return h;
    return no_hreg;
  };

  for (block_id b = 0; b < w.fn.blocks.size (); ++b)
    {
      const block &blk = w.fn.blocks[b];
      double f = block_frequency (w, b);
      for (const phi &ph : blk.phis)
        for (size_t k = 0; k < ph.args.size (); ++k)
          add_affinity (w, ph.def, ph.args[k],
                        block_frequency (w, blk.preds[k]));
      for (const insn &i : blk.insns)
        {
          for (const operand &o : i.ops)
            if (o.kind == operand_kind::def)
              {
                if (hreg h = single (o.value); h != no_hreg)
                  seed (w, seeds, o.value, h, f);
                if (value_id d = w.wv[o.value].tie_def; d != no_value)
                  add_affinity (w, o.value, d, f);
              }
          // A move of a low part is one def and one use, as a copy of
          // two values is.
          if ((i.kind != insn_kind::copy && !i.moves_low_part)
              || i.ops.size () != 2)
            continue;
          // A copy names its destination and its source in either order
          // (the importer keeps the RTL's; ir.h).
          const bool dest_first = i.ops[0].kind == operand_kind::def
                                  || i.ops[0].kind == operand_kind::def_hard;
          const operand &d = i.ops[dest_first ? 0 : 1];
          const operand &s = i.ops[dest_first ? 1 : 0];
          if (d.kind == operand_kind::def && s.kind == operand_kind::use)
            add_affinity (w, d.value, s.value, f);
          else if (d.kind == operand_kind::def_hard
                   && s.kind == operand_kind::use)
            seed (w, seeds, s.value, d.reg, f);
          else if (d.kind == operand_kind::def
                   && s.kind == operand_kind::use_hard)
            seed (w, seeds, d.value, s.reg, f);
        }
    }
  // A tied use's copy also answers for its def (colour assignment gives
  // them one register): the def's fixed register is the copy's too.
  for (value_id v = 0; v < nv; ++v)
    if (value_id d = w.wv[v].tie_def; d != no_value)
      if (hreg h = single (d); h != no_hreg)
        seed (w, seeds, v, h, 1.0);

  // Propagation: each round passes every value's preferences one
  // affinity further (Jacobi style, from the previous round's table).
  w.pref = seeds;
  // Each round's table starts from the seeds in the storage of the
  // round before last (swapped out below): assigning a list reuses its
  // capacity, where a copy of the table cost an allocation per value.
  vec<vec<std::pair<hreg, double>>> next (nv);
  for (unsigned round = 0; round < preference_rounds; ++round)
    {
      for (value_id v = 0; v < nv; ++v)
        next[v].assign (seeds[v].begin (), seeds[v].end ());
      bool any = false;
      for (value_id v = 0; v < nv; ++v)
        for (const work::affinity &af : w.affinities[v])
          for (auto [h, p] : w.pref[af.other])
            if (w.fn.values[v].allowed.test (h))
              {
                add_preference (next[v], h,
                                preference_decay * std::min (p, af.weight));
                any = true;
              }
      w.pref.swap (next);
      if (!any)
        break;
    }
}

} // namespace ssara::ra
