/* A pre-coloured range at four GPRs for the hidden struct-return
   pointer: retme receives it in r3 and must return it in r3 (a USE of r3
   at the end), and copies an 8-byte struct, which needs the only GPR
   pair, r3:r4, in between.  The core's hard-range splitting copies r3
   into a value at the entry and back just before the USE, as LRA's
   hard-register split does (mr 31,3 ... mr 3,31); the return value's
   artificial use in the exit block needs no copy of its own.  From
   20040709-1.c of the execute torture suite, whose retme functions went
   to IRA/LRA.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */

extern void abort (void);

struct D { unsigned long long l : 6, i : 6, j : 23, k : 29; };
struct D sD = { 5, 7, 12345, 67890 };

__attribute__((noinline)) struct D
retme (struct D x)
{
  return x;
}

int
main (void)
{
  struct D y = retme (sD);
  if (y.l != 5 || y.i != 7 || y.j != 12345 || y.k != 67890)
    abort ();
  return 0;
}

/* { dg-final { scan-rtl-dump "ssara: retme by=ssara \[^\n\]* split_ranges=1" "ssara" } } */
