/* SQLite's sqlite3GetVarint: the 64-bit result is two 32-bit phis at the
   join (GCC's lower-subreg split it).  On one path the high word (0) is
   made before the low word, while the register the low word's phi wants
   is still busy; colour assignment gave the high word the register the
   low word was about to want, and three moves swapped the two at the
   join (600 K extra instructions in SQLite).  Looking ahead at the
   preferences of values defined a few instructions later, it leaves
   that register to the low word: the function has one move, as stock
   GCC's does.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long long u64;

u8
getvarint (const unsigned char *p, u64 *v)
{
  u32 a, b;
  if (((signed char *) p)[0] >= 0)
    {
      *v = *p;
      return 1;
    }
  if (((signed char *) p)[1] >= 0)
    {
      *v = ((u32) (p[0] & 0x7f) << 7) | p[1];
      return 2;
    }
  a = ((u32) p[0]) << 14;
  b = p[1];
  p += 2;
  a |= *p;
  if (!(a & 0x80))
    {
      a &= 0x001fc07f;
      b &= 0x7f;
      b = b << 7;
      a |= b;
      *v = a;
      return 3;
    }
  a &= 0x001fc07f;
  p++;
  b = b << 14;
  b |= *p;
  if (!(b & 0x80))
    {
      b &= 0x001fc07f;
      a = a << 7;
      a |= b;
      *v = a;
      return 4;
    }
  *v = ((u64) a << 32) | b;
  return 9;
}

/* { dg-final { scan-assembler-times {\tmr } 1 } } */
