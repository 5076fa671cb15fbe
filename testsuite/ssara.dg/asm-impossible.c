/* An asm whose constraints no alternative can meet ("+f" on an int: no
   FPR holds SImode here) is GCC's usual error, as LRA gives it, with no
   "sorry" and no ICE: the asm is reported and deleted, and the rest of
   the function is allocated.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

int
g (int x)
{
  __asm__ ("" : "+f" (x)); /* { dg-error "inconsistent operand constraints in an 'asm'" } */
  return x;
}

int
ok (int a, int b)
{
  int r;
  __asm__ ("add %0,%1,%2" : "=r" (r) : "r" (a), "r" (b));
  return r;
}
