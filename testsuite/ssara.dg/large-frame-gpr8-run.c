/* A frame past 32 KiB (twelve 4000-byte arrays) with r3-r10 the only
   GPRs, all of them argument registers of the calls: no register can be
   kept for far frame offsets.  The values live across the calls are
   spilled beyond the arrays; a load into a GPR reaches its slot through
   the register it loads, a store through a GPR borrowed around it (saved
   at 4(r1)).  Like multi-ix.c with that register set.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -save-temps -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);
#define CH 1000
typedef int l[CH];
#define ARGS int *a0, int *a1, int *a2, int *a3, int *a4, int *a5, \
             int *a6, int *a7, int *a8, int *a9, int *a10, int *a11
#define PASS a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11

/* Set a[k][0] = k + 1 + n.  */
__attribute__((noipa)) void
s (int n, ARGS)
{
  int *a[12] = { PASS };
  for (int k = 0; k < 12; k++)
    a[k][0] = k + 1 + n;
}

/* Clear the first 40 ints of each array.  */
__attribute__((noipa)) void
z (int n, ARGS)
{
  int *a[12] = { PASS };
  for (int k = 0; k < 12; k++)
    for (int j = 0; j < 40; j++)
      a[k][j] = 0;
}

/* Check a[k][k + 1 + n] == k + 1 + n and that the rest is clear.  */
__attribute__((noipa)) void
c (int n, ARGS)
{
  int *a[12] = { PASS };
  for (int k = 0; k < 12; k++)
    for (int j = 0; j < 40; j++)
      if (a[k][j] != (j == k + 1 + n ? j : 0))
        abort ();
}

__attribute__((noipa)) void
f (int n)
{
  l a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11;
  for (int i = 0; i < n; i++)
    {
      s (i, PASS);
      int i0 = a0[0], i1 = a1[0], i2 = a2[0], i3 = a3[0];
      int i4 = a4[0], i5 = a5[0], i6 = a6[0], i7 = a7[0];
      int i8 = a8[0], i9 = a9[0], i10 = a10[0], i11 = a11[0];
      z (i, PASS);
      a0[i0] = i0; a1[i1] = i1; a2[i2] = i2; a3[i3] = i3;
      a4[i4] = i4; a5[i5] = i5; a6[i6] = i6; a7[i7] = i7;
      a8[i8] = i8; a9[i9] = i9; a10[i10] = i10; a11[i11] = i11;
      c (i, PASS);
    }
}

int
main (void)
{
  f (3);
  return 0;
}
/* { dg-final { scan-assembler "stw \[0-9\]+,4\\(1\\)" } } */
