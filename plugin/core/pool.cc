// pool.cc -- the storage of the core's lists (see pool.h).

#include "pool.h"

#include <cstring>
#include <new>

namespace ssara::pool {

namespace {

constexpr size_t granule = 16;
constexpr size_t classes = max_small_bytes / granule;
// Chunks are carved into blocks of one class at a time, as needed.  The
// first granule of a chunk links it to the next one.
constexpr size_t chunk_size = size_t (256) << 10;

struct free_block
{
  free_block *next;
};

struct state
{
  // free_lists[c]: blocks of (c + 1) * granule bytes given back.
  free_block *free_lists[classes];
  // Every chunk, linked from the first one; `current` is the one being
  // carved, its rest from `bump` to `bump_end`.  Invariant: the chunks
  // after `current` hold no block in use (reset made them free).
  char *first, *current;
  char *bump;
  char *bump_end;
  // What current_usage () reports (no initializers: the state is
  // trivial, so zero-initialized statically, never constructed).
  size_t chunk_bytes, small_in_use;
};

// Trivial, so zero-initialized before any code runs, and never
// destroyed: it outlives every static vec (storage may be given back
// while statics are destroyed at exit).
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

char *&
next_chunk (char *chunk)
{
  return *reinterpret_cast<char **> (chunk);
}

// Make CHUNK the one being carved.
void
carve_from (state &s, char *chunk)
{
  s.current = chunk;
  s.bump = chunk + granule;
  s.bump_end = chunk + chunk_size;
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
      // is left unused.  The next chunk is one reset made free, or a
      // new one.
      char *next = s.current ? next_chunk (s.current) : nullptr;
      if (!next)
        {
          next = static_cast<char *> (::operator new (chunk_size));
          next_chunk (next) = nullptr;
          if (s.current)
            next_chunk (s.current) = next;
          else
            s.first = next;
          s.chunk_bytes += chunk_size;
        }
      carve_from (s, next);
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

bool
reset_if_unused ()
{
  state &s = the_pool ();
  if (s.small_in_use != 0 || !s.first)
    return false;
  std::memset (s.free_lists, 0, sizeof s.free_lists);
  carve_from (s, s.first);
  return true;
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
