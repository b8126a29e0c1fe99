// MLR-CG §6.1's thresholds (metrics/cv_threshold.h) and the cross-validated
// F1 run built on them (harness/protocol/binary_evaluations.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "core/seed.h"
#include "core/synthetic_data.h"
#include "harness/protocol/binary_evaluations.h"
#include "metrics/binary_counts.h"
#include "metrics/cv_threshold.h"

namespace linrepro {
namespace {

using V = std::vector<double>;

double f1_at(const V& truth, const V& f, double theta) {
  return f1(count_binary_at_threshold(truth, f, theta));
}

TEST(F1Threshold, HandComputed) {
  // Ranked by f: +  +  -  +  -  -   (f = 3, 2, 1.5, 1, 0.5, -1)
  // predict the top k:  k=0: F1 0 | 1: 2/4 | 2: 4/5 | 3: 4/6 | 4: 6/7 | 5: 6/8 | 6: 6/9.
  // Best k = 4: theta in (0.5, 1], which does not hold 0 -> midpoint 0.75. At 0: k = 5.
  const V truth = {1, 1, -1, 1, -1, -1};
  const V f = {3, 2, 1.5, 1, 0.5, -1};
  const F1ThresholdChoice c = threshold_maximizing_f1(truth, f);
  EXPECT_DOUBLE_EQ(c.theta, 0.75);
  EXPECT_DOUBLE_EQ(c.f1, 6.0 / 7.0);
  EXPECT_DOUBLE_EQ(c.f1_at_zero, 6.0 / 8.0);
  EXPECT_DOUBLE_EQ(f1_at(truth, f, c.theta), c.f1);
}

TEST(F1Threshold, KeepsZeroWhenItIsInTheBestInterval) {
  // (-1, 1] predicts exactly the positive: F1 = 1, and 0 lies in it.
  const F1ThresholdChoice c = threshold_maximizing_f1(V{1, -1}, V{1, -1});
  EXPECT_EQ(c.theta, 0.0);
  EXPECT_DOUBLE_EQ(c.f1, 1.0);
}

TEST(F1Threshold, WithoutPositivesPredictsNothing) {
  // Every threshold that predicts a row has F1 0; predicting nothing is 0/0 = 1 (binary_counts.h).
  // Upper interval (0.5, inf): midpoint of 0.5 and the sentinel 0.5 + (0.5 - -1) = 2.
  const F1ThresholdChoice c = threshold_maximizing_f1(V{-1, -1}, V{-1, 0.5});
  EXPECT_DOUBLE_EQ(c.theta, 1.25);
  EXPECT_DOUBLE_EQ(c.f1, 1.0);
}

TEST(F1Threshold, TiesPreferTheSmallestChange) {
  // f = -2 (+), 2 (+), 1 (-): top 1 (theta in (1,2]) F1 = 2/3; top 2 (theta in (-2,1], holds 0)
  // F1 = 2/4; all (theta <= -2) F1 = 4/5, the best: midpoint of -2 - s and -2 with s = 4.
  const F1ThresholdChoice best = threshold_maximizing_f1(V{1, 1, -1}, V{-2, 2, 1});
  EXPECT_DOUBLE_EQ(best.f1, 0.8);
  EXPECT_DOUBLE_EQ(best.theta, -4.0);
  // Two equally good intervals on either side of 0: the one nearer 0 wins.
  // f = -3 (+), 3 (+), -1 (-), 1 (-): top 1 -> 2/3 (theta in (1,3], midpoint 2);
  // all 4 -> 4/6 = 2/3 (theta <= -3, midpoint -6). Others: top 2 -> 2/4, top 3 -> 2/5.
  const F1ThresholdChoice tie = threshold_maximizing_f1(V{1, 1, -1, -1}, V{-3, 3, -1, 1});
  EXPECT_DOUBLE_EQ(tie.f1, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(tie.theta, 2.0);
}

TEST(F1Threshold, MatchesBruteForceOnRandomData) {
  Rng rng(derive_seed(7, "f1-threshold"));
  std::uniform_real_distribution<double> u(-2, 2);
  for (int trial = 0; trial < 50; ++trial) {
    const int n = 5 + trial;
    V truth(n), f(n);
    for (int i = 0; i < n; ++i) {
      f[i] = std::round(4 * u(rng)) / 4;  // ties on purpose
      truth[i] = u(rng) + 0.5 * f[i] > 0.3 ? 1 : -1;
    }
    // Every achievable prediction set is {f >= g} for a data value g, or nothing at all.
    double best = f1_at(truth, f, std::numeric_limits<double>::infinity());
    for (double g : f) best = std::max(best, f1_at(truth, f, g));
    const F1ThresholdChoice c = threshold_maximizing_f1(truth, f);
    EXPECT_DOUBLE_EQ(c.f1, best) << "trial " << trial;
    EXPECT_DOUBLE_EQ(f1_at(truth, f, c.theta), best) << "trial " << trial;
  }
}

TEST(F1Threshold, RejectsBadInput) {
  EXPECT_THROW(threshold_maximizing_f1(V{1}, V{1, 2}), std::invalid_argument);
  EXPECT_THROW(threshold_maximizing_f1(V{}, V{}), std::invalid_argument);
  EXPECT_THROW(threshold_maximizing_f1(V{1}, V{std::nan("")}), std::invalid_argument);
}

TEST(ScutFbr, FoldThresholdReportsWhatTheFallbackNeeds) {
  const FoldThreshold t = fold_threshold(V{1, 1, -1, 1, -1, -1}, V{3, 2, 1.5, 1, 0.5, -1});
  EXPECT_DOUBLE_EQ(t.theta, 0.75);
  EXPECT_DOUBLE_EQ(t.f1, 6.0 / 7.0);
  EXPECT_DOUBLE_EQ(t.max_score, 3.0);
  EXPECT_EQ(t.positives, 3);
  // A fold without positives says nothing: F1 0, so any fbr >= 0 falls back to its top score.
  const FoldThreshold none = fold_threshold(V{-1, -1}, V{-1, 0.5});
  EXPECT_EQ(none.positives, 0);
  EXPECT_EQ(none.f1, 0.0);
  EXPECT_DOUBLE_EQ(none.max_score, 0.5);
}

TEST(ScutFbr, MeanOfFoldThresholdsWithFallback) {
  std::vector<FoldThreshold> folds(3);
  folds[0] = {.theta = 0.2, .f1 = 0.5, .max_score = 3.0, .positives = 2};
  folds[1] = {.theta = -0.4, .f1 = 0.05, .max_score = 1.0, .positives = 1};
  folds[2] = {.theta = 100, .f1 = 1.0, .max_score = 100, .positives = 1, .usable = false};
  EXPECT_DOUBLE_EQ(scutfbr_threshold(folds, 0.0), (0.2 - 0.4) / 2);  // no fallback
  EXPECT_DOUBLE_EQ(scutfbr_threshold(folds, 0.1), (0.2 + 1.0) / 2);  // fold 1 falls back
  EXPECT_DOUBLE_EQ(scutfbr_threshold(folds, 0.6), (3.0 + 1.0) / 2);  // both fall back
  folds[0].usable = folds[1].usable = false;
  EXPECT_EQ(scutfbr_threshold(folds, 0.1), 0.0);  // nothing usable: the classifier's own 0
  EXPECT_THROW(scutfbr_threshold(std::vector<FoldThreshold>{}, 0.1), std::invalid_argument);
}

TEST(CvFolds, PartitionTheTrainingRows) {
  const SyntheticData d =
      make_synthetic_text({.rows = 53, .features = 30, .mean_nnz = 5, .seed = 3});
  const CvFolds cv = make_cv_folds(d.X, 5, 11);
  ASSERT_EQ(cv.fold_test_rows.size(), 5u);
  std::multiset<int32_t> seen;
  for (int f = 0; f < 5; ++f) {
    const auto& held = cv.fold_test_rows[f];
    const auto& train = cv.fold_train_rows[f];
    EXPECT_EQ(held.size() + train.size(), 53u);
    EXPECT_TRUE(held.size() == 10 || held.size() == 11);
    EXPECT_TRUE(std::is_sorted(held.begin(), held.end()));
    std::vector<int32_t> both;
    std::set_intersection(held.begin(), held.end(), train.begin(), train.end(),
                          std::back_inserter(both));
    EXPECT_TRUE(both.empty());
    EXPECT_EQ(cv.X_fold_train[f].rows, static_cast<int32_t>(train.size()));
    seen.insert(held.begin(), held.end());
  }
  for (int32_t i = 0; i < 53; ++i) EXPECT_EQ(seen.count(i), 1u) << i;  // each row held out once
}

TEST(CvThresholdedRun, RecordsCountsThatMatchTheThreshold) {
  // One planted concept (one seed), split 300 / 200.
  const SyntheticData all = make_synthetic_text(
      {.rows = 500, .features = 60, .mean_nnz = 8, .label_noise = 0, .seed = 5});
  std::vector<int32_t> train_rows, test_rows;
  for (int32_t i = 0; i < 500; ++i) (i < 300 ? train_rows : test_rows).push_back(i);
  const CsrMatrix X_train = all.X.select_rows(train_rows), X_test = all.X.select_rows(test_rows);
  const V y_train(all.y.begin(), all.y.begin() + 300), y_test(all.y.begin() + 300, all.y.end());
  const BinaryTask task{X_train, y_train, X_test, y_test, 0.001};
  const CvFolds cv = make_cv_folds(X_train, 5, 9);
  const RunRecord r = cv_thresholded_run("smo", Params{{"lambda", 0.001}}, task, cv, 0.1, 1);
  // The run's counts are the test set's at its threshold, and add up to the test set.
  const auto& m = r.metrics;
  EXPECT_EQ(m["tp"].get<int64_t>() + m["fp"].get<int64_t>() + m["fn"].get<int64_t>() +
                m["tn"].get<int64_t>(),
            200);
  EXPECT_EQ(m["tp"].get<int64_t>() + m["fn"].get<int64_t>(),
            r.extra["test_positives"].get<int64_t>());
  ASSERT_EQ(r.extra["folds"].size(), 5u);
  // fbr 0.1 is in the sweep and gives the same threshold and counts.
  const Json& sweep = r.extra["fbr_sweep"];
  ASSERT_EQ(sweep.size(), std::size(kFbrSweep));
  EXPECT_DOUBLE_EQ(sweep[1]["fbr"].get<double>(), 0.1);
  EXPECT_DOUBLE_EQ(sweep[1]["theta"].get<double>(), r.extra["theta"].get<double>());
  EXPECT_EQ(sweep[1]["tp"], m["tp"]);
  EXPECT_EQ(sweep[1]["fp"], m["fp"]);
  // The recomputed threshold from the stored folds is the one used.
  std::vector<FoldThreshold> folds;
  for (const auto& f : r.extra["folds"])
    folds.push_back({.theta = f["theta"].get<double>(),
                     .f1 = f["f1"].get<double>(),
                     .max_score = f["max_score"].get<double>(),
                     .positives = f["positives"].get<int64_t>(),
                     .usable = f["usable"].get<bool>()});
  EXPECT_DOUBLE_EQ(scutfbr_threshold(folds, 0.1), r.extra["theta"].get<double>());
  // A learnable noise-free problem: the tuned classifier is far better than chance.
  EXPECT_GT(m["f1"].get<double>(), 0.6);
}

}  // namespace
}  // namespace linrepro
