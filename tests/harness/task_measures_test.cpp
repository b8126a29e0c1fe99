// Claim measures over a task set's runs (harness/protocol/task_measures.h), with known answers: the
// share of tasks where one method's objective is lower, and the difference of two methods' median
// relative gaps to a reference, over the tasks both trained on; a method with a run missing is
// not measured. The same numbers as aggregates of one method's runs (objective_aggregate), with
// their fields.
#include "harness/protocol/task_measures.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"

namespace linrepro {
namespace {

RunRecord run(double objective, const char* status = "ok") {
  RunRecord r;
  r.status = status;
  r.objective = objective;
  return r;
}

TEST(TaskMeasures, ObjectiveShareAndMedianGapHaveKnownAnswers) {
  std::map<std::string, std::vector<RunRecord>> runs;
  // Task 3 cannot be trained: it counts for neither measure.
  runs["a"] = {run(1.1), run(2.0), run(1.5), run(NAN, "untrainable")};
  runs["b"] = {run(1.2), run(1.9), run(1.8), run(NAN, "untrainable")};
  runs["ref"] = {run(1.0), run(1.0), run(1.0), run(NAN, "untrainable")};
  runs["pending"] = {run(1.0), run(1.0, "pending"), run(1.0), run(NAN, "untrainable")};
  const ClaimMeasures m = task_measures(runs);
  const auto share = m.at("objective_lower_share")("share", "a", "b", 50, true, true);
  ASSERT_TRUE(share);
  EXPECT_DOUBLE_EQ(share->value, 100.0 * 2 / 3);  // tasks 0 and 2 of 3
  EXPECT_EQ(verdict_name(comparison_verdict(*share)), "holds");
  // Gaps to ref: a {10, 100, 50} % (median 50), b {20, 90, 80} % (median 80).
  const auto gap = m.at("median_gap_to:ref")("gap", "a", "b", 0, false, true);
  ASSERT_TRUE(gap);
  EXPECT_NEAR(gap->value, 50 - 80, 1e-9);
  EXPECT_EQ(verdict_name(comparison_verdict(*gap)), "holds");
  EXPECT_FALSE(m.at("objective_lower_share")("share", "a", "pending", 50, true, true));
  EXPECT_FALSE(m.at("median_gap_to:pending")("gap", "a", "b", 0, false, true));
  EXPECT_FALSE(m.at("objective_lower_share")("share", "a", "absent", 50, true, true));
}

TEST(TaskMeasures, TheObjectiveAggregatesAreTheMeasuresOfOneMethodsRuns) {
  std::map<std::string, std::vector<RunRecord>> runs;
  runs["a"] = {run(1.1), run(2.0), run(1.5), run(NAN, "untrainable")};
  runs["b"] = {run(1.2), run(1.9), run(1.8), run(NAN, "untrainable")};
  runs["ref"] = {run(1.0), run(1.0), run(1.0), run(NAN, "untrainable")};
  runs["pending"] = {run(1.0), run(1.0, "pending"), run(1.0), run(NAN, "untrainable")};
  const AggregateContext at{1, "documents", 0, &runs};
  const AggregateValue lower = objective_aggregate("objective-lower:b").value()(runs["a"], at);
  EXPECT_DOUBLE_EQ(lower.value, 100.0 * 2 / 3);
  EXPECT_EQ(aggregate_field(lower, "objective-lower:b", "lower"), 2);
  EXPECT_EQ(aggregate_field(lower, "objective-lower:b", "of"), 3);
  EXPECT_DOUBLE_EQ(aggregate_field(lower, "objective-lower:b", "mean"), 4.6 / 3);
  EXPECT_DOUBLE_EQ(aggregate_field(lower, "objective-lower:b", "mean_other"), 4.9 / 3);
  const AggregateValue gap = objective_aggregate("median-gap-to:ref").value()(runs["a"], at);
  EXPECT_NEAR(gap.value, 0.5, 1e-12);  // a's gaps {10, 100, 50} %
  EXPECT_NEAR(aggregate_field(gap, "median-gap-to:ref", "max"), 1.0, 1e-12);
  EXPECT_EQ(gap.fields.at("gaps"), "10, 100, 50");
  EXPECT_THROW(aggregate_field(gap, "median-gap-to:ref", "gaps"), ConfigError);  // text, no number
  EXPECT_THROW(aggregate_field(gap, "median-gap-to:ref", "min"), ConfigError);
  // Not all of the other method's runs there: not measured, and says why.
  EXPECT_NE(objective_aggregate("median-gap-to:pending").value()(runs["a"], at).not_measured, "");
  EXPECT_NE(objective_aggregate("objective-lower:absent").value()(runs["a"], at).not_measured, "");
  EXPECT_FALSE(objective_aggregate("objective-lower:"));
  EXPECT_FALSE(objective_aggregate("median-gap"));
}

}  // namespace
}  // namespace linrepro
