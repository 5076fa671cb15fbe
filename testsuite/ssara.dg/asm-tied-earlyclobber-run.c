/* An asm output that is both tied and earlyclobber ("+&r", like
   gcc.dg/torture/pr67794.c with its "" input): the output shares its
   tied input's register and no other input's.  The checker used to
   flag the tied input as an overlap and decline the function.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */

extern void abort (void);
__attribute__((noinline)) int twice_plus_one (int x, int y)
{
  /* Writes %0 before its last read of %1: %0 may not be %1.  */
  __asm__ ("add %0,%0,%1\n\taddi %0,%0,1\n\tadd %0,%0,%1"
           : "+&r" (x) : "r" (y));
  return x;
}
int *b;
static void fn1 (int *best, int *dmin)
{
  int a[64];
  dmin = a;
  __asm__ volatile ("" : "+&r" (dmin) : "" (best));
}
__attribute__((noinline)) void fn3 (void)
{
  int c[1];
  fn1 (c, b);
}
int main (void)
{
  if (twice_plus_one (10, 3) != 17)
    abort ();
  fn3 ();
  return 0;
}
/* { dg-final { scan-rtl-dump "ssara: twice_plus_one by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: fn1\[^ \]* by=ssara" "ssara" } } */
