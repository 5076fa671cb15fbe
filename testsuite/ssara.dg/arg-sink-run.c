/* With four allocatable GPRs (r3, r4, r30, r31; r30 holds the PIC base),
   the first scheduling pass hoists the setup of r3 and r4 for the call
   above a load that needs two base registers.  ssara sinks the setups down
   to the call again and allocates without spilling.  Found by
   tools/fuzz.py (csmith seed 7, O2-gpr4).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-dump -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29" } */

extern void abort (void);
struct s { int f3; };
struct s g[4] = { { 5 }, { 6 }, { 7 }, { 8 } };
int idx = 2;

__attribute__((noinline)) void
check (struct s v, int z)
{
  if (v.f3 != 7 || z != 0)
    abort ();
}

__attribute__((noinline)) int
caller (void)
{
  check (g[idx], 0);
  return 0;
}

int
main (void)
{
  return caller ();
}

/* { dg-final { scan-rtl-dump "ssara: caller by=ssara values=\[0-9\]+ spilled=0 " "ssara" } } */
