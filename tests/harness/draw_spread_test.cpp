// Issue 27 item 1: a spread over random draws (harness/protocol/draw_spread.h): one row per draw,
// draw 0 chosen, then the mean and the sample sd per column; a ragged row or no draw is refused.
#include "harness/protocol/draw_spread.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace linrepro {
namespace {

Ablation head() {
  return {"x-spread", "title", "why", "%", {"a", "b"}, {{"stale", "", true, false, false, {}}}};
}

TEST(DrawSpread, RowsPerDrawThenMeanAndSampleSd) {
  const Ablation a = draw_spread_ablation(
      head(),
      {{"split 0", "ours", {1, 10}}, {"split 1", "other", {3, 10}}, {"split 2", "", {5, 16}}},
      "splits");
  ASSERT_EQ(a.rows.size(), 5u);  // the stale row is replaced
  EXPECT_TRUE(a.rows[0].chosen);
  EXPECT_FALSE(a.rows[1].chosen);
  EXPECT_EQ(a.rows[1].variant, "split 1");
  EXPECT_EQ(a.rows[3].variant, "mean");
  EXPECT_EQ(a.rows[3].description, "over the 3 splits");
  EXPECT_DOUBLE_EQ(*a.rows[3].values[0], 3);
  EXPECT_DOUBLE_EQ(*a.rows[3].values[1], 12);
  EXPECT_EQ(a.rows[4].variant, "sd");
  EXPECT_DOUBLE_EQ(*a.rows[4].values[0], 2);                // sqrt((4 + 0 + 4) / 2)
  EXPECT_DOUBLE_EQ(*a.rows[4].values[1], std::sqrt(12.0));  // sqrt((4 + 4 + 16) / 2)
}

TEST(DrawSpread, ARaggedRowOrNoDrawIsRefused) {
  EXPECT_THROW(draw_spread_ablation(head(), {{"split 0", "", {1}}}, "splits"),
               std::invalid_argument);
  EXPECT_THROW(draw_spread_ablation(head(), {}, "splits"), std::invalid_argument);
}

}  // namespace
}  // namespace linrepro
