/* Rematerialization (issue 14): the constant 0x50000 (one lis) is
   stored to memory before and after each call of the loop, and with
   five GPRs (r0, r3-r6) no register survives a call.  It is recomputed
   where it is needed again (a remat edit, tag remat) instead of stored
   once and reloaded: with remat=off the function has four more loads
   and a larger frame.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */
extern int printf (const char *, ...);

int out[8];

__attribute__((noinline)) int
step (int x)
{
  return x * 7 + 1;
}

__attribute__((noinline)) int
walk (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      out[i & 7] = 0x50000;
      s += step (i);
      out[(i + 1) & 7] = 0x50000;
      s ^= step (s);
      out[(i + 2) & 7] = 0x50000;
    }
  return s;
}

int
main (void)
{
  printf ("%d %d\n", walk (20), out[3]);
  return 0;
}

/* { dg-output "-1791571531 327680" } */
/* { dg-final { scan-rtl-dump "ssara: walk by=ssara \[^\n\]* remats=\[1-9\]" "ssara" } } */
/* { dg-final { scan-rtl-dump "! remat r\[0-9\]+ <- b" "ssara" } } */
