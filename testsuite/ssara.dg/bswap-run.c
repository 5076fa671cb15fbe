/* Byte-reversed loads and stores want an indexed or indirect address
   ("Z"); a field at an offset gets its address computed into a register
   first, as LRA would reload it.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump" } */

extern void abort (void);
typedef unsigned long long u64;
struct s { int pad; u64 x; unsigned y; unsigned short z; };
__attribute__((noinline)) u64 ld64 (struct s *p) { return __builtin_bswap64 (p->x); }
__attribute__((noinline)) unsigned ld32 (struct s *p) { return __builtin_bswap32 (p->y); }
__attribute__((noinline)) unsigned short ld16 (struct s *p) { return __builtin_bswap16 (p->z); }
__attribute__((noinline)) void st32 (struct s *p, unsigned v) { p->y = __builtin_bswap32 (v); }
__attribute__((noinline)) void st16 (struct s *p, unsigned short v) { p->z = __builtin_bswap16 (v); }
__attribute__((noinline)) void st64 (struct s *p, u64 v) { p->x = __builtin_bswap64 (v); }
__attribute__((noinline)) unsigned sum32 (unsigned *p, int n)
{
  unsigned s = 0;
  for (int i = 0; i < n; i++)
    s += __builtin_bswap32 (p[i + 1]);
  return s;
}
int main (void)
{
  struct s a = { 1, 0x0102030405060708ull, 0x11223344, 0x5566 };
  unsigned v[4] = { 0, 0x01000000, 0x02000000, 0x03000000 };
  if (ld64 (&a) != 0x0807060504030201ull || ld32 (&a) != 0x44332211
      || ld16 (&a) != 0x6655)
    abort ();
  st32 (&a, 0xdeadbeef);
  st16 (&a, 0x1234);
  st64 (&a, 0x1122334455667788ull);
  if (a.x != 0x8877665544332211ull || a.y != 0xefbeadde || a.z != 0x3412
      || a.pad != 1)
    abort ();
  if (sum32 (v, 3) != 6)
    abort ();
  return 0;
}
/* { dg-final { scan-assembler "lwbrx" } } */
/* { dg-final { scan-assembler "sthbrx" } } */
/* { dg-final { scan-rtl-dump "ssara: ld64 by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: ld32 by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: ld16 by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: st32 by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: st16 by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: st64 by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: sum32 by=ssara" "ssara" } } */
