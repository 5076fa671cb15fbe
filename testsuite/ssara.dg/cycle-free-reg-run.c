/* A cycle of register copies on a loop's back edge breaks through a free
   register (issue 15): the phis of A, B and C rotate their registers, a
   3-cycle that took two swaps (six xors) and now takes four moves; the
   2-cycle of X and Y took one swap (three xors), now three moves; the
   long long rotation, whose words GCC moves one by one, took one swap
   too.  Nothing here computes an xor.  The results are checked against
   values worked out by hand.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);

__attribute__((noinline)) unsigned
rotate3 (unsigned a, unsigned b, unsigned c, const unsigned *p, int n)
{
  for (int i = 0; i < n; i++)
    {
      unsigned t = a + p[i];
      a = b;
      b = c;
      c = t;
    }
  return a + 2 * b + 4 * c;
}

__attribute__((noinline)) unsigned
swap2 (unsigned x, unsigned y, const unsigned *p, int n)
{
  for (int i = 0; i < n; i++)
    {
      unsigned t = x * 3 + p[i];
      x = y;
      y = t;
    }
  return x * 5 + y;
}

__attribute__((noinline)) long long
rotate3ll (long long a, long long b, long long c, const long long *p, int n)
{
  for (int i = 0; i < n; i++)
    {
      long long t = a + p[i];
      a = b;
      b = c;
      c = t;
    }
  return a + 2 * b + 4 * c;
}

int
main (void)
{
  static const unsigned p[7] = { 1, 2, 3, 4, 5, 6, 7 };
  static const long long q[5] = { 1LL << 40, 3, 5LL << 33, 7, 11 };
  /* a, b, c = 10, 20, 30, after each step:
     i=0: 20 30 11;  i=1: 30 11 22;  i=2: 11 22 33;  i=3: 22 33 15;
     i=4: 33 15 27;  i=5: 15 27 39;  i=6: 27 39 22.  */
  if (rotate3 (10, 20, 30, p, 7) != 27 + 2 * 39 + 4 * 22)
    abort ();
  /* x, y = 1, 2: i=0: 2 4;  i=1: 4 8;  i=2: 8 15.  */
  if (swap2 (1, 2, p, 3) != 8 * 5 + 15)
    abort ();
  /* i=0: 2 3 1+2^40;  i=1: 3 1+2^40 5;  i=2: 1+2^40 5 3+5*2^33;
     i=3: 5 3+5*2^33 8+2^40;  i=4: 3+5*2^33 8+2^40 16.  */
  if (rotate3ll (1, 2, 3, q, 5)
      != (3 + (5LL << 33)) + 2 * (8 + (1LL << 40)) + 4 * 16)
    abort ();
  return 0;
}

/* { dg-final { scan-assembler-not {\txor} } } */
