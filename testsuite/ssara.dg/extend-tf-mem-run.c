/* long double (IBM double-double) extended from a double in memory
   (g++.dg/torture/pr69355.C): combine makes extenddftf2_fprs read the
   double from memory, and its alternatives want either that double in an
   FPR or the zero it also reads in memory.  reload_memory_operands loads
   the double into a pseudo, as LRA reloads it; the import used to find no
   alternative.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);
__attribute__((noipa)) long double ext (const double *p) { return p[1]; }
__attribute__((noipa)) long double ext_div (double x, const double *p)
{
  long double d = p[2];
  return x / d;
}
int main (void)
{
  double v[3] = { 1.0, 2.5, 4.0 };
  if (ext (v) != 2.5L)
    abort ();
  if (ext_div (10.0, v) != 2.5L)
    abort ();
  return 0;
}
