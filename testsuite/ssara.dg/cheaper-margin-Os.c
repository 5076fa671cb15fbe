/* spill=cheaper's pereira_margin, which favours the splitting spiller
   for speed, is not applied where GCC optimizes for size: the splitting
   spiller's code is larger (make bench -Os static instructions 1.050x
   -> 1.083x with it).  Here at -Os the paper's spilling keeps every
   value in a register (no load, no store); with the margin the
   splitting spiller's result, with 2 loads and 4 stores, was kept.
   zlib's read_buf.  Without a spill= option: spill=auto is
   spill=cheaper where GCC optimizes for size.  */
/* { dg-do compile } */
/* { dg-options "-Os -fno-pie -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */

struct state { int wrap; };
struct stream
{
  const unsigned char *next_in;
  unsigned avail_in;
  unsigned long total_in;
  struct state *state;
  unsigned long adler;
};
extern unsigned long adler32 (unsigned long, const unsigned char *, unsigned);
extern unsigned long crc32 (unsigned long, const unsigned char *, unsigned);
extern void *memcpy (void *, const void *, unsigned long);

unsigned
read_buf (struct stream *strm, unsigned char *buf, unsigned size)
{
  unsigned len = strm->avail_in;
  if (len > size)
    len = size;
  if (len == 0)
    return 0;
  strm->avail_in -= len;
  memcpy (buf, strm->next_in, len);
  if (strm->state->wrap == 1)
    strm->adler = adler32 (strm->adler, buf, len);
  else if (strm->state->wrap == 2)
    strm->adler = crc32 (strm->adler, buf, len);
  strm->next_in += len;
  strm->total_in += len;
  return len;
}

/* { dg-final { scan-rtl-dump "ssara: read_buf by=ssara \[^\n\]* loads=0 stores=0 " "ssara" } } */
/* { dg-final { scan-rtl-dump-not "ssara: read_buf by=ssara \[^\n\]* spill=split" "ssara" } } */
