// Zhang & Oles' Reuters drivers (experiments/zhangoles2001/): Table 1's selection rule, the
// shared lambda helper (fast path, the table1 result file, the error without it), the
// missed-category convention and the metrics round trip the cached runs rely on.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/synthetic_data.h"
#include "experiments/zhangoles2001/cv_select.h"
#include "experiments/zhangoles2001/lambdas.h"
#include "experiments/zhangoles2001/reuters_protocol.h"
#include "harness/experiment/experiment.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

TEST(ZoCvSelect, GridIsTenToTheMinusKForKZeroToSix) {
  const std::vector<double> g = zo_lambda_grid();
  ASSERT_EQ(g.size(), 7u);
  for (int k = 0; k <= 6; ++k) EXPECT_DOUBLE_EQ(g[static_cast<size_t>(k)], std::pow(10.0, -k));
}

TEST(ZoCvSelect, PicksTheHighestPooledBreakEvenPoint) {
  // Pooled BEP = tp / positives: 0.5, 0.8, 0.9, 0.7 -> the third (1e-2).
  const std::vector<ZoCvPoint> grid = {{1.0, 50, 100, {}, {}},
                                       {1e-1, 80, 100, {}, {}},
                                       {1e-2, 90, 100, {}, {}},
                                       {1e-3, 70, 100, {}, {}}};
  EXPECT_EQ(zo_best_lambda(grid), 2u);
  // Pooling is by counts, not by averaging ratios: 9/10 + 0/90 pools to 0.09, 40/100 wins.
  const std::vector<ZoCvPoint> pooled = {{1e-3, 9, 100, {}, {}}, {1e-4, 40, 100, {}, {}}};
  EXPECT_EQ(zo_best_lambda(pooled), 1u);
}

TEST(ZoCvSelect, TiesGoToTheLargerLambda) {
  const std::vector<ZoCvPoint> grid = {
      {1e-4, 80, 100, {}, {}}, {1e-3, 80, 100, {}, {}}, {1e-5, 80, 100, {}, {}}};
  EXPECT_EQ(zo_best_lambda(grid), 1u);
  EXPECT_THROW(zo_best_lambda(std::vector<ZoCvPoint>{}), std::invalid_argument);
}

// A grid point with per-fold counts (100 positives per fold), pooled as zo_pool_cv pools them.
ZoCvPoint with_folds(double lambda, std::vector<double> fold_tp) {
  ZoCvPoint p{lambda, 0, 0, std::move(fold_tp), {}};
  for (double tp : p.fold_tp) {
    p.tp += tp;
    p.positives += 100;
    p.fold_positives.push_back(100);
  }
  return p;
}

TEST(ZoCvSelect, FoldStandardErrorIsTheSampleSdOverRootFolds) {
  // Fold BEPs 0.80, 0.82, 0.84, 0.86, 0.88: sd = sqrt(0.001) = 0.0316228, / sqrt(5) = 0.0141421.
  const ZoCvPoint p = with_folds(1e-3, {80, 82, 84, 86, 88});
  EXPECT_NEAR(p.fold_se(), 0.0141421356, 1e-9);
  EXPECT_THROW(with_folds(1e-3, {80}).fold_se(), std::invalid_argument);
}

TEST(ZoCvSelect, OneStandardErrorRuleTakesTheLargestLambdaWithinOneSeOfTheBest) {
  // Best: 1e-3 (pooled 0.84, SE 0.0141). 1e-2 pools 0.83 >= 0.8259: taken, though 1e-4 (0.835)
  // is closer; 1e-1 pools 0.80 < 0.8259: not.
  const std::vector<ZoCvPoint> grid = {
      with_folds(1e-1, {80, 80, 80, 80, 80}), with_folds(1e-2, {83, 83, 83, 83, 83}),
      with_folds(1e-3, {80, 82, 84, 86, 88}), with_folds(1e-4, {83.5, 83.5, 83.5, 83.5, 83.5})};
  EXPECT_EQ(zo_best_lambda(grid), 2u);
  EXPECT_EQ(zo_one_se_lambda(grid), 1u);
  // Folds that agree exactly (SE 0): the best itself.
  const std::vector<ZoCvPoint> tight = {with_folds(1e-2, {83, 83, 83, 83, 83}),
                                        with_folds(1e-3, {84, 84, 84, 84, 84})};
  EXPECT_EQ(zo_one_se_lambda(tight), 1u);
}

TEST(ZoLambdas, FastModeReturnsThePapersTableOne) {
  ExperimentContext ctx;
  ctx.fast = true;
  ctx.results_dir = "/nonexistent-results-dir";  // never read in fast mode
  const auto m = zhangoles2001_lambdas(ctx);
  EXPECT_DOUBLE_EQ(m.at("nb"), 1e-2);
  EXPECT_DOUBLE_EQ(m.at("cls"), 1e-3);
  EXPECT_DOUBLE_EQ(m.at("cmls"), 1e-3);
  EXPECT_DOUBLE_EQ(m.at("clg"), 1e-4);
  EXPECT_DOUBLE_EQ(m.at("smo"), 1e-3);
  EXPECT_DOUBLE_EQ(m.at("mod-svm"), 1e-3);
  // Aliases follow the method whose loss they share.
  EXPECT_DOUBLE_EQ(m.at("nb-ovr"), 1e-2);
  EXPECT_DOUBLE_EQ(m.at("liblinear-s0"), 1e-4);
  EXPECT_DOUBLE_EQ(m.at("cmls-dual"), 1e-3);
}

TEST(ZoLambdas, FullModeWithoutTableOneSaysWhatToRun) {
  testing::TempDir dir;
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  try {
    zhangoles2001_lambdas(ctx);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("zhangoles2001/table1"), std::string::npos) << e.what();
  }
}

TEST(ZoLambdas, FullModeReadsTheTableOneCells) {
  testing::TempDir dir;
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  {
    ResultFile rf(result_file_path(ctx, "zhangoles2001", "table1"),
                  {{"experiment", "table1"}, {"paper", "zhangoles2001"}}, false);
    const double log10_values[] = {-1, -2, -3, -5, -4, -6};
    int i = 0;
    for (const auto& c : kZoTable1Columns)
      rf.set_cell(value_cell("table1", "lambda", c.column, log10_values[i++], "log10"));
    rf.save();
  }
  const auto m = zhangoles2001_lambdas(ctx);
  EXPECT_NEAR(m.at("nb"), 1e-1, 1e-15);
  EXPECT_NEAR(m.at("cls"), 1e-2, 1e-15);
  EXPECT_NEAR(m.at("cmls"), 1e-3, 1e-15);
  EXPECT_NEAR(m.at("clg"), 1e-5, 1e-18);
  EXPECT_NEAR(m.at("smo"), 1e-4, 1e-18);
  EXPECT_NEAR(m.at("mod-svm"), 1e-6, 1e-20);
  EXPECT_NEAR(m.at("liblinear-s3"), 1e-4, 1e-18);
}

TEST(ZoProtocol, ParamsFollowTheConventions) {
  EXPECT_EQ(zo_params("nb", 0.01, false), (Params{{"smoothing", 0.01}}));
  const Params ll = zo_params("liblinear-s0", 1e-4, false);
  EXPECT_DOUBLE_EQ(ll.at("bias").get<double>(), 1.0);
  EXPECT_TRUE(zo_params("cmls", 1e-3, false).at("stop_rule").get<bool>());
  EXPECT_FALSE(zo_params("cmls", 1e-3, true).at("stop_rule").get<bool>());
  EXPECT_EQ(zo_params("mod-svm", 1e-3, false).at("K").get<int>(), 100);
}

TEST(ZoProtocol, MissedCategoryIsOneFalseNegativeAndNoBreakEvenHit) {
  ZoEval hit;  // a category with 3 positives: 2 found at the threshold, 2 at break-even
  hit.counts = {2, 1, 1, 6};
  hit.counts_zero = {1, 0, 2, 7};
  hit.bep.tp = 2;
  hit.bep.positives = 3;
  hit.counts_by_rule.assign(kThresholdRules.size(), hit.counts);
  const ZoEval missed = zo_missed(1, 10);
  EXPECT_EQ(missed.counts.fn, 1);
  EXPECT_EQ(missed.counts.tp + missed.counts.fp, 0);
  EXPECT_EQ(missed.counts.total(), 10);
  const std::vector<ZoEval> both = {hit, missed};
  const ZoMicro m = zo_micro(both);
  EXPECT_DOUBLE_EQ(m.bep, 2.0 / 4.0);
  EXPECT_DOUBLE_EQ(m.prf.recall, 2.0 / 4.0);
  EXPECT_DOUBLE_EQ(m.prf.precision, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(m.prf0.recall, 1.0 / 4.0);
  EXPECT_DOUBLE_EQ(m.macro_f1, (2.0 * 2 / (2 * 2 + 1 + 1) + 0.0) / 2);
}

TEST(ZoProtocol, MetricsRoundTripAndFitOnSyntheticData) {
  const SyntheticData d = make_synthetic_text(
      {.rows = 120, .features = 30, .mean_nnz = 6, .positive_fraction = 0.3, .seed = 5});
  const CsrMatrix X_test = d.X.select_rows(std::vector<int32_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  const std::vector<double> y_test(d.y.begin(), d.y.begin() + 10);
  std::vector<double> margins;
  ZoFitted fit;
  const ZoEval e = zo_fit_evaluate("cls", zo_params("cls", 1e-2, true), d.X, d.y, X_test, y_test, 7,
                                   &margins, &fit);
  EXPECT_EQ(e.counts.total(), 10);
  EXPECT_EQ(e.counts_zero.total(), 10);
  int64_t pos = 0;
  for (double y : y_test) pos += y > 0;
  EXPECT_EQ(e.bep.positives, pos);
  EXPECT_EQ(fit.fit.iterations, 100);  // fixed K: no stopping rule
  ASSERT_EQ(margins.size(), d.y.size());
  // The training-error threshold never does worse on the training set than threshold 0.
  EXPECT_LE(fit.threshold.errors, fit.threshold.errors_at_zero);
  // The run record: the fit's facts in its fields, the thresholds it chose in extra.
  const RunRecord r = zo_record("cls", zo_params("cls", 1e-2, true), fit);
  EXPECT_EQ(r.iterations, 100);
  EXPECT_TRUE(r.extra.contains("cpu_seconds"));
  const Json& threshold = r.extra.at("threshold");
  EXPECT_EQ(threshold.at("train_errors").get<int64_t>(), fit.threshold.errors);
  EXPECT_DOUBLE_EQ(threshold.at("theta").get<double>(), fit.threshold.theta);
  EXPECT_EQ(threshold.at("theta_by_rule").size(), kThresholdRules.size());
  const ZoEval back = zo_eval_from_metrics(zo_metrics(e));
  EXPECT_EQ(back.counts_by_rule, e.counts_by_rule);
  EXPECT_EQ(back.counts, e.counts);
  EXPECT_EQ(back.counts_zero, e.counts_zero);
  EXPECT_DOUBLE_EQ(back.bep.tp, e.bep.tp);
  EXPECT_EQ(back.bep.positives, e.bep.positives);
}

TEST(ZoProtocol, RowNamesAreCapitalisedAsInTableThree) {
  EXPECT_EQ(zo_row_name("money-fx"), "Money-fx");
  EXPECT_EQ(zo_row_name("earn"), "Earn");
}

}  // namespace
}  // namespace linrepro
