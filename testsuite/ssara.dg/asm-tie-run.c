/* asm ties that LRA reloads: an int output tied to a long long input
   gets the input's low part (gcc.c-torture 20030222-1), and a memory
   output tied to a register input goes through a register stored after
   the asm (stkalign, pr65053-2).  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump" } */

extern void abort (void);
__attribute__((noinline)) int ll_to_int (long long x)
{
  int i;
  __asm__ ("" : "=r" (i) : "0" (x));
  return i;
}
__attribute__((noinline)) int through_mem (void)
{
  unsigned x;
  /* x has its address taken: the output is memory, the input a pseudo.  */
  __asm__ ("" : "=g" (x) : "0" (&x));
  return x == (unsigned) &x;
}
int main (void)
{
  if (ll_to_int (0x123456789abcdef0LL) != (int) 0x9abcdef0)
    abort ();
  if (!through_mem ())
    abort ();
  return 0;
}
/* { dg-final { scan-rtl-dump "ssara: ll_to_int by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: through_mem by=ssara" "ssara" } } */
