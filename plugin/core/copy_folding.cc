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
// accept the shared register), neither memory-only, and S not passed to
// a phi over an abnormal edge (whose def must share its arguments'
// location).  Nor where D is a phi's argument: there S, live on past the
// phi where D was not, would interfere with the phi's def and cost phi
// copies instead (zlib's longest_match: a copy of best_len made in the
// loop header feeds the join's phi; folded, the header phi and the
// join's phi took two registers and two copies ran per iteration, 60 M
// in all, where the one copy had run).  Copies from and to hard
// registers (arguments, results) are not folded: they are constraints,
// left to preferences.

#include "work.h"

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

} // namespace

void
fold_copies (work &w)
{
  function &fn = w.fn;
  const size_t nv = fn.values.size ();
  // Phi arguments, and those passed over an abnormal edge.
  std::vector<bool> abnormal_arg (nv, false), phi_arg (nv, false);
  for (const block &blk : fn.blocks)
    for (size_t k = 0; k < blk.preds.size (); ++k)
      for (const phi &ph : blk.phis)
        {
          phi_arg[ph.args[k]] = true;
          if (k < blk.pred_abnormal.size () && blk.pred_abnormal[k])
            abnormal_arg[ph.args[k]] = true;
        }

  // rep[v]: the value whose register v's reads use.  Each folded def
  // points at its copy's source, which is defined earlier (it dominates
  // the copy), so following rep ends.
  std::vector<value_id> rep (nv);
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
  std::vector<std::pair<block_id, size_t>> folded;
  std::vector<value_id> defs;
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
        // (A phi argument passed over an abnormal edge is a phi argument.)
        if (x.file != y.file || x.width != y.width || x.bytes != y.bytes
            || x.allowed != y.allowed || x.memory_only || y.memory_only
            || phi_arg[d] || abnormal_arg[s]
            || (y.allowed & ~od->allowed).any ()
            || (y.allowed & ~os->allowed).any ())
          continue;
        rep[d] = find (s);
        folded.push_back ({ b, j });
        defs.push_back (d);
      }
  if (folded.empty ())
    return;

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
