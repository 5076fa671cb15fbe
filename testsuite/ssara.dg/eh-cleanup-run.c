/* EH edges: with -fexceptions, the calls in worker's loop may throw, and
   the cleanups of c and k run on landing pads reached over EH edges (no
   code can go on such an edge).  pthread_exit's forced unwind really
   takes them.  A landing pad starts with the exception data in r3 and r4,
   set by the unwinder: the import defines them at the pad's head (before,
   the checker saw r3 read after the call had clobbered it).  */
/* { dg-do run } */
/* { dg-options "-O2 -fexceptions -pthread -fplugin-arg-ssara-fallback=none" } */

#include <pthread.h>
extern int printf (const char *, ...);

struct ctx { long long acc; double d; int n; };
static long long result[4];
static int cleanups;

static void
done (struct ctx *c)
{
  result[c->n] = c->acc + (long long) c->d;
  cleanups++;
}

static void
count (int *p)
{
  cleanups += *p;
}

__attribute__((noinline)) void
maybe_exit (int i, int n)
{
  if (i == n)
    pthread_exit (0);
}

__attribute__((noinline)) long long
mix (long long a, long long b, int i)
{
  return a * 3 + (b ^ i);
}

static void *
worker (void *arg)
{
  int n = (int) (long) arg;
  __attribute__((cleanup (done))) struct ctx c = { 0, 0.5, n };
  long long a = 1, b = 2;
  double d = 1.0;
  for (int i = 0;; i++)
    {
      __attribute__((cleanup (count))) int k = 10 * (i + 1);
      a = mix (a, b, i);
      b ^= a >> 3;
      d = d * 1.5 + i;
      c.acc = a + b;
      c.d = d;
      maybe_exit (i, 5 + n);
    }
  return 0;
}

int
main (void)
{
  for (long n = 0; n < 3; n++)
    {
      pthread_t t;
      if (pthread_create (&t, 0, worker, (void *) n) != 0
          || pthread_join (t, 0) != 0)
        return 1;
    }
  printf ("eh %lld %lld %lld %d\n", result[0], result[1], result[2], cleanups);
  return 0;
}

/* { dg-output "eh 1871 5812 17815 853" } */
