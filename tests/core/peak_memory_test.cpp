// peak_rss_growth_bytes measures what a piece of work touches: 64 MiB written once is seen as
// about 64 MiB, an allocation never touched is not, and the memory of earlier work (freed) does
// not count against later work.
#include "core/peak_memory.h"

#include <gtest/gtest.h>

#include <memory>

namespace linrepro {
namespace {

constexpr int64_t kMiB = 1024 * 1024;

// Under AddressSanitizer every allocation also touches shadow memory and redzones, so only the
// lower bounds hold there; the upper ones are checked in the normal build.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

// Writes one byte per page through a volatile pointer, so the compiler cannot drop the writes.
void touch(size_t bytes) {
  std::unique_ptr<char[]> p(new char[bytes]);
  volatile char* q = p.get();
  for (size_t i = 0; i < bytes; i += 4096) q[i] = 1;
}

TEST(PeakMemory, SeesWhatTheWorkTouchesAndForgetsEarlierWork) {
  const auto big = peak_rss_growth_bytes([] { touch(64 * kMiB); });
  if (!big) GTEST_SKIP() << "this kernel cannot reset the RSS high-water mark";
  EXPECT_GE(*big, 60 * kMiB);
  if (!kSanitized) {
    EXPECT_LE(*big, 72 * kMiB);
  }
  // After the 64 MiB are freed, a 8 MiB job is measured as 8 MiB, not 64.
  const auto small = peak_rss_growth_bytes([] { touch(8 * kMiB); });
  ASSERT_TRUE(small);
  EXPECT_GE(*small, 7 * kMiB);
  if (!kSanitized) {
    EXPECT_LE(*small, 12 * kMiB);
  }
  // Reserved but never written: the kernel maps no page.
  const auto untouched = peak_rss_growth_bytes([] {
    std::unique_ptr<char[]> p(new char[256 * kMiB]);
    volatile char* q = p.get();
    (void)q;
  });
  ASSERT_TRUE(untouched);
  if (!kSanitized) {
    EXPECT_LE(*untouched, 4 * kMiB);
  }
}

}  // namespace
}  // namespace linrepro
