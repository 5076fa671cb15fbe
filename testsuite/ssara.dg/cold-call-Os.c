/* Where GCC optimizes for size, no call is cold: a value live across a
   call keeps a call-saved register rather than being stored before the
   call and reloaded after it (two instructions each time, where GCC
   saves and restores every call-saved register with one stmw and one
   branch to _restgpr_N_x).  Here the call on the rare path of the loop
   was cold (its block runs at most a tenth as often as the loop), and
   the five values live across it were stored and reloaded around it:
   44 instructions, stock GCC 26.  Now none is, as with stock GCC.  */
/* { dg-do compile } */
/* { dg-options "-Os -fno-pie -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */

extern void report (const char *, int);

int
sum_checked (const int *p, int n, int scale)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      if (__builtin_expect (p[i] < 0, 0))
        report ("negative", i);
      s += p[i] * scale;
    }
  return s;
}

/* { dg-final { scan-rtl-dump "ssara: sum_checked by=ssara \[^\n\]* loads=0 stores=0 " "ssara" } } */
/* { dg-final { scan-assembler "\tstmw " } } */
