// rtl-prepare.cc -- see rtl-prepare.h.

#include "gcc-includes.h"
#include "rtl-prepare.h"

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

} // namespace ssara
