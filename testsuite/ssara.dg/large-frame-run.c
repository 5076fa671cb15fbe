/* Frames past a 16-bit displacement: locals and spill slots beyond
   32 KiB are reached through a GPR kept out of allocation (addis from
   the stack pointer), with the stack protector on.  */
/* { dg-do run } */
/* { dg-options "-O2 -fstack-protector-all -save-temps -fplugin-arg-ssara-dump" } */

extern void abort (void);
#define N 20
struct big { int i[0x4000]; };

__attribute__((noinline)) int use (struct big *b, int k) { return b->i[k]; }

__attribute__((noinline)) int
many (int n, int *in)
{
  struct big b;
  int v0 = in[0], v1 = in[1], v2 = in[2], v3 = in[3], v4 = in[4];
  int v5 = in[5], v6 = in[6], v7 = in[7], v8 = in[8], v9 = in[9];
  int w0 = in[10], w1 = in[11], w2 = in[12], w3 = in[13], w4 = in[14];
  int w5 = in[15], w6 = in[16], w7 = in[17], w8 = in[18], w9 = in[19];
  for (int k = 0; k < 0x4000; k++)
    b.i[k] = k;
  for (int k = 0; k < n; k++)
    {
      v0 += use (&b, k); v1 += v0; v2 += v1; v3 += v2; v4 += v3;
      v5 += v4; v6 += v5; v7 += v6; v8 += v7; v9 += v8;
      w0 += v9; w1 += w0; w2 += w1; w3 += w2; w4 += w3;
      w5 += w4; w6 += w5; w7 += w6; w8 += w7; w9 += w8 + b.i[0x3fff - k];
    }
  return v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9
         + w0 + w1 + w2 + w3 + w4 + w5 + w6 + w7 + w8 + w9 + b.i[0x3000];
}

__attribute__((noinline)) int
ref (int n, int *in)
{
  static struct big b;
  int v[N];
  for (int k = 0; k < N; k++)
    v[k] = in[k];
  for (int k = 0; k < 0x4000; k++)
    b.i[k] = k;
  for (int k = 0; k < n; k++)
    {
      v[0] += b.i[k];
      for (int j = 1; j < N - 1; j++)
        v[j] += v[j - 1];
      v[N - 1] += v[N - 2] + b.i[0x3fff - k];
    }
  int s = b.i[0x3000];
  for (int k = 0; k < N; k++)
    s += v[k];
  return s;
}

int
main (void)
{
  int in[N];
  for (int k = 0; k < N; k++)
    in[k] = k * 3 + 1;
  if (many (7, in) != ref (7, in))
    abort ();
  return 0;
}
/* { dg-final { scan-assembler "addis \[0-9\]+,1,0x1" } } */
/* { dg-final { scan-rtl-dump "ssara: many by=ssara" "ssara" } } */
