// Issue 15 item 1: the threshold ablation of Tables 2 and 3 (threshold_ablation.h) and the
// ablation record it goes into (harness/results/ablation.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/error.h"
#include "experiments/zhangoles2001/threshold_ablation.h"
#include "experiments/zhangoles2001/threshold_oof.h"
#include "harness/experiment/record_fit.h"
#include "harness/results/ablation.h"
#include "metrics/threshold.h"

namespace linrepro {
namespace {

// A category whose counts differ by rule: rule i gives tp = 10 + i of 20 positives.
ZoEval eval_by_rule() {
  ZoEval e;
  e.counts_zero = {5, 0, 15, 80};
  for (size_t i = 0; i < kThresholdRules.size(); ++i) {
    const int64_t tp = 10 + static_cast<int64_t>(i);
    e.counts_by_rule.push_back({tp, 2, 20 - tp, 78});
    if (kThresholdRules[i] == kZoThresholdRule) e.counts = e.counts_by_rule.back();
  }
  return e;
}

PublishedPaper published_with(double table2_f1, double table3_f1) {
  PublishedPaper p;
  p.paper = "zhangoles2001";
  auto cell = [](std::string table, std::string row, double value) {
    PublishedCell c;  // field by field: the struct grows
    c.table = std::move(table);
    c.row = std::move(row);
    c.column = "Lin Reg";
    c.value = value;
    return c;
  };
  p.cells.push_back(cell("table2", "F1", table2_f1));
  p.cells.push_back(cell("table3", "Earn", table3_f1));
  return p;
}

TEST(ThresholdAblation, OneRowPerRuleTheChosenOneMarkedAndThePublishedReference) {
  const std::vector<ZoEval> evals(3, eval_by_rule());
  const auto ablations =
      threshold_ablations({{"Lin Reg", &evals}}, {0}, {"Earn"}, published_with(86.0, 90.0));
  ASSERT_EQ(ablations.size(), 2u);
  const Ablation& micro = ablations[0];
  EXPECT_EQ(micro.id, "threshold-rule-table2");
  // threshold 0, the four rules, out-of-fold (no runs here), published.
  ASSERT_EQ(micro.rows.size(), kThresholdRules.size() + 3);
  EXPECT_EQ(micro.rows[0].variant, "threshold 0");
  EXPECT_NEAR(*micro.rows[0].values[0], 100 * f1(BinaryCounts{5, 0, 15, 80}), 1e-12);
  int chosen = 0;
  for (size_t i = 0; i < kThresholdRules.size(); ++i) {
    const AblationRow& row = micro.rows[i + 1];
    EXPECT_EQ(row.variant, to_string(kThresholdRules[i]));
    const int64_t tp = 10 + static_cast<int64_t>(i);
    EXPECT_NEAR(*row.values[0], 100 * f1(BinaryCounts{tp, 2, 20 - tp, 78}), 1e-12);
    chosen += row.chosen;
  }
  // Tables 2 and 3 use the out-of-fold threshold (threshold_oof.h kTable2Threshold).
  const AblationRow& oof = micro.rows[kThresholdRules.size() + 1];
  EXPECT_TRUE(oof.chosen);
  EXPECT_EQ(chosen + oof.chosen, 1);
  EXPECT_FALSE(oof.values[0].has_value());  // no out-of-fold runs here
  EXPECT_TRUE(micro.rows.back().reference);
  EXPECT_EQ(*micro.rows.back().values[0], 86.0);
  EXPECT_EQ(*ablations[1].rows.back().values[0], 90.0);
}

// The out-of-fold row from the runs' counts, and the adoption rule's test on every row: a rule
// under which a method falls below threshold 0 does not qualify (ablation "threshold-rule-table2"'s
// why, experiments.json).
TEST(ThresholdAblation, OutOfFoldRowAndEachRowsQualification) {
  std::vector<ZoEval> evals(3, eval_by_rule());
  for (ZoEval& e : evals) e.counts_out_of_fold = BinaryCounts{1, 10, 19, 70};
  const auto ablations =
      threshold_ablations({{"Lin Reg", &evals}}, {0}, {"Earn"}, published_with(86.0, 90.0));
  const Ablation& micro = ablations[0];
  const AblationRow& oof = micro.rows[kThresholdRules.size() + 1];
  EXPECT_EQ(oof.variant, "out_of_fold_midpoint");
  ASSERT_TRUE(oof.values[0].has_value());
  EXPECT_NEAR(*oof.values[0], 100 * f1(BinaryCounts{1, 10, 19, 70}), 1e-12);
  EXPECT_NE(oof.description.find("does not qualify: Lin Reg below threshold 0"), std::string::npos)
      << oof.description;
  EXPECT_NE(micro.rows[1].description.find("qualifies: no method below"), std::string::npos)
      << micro.rows[1].description;
  EXPECT_NE(ablations[1].rows[1].description.find("in Table 2's micro-F1"), std::string::npos);
  // One category without the out-of-fold run: the row is not computed, and says nothing.
  evals[2].counts_out_of_fold.reset();
  const Ablation part =
      threshold_ablations({{"Lin Reg", &evals}}, {0}, {"Earn"}, published_with(86.0, 90.0))[0];
  EXPECT_FALSE(part.rows[kThresholdRules.size() + 1].values[0].has_value());
  EXPECT_EQ(part.rows[kThresholdRules.size() + 1].description.find("qualif"), std::string::npos);
}

// A noisy linear problem of n rows, `positives` of them +1 (the first ones), two features.
ZoCategory noisy_category(int32_t n, int32_t positives) {
  ZoCategory c;
  std::mt19937_64 rng(7);
  std::normal_distribution<double> noise(0.0, 1.0);
  for (CsrMatrix* X : {&c.X_train, &c.X_test}) {
    BinaryLabels& y = X == &c.X_train ? c.y_train : c.y_test;
    for (int32_t i = 0; i < n; ++i) {
      const double label = i < positives ? 1.0 : -1.0;
      const std::vector<int32_t> idx = {0, 1};
      const std::vector<double> val = {label + noise(rng), noise(rng)};
      X->append_row(idx, val);
      y.push_back(label);
    }
  }
  return c;
}

TEST(OutOfFoldThreshold, EveryFoldUsableEveryRowHeldOutOnce) {
  const ZoCategory c = noisy_category(60, 20);
  const RunRecord r = out_of_fold_threshold_run("cls", zo_params("cls", 1e-3, false), c, 11);
  const Json& t = r.extra.at("threshold_oof");
  EXPECT_EQ(t.at("usable_folds"), kOofFolds);
  EXPECT_EQ(t.at("heldout_rows"), 60);
  EXPECT_EQ(t.at("heldout_positives"), 20);
  const BinaryCounts counts = out_of_fold_counts(r.metrics);
  EXPECT_EQ(counts.tp + counts.fn, 20);
  EXPECT_EQ(counts.tp + counts.fp + counts.fn + counts.tn, 60);
  EXPECT_GT(counts.tp, 10);  // the classes overlap only in their tails
}

// One positive training document: the fold holding it has a model without a positive (left
// out), the other folds hold out negatives only, so the threshold predicts nothing.
TEST(OutOfFoldThreshold, AFoldWhoseModelSawNoPositiveIsLeftOut) {
  const ZoCategory c = noisy_category(30, 1);
  const RunRecord r = out_of_fold_threshold_run("cls", zo_params("cls", 1e-3, false), c, 3);
  const Json& t = r.extra.at("threshold_oof");
  EXPECT_EQ(t.at("usable_folds"), kOofFolds - 1);
  EXPECT_EQ(t.at("heldout_positives"), 0);
  EXPECT_EQ(out_of_fold_counts(r.metrics).tp + out_of_fold_counts(r.metrics).fp, 0);
}

// Step 4 takes the fit run's final fit instead of fitting again: the record is the one a refit
// gives (timings aside), and what it is given is what it uses.
TEST(OutOfFoldThreshold, TheFitRunsFinalFitGivesTheRecordARefitGives) {
  const ZoCategory c = noisy_category(60, 20);
  const Params params = zo_params("cmls", 1e-3, false);
  ZoFitted fitted;
  zo_fit_evaluate("cmls", params, c.X_train, c.y_train, c.X_test, c.y_test, 11, nullptr, &fitted);
  const FinalFit kept{record_fit("cmls", params, fitted.fit, fitted.time), fitted.test_decisions};
  const RunRecord refit = out_of_fold_threshold_run("cmls", params, c, 11);
  const RunRecord taken = out_of_fold_threshold_run("cmls", params, c, 11, kept);
  EXPECT_EQ(taken.metrics, refit.metrics);
  EXPECT_EQ(taken.objective, refit.objective);
  EXPECT_EQ(taken.iterations, refit.iterations);
  for (const char* k : {"threshold_oof", "test_predicted", "dual_objective"})
    EXPECT_EQ(taken.extra.value(k, Json()), refit.extra.value(k, Json())) << k;
  FinalFit everything_positive = kept;
  std::ranges::fill(everything_positive.test_decisions, 1e9);
  const BinaryCounts all = out_of_fold_counts(
      out_of_fold_threshold_run("cmls", params, c, 11, everything_positive).metrics);
  EXPECT_EQ(all.tp + all.fp, 60);
}

TEST(OutOfFoldThreshold, AKeptFinalFitIsTakenOnceAndTheOldestGoFirst) {
  FinalFits fits;
  const Params p = {{"lambda", 0.1}};
  const std::string a = FinalFits::key("f", 0, "cls", p, 1);
  EXPECT_NE(a, FinalFits::key("f", 0, "cls", p, 2));
  EXPECT_NE(a, FinalFits::key("f", 0, "cls", Params{{"lambda", 0.2}}, 1));
  EXPECT_NE(a, FinalFits::key("g", 0, "cls", p, 1));
  EXPECT_NE(a, FinalFits::key("f", 1, "cls", p, 1));
  fits.keep(a, {RunRecord{}, {1.0}});
  ASSERT_TRUE(fits.take(a).has_value());
  EXPECT_FALSE(fits.take(a).has_value());
  for (size_t i = 0; i <= FinalFits::kKept; ++i)
    fits.keep(FinalFits::key("f", static_cast<int32_t>(i), "cls", p, 1), {RunRecord{}, {}});
  EXPECT_FALSE(fits.take(FinalFits::key("f", 0, "cls", p, 1)).has_value());  // dropped
  EXPECT_TRUE(fits.take(FinalFits::key("f", 1, "cls", p, 1)).has_value());
}

TEST(ThresholdAblation, ACategoryWithoutPerRuleCountsIsAnError) {
  std::vector<ZoEval> evals(2, eval_by_rule());
  evals[1].counts_by_rule.clear();
  EXPECT_THROW(threshold_ablations({{"Lin Reg", &evals}}, {0}, {"Earn"}, published_with(1, 1)),
               std::out_of_range);
}

TEST(Ablation, JsonRoundTripAndMarkdown) {
  Ablation a{"rule", "A title", "why it is so", "%", {"A", "B"}, {}};
  a.rows.push_back({"old", "before", false, false, false, {1.25, std::nullopt}});
  a.rows.push_back({"new", "after", true, false, true, {2.5, 3.0}});
  a.rows.push_back({"counts", "small and whole", false, false, true, {3.57e-5, 9475.0}});
  const Ablation b = ablation_from_json(ablation_to_json(a));
  EXPECT_EQ(ablation_to_json(b), ablation_to_json(a));
  // Whether the paper's text allows each row: a column where some row is allowed.
  const std::string md = ablation_markdown(a);
  EXPECT_NE(md.find("| variant | | paper allows | A | B |"), std::string::npos) << md;
  EXPECT_NE(md.find("| **new** (used) | after | yes | 2.5 | 3.0 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| old | before | no | 1.2 | — |"), std::string::npos) << md;
  EXPECT_NE(md.find("| counts | small and whole | yes | 3.57e-05 | 9475 |"), std::string::npos)
      << md;
  nlohmann::json bad = ablation_to_json(a);
  bad["rows"][0]["values"].push_back(1.0);
  EXPECT_THROW(ablation_from_json(bad), std::exception);
  // A row that does not say whether the paper allows it is refused, as is an allowed published
  // row.
  bad = ablation_to_json(a);
  bad["rows"][0].erase("allowed");
  EXPECT_THROW(ablation_from_json(bad), ConfigError);
  bad = ablation_to_json(a);
  bad["rows"][0]["reference"] = true;
  bad["rows"][0]["allowed"] = true;
  EXPECT_THROW(ablation_from_json(bad), ConfigError);
  for (AblationRow& r : a.rows) r.allowed = false;  // draws: no column
  EXPECT_EQ(ablation_markdown(a).find("paper allows"), std::string::npos);
}

}  // namespace
}  // namespace linrepro
