/* The attribution test's program (bench/tests/attribution-check.py),
   compiled with only r3-r10 allocatable: a loop whose six invariants do
   not all fit in registers (reloads in the loop, spill stores), loop
   phis (phi copies), a cycle of phis broken through a free register
   (phi copies), and a cycle of phis with no register free for it
   (swaps).  */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) unsigned
kernel (const unsigned *p, int n, unsigned k1, unsigned k2, unsigned k3,
        unsigned k4, unsigned k5, unsigned k6)
{
  unsigned a = 1, b = 2, c = 3, s = 0;
  for (int i = 0; i < n; i++)
    {
      unsigned t = a;
      a = b;
      b = t;
      s += p[i] * k1 + (p[i] ^ k2) + (p[i] >> (k3 & 7)) + (p[i] | k4)
           + (k5 - p[i]) + (k6 & p[i]);
      if (s & 1)
        s ^= a;
    }
  return a * 3 + b * 5 + c * 7 + s;
}

/* A and B exchange; GCC unrolls the loop by two and leaves the exchange
   to the exit, where SSA deconstruction breaks the cycle through a free
   register (phi copies).  */
__attribute__((noinline)) unsigned
rotate (unsigned a, unsigned b, int n, unsigned d, unsigned e, unsigned f,
        unsigned g)
{
  while (n-- > 0)
    {
      unsigned t = a;
      a = b;
      b = t;
      d += a;
      e ^= b;
      f += d;
      g ^= e;
    }
  return a * 100 + b * 10 + d + e + f + g;
}

/* The phis of the loop header form a cycle (A, B and C rotate), and with
   every register holding a loop-carried value (eight of them) none is
   free for it: SSA deconstruction resolves it with two swaps (three xor
   each) on every iteration.  */
__attribute__((noinline)) unsigned
rotate3 (unsigned a, unsigned b, int n, unsigned d, unsigned e, unsigned f,
         unsigned g, unsigned c)
{
  unsigned h = 0;
  while (n-- > 0)
    {
      unsigned t = a;
      a = b;
      b = c;
      c = t;
      d += a;
      e ^= b;
      f += d;
      g ^= e;
      h += c;
    }
  return a * 100 + b * 10 + c * 7 + d + e + f + g + h;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 1000;
  unsigned *p = malloc (n * sizeof *p);
  for (int i = 0; i < n; i++)
    p[i] = i * 2654435761u;
  printf ("%u %u %u\n", kernel (p, n, 3, 5, 7, 11, 13, 17),
          rotate (1, 2, n, 3, 4, 5, 6), rotate3 (1, 2, n, 3, 4, 5, 6, 7));
  return 0;
}
