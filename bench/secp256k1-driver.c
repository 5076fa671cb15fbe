/* secp256k1-driver.c -- a fixed workload for libsecp256k1 (bundled in the
   secp256k1 npm package, fetched at bench time): key generation, ECDSA
   signing with RFC 6979 nonces, verification, public key recovery,
   ECDH and tweaks on deterministic keys.  Prints a digest of everything
   produced, the same for every correct compiler.  */

#include <stdio.h>
#include <string.h>
#include "secp256k1.h"
#include "secp256k1_ecdh.h"
#include "secp256k1_recovery.h"

#define KEYS 24

static unsigned long long digest = 1469598103934665603ull;

static void
fold (const unsigned char *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    digest = (digest ^ p[i]) * 1099511628211ull;
}

static void
fill (unsigned char *p, size_t n, unsigned *seed)
{
  for (size_t i = 0; i < n; i++)
    {
      *seed = *seed * 1103515245u + 12345u;
      p[i] = (unsigned char) (*seed >> 16);
    }
}

int
main (void)
{
  secp256k1_context *ctx
    = secp256k1_context_create (SECP256K1_CONTEXT_SIGN | SECP256K1_CONTEXT_VERIFY);
  unsigned seed = 7;
  unsigned char sk[KEYS][32], msg[32], out[72], shared[32];
  secp256k1_pubkey pk[KEYS];
  int good = 0, verified = 0, recovered = 0, agreed = 0;

  for (int i = 0; i < KEYS; i++)
    {
      do
        fill (sk[i], 32, &seed);
      while (!secp256k1_ec_seckey_verify (ctx, sk[i]));
      if (!secp256k1_ec_pubkey_create (ctx, &pk[i], sk[i]))
        return 2;
      size_t len = 33;
      secp256k1_ec_pubkey_serialize (ctx, out, &len, &pk[i], SECP256K1_EC_COMPRESSED);
      fold (out, len);
    }
  printf ("keys:    %016llx\n", digest);

  for (int i = 0; i < KEYS; i++)
    {
      secp256k1_ecdsa_signature sig;
      secp256k1_ecdsa_recoverable_signature rsig;
      secp256k1_pubkey back;
      fill (msg, 32, &seed);
      good += secp256k1_ecdsa_sign (ctx, &sig, msg, sk[i], NULL, NULL);
      size_t len = sizeof out;
      secp256k1_ecdsa_signature_serialize_der (ctx, out, &len, &sig);
      fold (out, len);
      verified += secp256k1_ecdsa_verify (ctx, &sig, msg, &pk[i]);
      msg[0] ^= 1;
      verified -= secp256k1_ecdsa_verify (ctx, &sig, msg, &pk[i]);
      msg[0] ^= 1;
      secp256k1_ecdsa_sign_recoverable (ctx, &rsig, msg, sk[i], NULL, NULL);
      if (secp256k1_ecdsa_recover (ctx, &back, &rsig, msg)
          && memcmp (&back, &pk[i], sizeof back) == 0)
        recovered++;
    }
  printf ("signed %d, verified %d, recovered %d: %016llx\n", good, verified,
          recovered, digest);

  for (int i = 0; i < KEYS; i++)
    {
      unsigned char other[32];
      int j = (i + 5) % KEYS;
      secp256k1_ecdh (ctx, shared, &pk[j], sk[i], NULL, NULL);
      secp256k1_ecdh (ctx, other, &pk[i], sk[j], NULL, NULL);
      agreed += memcmp (shared, other, 32) == 0;
      fold (shared, 32);
      secp256k1_pubkey t = pk[i];
      if (secp256k1_ec_pubkey_tweak_mul (ctx, &t, shared))
        {
          size_t len = 65;
          secp256k1_ec_pubkey_serialize (ctx, out, &len, &t, SECP256K1_EC_UNCOMPRESSED);
          fold (out, len);
        }
    }
  printf ("ecdh agreed %d: %016llx\n", agreed, digest);
  secp256k1_context_destroy (ctx);
  return 0;
}
