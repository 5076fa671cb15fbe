/* The body of the option tests (abi-*-run.c): every test compiles it
   under other code-generation options and must print the same line.
   It has a jump table (mtctr/bctr), counted loops (bdnz), an indirect
   call through CTR, globals (through the GOT under -fpic), values live
   across calls, long long and double values, alloca and a VLA (a frame
   pointer), and local arrays (the stack protector's canary).  */

extern int printf (const char *, ...);

int g_int = 7;
long long g_ll = 0x100000001LL;
double g_d = 1.5;

__attribute__((noinline)) int
classify (int x)
{
  switch (x & 15)
    {
    case 0: return 11;
    case 1: return 23;
    case 2: return x * 3;
    case 3: return x - 100;
    case 4: return 57;
    case 5: return x ^ 0x55;
    case 6: return -x;
    case 7: return x << 2;
    case 8: return 91;
    case 9: return x + g_int;
    default: return x >> 1;
    }
}

__attribute__((noinline)) long long
counted (const int *a, int n)
{
  long long s = 0;
  for (int i = 0; i < n; i++)
    s += (long long) a[i] * g_ll;
  return s;
}

__attribute__((noinline)) double
dot (const double *a, const double *b, int n)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s * g_d;
}

typedef int (*fn_t) (int);

__attribute__((noinline)) int
apply (fn_t f, int x, int y)
{
  int a = f (x);
  int b = f (y);
  return a * 31 + b;
}

__attribute__((noinline)) int
with_alloca (int n)
{
  int *p = __builtin_alloca (n * sizeof (int));
  int vla[n + 1];
  for (int i = 0; i < n; i++)
    {
      p[i] = classify (i);
      vla[i] = p[i] * 2;
    }
  vla[n] = 0;
  int s = 0;
  for (int i = 0; i <= n; i++)
    s += vla[i] - p[i % n];
  return s;
}

__attribute__((noinline)) unsigned
with_array (const char *s)
{
  char buf[64];
  unsigned h = 5381;
  int i = 0;
  for (; s[i] && i < 63; i++)
    buf[i] = s[i] ^ 0x20;
  buf[i] = 0;
  for (i = 0; buf[i]; i++)
    h = h * 33 + (unsigned char) buf[i];
  return h;
}

int
main (void)
{
  int a[40];
  double x[16], y[16];
  for (int i = 0; i < 40; i++)
    a[i] = classify (i * 7 + 3);
  for (int i = 0; i < 16; i++)
    {
      x[i] = i * 0.25;
      y[i] = 16 - i;
    }
  long long c = counted (a, 40);
  double d = dot (x, y, 16);
  int ap = apply (classify, 5, 9);
  int al = with_alloca (13);
  unsigned h = with_array ("the quick brown fox");
  printf ("abi %lld %.3f %d %d %u\n", c, d, ap, al, h);
  return 0;
}
