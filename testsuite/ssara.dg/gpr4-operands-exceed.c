/* An insn whose operands need more registers of a file at once than the
   function has is a typed unmet constraint, found after constraint
   lifting and reported with its insn, not colour assignment running out
   of registers ("internal error: ... no register for r121"): with four
   GPRs (three, r30 the PIC register) bswapdi2_32bit's register
   alternative reads a pair and writes an earlyclobber pair.  Stock GCC
   uses the insn's memory alternative; ssara does not.  From
   pr65215-3.c of the execute torture suite.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -w -fplugin-arg-ssara-fallback=none" } */

extern unsigned long long get (void);
extern void use (unsigned);

void
f (void) /* { dg-message "sorry, unimplemented: ssara cannot allocate function .f.: unmet constraint: the operands of block 1 insn \[0-9\]+ \\(origin \[0-9\]+\\) need 4 gpr registers at once, 3 are allocatable" } */
{
  unsigned long long l = get ();
  unsigned long long b = __builtin_bswap64 (l);
  if ((unsigned) b != 7)
    use ((unsigned) (l >> 8));
}
