// pool_test.cc -- the core's list storage (pool.h).

#include "pool.h"
#include "work.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace ssara {
namespace {

// A block given back serves the next request of its size class, and
// requests of another class get other blocks.
TEST (Pool, ReusesFreedBlocksPerClass)
{
  void *a = pool::take (24);
  void *b = pool::take (40);
  EXPECT_NE (a, b);
  pool::give (a, 24);
  // 17 to 32 bytes are one class.
  void *c = pool::take (32);
  EXPECT_EQ (c, a);
  void *d = pool::take (24);
  EXPECT_NE (d, a);
  EXPECT_NE (d, b);
  pool::give (b, 40);
  pool::give (c, 32);
  pool::give (d, 24);
}

// Every block is aligned to 16 bytes, small or large, and the counts
// follow what is handed out.
TEST (Pool, AlignsAndCounts)
{
  const size_t in_use = pool::current_usage ().small_in_use;
  void *small[8];
  for (size_t k = 0; k < 8; ++k)
    {
      small[k] = pool::take (1 + 37 * k);
      EXPECT_EQ (reinterpret_cast<uintptr_t> (small[k]) % 16, 0u);
    }
  EXPECT_EQ (pool::current_usage ().small_in_use, in_use + 8);
  void *large = pool::take (pool::max_small_bytes + 1);
  EXPECT_EQ (reinterpret_cast<uintptr_t> (large) % 16, 0u);
  EXPECT_EQ (pool::current_usage ().small_in_use, in_use + 8);
  pool::give (large, pool::max_small_bytes + 1);
  for (size_t k = 0; k < 8; ++k)
    pool::give (small[k], 1 + 37 * k);
  EXPECT_EQ (pool::current_usage ().small_in_use, in_use);
  EXPECT_GE (pool::current_usage ().chunk_bytes, size_t (64) << 10);
}

// vec moves storage between containers (all pool allocators are
// equal) and keeps its elements across growth.
TEST (Pool, VecMovesAndGrows)
{
  vec<uint32_t> a;
  for (uint32_t k = 0; k < 1000; ++k)
    a.push_back (k);
  const uint32_t *data = a.data ();
  vec<uint32_t> b = std::move (a);
  EXPECT_EQ (b.data (), data);
  ASSERT_EQ (b.size (), 1000u);
  for (uint32_t k = 0; k < 1000; ++k)
    EXPECT_EQ (b[k], k);
  vec<bool> flags (100, true);
  flags[50] = false;
  EXPECT_FALSE (flags[50]);
  EXPECT_TRUE (flags[99]);
}

} // namespace
} // namespace ssara

namespace ssara {
namespace {

// Once no small block is in use, reset_if_unused carves again from the
// first chunk: the next blocks come in order, and the pool takes no new
// chunk for what it had room for before.  While one block is in use,
// it does nothing.
TEST (Pool, ResetCarvesAgainWhenNothingIsInUse)
{
  // The lists phases keep from run to run (tests that call phases
  // themselves leave them there; allocate () gives them back).
  ra::release_kept_lists ();
  ra::release_spiller_lists ();
  if (pool::current_usage ().small_in_use != 0)
    GTEST_SKIP () << pool::current_usage ().small_in_use
                  << " blocks in use outside this test";
  void *held = pool::take (64);
  EXPECT_FALSE (pool::reset_if_unused ());
  pool::give (held, 64);
  ASSERT_TRUE (pool::reset_if_unused ());
  const size_t chunks = pool::current_usage ().chunk_bytes;
  char *a = static_cast<char *> (pool::take (48));
  char *b = static_cast<char *> (pool::take (48));
  EXPECT_EQ (b, a + 48);
  pool::give (a, 48);
  pool::give (b, 48);
  ASSERT_TRUE (pool::reset_if_unused ());
  EXPECT_EQ (static_cast<char *> (pool::take (48)), a);
  pool::give (a, 48);
  EXPECT_EQ (pool::current_usage ().chunk_bytes, chunks);
}

} // namespace
} // namespace ssara
