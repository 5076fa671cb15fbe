/* rlwimi ties its output to an input: when the output is a hard
   register (the return value's low word), the prepare step gives the
   insn a pseudo and copies it to the register after the insn.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump" } */

extern void abort (void);
__attribute__((noipa)) unsigned long long
lowword (unsigned long long x, unsigned int y)
{
  return ((unsigned) x & 0xfffe0000U) | (y & 0x1ffff);
}
__attribute__((noipa)) unsigned
word (unsigned x, unsigned y)
{
  return (x & 0xffff00ffU) | ((y << 8) & 0xff00);
}
int
main (void)
{
  if (lowword (0xdeadbeefcaf2babeULL, 0xdeaffeedU) != 0x00000000caf3feedULL)
    abort ();
  if (word (0x12345678, 0xab) != 0x1234ab78)
    abort ();
  return 0;
}
/* { dg-final { scan-assembler "rlwimi" } } */
/* { dg-final { scan-rtl-dump "ssara: lowword by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: word by=ssara" "ssara" } } */
