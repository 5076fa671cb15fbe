/* Found by tools/fuzz.py: csmith seed 7, option set O2-gpr4.
   internal: 1: ssara: main by=ira reason="internal error: allocation failed: no register for r575.r at block 15 insn 15"
   Reduced by tools/fuzz-reduce.sh.
   Fixed before 2026-11-24 (it passed with fallback=none when the
   fuzz-found tests were next run).
   The struct argument is built in the frame and r3 (its address) and r4
   (the 0) are set before the element's address is computed; with r30
   the PIC register, only r31 is left for the two values live at the
   load g_1443[main_i] (base and scaled index).  LRA copes by moving the
   hard-register definitions (li 4,0 is redone after the load); ssara
   fails: "no register for r122.r at block 1 insn 9" in main.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -w -fplugin-arg-ssara-fallback=none" } */

struct {
  int f3
} g_1443[];
int main_i;
void transparent_crc();
int main() { transparent_crc(g_1443[main_i], 0); }
