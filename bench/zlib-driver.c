/* zlib-driver.c -- a fixed workload for zlib (from the gcc-12-source
   tarball): compress deterministic data at several levels, decompress,
   verify, and print sizes and checksums.  The output is the same for
   every correct compiler.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zlib.h"

#define N (256 * 1024)

/* Fill BUF with LEN bytes of text-like data from a fixed LCG.  */
static void
fill (unsigned char *buf, size_t len, unsigned seed)
{
  static const char words[][8]
    = { "alloc ", "phi ", "spill ", "reg ", "copy ", "swap ", "ssa ", "\n" };
  size_t i = 0;
  while (i < len)
    {
      seed = seed * 1103515245u + 12345u;
      const char *w = words[(seed >> 16) % 8];
      while (*w && i < len)
        buf[i++] = (unsigned char) *w++;
      if ((seed >> 8) % 13 == 0 && i < len)
        buf[i++] = (unsigned char) (seed >> 24);
    }
}

int
main (void)
{
  unsigned char *in = malloc (N), *out = malloc (N), *back = malloc (N);
  int levels[] = { 1, 6, 9 };
  if (!in || !out || !back)
    return 2;
  fill (in, N, 42);
  printf ("input %d bytes, adler32 %08lx, crc32 %08lx\n", N,
          adler32 (adler32 (0, 0, 0), in, N), crc32 (crc32 (0, 0, 0), in, N));
  for (unsigned l = 0; l < sizeof levels / sizeof levels[0]; l++)
    {
      uLongf clen = N, blen = N;
      if (compress2 (out, &clen, in, N, levels[l]) != Z_OK)
        return 3;
      if (uncompress (back, &blen, out, clen) != Z_OK)
        return 4;
      printf ("level %d: %lu bytes, crc32 %08lx, round trip %s\n", levels[l],
              (unsigned long) clen, crc32 (0, out, clen),
              blen == N && memcmp (in, back, N) == 0 ? "ok" : "BROKEN");
    }
  return 0;
}
