/* An asm goto that no alternative fits ("=d" on an int: FPRs only) is
   GCC's usual error, with no "sorry" and no ICE: it keeps its labels,
   which the CFG needs, and loses its operands, as LRA's
   ira_nullify_asm_goto does (gcc.c-torture/compile/asmgoto-3.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

int
h (void)
{
  int x, y;
  __asm__ goto ("" : "=r" (x), "=d" (y) : : : lab, lab2); /* { dg-error "inconsistent operand constraints in an 'asm'" } */
 lab:
  return x;
 lab2:
  return y;
}
