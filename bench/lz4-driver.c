/* lz4-driver.c -- a fixed workload for LZ4 (bundled in the lz4 npm
   package, fetched at bench time): fast and high-compression modes at
   several levels, decompression, verification; prints sizes and
   checksums, the same for every correct compiler.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lz4.h"
#include "lz4hc.h"

#define N (512 * 1024)

static void
fill (unsigned char *buf, size_t len, unsigned seed)
{
  static const char words[][10]
    = { "alloc ", "phi ", "spill ", "register ", "copy ", "swap ", "ssa ",
        "\n", "the ", "of ", "value " };
  size_t i = 0;
  while (i < len)
    {
      seed = seed * 1103515245u + 12345u;
      const char *w = words[(seed >> 16) % 11];
      while (*w && i < len)
        buf[i++] = (unsigned char) *w++;
      if ((seed >> 8) % 13 == 0 && i < len)
        buf[i++] = (unsigned char) (seed >> 24);
    }
}

static unsigned
checksum (const unsigned char *p, size_t n)
{
  unsigned h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 16777619u;
  return h;
}

static void
report (const char *mode, int level, const unsigned char *in,
        const char *out, int clen, char *back)
{
  int blen = LZ4_decompress_safe (out, back, clen, N);
  printf ("%s %d: %d bytes, checksum %08x, round trip %s\n", mode, level,
          clen, checksum ((const unsigned char *) out, clen),
          blen == N && memcmp (in, back, N) == 0 ? "ok" : "BROKEN");
}

int
main (void)
{
  int cap = LZ4_compressBound (N);
  unsigned char *in = malloc (N);
  char *out = malloc (cap), *back = malloc (N);
  if (!in || !out || !back)
    return 2;
  fill (in, N, 42);
  for (int accel = 1; accel <= 8; accel *= 8)
    for (int rep = 0; rep < 3; rep++)
      {
        int clen = LZ4_compress_fast ((const char *) in, out, N, cap, accel);
        if (rep == 2)
          report ("fast", accel, in, out, clen, back);
      }
  static const int levels[] = { 3, 9 };
  for (int l = 0; l < 2; l++)
    {
      int clen = LZ4_compress_HC ((const char *) in, out, N, cap, levels[l]);
      report ("hc", levels[l], in, out, clen, back);
    }
  return 0;
}
