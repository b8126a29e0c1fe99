// The lambda walk behind "reuters-lambda-transfers" (experiments/zhangoles2001/lambda_walk.h),
// driven by known accuracy curves over Table 1's grid 10^-k, k = 0..6, and read back from stored
// runs by its aggregate and claim measure (table5_transfer.h).
#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <vector>

#include "core/error.h"
#include "experiments/zhangoles2001/cv_select.h"
#include "experiments/zhangoles2001/lambda_walk.h"
#include "experiments/zhangoles2001/table5_transfer.h"
#include "harness/protocol/document_outcomes.h"

namespace linrepro {
namespace {

// Runs the walk to its end as table5.cpp does (fit the frontier, record, repeat); returns the
// number of fits beyond the start.
int walk_to_end(LambdaWalk& w, const std::vector<double>& curve) {
  int fits = 0;
  for (auto next = w.frontier(); !next.empty(); next = w.frontier())
    for (size_t i : next) {
      w.accuracy[i] = curve.at(i);
      ++fits;
    }
  return fits;
}

TEST(LambdaWalk, LocalOptimumAtTheStartCostsItsTwoNeighbours) {
  const std::vector<double> curve = {0.80, 0.84, 0.86, 0.90, 0.88, 0.85, 0.70};
  LambdaWalk w = start_lambda_walk(zo_lambda_grid(), 1e-3, curve[3]);
  EXPECT_EQ(w.start, 3u);
  EXPECT_EQ(w.frontier(), (std::vector<size_t>{2, 4}));
  EXPECT_EQ(walk_to_end(w, curve), 2);
  EXPECT_EQ(w.best(), 3u);
}

TEST(LambdaWalk, FollowsTheRiseToTheGridOptimum) {
  // Best at 1e-5 (index 5), two decades below the start 1e-3; above the start accuracy falls.
  const std::vector<double> curve = {0.70, 0.75, 0.80, 0.82, 0.85, 0.87, 0.86};
  LambdaWalk w = start_lambda_walk(zo_lambda_grid(), 1e-3, curve[3]);
  EXPECT_EQ(walk_to_end(w, curve), 4);  // 2 (ends: falls), 4, 5, 6 (ends: falls)
  EXPECT_EQ(w.best(), 5u);
  EXPECT_EQ(w.accuracy.count(1), 0u);  // never went past a fall
}

TEST(LambdaWalk, StopsAtTheGridEnds) {
  const std::vector<double> rising = {0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99};
  LambdaWalk w = start_lambda_walk(zo_lambda_grid(), 1.0, rising[0]);
  EXPECT_EQ(walk_to_end(w, rising), 6);
  EXPECT_EQ(w.best(), 6u);
  EXPECT_TRUE(w.frontier().empty());
}

TEST(LambdaWalk, EqualAccuracyEndsTheDirectionAndTiesKeepTheStart) {
  const std::vector<double> flat = {0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8};
  LambdaWalk w = start_lambda_walk(zo_lambda_grid(), 1e-2, flat[2]);
  EXPECT_EQ(walk_to_end(w, flat), 2);  // only a strict rise continues
  EXPECT_EQ(w.best(), 2u);
}

TEST(LambdaWalk, BestPrefersTheStartThenTheNearerOfEqualAccuracies) {
  LambdaWalk w = start_lambda_walk(zo_lambda_grid(), 1e-3, 0.80);  // start index 3
  w.accuracy[1] = 0.85;
  w.accuracy[2] = 0.84;
  w.accuracy[4] = 0.85;  // ties index 1, one decade nearer the start
  EXPECT_EQ(w.best(), 4u);
  w.accuracy[3] = 0.85;  // the start ties too: it wins
  EXPECT_EQ(w.best(), 3u);
}

TEST(LambdaWalk, RejectsALambdaOffTheGrid) {
  EXPECT_THROW(start_lambda_walk(zo_lambda_grid(), 3e-3, 0.5), std::invalid_argument);
}

// The walk read back from stored runs (table5_transfer.h): split 0's run at Table 1's lambda 1e-3
// (6 of 8 test documents right) and its walk's runs at 1e-2 (7 of 8) and 1e-4 (5 of 8) give the
// aggregate "lambda-walk-gain" +12.5 points at 1e-2 with the paired interval of the claim measure
// "transfer_accuracy", whose value is its negative; a start that has not run measures nothing.
TEST(LambdaWalkGain, KnownAnswersFromHandMadeRuns) {
  const auto run = [](const std::string& key, double lambda, std::vector<uint8_t> right) {
    RunRecord r;
    r.key = key;
    r.status = "ok";
    r.solver = "cls";
    r.extra = {{"lambda", lambda}, {"test_correct", outcomes_to_hex(right)}};
    double n = 0;
    for (uint8_t c : right) n += c;
    r.metrics = {{"accuracy", n / static_cast<double>(right.size())}, {"test_rows", right.size()}};
    return r;
  };
  ProtocolResults results;
  auto& by = results.tasks["C"];
  by["cls"] = {run("C/split0/cls", 1e-3, {1, 1, 1, 1, 1, 1, 0, 0}),
               run("C/split1/cls", 1e-3, {1, 1, 1, 1, 1, 1, 1, 1})};
  by["walk/cls"] = {run("C/split0/cls/lambda=0.01", 1e-2, {1, 1, 1, 1, 1, 1, 1, 0}),
                    run("C/split0/cls/lambda=0.0001", 1e-4, {1, 1, 1, 1, 1, 0, 0, 0})};
  AggregateContext at;
  at.by_method = &by;
  const AggregateValue gain = zo_table5::lambda_walk_gain(by["cls"], at);
  EXPECT_DOUBLE_EQ(gain.value, 12.5);
  EXPECT_EQ(gain.fields.at("walk"), "0.01 87.50, 0.001 (Table 1) 75.00, 0.0001 62.50");
  EXPECT_EQ(gain.fields.at("summary").get<std::string>().substr(0, 13), "+12.50 at 0.0");
  const ClaimMeasures m = zo_table5::transfer_measures(results, "C");
  const auto c = m.at("transfer_accuracy")("w", "cls", "best", -1, true, false);
  ASSERT_TRUE(c.has_value());
  EXPECT_DOUBLE_EQ(c->value, -12.5);
  EXPECT_DOUBLE_EQ(*gain.evidence.interval_lo, 0.0 - c->hi);
  EXPECT_DOUBLE_EQ(*gain.evidence.interval_hi, 0.0 - c->lo);
  by["cls"][0].status = "failed";
  EXPECT_FALSE(zo_table5::lambda_walk_gain(by["cls"], at).not_measured.empty());
  EXPECT_FALSE(m.at("transfer_accuracy")("w", "cls", "best", -1, true, false).has_value());
  // Named on a data set without a task set (no walk runs beside it): refused, not a crash.
  EXPECT_THROW(zo_table5::lambda_walk_gain(by["cls"], AggregateContext{}), ConfigError);
}

}  // namespace
}  // namespace linrepro
