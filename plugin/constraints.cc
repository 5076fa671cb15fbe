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
                if (REG_P (x) && in_hard_reg_set_p (reg_class_contents[cl],
                                                    GET_MODE (x),
                                                    REGNO (x)))
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

} // namespace ssara
