// edge_code.cc -- the code of a split edge runs at the end of its
// predecessor where that is safe and cheaper (after SSA deconstruction).
//
// PhiLifting (and the splitting spiller) give an edge P -> S a block of
// its own when S needs code on it and P has other successors: a phi's
// copies, reloads for S's start set.  In the final code that block is
// the edge's, and usually costs a jump besides its moves (tree-sitter's
// ts_language_table_entry: a loop latch that also leaves the loop, its
// back edge one copy and a jump on every iteration, where IRA/LRA put
// the copy before the latch's branch).  The code can run before P's
// terminator instead, on every out-edge of P, if
//
//   * it is register moves only (copies, swaps through registers): no
//     store, whose slot may be another value's on the other paths, and
//     no load or recomputation, which would run on every path where
//     GCC's static estimate is wrong (a loop's back edge taken for hot
//     where the loop runs once: tree-sitter -O2 +1.3 M instructions
//     when they moved too; reload_elision.cc sinks a critical edge's
//     loads into its successor instead);
//   * no register it writes is read by P's terminator, and the
//     terminator writes nothing (its reads see what they saw);
//   * no register it writes is live at the start of another successor
//     of P (on those paths it would destroy a live value);
//   * by frequency, P's runs times its instructions cost no more than
//     the edge's runs times its instructions and a jump, the edge's
//     runs taken at their lower bound, P's less those of its other
//     successors (the IR has no edge frequencies); always, when
//     optimising for size.
//
// Only one split edge of each P moves: the code of two would run one
// after the other on each path, and the second could overwrite what
// the first left for its successor.
//
// The register liveness is a backward dataflow over the working
// function with the final registers: an operand reads or writes its
// value's register (a def_hard or use_hard its register), clobbers
// write, an end edit reads its source and writes its destination and
// temporary, a phi's def is written at its block's start and its
// arguments read at the ends of the predecessors.  Moving an edge's
// code never makes a register live where it was not (its sources were
// live at P's end already, through the edge), so the liveness computed
// before any move stays a safe over-approximation after it.

#include "work.h"

#include <algorithm>

namespace ssara::ra {

namespace {

// Registers read and written by the working function's code, per block.
struct register_liveness
{
  vec<hreg_set> in, out;
};

hreg_set
reg_span (const work &w, value_id v)
{
  if (v == no_value || w.wv[v].spilled || w.wv[v].reg == no_hreg)
    return hreg_set ();
  return work::span (w.wv[v].reg, w.fn.values[v].width);
}

// A block's effect on liveness, backwards: live at its start =
// gen | (live at its end & ~kill).
struct transfer_fn
{
  hreg_set gen, kill;
  // Add code before what T covers that reads USES and writes DEFS (an
  // instruction, an edit): live = (live & ~DEFS) | USES before it.
  void step (const hreg_set &defs, const hreg_set &uses)
  {
    kill |= defs;
    gen &= ~defs;
    gen |= uses;
  }
};

// The registers instruction I's operands write (DEFS) and read (USES),
// its clobbers not included.
void
operand_regs (const work &w, const insn &i, hreg_set &defs, hreg_set &uses)
{
  defs.reset ();
  uses.reset ();
  for (const operand &o : i.ops)
    if (o.kind == operand_kind::def)
      defs |= reg_span (w, o.value);
    else if (o.kind == operand_kind::def_hard)
      defs |= work::span (o.reg, o.width);
    else if (o.kind == operand_kind::use)
      uses |= reg_span (w, o.value);
    else if (o.kind == operand_kind::use_hard)
      uses |= work::span (o.reg, o.width);
}

// Add, backwards, what instruction I reads and writes to T.
void
step_insn (const work &w, const insn &i, transfer_fn &t)
{
  hreg_set defs, uses;
  operand_regs (w, i, defs, uses);
  t.step (defs | i.clobbers, uses);
}

// The registers edit E writes and reads.
hreg_set
edit_writes (const edit &e)
{
  hreg_set s;
  if (e.k != edit::kind::store && e.dst_reg != no_hreg)
    s |= work::span (e.dst_reg, e.width);
  if (e.k == edit::kind::swap && e.src_reg != no_hreg)
    s |= work::span (e.src_reg, e.width);
  if (e.temp != no_hreg)
    s |= work::span (e.temp, e.width);
  return s;
}

hreg_set
edit_reads (const edit &e)
{
  hreg_set s;
  if ((e.k == edit::kind::copy || e.k == edit::kind::store
       || e.k == edit::kind::swap) && e.src_reg != no_hreg)
    s |= work::span (e.src_reg, e.width);
  if (e.k == edit::kind::swap && e.dst_reg != no_hreg)
    s |= work::span (e.dst_reg, e.width);
  return s;
}

// Block B's code (its end edits, instructions and phi defs), backwards.
transfer_fn
block_transfer (const work &w, block_id b)
{
  transfer_fn t;
  const wblock &x = w.wb[b];
  for (auto e = x.end_edits.rbegin (); e != x.end_edits.rend (); ++e)
    t.step (edit_writes (*e), edit_reads (*e));
  const block &blk = w.fn.blocks[b];
  for (auto i = blk.insns.rbegin (); i != blk.insns.rend (); ++i)
    step_insn (w, *i, t);
  for (const phi &ph : blk.phis)
    t.step (reg_span (w, ph.def), hreg_set ());
  return t;
}

// Termination: IN and OUT only grow, and are bounded by max_hard_regs
// bits per block; each pass that changes nothing ends the loop.
register_liveness
compute_register_liveness (const work &w)
{
  const size_t nb = w.fn.blocks.size ();
  register_liveness L;
  L.in.assign (nb, hreg_set ());
  L.out.assign (nb, hreg_set ());
  vec<transfer_fn> fn (nb);
  for (block_id b = 0; b < nb; ++b)
    fn[b] = block_transfer (w, b);
  // The phi arguments each block passes on, per block.
  vec<hreg_set> passed (nb);
  for (block_id b = 0; b < nb; ++b)
    for (const phi &ph : w.fn.blocks[b].phis)
      for (size_t k = 0; k < ph.args.size (); ++k)
        passed[w.fn.blocks[b].preds[k]] |= reg_span (w, ph.args[k]);
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (block_id b = nb; b-- > 0;)
        {
          hreg_set out = passed[b];
          for (block_id s : w.fn.blocks[b].succs)
            out |= L.in[s];
          hreg_set in = fn[b].gen | (out & ~fn[b].kill);
          if (out != L.out[b] || in != L.in[b])
            {
              L.out[b] = out;
              L.in[b] = in;
              changed = true;
            }
        }
    }
  return L;
}

// What split block E's code writes, and how many instructions it is;
// false if it may not run anywhere but its edge.
bool
movable_code (const work &w, block_id e, hreg_set &writes, unsigned &count)
{
  const block &blk = w.fn.blocks[e];
  const wblock &x = w.wb[e];
  writes.reset ();
  count = 0;
  if (!blk.phis.empty ())
    return false;
  for (size_t j = 0; j < blk.insns.size (); ++j)
    {
      const insn &i = blk.insns[j];
      switch (x.insns[j].role)
        {
        case wrole::nop:
        case wrole::folded:
          continue;
        case wrole::copy:
        case wrole::hard_copy:
          break;
        default:
          return false;
        }
      if (i.clobbers.any () || i.terminator)
        return false;
      hreg_set d, u;
      operand_regs (w, i, d, u);
      // A copy within one register is no code.
      if (d != u)
        ++count;
      writes |= d;
    }
  for (const edit &ed : x.end_edits)
    {
      if ((ed.k != edit::kind::copy && ed.k != edit::kind::swap)
          || (ed.k == edit::kind::swap && ed.temp == no_hreg
              && ed.slot != no_slot))
        return false;
      writes |= edit_writes (ed);
      count += ed.k == edit::kind::swap ? 3 : 1;
    }
  return true;
}

} // namespace

void
place_edge_code (work &w)
{
  const size_t nb = w.fn.blocks.size ();
  const size_t ninput = w.in.blocks.size ();
  // Candidates: split blocks whose predecessor is an input block with
  // other successors and ends in a branch that writes nothing, and whose
  // code is register moves that write no register the branch reads.
  // (Checked before the liveness, which most functions then need not
  // compute.)
  struct candidate
  {
    block_id e;
    hreg_set writes;
    unsigned count;
  };
  vec<candidate> candidates;
  for (block_id e = 0; e < nb; ++e)
    {
      const wblock &x = w.wb[e];
      const block &blk = w.fn.blocks[e];
      if (x.in_block != no_block || x.edge_from == no_block
          || blk.preds.size () != 1 || blk.succs.size () != 1)
        continue;
      // E after P: the record keeps E's edits after P's own there.
      block_id p = blk.preds[0];
      if (p >= e || w.wb[p].in_block != x.edge_from
          || x.edge_from >= ninput || w.fn.blocks[p].succs.size () < 2)
        continue;
      hreg_set writes;
      unsigned count = 0;
      if (!movable_code (w, e, writes, count) || count == 0)
        continue;
      const block &pb = w.fn.blocks[p];
      if (pb.insns.empty () || !pb.insns.back ().terminator)
        continue;
      const insn &term = pb.insns.back ();
      const bool term_writes
        = std::any_of (term.ops.begin (), term.ops.end (),
                       [] (const operand &o) {
                         return o.kind == operand_kind::def
                                || o.kind == operand_kind::def_hard;
                       });
      hreg_set term_defs, term_reads;
      operand_regs (w, term, term_defs, term_reads);
      if (term_writes || term.clobbers.any () || term.values_across_in_memory
          || (writes & term_reads).any ())
        continue;
      candidates.push_back ({ e, writes, count });
    }
  if (candidates.empty ())
    return;

  const register_liveness L = compute_register_liveness (w);
  // best[p]: the split block of P chosen so far, and its saving.
  vec<std::pair<block_id, double>> best (nb, { no_block, 0.0 });
  for (const candidate &c : candidates)
    {
      const block_id e = c.e;
      const hreg_set &writes = c.writes;
      const unsigned count = c.count;
      const block_id p = w.fn.blocks[e].preds[0];
      const block &pb = w.fn.blocks[p];
      bool ok = true;
      // Every other out-edge: nothing written may be live there, and it
      // must be an edge code can reach from P's end (not abnormal).
      for (block_id s : pb.succs)
        {
          if (s == e)
            continue;
          const block &sb = w.fn.blocks[s];
          for (size_t k = 0; k < sb.preds.size (); ++k)
            if (sb.preds[k] == p && !sb.pred_abnormal.empty ()
                && sb.pred_abnormal[k])
              ok = false;
          if ((writes & L.in[s]).any ())
            ok = false;
          // A phi of S reads its argument from P's end: that register is
          // in passed[P], counted in L.out[p] but not in L.in[s].
          for (const phi &ph : sb.phis)
            for (size_t k = 0; k < sb.preds.size (); ++k)
              if (sb.preds[k] == p
                  && (writes & reg_span (w, ph.args[k])).any ())
                ok = false;
        }
      if (!ok)
        continue;
      // The edge runs at least as often as P less what its other
      // successors run (the IR has no edge frequencies): a lower bound,
      // so that code moves only where that surely pays.
      const double fp = block_frequency (w, p);
      double others = 0;
      for (block_id s : pb.succs)
        if (s != e)
          others += block_frequency (w, s);
      const double fe = std::max (0.0, fp - others);
      const double saving = fe * (count + 1) - fp * count;
      if (w.opts.goal == cost_goal::speed && saving < 0)
        continue;
      if (best[p].first == no_block || saving > best[p].second)
        best[p] = { e, saving };
    }
  for (block_id p = 0; p < nb; ++p)
    if (best[p].first != no_block)
      {
        w.wb[best[p].first].at_pred_end = true;
        ++w.stats.edge_code_hoisted;
      }
}

} // namespace ssara::ra
