/* Rematerialization with a dead first def (issue 14): the address of
   the register save area, a frame address, is stored into the va_list
   and recomputed for the loop, where four GPRs leave it no register, so
   nothing reads its own def any more.  Left in, that dead def was
   identical to the recomputation before the store; GCC's post-reload
   CSE deleted the recomputation as redundant and shrink-wrapping then
   moved the dead def away behind its stale REG_UNUSED note: the va_list
   got the incoming r4 (931004-4.c with four GPRs).  The dead def is now
   deleted.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on -fplugin-arg-ssara-dump" } */

#include <stdarg.h>

extern void abort (void);
extern int printf (const char *, ...);

struct small { short s; };

__attribute__((noinline)) int
sum (int n, ...)
{
  va_list ap;
  int t = 0;
  va_start (ap, n);
  for (int i = 0; i < n; i++)
    {
      struct small x = va_arg (ap, struct small);
      t = t * 3 + x.s;
    }
  t += va_arg (ap, long);
  va_end (ap);
  return t;
}

int
main (void)
{
  struct small a = { 10 }, b = { 11 }, c = { 12 };
  printf ("%d\n", sum (3, a, b, c, 123L));
  return 0;
}

/* { dg-output "258" } */
/* { dg-final { scan-rtl-dump "ssara: sum by=ssara \[^\n\]* remats=\[1-9\]" "ssara" } } */
