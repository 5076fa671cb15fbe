/* A nonlocal goto out of a nested function clobbers the hard frame
   pointer, then sets it to the target's frame from a value the nested
   function computed.  With four GPRs (two left beside r30, the PIC
   register, and r31, the frame pointer) that value is spilled and
   reloaded between the clobber and the set.  The clobber emits nothing
   (r31 still addresses this frame there, and LRA reloads there too), so
   the rewrite accepts the reload; it declined the function when any
   insn "set" the frame pointer before a slot access ("a stack slot is
   accessed after insn 21 sets the frame pointer", nestfunc-6.c and the
   builtins tests' __chk_fail with four GPRs).  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -w -fplugin-arg-ssara-fallback=none" } */

typedef __SIZE_TYPE__ size_t;
extern void abort (void);
extern void exit (int);
extern void qsort (void *, size_t, size_t, int (*) (const void *, const void *));

int
main ()
{
  __label__ nonlocal;
  int compare (const void *a, const void *b)
  {
    goto nonlocal;
  }

  char array[3];
  qsort (array, 3, 1, compare);
  abort ();

 nonlocal:
  exit (0);
}
