/* Complex integer values (CQImode, CHImode, CSImode) live in GPRs.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump" } */

extern void abort (void);
__attribute__((noinline)) _Complex char cc (_Complex char a, _Complex char b)
{
  return a * b;
}
__attribute__((noinline)) _Complex short cs (_Complex short a, int k)
{
  return a * (short) k + a;
}
__attribute__((noinline)) _Complex int ci (_Complex int a)
{
  return ~a;
}
int main (void)
{
  _Complex char a = 2 + 3i, b = 1 - 1i;
  _Complex char p = cc (a, b);
  if (__real__ p != 5 || __imag__ p != 1)
    abort ();
  _Complex short s = cs (4 + 5i, 3);
  if (__real__ s != 16 || __imag__ s != 20)
    abort ();
  _Complex int c = ci (7 + 9i);
  if (__real__ c != 7 || __imag__ c != -9)
    abort ();
  return 0;
}
/* { dg-final { scan-rtl-dump "ssara: cc by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: cs by=ssara" "ssara" } } */
