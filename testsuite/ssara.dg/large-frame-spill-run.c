/* Spill slots past a 16-bit displacement in a frame whose locals alone
   (16300 bytes) are too small for a register to be kept for far offsets
   (adapter.cc, large_frame_bytes): 2500 doubles live across a call take
   20 KiB of slots beyond the array.  Their stores and loads (FPRs) borrow
   a GPR, saved in the callee link-register word at 4(r1) around each
   access (rtl-rewrite.cc, emit_slot_move).  Like csmith seed 9400 at -O0,
   whose spill slots push main's frame past 32 KiB.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);
#define N 16300
#define R10(M, b) M(b##0) M(b##1) M(b##2) M(b##3) M(b##4) M(b##5) M(b##6) M(b##7) M(b##8) M(b##9)
#define R100(M, b) R10(M, b##0) R10(M, b##1) R10(M, b##2) R10(M, b##3) R10(M, b##4) R10(M, b##5) R10(M, b##6) R10(M, b##7) R10(M, b##8) R10(M, b##9)
#define R1000(M, b) R100(M, b##0) R100(M, b##1) R100(M, b##2) R100(M, b##3) R100(M, b##4) R100(M, b##5) R100(M, b##6) R100(M, b##7) R100(M, b##8) R100(M, b##9)
#define DEF(i) double v##i = in[i - 1000];
#define SUM(i) s = s * 0.5 + v##i;

__attribute__((noipa)) void
fill (char *p, int n, double *in)
{
  for (int i = 0; i < n; i++)
    p[i] = i;
  in[0] += 1;
}

/* 2500 doubles loaded before a call that may change what they were
   loaded from, all live across it: 20 KiB of spill slots on top of the
   15000-byte array.  */
__attribute__((noipa)) double
many (double *in)
{
  char buf[N];
  R1000 (DEF, 1) R1000 (DEF, 2) R100 (DEF, 30) R100 (DEF, 31) R100 (DEF, 32)
  R100 (DEF, 33) R100 (DEF, 34)
  fill (buf, N, in);
  double s = buf[N - 1];
  R1000 (SUM, 1) R1000 (SUM, 2) R100 (SUM, 30) R100 (SUM, 31) R100 (SUM, 32)
  R100 (SUM, 33) R100 (SUM, 34)
  return s + buf[100] + in[0];
}

__attribute__((noipa)) double
ref (double *in)
{
  static double v[2500];
  static char buf[N];
  for (int i = 0; i < 2500; i++)
    v[i] = in[i];
  fill (buf, N, in);
  double s = buf[N - 1];
  for (int i = 0; i < 2500; i++)
    s = s * 0.5 + v[i];
  return s + buf[100] + in[0];
}

int
main (void)
{
  static double in[2500], in2[2500];
  for (int i = 0; i < 2500; i++)
    in[i] = in2[i] = i * 0.25 + 1;
  if (many (in) != ref (in2))
    abort ();
  return 0;
}
/* { dg-final { scan-assembler "stw \[0-9\]+,4\\(1\\)" } } */
