/* count-main.c -- calls one routine of count-kernels.S, so that the
   counting plugin can be checked on code whose counts are known.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int loop_kernel (int n);
int forms_kernel (void);

int
main (int argc, char **argv)
{
  if (argc > 2 && strcmp (argv[1], "loop") == 0)
    printf ("loop %d\n", loop_kernel (atoi (argv[2])));
  else
    printf ("forms %d\n", forms_kernel ());
  return 0;
}
