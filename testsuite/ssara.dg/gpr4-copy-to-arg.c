/* Found by tools/fuzz.py: csmith seed 1175, option set O2-gpr4.
   internal: 1: ssara: main by=ira reason="internal error: allocation failed: no register for r318.phi.r at block 20 insn 6"
   Reduced by tools/fuzz-reduce.sh.
   Fixed before 2026-11-24 (it passed with fallback=none when the
   fuzz-found tests were next run).
   In the loop the phi value r118 is copied into r3 and the constant 2
   into r4 (the call's arguments) before the store g_230 = r118, which
   needs r118 and the address of g_230 in registers.  Under gpr4 (r30
   the PIC register) only r31 is left: ssara reports "no register for
   r118.phi.r at block 2 insn 5" in func_29.  r3 holds a copy of r118
   there and could serve the store, as LRA's inheritance does.  Same
   family as gpr4-call-args.c (argument registers set early).  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -w -fplugin-arg-ssara-fallback=none" } */

long g_230;
short(safe_sub_func_uint16_t_u_u)();
void func_29() {
  g_230 = 0;
  for (;; g_230 = safe_sub_func_uint16_t_u_u(g_230, 2))
    ;
}
