// Issue 27 item 1: the sweeps' spread ablation (sweep_spread.h): per point each method's mean and
// sample sd over the draws, every draw's GraphSVM - MCSVM (draw 0 marked as the figures'), their
// mean and sd, and GraphSVM - MCNB's; a missing or failed run leaves it out.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "experiments/graphsvm2002/sweep_spread.h"
#include "experiments/graphsvm2002/sweeps_methods.h"

namespace linrepro {
namespace {

RunRecord run_at(double accuracy) {
  RunRecord r;
  r.status = "ok";
  r.metrics = {{"accuracy", accuracy}};
  return r;
}

// One draw at K = 5 and 10: MCNB at base, MCSVM at base + 2, GraphSVM at base + 1 + offset.
SweepPoints draw_at(double base, double offset) {
  SweepPoints p;
  for (double k : {5.0, 10.0}) {
    p[kMcnb][k] = run_at(base + k);
    p[kMcsvm][k] = run_at(base + k + 2);
    p[kGraphSvm][k] = run_at(base + k + 1 + offset);
  }
  return p;
}

const SweepSpreadSpec kSpec{{"sweep-x-spread", "title", "why", "%", {}, {}},
                            "class order",
                            [](double k) { return fmt::format("K = {:g}", k); }};
const std::vector<std::string> kMethods = {kMcnb, kMcsvm, kGraphSvm};

const AblationRow& row(const Ablation& a, const std::string& variant) {
  for (const AblationRow& r : a.rows)
    if (r.variant == variant) return r;
  throw std::out_of_range(variant);
}

TEST(SweepSpread, MeansSdsAndEveryDrawsDifference) {
  const auto a =
      sweep_spread_ablation(kSpec, {draw_at(80, 0), draw_at(82, 1), draw_at(84, -1)}, kMethods);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->columns, (std::vector<std::string>{"K = 5", "K = 10"}));
  EXPECT_DOUBLE_EQ(*row(*a, "MCNB mean").values[0], 87);  // (85 + 87 + 89) / 3
  EXPECT_DOUBLE_EQ(*row(*a, "MCNB sd").values[1], 2);
  EXPECT_DOUBLE_EQ(*row(*a, "GraphSVM mean").values[0], 88);
  // GraphSVM - MCSVM per draw: -1 + offset.
  EXPECT_TRUE(row(*a, "GraphSVM - MCSVM, draw 0").chosen);
  EXPECT_FALSE(row(*a, "GraphSVM - MCSVM, draw 1").chosen);
  EXPECT_DOUBLE_EQ(*row(*a, "GraphSVM - MCSVM, draw 1").values[0], 0);
  EXPECT_DOUBLE_EQ(*row(*a, "GraphSVM - MCSVM, draw 2").values[1], -2);
  EXPECT_DOUBLE_EQ(*row(*a, "GraphSVM - MCSVM mean").values[0], -1);
  EXPECT_DOUBLE_EQ(*row(*a, "GraphSVM - MCSVM sd").values[0], 1);  // sqrt((0 + 1 + 1) / 2)
  EXPECT_DOUBLE_EQ(*row(*a, "GraphSVM - MCNB mean").values[1], 1);
  EXPECT_EQ(a->rows.size(), 3 * 2 + 3 + 2 + 2u);
}

TEST(SweepSpread, AMissingOrFailedRunLeavesTheAblationOut) {
  SweepPoints failed = draw_at(82, 0);
  failed[kMcsvm][10].status = "failed";
  EXPECT_FALSE(sweep_spread_ablation(kSpec, {draw_at(80, 0), failed}, kMethods).has_value());
  SweepPoints missing = draw_at(82, 0);
  missing[kMcnb].erase(5);
  EXPECT_FALSE(sweep_spread_ablation(kSpec, {draw_at(80, 0), missing}, kMethods).has_value());
}

}  // namespace
}  // namespace linrepro
