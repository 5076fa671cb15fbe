// rtl-prepare.cc -- see rtl-prepare.h.

#include "gcc-includes.h"
#include "rtl-prepare.h"

#include <algorithm>
#include <vector>

namespace ssara {

namespace {

// Return true if X is a register that elimination replaces by a sum.
bool
eliminable_reg_p (const_rtx x)
{
  if (!REG_P (x))
    return false;
  unsigned r = REGNO (x);
  return (r == FRAME_POINTER_REGNUM || r == ARG_POINTER_REGNUM
          || (r == HARD_FRAME_POINTER_REGNUM && !frame_pointer_needed));
}

} // namespace

unsigned
split_eliminable_operands ()
{
  unsigned made = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
        {
          if (!NONDEBUG_INSN_P (insn))
            continue;
          rtx set = single_set (insn);
          // A copy into a register becomes an add after elimination.
          if (set && REG_P (SET_DEST (set)) && eliminable_reg_p (SET_SRC (set)))
            continue;
          if (recog_memoized (insn) < 0 && asm_noperands (PATTERN (insn)) < 0)
            continue;
          extract_insn (insn);
          for (int i = 0; i < recog_data.n_operands; ++i)
            {
              rtx x = recog_data.operand[i];
              if (!eliminable_reg_p (x)
                  || recog_data.operand_type[i] != OP_IN)
                continue;
              rtx tmp = gen_reg_rtx (Pmode);
              emit_insn_before (gen_rtx_SET (tmp, x), insn);
              validate_change (insn, recog_data.operand_loc[i], tmp, true);
              for (int d = 0; d < recog_data.n_dups; ++d)
                if (recog_data.dup_num[d] == i)
                  validate_change (insn, recog_data.dup_loc[d], tmp, true);
              ++made;
            }
          // A change the insn does not accept is undone; the copy before
          // it is then dead, and the function is declined later if the
          // operand still cannot be eliminated.
          if (num_validated_changes () && !apply_change_group ())
            cancel_changes (0);
          recog_data.insn = nullptr;
        }
    }
  return made;
}

namespace {

// Return true if INSN sets a call's argument register from something that
// is neither a hard register nor changed by anything else: a candidate to
// sink down to the call.  Return the register in *REG.
bool
argument_setup_p (rtx_insn *insn, rtx *reg)
{
  rtx pat = PATTERN (insn);
  if (GET_CODE (pat) != SET || !REG_P (SET_DEST (pat)))
    return false;
  rtx dest = SET_DEST (pat);
  if (!HARD_REGISTER_P (dest)
      || !FUNCTION_ARG_REGNO_P (REGNO (dest))
      || fixed_regs[REGNO (dest)])
    return false;
  subrtx_iterator::array_type array;
  FOR_EACH_SUBRTX (iter, array, SET_SRC (pat), ALL)
    {
      const_rtx x = *iter;
      if (REG_P (x) && HARD_REGISTER_P (x) && !fixed_regs[REGNO (x)]
          && REGNO (x) != FRAME_POINTER_REGNUM
          && REGNO (x) != ARG_POINTER_REGNUM)
        return false;
      if (MEM_P (x) || side_effects_p (x))
        return false;
    }
  *reg = dest;
  return true;
}

} // namespace

unsigned
sink_argument_setups ()
{
  unsigned moved = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      rtx_insn *insn;
      FOR_BB_INSNS (bb, insn)
        {
          if (!CALL_P (insn))
            continue;
          // Walk back from the call over the block; every setup that no
          // insn in between touches moves down to just before the call,
          // keeping the setups' order.  Stop at the block's start or
          // another call.
          rtx_insn *call = insn;
          std::vector<rtx_insn *> to_move;
          for (rtx_insn *i = PREV_INSN (call);
               i && i != PREV_INSN (BB_HEAD (bb)) && !CALL_P (i);
               i = PREV_INSN (i))
            {
              if (!NONDEBUG_INSN_P (i) || i == BB_HEAD (bb))
                continue;
              rtx reg;
              if (!argument_setup_p (i, &reg))
                continue;
              rtx src = SET_SRC (PATTERN (i));
              bool ok = true;
              for (rtx_insn *j = NEXT_INSN (i); ok && j != call;
                   j = NEXT_INSN (j))
                {
                  if (!NONDEBUG_INSN_P (j)
                      || std::find (to_move.begin (), to_move.end (), j)
                         != to_move.end ())
                    continue;
                  if (reg_referenced_p (reg, PATTERN (j))
                      || reg_set_p (reg, j)
                      || modified_in_p (src, j))
                    ok = false;
                }
              if (ok)
                to_move.push_back (i);
            }
          // TO_MOVE is in reverse order: the last setup first.
          rtx_insn *before = call;
          for (rtx_insn *i : to_move)
            {
              if (NEXT_INSN (i) != before)
                {
                  reorder_insns (i, i, PREV_INSN (before));
                  ++moved;
                }
              before = i;
            }
        }
    }
  return moved;
}

} // namespace ssara
