/* The address of a local, &a[2] below, is one `addi' off the stack
   pointer, as with stock GCC: an add of a constant to the frame pointer
   is eliminated into the stack pointer like a copy of it, the constant
   taking the offset.  It used to be a copy of the stack pointer into a
   register, `mr 9,1', and an `addi' off that copy (tree-sitter: 254
   such copies, 4.4 M executed instructions at -O2).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

extern void use (int *, int *);

void
locals (int n)
{
  int a[4], b[10];
  a[0] = n;
  b[0] = n;
  use (&a[2], &b[7]);
}

/* { dg-final { scan-assembler-not {\tmr [0-9]+,1\n} } } */
/* { dg-final { scan-assembler-times {\taddi [34],1,[0-9]+\n} 2 } } */
