/* Pre-coloured ranges of incoming arguments passed straight on at five
   GPRs (r0, r3-r6): g's arguments arrive in r3-r6 and go unchanged to
   the calls of f5 and f6 in other blocks, so r3-r6 are pinned from the
   entry across the compare of dictStart + dictSize with dest, which needs
   two GPRs with r0 alone free.  Hard-range splitting gives the ranges
   values the spiller may evict; without it the function was declined
   ("no register for"), as LZ4_decompress_safe_usingDict was with five
   GPRs in make bench.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */

extern int printf (const char *, ...);
typedef unsigned long size_t;

__attribute__((noinline)) int
f4 (const char *s, char *d, int c, int m)
{
  return (int) (d - s) + c * 3 + m * 5;
}

__attribute__((noinline)) int
f5 (const char *s, char *d, int c, int m, size_t n)
{
  return (int) (d - s) + c * 7 + m * 11 + (int) n * 13;
}

__attribute__((noinline)) int
f6 (const char *s, char *d, int c, int m, const char *p, size_t n)
{
  return (int) (d - s) + c * 17 + m * 19 + (int) (p - s) * 23 + (int) n;
}

__attribute__((noinline)) int
g (const char *source, char *dest, int compressedSize, int maxOutputSize,
   const char *dictStart, int dictSize)
{
  if (dictSize == 0)
    return f4 (source, dest, compressedSize, maxOutputSize);
  if (dictStart + dictSize == dest)
    {
      if (dictSize >= 65535)
        return f4 (source, dest, compressedSize, maxOutputSize);
      return f5 (source, dest, compressedSize, maxOutputSize,
                 (size_t) dictSize);
    }
  return f6 (source, dest, compressedSize, maxOutputSize, dictStart,
             (size_t) dictSize);
}

static char buf[100];

int
main (void)
{
  printf ("%d %d %d\n", g (buf, buf + 10, 2, 3, buf + 4, 0),
          g (buf, buf + 10, 2, 3, buf + 4, 6),
          g (buf, buf + 10, 2, 3, buf + 4, 5));
  return 0;
}

/* { dg-output "31 135 198" } */
/* { dg-final { scan-rtl-dump "ssara: g by=ssara \[^\n\]* split_ranges=" "ssara" } } */
