/* With four GPRs (three, r30 the PIC register), an asm with four "g"
   inputs that are pseudos cannot have them all in registers: the last
   ones go to stack slots (reload_asm_operands), as LRA would put them in
   memory, instead of "no register for r159.s.r".  From pr56866.c of the
   execute torture suite.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -w -fplugin-arg-ssara-fallback=none -save-temps" } */

int
main (void)
{
  int a[4], b[4], c[4], d[4];
  for (int i = 0; i < 4; i++)
    a[i] = b[i] = c[i] = d[i] = i;
  __asm__ volatile ("# asmg %0 %1 %2 %3" : : "g" (a), "g" (b), "g" (c), "g" (d)
                    : "memory");
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += a[i] + b[i] + c[i] + d[i];
  if (s != 24)
    __builtin_abort ();
  return 0;
}

/* The last input is a stack slot.  */
/* { dg-final { scan-assembler {# asmg [0-9]+ [0-9]+ [0-9]+ [0-9]+\(1\)} } } */
