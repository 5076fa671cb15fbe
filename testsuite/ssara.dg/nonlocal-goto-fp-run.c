/* A nonlocal goto restores its target's frame pointer and then jumps;
   with four GPRs a value would be reloaded from a stack slot after the
   frame pointer changed (addressed from the wrong frame: it crashed).
   ssara declines a function where a slot access follows a set of the
   frame pointer, naming the reason.  Here the reload of the target's
   frame comes before that set and after the clobber of r31 that
   precedes it, which emits nothing: y is allocated, and the program
   runs (gcc.c-torture 920501-7).  */
/* { dg-do run } */
/* { dg-require-effective-target trampolines } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump -fplugin-arg-ssara-fallback=ira -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29" } */

extern void abort (void);
int x (int a)
{
  __label__ xlab;
  void y (int a)
    {
      if (a == 0)
        goto xlab;
      y (a - 1);
    }
  y (a);
 xlab:;
  return a;
}
int main (void)
{
  if (x (100) != 100)
    abort ();
  return 0;
}
/* { dg-final { scan-rtl-dump "ssara: y by=ssara" "ssara" } } */
