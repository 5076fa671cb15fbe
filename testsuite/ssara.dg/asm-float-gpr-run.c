/* Floating-point values tied to GPR operands of an asm: a float through
   "+r" (an optimization barrier), a double through "=r"/"%0" (two GPRs,
   pr35318.c of the compile torture suite).  The core ties only values of
   one register file, so such pseudos live in GPRs for their whole life,
   as LRA keeps them, and cross to FPRs through memory where the
   arithmetic needs them.  Before, both functions were declined ("tied
   operands have no common register").  swap_words reads a double in a
   GPR pair (%L1) without a tie.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

extern int printf (const char *, ...);

__attribute__((noinline)) float
barrier_f (float x)
{
  float y = x * 2.0f;
  __asm__ ("" : "+r" (y));
  return y + 1.0f;
}

__attribute__((noinline)) double
swap_words (double x)
{
  double y;
  __asm__ ("mr %0,%L1\n\tmr %L0,%1" : "=&r" (y) : "r" (x));
  return y;
}

__attribute__((noinline)) double
tied_d (double x)
{
  double y = x + 0.5, z;
  __asm__ volatile ("" : "=r,r" (y), "=r,r" (z) : "%0,0" (y), "m,r" (8));
  return y * 3.0;
}

int
main (void)
{
  union { double d; unsigned long long u; } s;
  s.d = swap_words (1.0);
  printf ("%.3f %llx %.3f\n", barrier_f (1.25f), s.u, tied_d (2.0));
  return 0;
}

/* { dg-output "3.500 3ff00000 7.500" } */
