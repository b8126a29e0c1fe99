// The LRU kernel column cache: hits, least-recently-used eviction, partial columns by epoch.
#include "baselines/kernel_column_cache.h"

#include <gtest/gtest.h>

namespace linrepro {
namespace {

// Fills column i with i (what a solver would compute) and stores it.
double* fill(KernelColumnCache& cache, int32_t i, bool complete, int64_t epoch) {
  auto c = cache.get(i, epoch);
  EXPECT_FALSE(c.valid) << "column " << i << " should be a miss";
  for (int r = 0; r < 4; ++r) c.data[r] = i;
  cache.store(i, complete, epoch);
  return c.data;
}

TEST(KernelColumnCache, EvictsLeastRecentlyUsed) {
  KernelColumnCache cache(4, 0);  // a zero budget still holds two columns
  ASSERT_EQ(cache.capacity(), 2);
  fill(cache, 0, true, 0);
  fill(cache, 1, true, 0);
  auto c0 = cache.get(0, 0);  // 0 becomes most recent
  ASSERT_TRUE(c0.valid);
  EXPECT_EQ(c0.data[3], 0.0);
  fill(cache, 2, true, 0);  // evicts 1, keeps 0
  EXPECT_TRUE(cache.get(0, 0).valid);
  EXPECT_EQ(cache.get(2, 0).data[0], 2.0);
  fill(cache, 1, true, 0);  // 1 was evicted: a miss again (evicts 0 now)
  EXPECT_FALSE(cache.get(0, 0).valid);
}

TEST(KernelColumnCache, KeptColumnDoesNotMoveWhenAnotherIsFetched) {
  KernelColumnCache cache(4, 0);
  double* a = fill(cache, 1, true, 0);
  double* b = fill(cache, 2, true, 0);
  EXPECT_NE(a, b);
  EXPECT_EQ(a[0], 1.0);  // the first column survived fetching the second
  EXPECT_EQ(b[0], 2.0);
}

TEST(KernelColumnCache, PartialColumnsExpireWithTheirEpoch) {
  KernelColumnCache cache(4, 1);  // 1 MB: every column fits
  EXPECT_EQ(cache.capacity(), 4);
  fill(cache, 0, false, 3);  // computed for the rows active in epoch 3 only
  fill(cache, 1, true, 3);
  EXPECT_TRUE(cache.get(0, 3).valid);
  EXPECT_FALSE(cache.get(0, 4).valid);  // rows came back: must be recomputed
  EXPECT_TRUE(cache.get(1, 4).valid);   // complete columns stay valid
}

}  // namespace
}  // namespace linrepro
