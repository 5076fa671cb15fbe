/* Incoming arguments in registers that -ffixed-rN keeps out of
   allocation (four GPRs: r5-r12 fixed).  The RTL reads them where they
   are: the HImode half of r5 stored or extended ((subreg:HI (reg:SI 5))
   in *movhi_internal and zero_extendhisi2, gcc.c-torture/compile/bfins.c
   and 930602-1.c), a complex float in r5:r6 added in FPRs (*addsf3_fpr,
   complex-3.c), and r6 copied straight into f2 for __mulsc3
   (movsf_hardfloat, pr55921.c): the subregs fit "r", and the floats go
   through a pseudo.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r0 -ffixed-r5 -ffixed-r6 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

struct bits
{
  unsigned j : 16;
  unsigned i : 16;
};

/* The struct is returned through r3; b arrives in r5.  */
__attribute__((noinline)) struct bits
set_bits (struct bits a, int b)
{
  a.j = 123;
  a.i = b;
  return a;
}

int sum;

__attribute__((noinline)) void
add (int x)
{
  sum += x;
}

/* An old-style definition: l and r arrive as ints and are narrowed.  */
__attribute__((noinline)) void
walk (w, l, r)
     int *w;
     unsigned short l, r;
{
  for (int i = l; i < r; i++)
    add (w[i]);
}

__attribute__((noinline)) _Complex float
cadd (int k, _Complex float x, _Complex float y)
{
  _Complex float t = x + __imag__ y;
  return k ? t * x : t;
}

__attribute__((noinline)) _Complex float
cmul (_Complex float *p, _Complex float r)
{
  return *p * r;
}

int
main (void)
{
  struct bits b = { 1, 2 };
  b = set_bits (b, 0x12345);
  if (b.j != 123 || b.i != 0x2345)
    __builtin_abort ();
  int w[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  walk (w, 0x10002, 5);
  if (sum != 3 + 4 + 5)
    __builtin_abort ();
  _Complex float x = 1.0f + 2.0fi, y = 3.0f + 4.0fi;
  _Complex float t = cadd (0, x, y);
  if (__real__ t != 5.0f || __imag__ t != 2.0f)
    __builtin_abort ();
  t = cadd (1, x, y);
  if (__real__ t != 1.0f || __imag__ t != 12.0f)
    __builtin_abort ();
  t = cmul (&x, y);
  if (__real__ t != -5.0f || __imag__ t != 10.0f)
    __builtin_abort ();
  return 0;
}
