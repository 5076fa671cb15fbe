/* Stores that move_block_local_accesses (rtl-prepare.cc) must not
   hoist: between the def of the stored value and the store, a load that
   may read the same memory (it must see the old value), a store that may
   write it (the last store wins), or a call that may read it.  The stored
   value is computed from memory the pointer reaches, so that its address
   is there before the value's def.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);

int seen;

__attribute__ ((noipa)) void
past_load (int *p, int *q, int *r, int x)
{
  int v = x * p[1];
  *r = *q;
  *p = v;
  p[1] = 0;
}

__attribute__ ((noipa)) void
past_store (int *p, int *q, int x)
{
  int v = x * p[1] + 1;
  *q = 1;
  *p = v;
  p[1] = 0;
}

__attribute__ ((noipa)) void
look (int *p)
{
  seen = *p;
}

__attribute__ ((noipa)) void
past_call (int *p, int x)
{
  int v = x * p[1] + 2;
  look (p);
  *p = v;
  p[1] = 0;
}

__attribute__ ((noipa)) void
past_double_load (double *p, double *q, double *r, double x)
{
  double v = x * p[1];
  *r = *q;
  *p = v;
  p[1] = 0;
}

int
main (void)
{
  int a[2] = { 4, 3 }, b = 0;
  past_load (a, a, &b, 2);
  if (a[0] != 6 || a[1] != 0 || b != 4)
    abort ();
  a[0] = 4;
  a[1] = 3;
  past_store (a, a, 2);
  if (a[0] != 7)
    abort ();
  a[0] = 4;
  a[1] = 3;
  past_call (a, 2);
  if (a[0] != 8 || seen != 4)
    abort ();
  double d[2] = { 1.5, 3.0 }, e = 0;
  past_double_load (d, d, &e, 2.0);
  if (d[0] != 6.0 || e != 1.5)
    abort ();
  return 0;
}
