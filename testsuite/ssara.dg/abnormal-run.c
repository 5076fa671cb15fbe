/* Abnormal edges: setjmp/longjmp, __builtin_setjmp, nonlocal goto out
   of a nested function, computed goto.  Values live over the abnormal
   edges are kept in memory.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-ssara-dump" } */

#include <setjmp.h>
extern void abort (void);

static jmp_buf jb;
__attribute__((noinline)) void jump (int v) { if (v > 2) longjmp (jb, v); }

__attribute__((noinline)) int
use_setjmp (int n)
{
  volatile int count = 0;
  int base = n * 3;
  int r = setjmp (jb);
  if (r == 0)
    {
      for (int i = 0; i < n; i++)
        {
          count++;
          jump (i);
        }
      return -1;
    }
  return base + r * 100 + count;
}

static void *bbuf[5];
__attribute__((noinline)) void bjump (void) { __builtin_longjmp (bbuf, 1); }

__attribute__((noinline)) int
use_builtin_setjmp (int x)
{
  int y = x * 7;
  if (__builtin_setjmp (bbuf))
    return y + 1;
  bjump ();
  return 0;
}

__attribute__((noinline)) int
nonlocal (int n)
{
  __label__ out;
  int acc = n + 10;
  void inner (int k) { if (k == 3) goto out; acc += k; }
  for (int i = 0; i < n; i++)
    inner (i);
  return -1;
 out:
  return acc;
}

__attribute__((noinline)) int
computed (int *ops, int n)
{
  static void *tab[] = { &&add, &&sub, &&dbl };
  int acc = 1, i = 0;
 next:
  if (i == n)
    return acc;
  goto *tab[ops[i++]];
 add:
  acc += 5;
  goto next;
 sub:
  acc -= 2;
  goto next;
 dbl:
  acc *= 2;
  goto next;
}

int
main (void)
{
  int ops[] = { 0, 2, 1, 2, 0 };
  if (use_setjmp (10) != 30 + 300 + 4) abort ();
  if (use_builtin_setjmp (6) != 43) abort ();
  if (nonlocal (8) != 18 + 0 + 1 + 2) abort ();
  if (computed (ops, 5) != ((1 + 5) * 2 - 2) * 2 + 5) abort ();
  return 0;
}

/* { dg-final { scan-rtl-dump "ssara: use_setjmp by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: use_builtin_setjmp by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: nonlocal by=ssara" "ssara" } } */
/* { dg-final { scan-rtl-dump "ssara: computed by=ssara" "ssara" } } */
