/* Pre-coloured ranges at four GPRs (r30 is the PIC register, so r3, r4
   and r31 are left): a volatile long long argument is loaded into r3:r4
   before a store that needs two registers of its own, and 64-bit
   x & -x ?: x tests read one word of a pair.  The core's hard-range
   splitting gives the argument's range a value, copied into r3:r4 just
   before the call (split_ranges on the stats line).  Like csmith seed
   1591 at -O2 with four GPRs.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */

extern void abort (void);
volatile long long g21 = 0x0123456789abcdefLL;
int g143[8];
long long g64[4] = { 5, 6, 7, 8 };
unsigned long long acc;
__attribute__((noinline)) void crc (long long x) { acc = acc * 31 + x; }
__attribute__((noinline)) void crc2 (long long x, int y) { acc = acc * 37 + x + y; }
__attribute__((noinline)) int f (int i, int j, long long w)
{
  int k;
  for (k = 0; k < 3; k++)
    {
      g143[i + k] = 0x5ded60d0 ^ j;
      crc (g21);
      g143[j] = k + (int) (w & -w ? : w);
      crc2 (g64[k] & -g64[k] ? : g64[k], k ? i : j);
    }
  return g143[i];
}
int main (void)
{
  if (f (1, 5, 12) != (0x5ded60d0 ^ 5))
    abort ();
  __builtin_printf ("%llx\n", acc);
  return 0;
}

/* { dg-output "5f92c5f929bbccf0" } */
/* { dg-final { scan-rtl-dump "ssara: f by=ssara \[^\n\]* split_ranges=" "ssara" } } */
