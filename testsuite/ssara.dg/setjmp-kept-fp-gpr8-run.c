/* __builtin_setjmp in a function without a frame pointer, called from a
   function whose alloca needs one, with only r3-r10 allocatable: r31 is
   fixed and still the caller's frame pointer.  The setup stores r31 in
   the buffer and the longjmp restores r31 from it, so the receiver's
   (use r31) keeps the hard frame pointer from being eliminated into the
   stack pointer, as in LRA (hfp_role::kept).  ssara used to store sp
   there: the longjmp then set r31 to the callee's stack pointer, and the
   caller read its locals through it (a segfault; gcc.c-torture
   pr84521).  */
/* { dg-do run } */
/* { dg-require-effective-target indirect_jumps } */
/* { dg-options "-O2 -fomit-frame-pointer -fno-inline -ffixed-r0 -ffixed-r11 -ffixed-r12 -ffixed-r14 -ffixed-r15 -ffixed-r16 -ffixed-r17 -ffixed-r18 -ffixed-r19 -ffixed-r20 -ffixed-r21 -ffixed-r22 -ffixed-r23 -ffixed-r24 -ffixed-r25 -ffixed-r26 -ffixed-r27 -ffixed-r28 -ffixed-r29 -ffixed-r30 -ffixed-r31 -fplugin-arg-ssara-fallback=none" } */

extern void abort (void);

volatile int size = 200;
volatile int token = 42;
void *volatile scratch;

__attribute__((noinline)) void
unwind_to (void **env)
{
  __builtin_longjmp (env, 1);
}

/* No frame pointer here: the receiver finds r31 as the longjmp left it,
   and so does the caller after the return.  */
__attribute__((noinline)) int
land (void)
{
  void *env[5];
  volatile int mine = token;
  int back = 0;
  if (__builtin_setjmp (env))
    back = 1;
  else
    unwind_to (env);
  if (mine != token)
    abort ();
  return back;
}

/* alloca: r31 is this function's frame pointer, across the call.  */
__attribute__((noinline)) int
framed (void)
{
  volatile int mine = token + 1;
  scratch = __builtin_alloca (size);
  if (land () != 1)
    abort ();
  if (mine != token + 1)
    abort ();
  return mine;
}

int
main (void)
{
  volatile int mine = token + 2;
  if (land () != 1)
    abort ();
  if (framed () != token + 1)
    abort ();
  if (mine != token + 2)
    abort ();
  return 0;
}
