/* Found by tools/fuzz.py: csmith seed 1191, option set O2-gpr4.
   internal: 1: ssara: func_28.constprop by=ira reason="internal error: allocation failed: no register for scratch0 at block 6 insn 31"
   Reduced by tools/fuzz-reduce.sh.
   Fixed (2026-11-24) by splitting the hard register's range at the
   call and giving the insn a copy of the word it reads; since
   2026-11-26 the core's hard-range splitting does the first, and with
   four GPRs split_wide_word_uses the second, before allocation.
   In the loop, r4 (the call's second argument) is set at the top of the
   loop body and stays live to the call; the 64-bit x & -x ?: x test is
   an insn with two register inputs, a CR output and an earlyclobber
   scratch.  With r30 the PIC register and r4 taken, only r3 and r31 are
   left for the two inputs and the scratch: ssara reports "no register
   for scratch0 at block 2 insn 23" in func_28_p_31.  LRA splits the
   hard register's live range (lra_split_hard_reg_for) when this
   happens.  Same family as gpr4-call-args.c.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -w -fplugin-arg-ssara-fallback=none" } */

long long safe_sub_func_int64_t_s_s_si2;
void(safe_rshift_func_uint16_t_u_s)();
void func_28_p_31() {
  long __trans_tmp_5;
  for (;;) {
    __trans_tmp_5 =
        safe_sub_func_int64_t_s_s_si2 & -safe_sub_func_int64_t_s_s_si2
            ?: safe_sub_func_int64_t_s_s_si2;
    safe_rshift_func_uint16_t_u_s(__trans_tmp_5, func_28_p_31);
  }
}
