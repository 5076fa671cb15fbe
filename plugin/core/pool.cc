// pool.cc -- the storage of the core's lists (see pool.h).

#include "pool.h"

#include <new>

namespace ssara::pool {

namespace {

constexpr size_t granule = 16;
constexpr size_t classes = max_small_bytes / granule;
// Chunks are carved into blocks of one class at a time, as needed.
constexpr size_t chunk_size = size_t (64) << 10;

struct free_block
{
  free_block *next;
};

struct state
{
  // free_lists[c]: blocks of (c + 1) * granule bytes given back.
  free_block *free_lists[classes];
  // The unused rest of the newest chunk.
  char *bump;
  char *bump_end;
  // What current_usage () reports (no initializers: the state is
  // trivial, so zero-initialized statically, never constructed).
  size_t chunk_bytes, small_in_use;
};

// Trivial, so zero-initialized before any code runs, and never
// destroyed: it outlives every static vec (storage may be given back while statics
// are destroyed at exit).
state pool_state;

inline state &
the_pool ()
{
  return pool_state;
}

size_t
class_of (size_t bytes)
{
  return bytes == 0 ? 0 : (bytes - 1) / granule;
}

} // namespace

void *
take (size_t bytes)
{
  if (bytes > max_small_bytes)
    return ::operator new (bytes);
  state &s = the_pool ();
  const size_t c = class_of (bytes);
  ++s.small_in_use;
  if (free_block *b = s.free_lists[c])
    {
      s.free_lists[c] = b->next;
      return b;
    }
  const size_t size = (c + 1) * granule;
  if (size_t (s.bump_end - s.bump) < size)
    {
      // The rest of the old chunk (less than one block of this class)
      // is left unused.
      s.bump = static_cast<char *> (::operator new (chunk_size));
      s.bump_end = s.bump + chunk_size;
      s.chunk_bytes += chunk_size;
    }
  void *p = s.bump;
  s.bump += size;
  return p;
}

void
give (void *p, size_t bytes) noexcept
{
  if (!p)
    return;
  if (bytes > max_small_bytes)
    {
      ::operator delete (p);
      return;
    }
  state &s = the_pool ();
  const size_t c = class_of (bytes);
  free_block *b = static_cast<free_block *> (p);
  b->next = s.free_lists[c];
  s.free_lists[c] = b;
  --s.small_in_use;
}

usage
current_usage ()
{
  usage u;
  u.chunk_bytes = the_pool ().chunk_bytes;
  u.small_in_use = the_pool ().small_in_use;
  return u;
}

} // namespace ssara::pool
