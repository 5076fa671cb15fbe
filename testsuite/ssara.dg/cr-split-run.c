/* The splitting spiller brings CR fields down too (spilling.cc, the
   through_via_file round).  With no call-saved CR field (cr2-cr4 fixed),
   the hoisted compare a < b cannot keep a field across the call to g on
   the loop's cold path: it is stored before the call and reloaded after
   it, and the loop's hot path reads it from its field.  Colour
   assignment's whole-value spilling reloaded it (lwz; mtcrf) at the top
   of every iteration.  (The field still moves between cr0 and cr7 with
   mcrf in the loop, around the addic. that sets cr0: not coalesced.)  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -ffixed-cr2 -ffixed-cr3 -ffixed-cr4 -fplugin-arg-ssara-spill=split" } */

extern void abort (void);

__attribute__ ((noinline)) void
g (int *p)
{
  p[0]++;
}

__attribute__ ((noinline)) int
f (int *p, int n, int a, int b)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      if (a < b)
        s += p[i];
      else
        s -= p[i];
      if (p[i] == 7)
        g (p);
    }
  return s;
}

int
main (void)
{
  int v[4] = { 7, 2, 3, 4 };
  if (f (v, 4, 1, 2) != 7 + 2 + 3 + 4)
    abort ();
  if (v[0] != 8)
    abort ();
  if (f (v, 4, 2, 1) != -(8 + 2 + 3 + 4))
    abort ();
  return 0;
}

/* The value is reloaded after the call, not at the loop's top (the load
   of p[i]).  */
/* { dg-final { scan-assembler {bl g[^\n]*\n(\t[^\n]*\n){0,4}\tmtcrf} } } */
/* { dg-final { scan-assembler-not {lwzu [^\n]*\n(\t[^\n]*\n){0,3}\tmtcrf} } } */
