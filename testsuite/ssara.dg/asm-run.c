/* Extended asm: register, matching ("+r"), earlyclobber, base ("b"),
   memory ("m") and FPR operands, hard-register clobbers (callee-saved r14
   and r29 saved by GCC's prologue), asm in a loop, basic asm.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump" } */

extern void abort (void);
__attribute__((noinline)) int add3 (int a, int b, int c)
{
  int r;
  asm ("add %0,%1,%2" : "=r"(r) : "r"(a), "r"(b));
  asm ("add %0,%0,%1" : "+r"(r) : "r"(c));
  return r;
}
__attribute__((noinline)) int two_out (int a, int *hi)
{
  int x, y;
  asm ("addi %0,%2,1\n\taddi %1,%2,2" : "=&r"(x), "=&r"(y) : "r"(a));
  *hi = y;
  return x;
}
__attribute__((noinline)) int clob (int a, int b)
{
  int r;
  asm ("li 14,7\n\tli 29,9\n\tadd %0,%1,%2\n\tadd %0,%0,14\n\tadd %0,%0,29" : "=r"(r) : "r"(a), "r"(b) : "r14", "r29");
  return r;
}
__attribute__((noinline)) int mem_in (int *p, int k)
{
  int r;
  asm ("lwz%U1%X1 %0,%1" : "=r"(r) : "m"(p[k]));
  return r;
}
__attribute__((noinline)) int base_b (int *p)
{
  int r;
  asm ("lwz %0,4(%1)" : "=r"(r) : "b"(p));
  return r;
}
__attribute__((noinline)) double fadd (double a, double b)
{
  double r;
  asm ("fadd %0,%1,%2" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
__attribute__((noinline)) int loop (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      asm volatile ("" ::: "memory");
      asm ("addi %0,%0,%1" : "+r"(s) : "i"(3));
    }
  asm volatile ("nop");
  return s;
}
int
main (void)
{
  int hi;
  int v[4] = { 10, 20, 30, 40 };
  if (add3 (1, 2, 3) != 6) abort ();
  if (two_out (5, &hi) != 6 || hi != 7) abort ();
  if (clob (1, 2) != 19) abort ();
  if (mem_in (v, 2) != 30) abort ();
  if (base_b (v) != 20) abort ();
  if (fadd (1.5, 2.25) != 3.75) abort ();
  if (loop (10) != 30) abort ();
  return 0;
}

/* { dg-final { scan-rtl-dump "ssara: add3 by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: two_out by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: clob by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: mem_in by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: base_b by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: fadd by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: loop by=ssara" "ssara" } } */
/* The clobbered callee-saved registers are saved and restored.  */
/* { dg-final { scan-assembler "stw 14," } } */
/* { dg-final { scan-assembler "lwz 29," } } */
