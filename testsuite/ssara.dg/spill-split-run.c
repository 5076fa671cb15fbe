/* spill=split at eight GPRs (r0, r3-r8, r31): more values live in a loop
   than registers, loop invariants read in it, a value live through it
   and read after it, a call on a rare path inside it, and joins where a
   value arrives in a register on one edge and from memory on the other
   (reload phis).  The splitting spiller (spilling.cc) decides before
   colouring; the checker validates the result and the run compares it
   with the values computed by hand.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -fplugin-arg-ssara-spill=split -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */

extern void abort (void);

int rare_calls;

__attribute__ ((noinline)) int
rare (int x)
{
  ++rare_calls;
  return x * 3 + 1;
}

__attribute__ ((noinline)) unsigned
mix (const unsigned *p, int n, unsigned a, unsigned b, unsigned c,
     unsigned d, unsigned e)
{
  unsigned s = 0, t = 1, u = 2, keep = a ^ e;
  for (int i = 0; i < n; i++)
    {
      unsigned x = p[i];
      s += x * a + b;
      t ^= (x >> 3) + c;
      u += (x & d) | (t << 1);
      if ((x & 255) == 7)
        s += rare ((int) u);
      if (x & 1)
        t += s ^ u;
      else
        u -= t + e;
    }
  return s * 7 + t * 5 + u * 3 + keep;
}

__attribute__ ((noinline)) unsigned long long
wide (const unsigned long long *p, int n, unsigned long long k)
{
  unsigned long long s = 0, t = k;
  for (int i = 0; i < n; i++)
    {
      s += p[i] * k;
      t ^= s >> 7;
      if (p[i] == 7)
        t += rare ((int) s);
    }
  return s + t;
}

int
main (void)
{
  unsigned v[64];
  unsigned long long w[16];
  for (int i = 0; i < 64; i++)
    v[i] = i * 2654435761u;
  v[5] = 7;
  for (int i = 0; i < 16; i++)
    w[i] = (unsigned long long) i * 0x9e3779b97f4a7c15ull;
  w[3] = 7;

  /* The same computations, by a plain loop the compiler cannot share
     with the ones above (different types of counters).  */
  unsigned s = 0, t = 1, u = 2, a = 3, b = 5, c = 7, d = 0xf0f0, e = 11;
  int calls = 0;
  for (long i = 0; i < 64; i++)
    {
      unsigned x = v[i];
      s += x * a + b;
      t ^= (x >> 3) + c;
      u += (x & d) | (t << 1);
      if ((x & 255) == 7)
        {
          s += u * 3 + 1;
          calls++;
        }
      if (x & 1)
        t += s ^ u;
      else
        u -= t + e;
    }
  unsigned want = s * 7 + t * 5 + u * 3 + (a ^ e);
  if (mix (v, 64, a, b, c, d, e) != want)
    abort ();

  unsigned long long ws = 0, wt = 13;
  for (long i = 0; i < 16; i++)
    {
      ws += w[i] * 13;
      wt ^= ws >> 7;
      if (w[i] == 7)
        {
          wt += (unsigned long long) (long long) (int) ((int) ws * 3 + 1);
          calls++;
        }
    }
  if (wide (w, 16, 13) != ws + wt)
    abort ();
  if (rare_calls != calls)
    abort ();
  return 0;
}
