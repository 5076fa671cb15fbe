/* A match finder in the shape of zlib's longest_match: END1 and END are
   chars (QImode), zero-extended where they are compared.  */
struct st { const unsigned char *win; const unsigned short *prev; unsigned mask, limit, nice; };

__attribute__((noinline)) unsigned
best_match (struct st *s, unsigned cur, unsigned chain, unsigned len)
{
  const unsigned char *scan = s->win;
  unsigned char end1 = scan[len - 1], end = scan[len];
  unsigned best = len;
  if (chain > s->nice)
    chain >>= 2;
  do
    {
      const unsigned char *m = s->win + cur;
      if (m[best] != end || m[best - 1] != end1 || m[0] != scan[0]
          || m[1] != scan[1])
        continue;
      unsigned l = 2;
      while (l < 258 && m[l] == scan[l])
        l++;
      if (l > best)
        {
          best = l;
          if (l >= s->nice)
            break;
          end1 = scan[best - 1];
          end = scan[best];
        }
    }
  while ((cur = s->prev[cur & s->mask]) > s->limit && --chain != 0);
  return best;
}
