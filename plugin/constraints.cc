// constraints.cc -- see constraints.h.

#include "gcc-includes.h"
#include "constraints.h"

namespace ssara {

bool
pseudo_operand_p (const_rtx x)
{
  if (GET_CODE (x) == SUBREG)
    x = SUBREG_REG (x);
  return REG_P (x) && !HARD_REGISTER_P (x);
}

const char *
alternative_text (int i, int a)
{
  const char *p = recog_data.constraints[i];
  for (int k = 0; k < a; ++k)
    {
      while (*p && *p != ',')
        ++p;
      if (*p == ',')
        ++p;
    }
  return p;
}

// Return true if X is a hard register, or a subreg of one (the HImode
// half of an incoming argument register that -ffixed-r5 keeps out of
// allocation), whose registers all lie in class CL.
static bool
hard_reg_in_class_p (rtx x, reg_class cl)
{
  unsigned regno;
  if (REG_P (x))
    regno = REGNO (x);
  else if (SUBREG_P (x) && REG_P (SUBREG_REG (x))
           && HARD_REGISTER_P (SUBREG_REG (x))
           && subreg_offset_representable_p (REGNO (SUBREG_REG (x)),
                                             GET_MODE (SUBREG_REG (x)),
                                             SUBREG_BYTE (x), GET_MODE (x)))
    regno = subreg_regno (x);
  else
    return false;
  return (HARD_REGISTER_NUM_P (regno)
          && in_hard_reg_set_p (reg_class_contents[cl], GET_MODE (x), regno));
}

bool
nonpseudo_fits (rtx x, const char *p)
{
  if (*p == 0 || *p == ',')
    return true;
  while (*p && *p != ',')
    {
      char c = *p;
      int len = CONSTRAINT_LEN (c, p);
      switch (c)
        {
        case '=': case '+': case '&': case '%': case '?': case '!':
        case '*': case '#': case '^': case '$': case ' ': case '\t':
          len = 1;
          break;
        case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9':
          if (rtx_equal_p (x, recog_data.operand[c - '0']))
            return true;
          len = 1;
          break;
        case 'X': case 'g':
          return true;
        default:
          {
            enum constraint_num cn = lookup_constraint (p);
            enum reg_class cl = reg_class_for_constraint (cn);
            if (cl != NO_REGS)
              {
                if (hard_reg_in_class_p (x, cl))
                  return true;
              }
            else if (constraint_satisfied_p (x, cn))
              return true;
          }
        }
      p += len;
    }
  return false;
}

bool
memory_accepted_p (int i, int a)
{
  const operand_alternative &oa = recog_op_alt[a * recog_data.n_operands + i];
  if (oa.memory_ok)
    return true;
  for (const char *p = alternative_text (i, a); *p && *p != ',';
       p += CONSTRAINT_LEN (*p, p))
    if (*p == 'g')
      return true;
  return false;
}

} // namespace ssara
