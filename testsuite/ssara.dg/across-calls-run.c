/* Values live across calls must be in callee-saved registers (saved by
   GCC's prologue) or on the stack, never in a register the call
   clobbers.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump" } */

extern void abort (void);

__attribute__ ((noinline)) int
clobber (int x)
{
  /* Touch the volatile registers.  */
  volatile int v[8] = { x, x + 1, x + 2, x + 3, x + 4, x + 5, x + 6, x + 7 };
  return v[x & 7];
}

__attribute__ ((noinline)) int
keep (int a, int b, int c, int d)
{
  int s = clobber (a);
  s += clobber (b) * a;
  s += clobber (c) * b;
  s += clobber (d) * c;
  return s + a + b + c + d;
}

int
main (void)
{
  /* clobber (x) == x + (x & 7).  */
  if (keep (1, 2, 3, 4) != 2 + 4 * 1 + 6 * 2 + 8 * 3 + 10)
    abort ();
  return 0;
}

/* { dg-final { scan-rtl-dump "ssara: keep by=ssara" "ssara" } } */
/* The values live across the calls are in callee-saved registers that the
   prologue saves.  */
/* { dg-final { scan-assembler "stw 3\[01\],\[0-9\]+\\(1\\)" } } */
