/* Rematerialization of frame addresses as in
   remat-frame-address-gpr5-run.c, in a frame of more than 32 KB: an
   address in it may need its high part set up first (addis), in the
   register that receives it.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on -fplugin-arg-ssara-dump" } */

extern int printf (const char *, ...);

__attribute__((noinline)) void
fill (int *p, int i)
{
  p[i & 7] += i;
}

__attribute__((noinline)) void
touch (char *p)
{
  p[0] = 1;
}

__attribute__((noinline)) int
walk (int n)
{
  char big[40000];
  int buf[8] = { 0 };
  int buf2[8] = { 0 };
  touch (big);
  for (int i = 0; i < n; i++)
    {
      fill (buf, i);
      fill (buf2, i * 3);
      fill (buf, i * 5);
      fill (buf2, i * 7);
    }
  return buf[3] * 1000 + buf2[5] + big[0];
}

int
main (void)
{
  printf ("%d\n", walk (20));
  return 0;
}

/* { dg-output "143298" } */
/* { dg-final { scan-rtl-dump "ssara: walk by=ssara \[^\n\]* remats=\[1-9\]" "ssara" } } */
