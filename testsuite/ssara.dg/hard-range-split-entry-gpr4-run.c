/* Pre-coloured ranges of incoming arguments at four GPRs: in move_chk
   (like __memmove_chk of the torture suite's builtins/lib/chk.c, which
   went to IRA/LRA in 16 tests) dst and src arrive in r3 and r4 and go
   unchanged to memmove, so both registers are pinned from the entry
   through the block that increments chk_calls (two registers of its
   own, and r31 is the only one left).  The core's hard-range splitting
   gives both ranges a value, copied out at the entry and back just
   before the call, which the spiller may evict (split_ranges=2 on the
   stats line).  late_arg reads an incoming argument in its first block
   (csmith seed 2887).  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */

extern void abort (void);
extern void *memmove (void *, const void *, __SIZE_TYPE__);
extern int printf (const char *, ...);
int chk_calls;
long long g_store;

__attribute__((noinline)) void *
move_chk (void *dst, const void *src, __SIZE_TYPE__ n, __SIZE_TYPE__ size)
{
  if (size == (__SIZE_TYPE__) -1)
    abort ();
  ++chk_calls;
  if (n > size)
    abort ();
  return memmove (dst, src, n);
}

__attribute__((noinline)) int
late_arg (int a, int b, int *p)
{
  g_store = a;
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += p[i] * chk_calls;
  return s + a + b;
}

int
main (void)
{
  char buf[16] = "abcdefghijklmno";
  move_chk (buf + 2, buf, 5, 14);
  move_chk (buf, buf + 8, 3, 16);
  int v[4] = { 1, 2, 3, 4 };
  printf ("%s %d %d %lld\n", buf, chk_calls, late_arg (7, 9, v), g_store);
  return 0;
}

/* { dg-output "ijkbcdehijklmno 2 36 7" } */
/* { dg-final { scan-rtl-dump "ssara: move_chk by=ssara \[^\n\]* split_ranges=2" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: late_arg by=ssara" "ssara" } } */
