// Claim measures over a task set's runs (harness/protocol/task_measures.h), with known answers: the
// share of tasks where one method's objective is lower, and the difference of two methods' median
// relative gaps to a reference, over the tasks both trained on; a method with a run missing is
// not measured.
#include "harness/protocol/task_measures.h"

#include <gtest/gtest.h>

#include <cmath>

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

}  // namespace
}  // namespace linrepro
