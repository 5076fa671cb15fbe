/* argon2-driver.c -- a fixed workload for the Argon2 reference code
   (bundled in the argon2 npm package, fetched at bench time; ref.c, no
   threads): Argon2i, Argon2d and Argon2id hashes of fixed passwords at
   small memory and time costs, encoded hashes verified back.  Prints the
   hashes, the same for every correct compiler.  */

#include <stdio.h>
#include <string.h>
#include "argon2.h"

int
main (void)
{
  static const argon2_type types[] = { Argon2_i, Argon2_d, Argon2_id };
  static const char *const pwds[] = { "password", "correct horse battery staple",
                                      "register allocation" };
  unsigned char hash[32], salt[16];
  char encoded[128];
  int verified = 0;

  for (unsigned i = 0; i < sizeof salt; i++)
    salt[i] = (unsigned char) (i * 37 + 11);
  for (int t = 0; t < 3; t++)
    for (int p = 0; p < 3; p++)
      {
        int rc = argon2_hash (2 + p, 256 << p, 1 + (p == 2), pwds[p],
                              strlen (pwds[p]), salt, sizeof salt, hash,
                              sizeof hash, encoded, sizeof encoded, types[t],
                              ARGON2_VERSION_NUMBER);
        if (rc != ARGON2_OK)
          {
            printf ("error %s\n", argon2_error_message (rc));
            return 2;
          }
        printf ("%s\n", encoded);
        verified += argon2_verify (encoded, pwds[p], strlen (pwds[p]), types[t])
                    == ARGON2_OK;
      }
  printf ("verified %d of 9\n", verified);
  return 0;
}
