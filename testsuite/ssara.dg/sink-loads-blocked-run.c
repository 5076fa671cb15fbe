/* Loads that move_block_local_accesses (rtl-prepare.cc) must not sink:
   the memory may change between the load and its only reader (a store
   through a pointer that aliases it, of an int, a double or a long long;
   a call that writes it).  Each reader here is a store, which stays
   after the store or call in between, so the load comes before them in
   the RTL, and sinking it would read the new value.  Each pointer is read
   again after the reader, so that moving the load would not lengthen its
   address register's life (which sinking also refuses).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);

int g[2];

__attribute__ ((noipa)) void
through_store (int *p, int *q, int *r)
{
  int a = *p;
  *q = 7;
  *r = a;
  p[1] = 0;
}

__attribute__ ((noipa)) void
bump (void)
{
  g[0] += 100;
}

__attribute__ ((noipa)) void
through_call (int *p, int *r)
{
  int a = *p;
  bump ();
  *r = a;
  p[1] = 0;
}

__attribute__ ((noipa)) void
through_double (double *p, double *q, double *r)
{
  double a = *p;
  *q = 2.5;
  *r = a;
  p[1] = 0;
}

__attribute__ ((noipa)) void
through_wide (long long *p, long long *q, long long *r)
{
  long long a = *p;
  *q = 9;
  *r = a;
  p[1] = 0;
}

int
main (void)
{
  int x[2] = { 1, 1 }, y = 0;
  through_store (x, x, &y);
  if (x[0] != 7 || x[1] != 0 || y != 1)
    abort ();
  g[0] = 5;
  through_call (g, &y);
  if (g[0] != 105 || y != 5)
    abort ();
  double d[2] = { 1.5, 1.5 }, e = 0;
  through_double (d, d, &e);
  if (d[0] != 2.5 || e != 1.5)
    abort ();
  long long l[2] = { 3, 3 }, m = 0;
  through_wide (l, l, &m);
  if (l[0] != 9 || m != 3)
    abort ();
  return 0;
}
