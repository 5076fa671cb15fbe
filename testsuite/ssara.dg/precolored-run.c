/* Arguments arrive in r3-r10 and the result leaves in r3: pre-coloured
   hard registers the allocator must route values through.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-dump" } */

extern void abort (void);

__attribute__ ((noinline)) int
eight (int a, int b, int c, int d, int e, int f, int g, int h)
{
  /* Reverse the argument order into a call: every argument register
     receives another argument register's value.  */
  return a * 8 + b * 7 + c * 6 + d * 5 + e * 4 + f * 3 + g * 2 + h;
}

__attribute__ ((noinline)) int
reverse (int a, int b, int c, int d, int e, int f, int g, int h)
{
  return eight (h, g, f, e, d, c, b, a) + 1;
}

int
main (void)
{
  if (reverse (1, 2, 3, 4, 5, 6, 7, 8) != 8 * 8 + 7 * 7 + 6 * 6 + 5 * 5
      + 4 * 4 + 3 * 3 + 2 * 2 + 1 + 1)
    abort ();
  return 0;
}

/* { dg-final { scan-rtl-dump "ssara: eight by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: reverse by=ssara" "ssara" } } */
