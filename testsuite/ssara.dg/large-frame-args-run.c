/* Argument areas past a 16-bit displacement: 9000 int arguments, 36 KiB
   of them on the stack.  The caller stores into its outgoing argument
   area through a register kept for far offsets (the outgoing area counts
   towards large_frame_bytes); the callee, whose own frame is empty, loads
   its last arguments through the registers it loads.  Like
   gcc.c-torture/compile/limits-fnargs.c.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);
#define P1(x) int x##0, int x##1, int x##2, int x##3, int x##4, int x##5, int x##6, int x##7, int x##8, int x##9
#define P2(x) P1(x##0), P1(x##1), P1(x##2), P1(x##3), P1(x##4), P1(x##5), P1(x##6), P1(x##7), P1(x##8), P1(x##9)
#define P3(x) P2(x##0), P2(x##1), P2(x##2), P2(x##3), P2(x##4), P2(x##5), P2(x##6), P2(x##7), P2(x##8), P2(x##9)
#define A1(k) k##0, k##1, k##2, k##3, k##4, k##5, k##6, k##7, k##8, k##9
#define A2(k) A1(k##0), A1(k##1), A1(k##2), A1(k##3), A1(k##4), A1(k##5), A1(k##6), A1(k##7), A1(k##8), A1(k##9)
#define A3(k) A2(k##0), A2(k##1), A2(k##2), A2(k##3), A2(k##4), A2(k##5), A2(k##6), A2(k##7), A2(k##8), A2(k##9)

/* Parameter aN receives N.  */
__attribute__((noipa)) int
callee (P3 (a1), P3 (a2), P3 (a3), P3 (a4), P3 (a5), P3 (a6), P3 (a7),
        P3 (a8), P3 (a9))
{
  return a1000 - 3 * a1007 + 5 * a5123 - 7 * a8998 + 11 * a9999;
}

__attribute__((noipa)) int
caller (void)
{
  return callee (A3 (1), A3 (2), A3 (3), A3 (4), A3 (5), A3 (6), A3 (7),
                 A3 (8), A3 (9));
}

int
main (void)
{
  if (caller () != 1000 - 3 * 1007 + 5 * 5123 - 7 * 8998 + 11 * 9999)
    abort ();
  return 0;
}
