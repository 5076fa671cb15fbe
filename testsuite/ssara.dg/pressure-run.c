/* More simultaneously live values than registers, across calls: some
   must be spilled and reloaded.  */
/* { dg-do run } */
/* { dg-options "-O2 -save-temps -fplugin-arg-ssara-dump -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28" } */

extern void abort (void);

__attribute__ ((noinline)) int
id (int x)
{
  return x;
}

__attribute__ ((noinline)) int
many (int *p)
{
  int a = p[0], b = p[1], c = p[2], d = p[3], e = p[4], f = p[5];
  int g = p[6], h = p[7], i = p[8], j = p[9];
  int s = id (a);
  s += id (b) * a + c;
  s += id (d) * e + f;
  s += id (g) * h + i + j;
  return s + a + b + c + d + e + f + g + h + i + j;
}

int
main (void)
{
  int v[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
  if (many (v) != 1 + (2 * 1 + 3) + (4 * 5 + 6) + (7 * 8 + 9 + 10) + 55)
    abort ();
  return 0;
}

/* Values leave their registers: stores and reloads (whether a value is
   given a stack slot for its whole life, spilled=N, is the spiller's
   choice).  */
/* { dg-final { scan-rtl-dump "ssara: many by=ssara values=\[0-9\]+ spilled=\[0-9\]+ copies=\[0-9\]+ swaps=\[0-9\]+ loads=\[1-9\]\[0-9\]* stores=\[1-9\]" "ssara" } } */
/* The fixed registers are never written (a callee-saved register in use
   would be saved by the prologue).  */
/* { dg-final { scan-assembler-not "\t(stw|lwz|mr|li|add|addi|mullw) (1\[4-9\]|2\[0-8\])," } } */
