/* A float pun of an integer, extended to double: (float_extend:DF
   (subreg:SF (reg:SI))).  extendsfdf2_fpr's first alternative ties its
   output to the input ("0"), but the input's value lives in a GPR and
   the output in an FPR: that alternative does not fit, and the import
   takes the one that copies the value over through memory (stw, lfs).
   Before, the tie was imported and the function declined ("operand 1
   is tied to a use of another file"; also 920428-2.c of the compile
   torture suite).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

extern int printf (const char *, ...);
union u { int i; float f; };
struct m { float a, b, c, d; };
__attribute__((noinline)) double pun (int x) { union u v; v.i = x; return v.f; }
__attribute__((noinline)) double sum (struct m ctm) { return (double) ctm.a + ctm.d; }
int main (void)
{
  struct m s = { 1.5f, 2.0f, 3.0f, 4.25f };
  printf ("%.4f %.4f\n", pun (0x3fc00000), sum (s));
  return 0;
}

/* { dg-output "1.5000 5.7500" } */
