/* brotli-driver.c -- a fixed workload for Brotli (bundled in the iltorb
   npm package, fetched at bench time): compress deterministic text-like
   data at several qualities, decompress, verify, and print the sizes and
   a checksum of the compressed streams, the same for every correct
   compiler.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <brotli/decode.h>
#include <brotli/encode.h>

#define N (96 * 1024)

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

int
main (void)
{
  static const int qualities[] = { 1, 4, 6, 9 };
  size_t cap = BrotliEncoderMaxCompressedSize (N);
  unsigned char *in = malloc (N), *out = malloc (cap), *back = malloc (N);
  if (!in || !out || !back)
    return 2;
  fill (in, N, 42);
  for (unsigned q = 0; q < sizeof qualities / sizeof qualities[0]; q++)
    {
      size_t clen = cap, blen = N;
      if (!BrotliEncoderCompress (qualities[q], 18, BROTLI_MODE_TEXT, N, in,
                                  &clen, out))
        return 3;
      if (BrotliDecoderDecompress (clen, out, &blen, back)
          != BROTLI_DECODER_RESULT_SUCCESS)
        return 4;
      printf ("quality %d: %zu bytes, checksum %08x, round trip %s\n",
              qualities[q], clen, checksum (out, clen),
              blen == N && memcmp (in, back, N) == 0 ? "ok" : "BROKEN");
    }
  return 0;
}
