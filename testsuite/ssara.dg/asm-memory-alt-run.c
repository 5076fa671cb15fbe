/* Asm operands that fit their asm only in memory: every alternative
   that fits puts one of "=r,m" (x) and "=m,r" (y) in memory, so the
   pseudo gets a stack slot in its place, stored before the asm (an
   input) or loaded after it (an output), after an asm goto at the start
   of every successor (gcc.c-torture/compile/asmgoto-2.c's foo4).  The
   macros work for either kind of operand, so that the test does not
   depend on the alternative chosen.  Also a two-output asm with a frame
   address input ("m" of a local array): its SETs must keep sharing the
   input vector once the frame pointer is eliminated.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

__asm__ (".macro ssara_isreg op\n"
         "  .set .Lssara_mem, 0\n"
         "  .irpc c, \\op\n"
         "    .ifc \\c,(\n"
         "      .set .Lssara_mem, 1\n"
         "    .endif\n"
         "  .endr\n"
         ".endm\n"
         /* setop VAL, OP: OP = VAL, OP a register or memory (uses r0).  */
         ".macro setop val, op\n"
         "  ssara_isreg \\op\n"
         "  .if .Lssara_mem\n"
         "    li 0,\\val\n"
         "    stw 0,\\op\n"
         "  .else\n"
         "    li \\op,\\val\n"
         "  .endif\n"
         ".endm\n"
         /* getop DST, OP: register DST = OP, a register or memory.  */
         ".macro getop dst, op\n"
         "  ssara_isreg \\op\n"
         "  .if .Lssara_mem\n"
         "    lwz \\dst,\\op\n"
         "  .else\n"
         "    mr \\dst,\\op\n"
         "  .endif\n"
         ".endm\n");

__attribute__((noinline)) int
outputs (void)
{
  int x, y;
  __asm__ ("setop 11,%0\n\tsetop 22,%1" : "=r,m" (x), "=m,r" (y) : : "r0");
  return x * 100 + y;
}

__attribute__((noinline)) int
inputs (int a, int b)
{
  int z, w;
  __asm__ ("getop %0,%2\n\tgetop %1,%3"
           : "=&r,&r" (z), "=r,r" (w) : "m,r" (a), "r,m" (b));
  return z * 100 + w;
}

__attribute__((noinline)) int
goto_outputs (int taken)
{
  int x, y;
  __asm__ goto ("setop 11,%0\n\tsetop 22,%1\n\t"
                "cmpwi %2,0\n\tbne %l3"
                : "=&r,m" (x), "=m,&r" (y) : "r,r" (taken) : "r0", "cr0"
                : lab);
  return x * 100 + y;
 lab:
  return x + y;
}

/* Several labels, some reached from elsewhere too (critical edges).  */
__attribute__((noinline)) int
goto_many (int which, int seed)
{
  int x, y, z, v;
  int r = seed;
  if (seed > 100)
    goto lab2;
  __asm__ goto ("setop 1,%0\n\tsetop 2,%1\n\tsetop 3,%2\n\tsetop 4,%3\n\t"
                "cmpwi %4,1\n\tbeq %l5\n\t"
                "cmpwi %4,2\n\tbeq %l6\n\t"
                "cmpwi %4,3\n\tbeq %l7"
                : "=&r,m" (x), "=m,&r" (y), "=&r,m" (z), "=m,&r" (v)
                : "r,r" (which) : "r0", "cr0"
                : lab1, lab2, lab3);
  return r + x + y + z + v;
 lab1:
  return r + 10 * x;
 lab2:
  if (seed > 100)
    return -1;
  return r + 10 * y;
 lab3:
  return r + 10 * z + v;
}

__attribute__((noinline)) int
frame_input (int i)
{
  int buf[2] = { i, i + 1 };
  int a, b;
  __asm__ ("lwz %0,%2\n\tlwz %1,4+%2" : "=&r" (a), "=r" (b) : "m" (buf));
  return a * 10 + b;
}

int
main (void)
{
  if (outputs () != 1122)
    __builtin_abort ();
  if (inputs (5, 7) != 507)
    __builtin_abort ();
  if (goto_outputs (0) != 1122 || goto_outputs (1) != 33)
    __builtin_abort ();
  if (goto_many (0, 1000) != -1)
    __builtin_abort ();
  for (int w = 0; w < 4; w++)
    {
      static const int want[4] = { 10 + 1 + 2 + 3 + 4, 10 + 10,
                                   10 + 20, 10 + 30 + 4 };
      if (goto_many (w, 10) != want[w])
        __builtin_abort ();
    }
  if (frame_input (3) != 34)
    __builtin_abort ();
  return 0;
}
