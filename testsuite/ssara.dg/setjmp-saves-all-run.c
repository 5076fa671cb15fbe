/* A function whose __builtin_setjmp receiver returns must save and
   restore every call-saved register for its caller, as LRA makes it do
   (crtl->saves_all_registers): the longjmp into the receiver skips the
   epilogues of the frames in between, which had changed them.  ssara did
   not, and main's doubles, kept in f14-f31 across the call, came back
   overwritten by trash's.  */
/* { dg-do run } */
/* { dg-require-effective-target indirect_jumps } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);

void *env[5];
volatile double seed = 1.5;
volatile int go = 1;
volatile double sink;

__attribute__((noinline)) void
leave (void)
{
  __builtin_longjmp (env, 1);
}

/* Many doubles live across the call to leave: they go to call-saved
   FPRs, which this function saves and then changes; leave never comes
   back, so its epilogue never restores them.  */
__attribute__((noinline)) void
trash (double a)
{
  double x0 = a + 1, x1 = a * 3, x2 = a - 7, x3 = a * a, x4 = a + 11,
    x5 = a * 13, x6 = a - 17, x7 = a * 19, x8 = a + 23, x9 = a * 29,
    x10 = a - 31, x11 = a * 37, x12 = a + 41, x13 = a * 43, x14 = a - 47,
    x15 = a * 53, x16 = a + 59, x17 = a * 61;
  if (go)
    leave ();
  sink = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8 + x9 + x10 + x11 + x12
    + x13 + x14 + x15 + x16 + x17;
}

/* The receiver returns to main, which must find its call-saved
   registers as it left them.  */
__attribute__((noinline)) int
catcher (double a)
{
  if (__builtin_setjmp (env) == 0)
    {
      trash (a);
      return 1;
    }
  return 0;
}

int
main (void)
{
  double s = seed;
  double d0 = s * 2, d1 = s + 3, d2 = s * 5, d3 = s - 7, d4 = s * 9,
    d5 = s + 11, d6 = s * 13, d7 = s - 15, d8 = s * 17, d9 = s + 19,
    d10 = s * 21, d11 = s - 23, d12 = s * 25, d13 = s + 27, d14 = s * 29,
    d15 = s - 31, d16 = s * 33, d17 = s + 35;
  if (catcher (s) != 0)
    abort ();
  if (d0 != 3.0 || d1 != 4.5 || d2 != 7.5 || d3 != -5.5 || d4 != 13.5
      || d5 != 12.5 || d6 != 19.5 || d7 != -13.5 || d8 != 25.5
      || d9 != 20.5 || d10 != 31.5 || d11 != -21.5 || d12 != 37.5
      || d13 != 28.5 || d14 != 43.5 || d15 != -29.5 || d16 != 49.5
      || d17 != 36.5)
    abort ();
  return 0;
}
