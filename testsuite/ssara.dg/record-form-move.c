/* A value tested against zero as it is copied, fd below, is copied with
   the record-form move `mr.', whose flags go to cr0, as stock GCC does,
   not compared in its old register after a separate copy: the importer
   takes, between alternatives of one cost, the one without a tie
   (*movsi_internal2: its first alternative ties the copy's source to
   its destination and compares into any CR field, which costs an `mr'
   besides the compare wherever the two need different registers; zlib:
   44 such copies, 63 static instructions).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-ssara-fallback=none" } */

extern int open_it (void);
extern void log_it (int);

int
checked_open (void)
{
  int fd = open_it ();
  if (fd != 0)
    log_it (fd);
  log_it (0);
  return fd;
}

/* { dg-final { scan-assembler {\tmr\. 31,3\n} } } */
/* { dg-final { scan-assembler-not {\tcmpwi } } } */
