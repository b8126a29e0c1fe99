// Table 1's cross-validation read by declarations (cv_aggregates.h): each aggregate pools a
// method's CV runs over their categories and reads one choice off the lambda grid, known answers
// from hand-made per-lambda counts.
#include <gtest/gtest.h>

#include <cmath>

#include "experiments/zhangoles2001/cv_aggregates.h"
#include "experiments/zhangoles2001/cv_select.h"

namespace linrepro {
namespace {

// One category's CV run: 100 held-out positives per fold at every grid lambda; at grid index g
// each fold's break-even TP is tp(g) + the fold's offset (-2, -1, 0, 1, 2).
RunRecord cv_run(const std::function<double(size_t)>& tp) {
  RunRecord r;
  r.status = "ok";
  Json per_lambda = Json::array();
  const std::vector<double> grid = zo_lambda_grid();
  for (size_t g = 0; g < grid.size(); ++g) {
    Json folds = Json::array(), positives = Json::array();
    for (int f = -2; f <= 2; ++f) {
      folds.push_back(tp(g) + f);
      positives.push_back(100);
    }
    per_lambda.push_back({{"lambda", grid[g]},
                          {"bep_tp", 5 * tp(g)},
                          {"positives", 500},
                          {"fold_bep_tp", folds},
                          {"fold_positives", positives},
                          {"tp", 1},
                          {"fp", 0},
                          {"fn", 0},
                          {"tn", 1}});
  }
  r.extra["per_lambda"] = per_lambda;
  return r;
}

// Grid 1, 0.1, ..., 1e-6: break-even TP 80 per fold everywhere but 90 at 1e-3 and 89 at 1e-2
// (within one fold SE, 0.71 points, of the best).
double peaked(size_t g) { return g == 3 ? 90 : g == 2 ? 89.5 : 80; }

TEST(ZoCvAggregates, ReadTheBestTheOneSeChoiceAndEachGridPoint) {
  const std::vector<RunRecord> runs = {cv_run(peaked), cv_run(peaked)};
  const auto aggregates = zo_cv_aggregates();
  AggregateContext at;
  at.scale = 100;
  const AggregateValue best = aggregates.at("cv-best")(runs, at);
  EXPECT_EQ(best.value, -3);
  EXPECT_DOUBLE_EQ(best.fields.at("bep").get<double>(), 90);
  EXPECT_NEAR(best.fields.at("fold_se").get<double>(), 100 * std::sqrt(2.5 / 1e4 / 5), 1e-9);
  // The one-SE rule takes the larger lambda 1e-2 (89.5 >= 90 - 0.71); its band is [-3, -2].
  const AggregateValue chosen = aggregates.at("cv-choice")(runs, at);
  EXPECT_EQ(chosen.value, -2);
  EXPECT_DOUBLE_EQ(chosen.fields.at("lambda").get<double>(), 0.01);
  EXPECT_EQ(chosen.fields.at("best_lambda"), "0.001");
  EXPECT_EQ(chosen.fields.at("se_points"), "0.71");
  EXPECT_EQ(*chosen.evidence.interval_lo, -3);
  EXPECT_EQ(*chosen.evidence.interval_hi, -2);
  // A grid point's pooled BEP with Wilson's interval over its 1,000 positives, in per cent.
  const AggregateValue at_1e6 = aggregates.at("cv-bep:1e-06")(runs, {});
  EXPECT_DOUBLE_EQ(at_1e6.value, 0.8);
  EXPECT_LT(*at_1e6.evidence.interval_lo, 80);
  EXPECT_GT(*at_1e6.evidence.interval_hi, 80);
  EXPECT_NE(at_1e6.evidence.interval_method.find("1000 held-out positives"), std::string::npos);
  // The 10 largest of two categories: not measured, never the two pooled under that name.
  EXPECT_FALSE(aggregates.at("cv-best:10")(runs, at).not_measured.empty());
}

TEST(ZoCvAggregates, FoldBepMeasureIsAPairedIntervalOverTheFolds) {
  ProtocolResults results;
  results.tasks["reuters"]["clg"] = {cv_run(peaked)};
  const ClaimMeasures m = zo_cv_measures(results, "reuters");
  // Best (90 per fold, offsets equal) minus smallest (80): 10 points on every fold.
  const auto c = m.at("cv_fold_bep:clg")("drop", "best", "smallest", 3, false, true);
  ASSERT_TRUE(c.has_value());
  EXPECT_NEAR(c->value, 10, 1e-9);
  EXPECT_NEAR(c->lo, 10, 1e-9);
  EXPECT_FALSE(m.at("cv_fold_bep:clg")("drop", "best", "largest", 3, false, true).has_value());
}

}  // namespace
}  // namespace linrepro
