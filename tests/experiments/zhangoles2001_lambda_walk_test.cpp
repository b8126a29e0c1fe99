// The lambda walk behind "reuters-lambda-transfers" (experiments/zhangoles2001/lambda_walk.h),
// driven by known accuracy curves over Table 1's grid 10^-k, k = 0..6.
#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <vector>

#include "experiments/zhangoles2001/cv_select.h"
#include "experiments/zhangoles2001/lambda_walk.h"

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

}  // namespace
}  // namespace linrepro
