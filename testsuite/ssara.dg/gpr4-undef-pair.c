/* Found by tools/fuzz.py: csmith seed 39, option set O2-gpr4.
   internal: 1: ssara: main by=ira reason="internal error: allocation failed: no register for r235.phi at block 0 insn 0"
   Reduced by tools/fuzz-reduce.sh.
   Fixed (2026-11-24): insns read a copy of the word of a wide value
   they need (split_wide_word_uses; since 2026-11-26 before allocation,
   with at most four GPRs, not after it failed).
   The loop's 64-bit value r118 is undefined on entry, so the import
   gives the entry-EBB phi's argument a made-up definition in block 0.
   Under gpr4 (r30 the PIC register) the only GPR pair left is r3:r4,
   and r3 holds argc there: ssara reports "no register for r118.phi at
   block 0 insn 0" in main instead of spilling the value (an undefined
   value needs no register at all).  Not the hard-register family of
   gpr4-call-args.c: no argument register is set early here.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -w -fplugin-arg-ssara-fallback=none" } */

volatile long long g_934_1;
int main(int argc, char *[]) {
  if (argc)
    for (;;)
      g_934_1 += 1;
}
