/* At -O0 nothing splits a long long pseudo, and GCC expands its
   arithmetic as word-wise sets of subregs: (set (subreg:SI (reg:DI) 4)
   ...) then (set (subreg:SI (reg:DI) 0) ...).  rtl-ssa counts the first
   as a read of the pseudo's previous value, which before any set is
   undefined and in a loop is a phi of the loop header: the import gave
   each such pseudo a value live all around the loop (here two of them
   in call-saved pairs, saved by the prologue; in SQLite's
   sqlite3VdbeExec seven pairs stored on every opcode).  The first
   write's read is dead when the later writes cover the other words
   before anything reads a word not yet written (old_value_overwritten:
   a signed shift writes the high word, reads it back and writes it
   again), and the phis nothing reads any more go (drop_dead_phis).  */
/* { dg-do compile } */
/* { dg-options "-O0 -fno-pie -fplugin-arg-ssara-fallback=none -fplugin-arg-ssara-check=on -fplugin-arg-ssara-dump" } */

long long
f (long long *a, int n)
{
  long long s = 0;
  for (int i = 0; i < n; i++)
    {
      s += a[i] + 1;
      if (s > 1000)
        s -= a[0] * 3;
      s += s >> 3;
    }
  return s;
}

/* No call-saved register but the frame pointer (r31) is written.  */
/* { dg-final { scan-assembler-not {\tstw (1[4-9]|2[0-9]|30),[0-9]+\(1\)} } } */
/* Nor is any value copied at a phi.  */
/* { dg-final { scan-rtl-dump "ssara: f by=ssara \[^\n\]* copies=0 " "ssara" } } */
