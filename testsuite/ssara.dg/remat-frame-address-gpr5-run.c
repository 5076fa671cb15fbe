/* Rematerialization (issue 14): the address of BUF (the frame pointer
   plus an offset) is passed to every call of the loop, where with five
   GPRs (r0, r3-r6) no register survives a call: it is recomputed (addi
   from r1) where it is needed again instead of stored once and
   reloaded.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on -fplugin-arg-ssara-dump" } */

extern int printf (const char *, ...);

__attribute__((noinline)) void
fill (int *p, int i)
{
  p[i & 7] += i;
}

__attribute__((noinline)) int
walk (int n)
{
  int buf[8] = { 0 };
  for (int i = 0; i < n; i++)
    {
      fill (buf, i);
      fill (buf, i * 3);
    }
  return buf[3] * 1000 + buf[5];
}

int
main (void)
{
  printf ("%d\n", walk (20));
  return 0;
}

/* { dg-output "114084" } */
/* { dg-final { scan-rtl-dump "ssara: walk by=ssara \[^\n\]* remats=\[1-9\]" "ssara" } } */
