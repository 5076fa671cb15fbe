/* Word-wise writes of long long pseudos at -O0 (see o0-word-writes.c):
   a read of the previous value is dead only where later writes cover
   every other word before a read.  Values that keep a word of their
   previous value (a write of one word, the other read later) and ones
   rebuilt word by word in loops, around calls, must come out right.  */
/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

extern void abort (void);

__attribute__((noinline)) long long
id (long long x)
{
  return x;
}

__attribute__((noinline)) long long
mix (long long *a, int n)
{
  long long s = 0, t = 1;
  for (int i = 0; i < n; i++)
    {
      s += a[i] + 1;
      t = id (t * 3 + s);
      if (s > 1000)
        s -= a[0] * 3;
      s ^= (unsigned long long) t >> 7;
      t += s >> 3;      /* the high word written, read back, written */
    }
  return s + t;
}

union pair { long long ll; struct { unsigned hi, lo; } w; };

__attribute__((noinline)) long long
keep_low (long long x, unsigned hi, int n)
{
  union pair p;
  p.ll = x;
  for (int i = 0; i < n; i++)
    {
      p.w.hi = hi + i;          /* one word: the other stays */
      p.ll += id (i);
    }
  return p.ll;
}

int
main (void)
{
  long long a[8];
  long long ref_s = 0, ref_t = 1;
  for (int i = 0; i < 8; i++)
    a[i] = (long long) (i * 977) << (i * 4);
  for (int i = 0; i < 8; i++)
    {
      ref_s += a[i] + 1;
      ref_t = ref_t * 3 + ref_s;
      if (ref_s > 1000)
        ref_s -= a[0] * 3;
      ref_s ^= (unsigned long long) ref_t >> 7;
      ref_t += ref_s >> 3;
    }
  if (mix (a, 8) != ref_s + ref_t)
    abort ();

  union pair p;
  p.ll = 0x123456789abcdefLL;
  for (int i = 0; i < 5; i++)
    {
      p.w.hi = 7 + i;
      p.ll += i;
    }
  if (keep_low (0x123456789abcdefLL, 7, 5) != p.ll)
    abort ();
  return 0;
}
