/* An earlyclobber output that is a hard register: at -Os the bswap of
   an argument is computed straight into the return register r3 by
   bswapsi2_reg, whose only alternative here is "=&r" (three insns after
   the split, the first writes r3 before the last reads the input).  The
   input may then not stay in r3: it gets a copy in another register.
   From gcc.c-torture/execute/pr65215-3.c at -Os.  */
/* { dg-do run } */
/* { dg-options "-Os -fplugin-arg-ssara-dump" } */

extern void abort (void);

__attribute__((noinline)) unsigned
swap (unsigned x)
{
  return (x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);
}

__attribute__((noinline)) unsigned
swap_sum (unsigned x, unsigned y)
{
  return __builtin_bswap32 (x + y);
}

int
main (void)
{
  if (swap (0x11223344) != 0x44332211
      || swap_sum (0x11223300, 0x44) != 0x44332211
      || swap (swap (0xdeadbeef)) != 0xdeadbeef)
    abort ();
  return 0;
}

/* { dg-final { scan-rtl-dump "ssara: swap by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: swap_sum by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: main by=ssara" "ssara" } } */
