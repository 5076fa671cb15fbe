// pool.h -- the storage of the core's lists.
//
// The core makes and drops millions of small lists per file (an
// instruction's operands, a block's edges, per-value lists in every
// phase: 4.7 M allocations on SQLite's replay), and malloc and free
// were a fifth of its instructions on the host and more in cc1, whose
// heap GCC has fragmented (malloc's slow path, _int_malloc, was 3.4% of
// all of cc1's samples compiling SQLite with the plugin).  So the
// core's containers take their storage from this pool instead:
// `vec<T>` is std::vector<T> with the pool's allocator.
//
// The pool keeps a free list per size class (multiples of 16 bytes up
// to max_small_bytes) and carves new blocks from chunks it never gives
// back; a larger request goes to operator new.  Freed blocks serve
// later requests of their class; once no block is in use (between
// functions: reset_if_unused), every chunk is free for carving again,
// so the pool holds at most what one function needed at once.
//
// Not thread-safe: the core allocates one function at a time, on one
// thread (cc1 has one; the host tests run one allocation at a time).
// Any vec may be freed at any time, by any phase; the pool's storage
// outlives every function (so static caches of vecs stay valid).

#ifndef SSARA_CORE_POOL_H
#define SSARA_CORE_POOL_H

#include <cstddef>
#include <vector>

namespace ssara {

namespace pool {

// Requests up to this many bytes come from the free lists.
constexpr size_t max_small_bytes = 4096;

// Return storage for BYTES bytes, aligned to 16.
void *take (size_t bytes);

// Give back storage P of BYTES bytes that take (BYTES) returned.
void give (void *p, size_t bytes) noexcept;

// If no small block is in use, forget the free lists and carve again
// from the first chunk; return whether it did.  The adapter calls it
// after each function: the next function's lists then lie in order in
// memory the pool already has, and taking a block reads nothing from
// it (a block popped from a free list a function left is cold in the
// cache: most of the pool's time in cc1 was that one load).
bool reset_if_unused ();

// What the pool holds, for tests and statistics.
struct usage
{
  // Bytes in chunks (small blocks in use or free).
  size_t chunk_bytes = 0;
  // Small blocks handed out and not given back.
  size_t small_in_use = 0;
};
usage current_usage ();

} // namespace pool

// A stateless allocator over the pool: all instances are equal, so
// containers move and swap their storage as with std::allocator.
template <typename T>
struct pool_allocator
{
  using value_type = T;
  static_assert (alignof (T) <= 16, "the pool aligns to 16 bytes");

  pool_allocator () noexcept = default;
  template <typename U>
  pool_allocator (const pool_allocator<U> &) noexcept
  {}

  T *allocate (size_t n)
  {
    return static_cast<T *> (pool::take (n * sizeof (T)));
  }
  void deallocate (T *p, size_t n) noexcept
  {
    pool::give (p, n * sizeof (T));
  }

  template <typename U>
  bool operator== (const pool_allocator<U> &) const noexcept
  {
    return true;
  }
  template <typename U>
  bool operator!= (const pool_allocator<U> &) const noexcept
  {
    return false;
  }
};

template <typename T>
using vec = std::vector<T, pool_allocator<T>>;

} // namespace ssara

#endif
