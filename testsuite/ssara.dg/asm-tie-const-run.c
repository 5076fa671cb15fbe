/* asm "+g" operands whose inputs are constants (gcc.dg/torture/20180712-1.c):
   asmcons copies only a register input to its output, so each input
   stays a constant (-1, the address of a[1], a long long) tied to a pseudo
   output.  split_asm_ties loads it into a pseudo tied to the output, as
   LRA reloads a matched input; the import used to find no alternative
   ("inconsistent operand constraints in an asm").  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);
int a[3];

__attribute__((noipa)) int *
addr (void)
{
  int *p = a, *q = a + 1;
  __asm__ volatile ("" : "+g" (p), "+g" (q) : : "memory");
  return p == a ? q : 0;
}

__attribute__((noipa)) int
minus_one (int *x)
{
  int r = -1;
  __asm__ volatile ("" : "+g" (r) : "g" (x) : "memory");
  return r;
}

__attribute__((noipa)) long long
big (void)
{
  long long r = 0x123456789abcLL;
  __asm__ volatile ("" : "+g" (r));
  return r;
}

int main (void)
{
  if (addr () != a + 1)
    abort ();
  if (minus_one (a) != -1)
    abort ();
  if (big () != 0x123456789abcLL)
    abort ();
  return 0;
}
