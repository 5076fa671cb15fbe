/* The generated assembler keeps the function and its return.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

int
twice (int x)
{
  return x + x;
}

/* { dg-final { scan-assembler "twice:" } } */
/* { dg-final { scan-assembler "\tblr" } } */
