/* A phi input that is undefined on the abnormal edge out of a call that
   may take a nonlocal goto (gcc.dg/torture/pr57036-2.c): its made-up
   definition, and the store to the phi's stack slot after it, went
   after the call, which ends its block, and sched2 failed its
   "all region insns scheduled" assertion.  They go before the call.  */
/* { dg-do run } */
/* { dg-require-effective-target nonlocal_goto } */
/* { dg-options "-O2 -w -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-dump" } */

extern void abort (void);
int j_ = 42;
int g_calls;
__attribute__((noinline)) void g (void) { g_calls++; }

__attribute__((noinline)) int jpgDecode_convert (unsigned i)
{
  __label__ label;
  int j;

  inline void __attribute__((always_inline,leaf)) f (void)
    {
      g ();
    }

  void __attribute__((noinline)) read_buf_open (void)
    {
      goto label;
    }

  if (i != 0)
    f ();
  j = j_;
  read_buf_open ();
label:
  return j;
}

int main (void)
{
  if (jpgDecode_convert (0) != 42 || g_calls != 0)
    abort ();
  if (jpgDecode_convert (1) != 42 || g_calls != 1)
    abort ();
  return 0;
}
/* { dg-final { scan-rtl-dump "ssara: jpgDecode_convert by=ssara" "ssara" } } */
