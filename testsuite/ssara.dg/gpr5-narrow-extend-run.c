/* gpr5-narrow-extend.c's match finder run: the extensions that load
   from the stack must leave the chars zero-extended.  */
/* { dg-do run } */
/* { dg-options "-O2 -ffixed-r7 -ffixed-r8 -ffixed-r9 -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fno-pie -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on" } */

#include "gpr5-narrow-extend.h"

static unsigned char win[1024];
static unsigned short prev[256];

int
main (void)
{
  for (unsigned i = 0; i < sizeof win; i++)
    win[i] = (unsigned char) ((i * 7 + (i >> 3) * 13) % 5 + 250);
  for (unsigned i = 0; i < 256; i++)
    prev[i] = (unsigned short) ((i * 37 + 11) % 700 + 5);
  struct st s = { win, prev, 255, 3, 200 };
  unsigned total = 0;
  for (unsigned cur = 5; cur < 700; cur += 3)
    total += best_match (&s, cur, 64, 3);
  /* The same search written plainly.  */
  unsigned want = 0;
  for (unsigned cur = 5; cur < 700; cur += 3)
    {
      unsigned best = 3, chain = 64, c = cur;
      do
        {
          unsigned l = 0;
          while (l < 258 && win[c + l] == win[l])
            l++;
          if (l > best && win[c + best] == win[best]
              && win[c + best - 1] == win[best - 1])
            {
              best = l;
              if (l >= 200)
                break;
            }
        }
      while ((c = prev[c & 255]) > 3 && --chain != 0);
      want += best;
    }
  if (total != want)
    __builtin_abort ();
  return 0;
}
