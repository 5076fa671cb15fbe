// copy_folding.cc -- copies of the input whose def shares its source's
// register (value-based coalescing; B. Boissinot et al., "Revisiting
// Out-of-SSA Translation for Correctness, Code Quality, and
// Efficiency", CGO 2009).
//
// In SSA a value never changes, so the def D of a copy  D := S  holds
// S's value for as long as either lives: the two need one register, not
// two, even where both are live (they interfere by live range, not by
// value).  GCC's pre-allocation RTL keeps many such copies (out of its
// SSA form, around loops, for a value used after a point where a copy of
// it was made); IRA coalesces them, and colouring D and S separately
// leaves a register move in the code for each (zlib -O2: 640 of ssara's
// 872 static moves, against stock's 534 in all).
//
// The phase renames every read of D to S (instruction operands and phi
// arguments) before anything else runs, so that S's live range covers
// D's: the register demand never grows (where both lived, one value now
// does).  The copy itself leaves the working function (role `folded`, no
// operands; D's origin `dead`, `folded_into` S): the allocation record
// lists it as removed, the adapter deletes it, and the checker and the
// interpreter take D's value to be S's (a copy of an SSA value is that
// value), so they find S where the input reads D.

// A copy is folded only where nothing but its value tells D and S apart:
// both plain values of one file, width and size, the same allowed
// registers (so S's constraints serve D's reads, and the copy's operands
// accept the shared register), neither memory-only, and neither passed
// to a phi over an abnormal edge (whose def must share its arguments'
// location).  Copies from and to hard registers (arguments, results) are
// not folded: they are constraints, left to preferences.
//
// Then phis of one block whose arguments have become the same values are
// merged (merge_phis): they are one value.  The two steps need each
// other.  zlib's longest_match copies best_len in its loop header into
// the pseudo it returns, and the loop's join has a phi for each.  Folded
// alone, the copy made the join's two phis read the same values, and
// they interfered: two registers and two copies ran per iteration (60 M)
// where the one copy had run.  Merged, the join has one phi, the loop
// runs no copy, and with 8 GPRs one register more is free in the loop
// (zlib: 0.939x of stock's instructions at -O2, from 1.001x).

#include "work.h"

#include <algorithm>

namespace ssara::ra {

namespace {

// If I is a foldable copy shape, one plain def and one plain use, set
// DEF and USE to them and return true.
bool
copy_operands (const insn &i, const operand *&def, const operand *&use)
{
  def = use = nullptr;
  if (i.kind != insn_kind::copy || i.ops.size () != 2 || i.terminator)
    return false;
  for (const operand &o : i.ops)
    if (o.kind == operand_kind::def)
      def = &o;
    else if (o.kind == operand_kind::use)
      use = &o;
  return def && use && !def->earlyclobber && def->tied_to == no_operand;
}

// Whether a value X may be read where Y is, and Y where X is: one file,
// width, size and allowed set, neither memory-only.
bool
same_kind (const value &x, const value &y)
{
  return x.file == y.file && x.width == y.width && x.bytes == y.bytes
         && x.allowed == y.allowed && !x.memory_only && !y.memory_only;
}

// Merge the phis of one block whose arguments are the same values (after
// the copies folded so far): they hold one value, so need one register
// and one set of edge moves.  A merged phi P gets rep[P] = Q (the first
// phi of its block with P's arguments) and leaves the block's phi list;
// FIND follows rep.  Such pairs arise where GCC copied one value into
// two pseudos that a join then merges twice (zlib's longest_match:
// best_len and the copy of it it returns).
//
// A trivial phi, whose arguments are one value X or the phi itself, is
// X (Braun et al., "Simple and Efficient Construction of SSA Form", CC
// 2013: X dominates the phi's block): rep[P] = X.  The importer keeps
// the one-input phis rtl-ssa puts at EBB heads, each a copy on its
// block's one in-edge; apart, the phi and X overlapped wherever X stayed
// live past it, two registers for one value and a copy where they
// differed (SQLite's btreeParseCellPtr ran a cycle of three moves on its
// hot path for two such phis), and a loop header's phi whose back edge
// brought back, through such phis, the header's own value was stored
// and reloaded around the loop.  Return the number merged or folded.
//
// A merge can make two other phis' arguments equal (a phi of a later
// join reading P and Q), and a fold can make a phi trivial (its back
// edge's argument was a one-input phi of it), so this repeats until a
// round merges nothing.
// Termination: every round but the last merges at least one phi, and a
// merged phi never takes part again, so there are at most
// (number of phis + 1) rounds (max_rounds, the named cap).
template <typename Find>
size_t
merge_phis (work &w, const vec<bool> &abnormal_arg,
            vec<value_id> &rep, Find &find)
{
  function &fn = w.fn;
  size_t nphis = 0;
  for (const block &blk : fn.blocks)
    nphis += blk.phis.size ();
  const size_t max_rounds = nphis + 1;
  size_t merged = 0;
  vec<std::pair<vec<value_id>, value_id>> keys;
  for (size_t round = 0; round < max_rounds; ++round)
    {
      size_t before = merged;
      for (block &blk : fn.blocks)
        {
          bool abnormal = false;
          for (bool a : blk.pred_abnormal)
            abnormal |= a;
          if (abnormal)
            continue;
          keys.clear ();
          for (const phi &ph : blk.phis)
            {
              if (find (ph.def) != ph.def)
                continue;
              vec<value_id> args;
              args.reserve (ph.args.size ());
              value_id only = no_value;
              bool several = false;
              for (value_id a : ph.args)
                {
                  args.push_back (find (a));
                  if (args.back () != ph.def)
                    {
                      several |= only != no_value && only != args.back ();
                      only = args.back ();
                    }
                }
              // A trivial phi: every argument is one value or the phi.
              if (only != no_value && !several
                  && same_kind (fn.values[ph.def], fn.values[only])
                  && !abnormal_arg[ph.def] && !abnormal_arg[only])
                {
                  rep[ph.def] = only;
                  ++merged;
                  continue;
                }
              keys.push_back ({ std::move (args), ph.def });
            }
          // Stable: the first phi of each group is the one kept.
          std::stable_sort (keys.begin (), keys.end (),
                            [] (const auto &a, const auto &b) {
                              return a.first < b.first;
                            });
          for (size_t k = 1, head = 0; k < keys.size (); ++k)
            {
              if (keys[k].first != keys[head].first)
                {
                  head = k;
                  continue;
                }
              value_id p = keys[k].second, q = keys[head].second;
              if (!same_kind (fn.values[p], fn.values[q]))
                continue;
              rep[p] = q;
              ++merged;
            }
        }
      if (merged == before)
        break;
    }
  return merged;
}

} // namespace

void
fold_copies (work &w)
{
  function &fn = w.fn;
  const size_t nv = fn.values.size ();
  // Phi arguments passed over an abnormal edge.
  vec<bool> abnormal_arg (nv, false);
  for (const block &blk : fn.blocks)
    for (size_t k = 0; k < blk.preds.size (); ++k)
      if (k < blk.pred_abnormal.size () && blk.pred_abnormal[k])
        for (const phi &ph : blk.phis)
          abnormal_arg[ph.args[k]] = true;

  // rep[v]: the value whose register v's reads use.  Each folded def
  // points at its copy's source, which is defined earlier (it dominates
  // the copy), so following rep ends.
  vec<value_id> rep (nv);
  for (value_id v = 0; v < nv; ++v)
    rep[v] = v;
  auto find = [&] (value_id v) {
    value_id r = v;
    while (rep[r] != r)
      r = rep[r];
    while (rep[v] != r)
      {
        value_id n = rep[v];
        rep[v] = r;
        v = n;
      }
    return r;
  };

  // The folded copies and their defs.
  vec<std::pair<block_id, size_t>> folded;
  vec<value_id> defs;
  for (block_id b = 0; b < fn.blocks.size (); ++b)
    for (size_t j = 0; j < fn.blocks[b].insns.size (); ++j)
      {
        const operand *od, *os;
        if (w.wb[b].insns[j].role != wrole::input
            || !copy_operands (fn.blocks[b].insns[j], od, os)
            || od->value == os->value)
          continue;
        value_id d = od->value, s = os->value;
        const value &x = fn.values[d], &y = fn.values[s];
        if (x.file != y.file || x.width != y.width || x.bytes != y.bytes
            || x.allowed != y.allowed || x.memory_only || y.memory_only
            || abnormal_arg[d] || abnormal_arg[s]
            || (y.allowed & ~od->allowed).any ()
            || (y.allowed & ~os->allowed).any ())
          continue;
        rep[d] = find (s);
        folded.push_back ({ b, j });
        defs.push_back (d);
      }
  size_t merged = merge_phis (w, abnormal_arg, rep, find);
  if (folded.empty () && merged == 0)
    return;

  // The phis folded or merged leave their blocks.
  for (block &blk : fn.blocks)
    {
      size_t kept = 0;
      for (size_t k = 0; k < blk.phis.size (); ++k)
        {
          value_id p = blk.phis[k].def;
          if (find (p) != p)
            {
              w.wv[p].origin = vorigin::dead;
              w.wv[p].folded_into = find (p);
              continue;
            }
          if (kept != k)
            blk.phis[kept] = std::move (blk.phis[k]);
          ++kept;
        }
      blk.phis.resize (kept);
    }

  for (size_t k = 0; k < folded.size (); ++k)
    {
      auto [b, j] = folded[k];
      insn &i = fn.blocks[b].insns[j];
      value_id d = defs[k];
      w.wv[d].origin = vorigin::dead;
      w.wv[d].folded_into = find (d);
      i.ops.clear ();
      i.kind = insn_kind::normal;
      w.wb[b].insns[j].role = wrole::folded;
    }
  // Rename the reads.
  for (block &blk : fn.blocks)
    {
      for (insn &i : blk.insns)
        for (operand &o : i.ops)
          if (o.kind == operand_kind::use)
            o.value = find (o.value);
      for (phi &ph : blk.phis)
        for (value_id &a : ph.args)
          a = find (a);
    }
}

} // namespace ssara::ra
