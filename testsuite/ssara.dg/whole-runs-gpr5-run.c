/* Values spilled whole where relief does not help (allocate.cc,
   run_whole; docs/core.md, phase 6): with five GPRs (r0, r3-r6) colour
   assignment finds a value of this function no register after the
   spiller, relief does not converge, and a second pass of runs with
   the lightest occupants spilled whole succeeds (the stats line's
   whole_runs=N, the runs of that pass).  SQLite's
   jsonBlobChangePayloadSize with its types, which takes that path in
   make bench's 5-GPR build.  The program's output is stock GCC's.  If
   the spiller comes to leave colour assignment enough registers here,
   whole_runs= goes from the line: find another such function in a
   5-GPR compile's stats (fallback=none) rather than drop the test.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */
extern int printf (const char *, ...);
extern void *memmove (void *, const void *, unsigned long);
typedef unsigned char u8;
typedef unsigned int u32;

struct parse
{
  u8 *aBlob;
  u32 nBlob;
  u32 nBlobAlloc;
  u8 oom;
};

static u8 store[256];
static u8 bigger[512];

__attribute__((noinline)) int
expand (struct parse *p, u32 n)
{
  if (n > sizeof bigger)
    {
      p->oom = 1;
      return 1;
    }
  for (u32 k = 0; k < p->nBlob; k++)
    bigger[k] = p->aBlob[k];
  p->aBlob = bigger;
  p->nBlobAlloc = sizeof bigger;
  return 0;
}

__attribute__((noinline)) int
change_payload_size (struct parse *pParse, u32 i, u32 szPayload)
{
  u8 *a;
  u8 szType;
  u8 nExtra;
  u8 nNeeded;
  int delta;
  if (pParse->oom)
    return 0;
  a = &pParse->aBlob[i];
  szType = a[0] >> 4;
  if (szType <= 11)
    nExtra = 0;
  else if (szType == 12)
    nExtra = 1;
  else if (szType == 13)
    nExtra = 2;
  else if (szType == 14)
    nExtra = 4;
  else
    nExtra = 8;
  if (szPayload <= 11)
    nNeeded = 0;
  else if (szPayload <= 0xff)
    nNeeded = 1;
  else if (szPayload <= 0xffff)
    nNeeded = 2;
  else
    nNeeded = 4;
  delta = nNeeded - nExtra;
  if (delta)
    {
      u32 newSize = pParse->nBlob + delta;
      if (delta > 0)
        {
          if (newSize > pParse->nBlobAlloc && expand (pParse, newSize))
            return 0;
          a = &pParse->aBlob[i];
          memmove (&a[1 + delta], &a[1], pParse->nBlob - (i + 1));
        }
      else
        memmove (&a[1], &a[1 - delta], pParse->nBlob - (i + 1 - delta));
      pParse->nBlob = newSize;
    }
  if (nNeeded == 0)
    a[0] = (a[0] & 0x0f) | (szPayload << 4);
  else if (nNeeded == 1)
    {
      a[0] = (a[0] & 0x0f) | 0xc0;
      a[1] = szPayload & 0xff;
    }
  else if (nNeeded == 2)
    {
      a[0] = (a[0] & 0x0f) | 0xd0;
      a[1] = (szPayload >> 8) & 0xff;
      a[2] = szPayload & 0xff;
    }
  else
    {
      a[0] = (a[0] & 0x0f) | 0xe0;
      a[1] = (szPayload >> 24) & 0xff;
      a[2] = (szPayload >> 16) & 0xff;
      a[3] = (szPayload >> 8) & 0xff;
      a[4] = szPayload & 0xff;
    }
  return delta;
}

int
main (void)
{
  struct parse p = { store, 0, 202, 0 };
  for (u32 k = 0; k < 200; k++)
    store[k] = (u8) (k * 37 + 11);
  p.nBlob = 200;
  u32 sum = 0;
  static const u32 sizes[] = { 5, 200, 70000, 3, 0x1234, 9, 0x12345678, 1 };
  for (u32 r = 0; r < 8; r++)
    {
      int d = change_payload_size (&p, (r * 13) % 50, sizes[r]);
      sum = sum * 31 + (u32) d;
    }
  for (u32 k = 0; k < p.nBlob; k++)
    sum = sum * 33 + p.aBlob[k];
  printf ("%u %u %d\n", sum, p.nBlob, p.aBlob == bigger);
  return 0;
}

/* { dg-output "407754512 206 1" } */
/* { dg-final { scan-rtl-dump "ssara: change_payload_size by=ssara \[^\n\]* whole_runs=\[1-9\]" "ssara" } } */
/* { dg-final { scan-rtl-dump-not "ssara: change_payload_size by=ssara \[^\n\]* spill=everything" "ssara" } } */
