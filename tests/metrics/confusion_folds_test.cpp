// Table 3's fold combination (metrics/confusion_folds.h): confusion matrices survive the
// result file, the five folds are summed cell by cell, and micro/macro-F1 come from the sum.
#include "metrics/confusion_folds.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.h"

namespace linrepro {
namespace {

ConfusionMatrix matrix(int32_t K, std::vector<int64_t> counts) {
  ConfusionMatrix C;
  C.num_classes = K;
  C.counts = std::move(counts);
  return C;
}

TEST(ConfusionJson, RoundTripsRowsAsTrueClasses) {
  const ConfusionMatrix C = matrix(2, {5, 1, 2, 3});
  const nlohmann::json j = confusion_to_json(C);
  EXPECT_EQ(j, nlohmann::json::parse("[[5,1],[2,3]]"));
  const ConfusionMatrix back = confusion_from_json(j, "run x");
  EXPECT_EQ(back.num_classes, 2);
  EXPECT_EQ(back.counts, C.counts);
}

TEST(ConfusionJson, RejectsMalformedMatricesNamingTheRun) {
  for (const char* bad : {"{}", "[[1,2],[3]]", "[[1,2]]", "[[1,-2],[3,4]]", "[[1,2.5],[3,4]]"}) {
    try {
      confusion_from_json(nlohmann::json::parse(bad), "Univ-6/fold3/smo");
      ADD_FAILURE() << bad << " was accepted";
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find("Univ-6/fold3/smo"), std::string::npos) << e.what();
    }
  }
}

TEST(SumConfusions, AddsCellByCell) {
  const std::vector<ConfusionMatrix> folds = {matrix(2, {1, 2, 3, 4}), matrix(2, {10, 0, 0, 1})};
  EXPECT_EQ(sum_confusions(folds).counts, (std::vector<int64_t>{11, 2, 3, 5}));
  const std::vector<ConfusionMatrix> mixed = {matrix(2, {1, 0, 0, 1}), matrix(1, {3})};
  EXPECT_THROW(sum_confusions(mixed), ConfigError);
  EXPECT_THROW(sum_confusions({}), ConfigError);
}

TEST(MicroMacroF1, HandComputed) {
  // Rows = true class. n = 16, 12 correct, so micro-F1 = accuracy = 0.75.
  // class 0: TP 5, FP 2, FN 1 -> F1 = 10/13; class 1: TP 3, FP 1, FN 3 -> 6/10;
  // class 2: TP 4, FP 1, FN 0 -> 8/9.
  const F1Pair f = micro_macro_f1(matrix(3, {5, 1, 0, 2, 3, 1, 0, 0, 4}));
  EXPECT_DOUBLE_EQ(f.micro, 0.75);
  EXPECT_DOUBLE_EQ(f.macro, (10.0 / 13.0 + 0.6 + 8.0 / 9.0) / 3.0);
}

TEST(MicroMacroF1, OfTheSumIsNotTheMeanOverFolds) {
  // Why the driver keeps counts: fold A predicts class 1 perfectly on 1 document, fold B misses
  // it on 1 of 1. Per fold macro-F1: A = 1 (both classes perfect), B: class 0 TP 8 FP 1 -> 16/17,
  // class 1 TP 0 FN 1 -> 0, macro 8/17. Mean 25/34. Combined: class 0 TP 16 FP 1 -> 32/33,
  // class 1 TP 1 FN 1 -> 2/3, macro (32/33 + 2/3)/2 = 27/33.
  const std::vector<ConfusionMatrix> folds = {matrix(2, {8, 0, 0, 1}), matrix(2, {8, 0, 1, 0})};
  const double combined = micro_macro_f1(sum_confusions(folds)).macro;
  EXPECT_DOUBLE_EQ(combined, 27.0 / 33.0);
  const double mean = (micro_macro_f1(folds[0]).macro + micro_macro_f1(folds[1]).macro) / 2;
  EXPECT_DOUBLE_EQ(mean, 25.0 / 34.0);
}

// Micro-F1 is the accuracy: Wilson's interval of 12 of 16; macro-F1's bootstrap holds its value
// and repeats by seed.
TEST(MicroMacroF1, IntervalsAreWilsonsAndTheBootstraps) {
  const ConfusionMatrix C = matrix(3, {5, 1, 0, 2, 3, 1, 0, 0, 4});
  const F1Intervals i = micro_macro_f1_intervals(C, 3);
  const SamplingInterval w = wilson_interval(0.75, 16);
  EXPECT_EQ(i.micro.lo, w.lo);
  EXPECT_EQ(i.micro.hi, w.hi);
  const double macro = micro_macro_f1(C).macro;
  EXPECT_LT(i.macro.lo, macro);
  EXPECT_GT(i.macro.hi, macro);
  EXPECT_EQ(micro_macro_f1_intervals(C, 3).macro.lo, i.macro.lo);
  EXPECT_THROW(micro_macro_f1_intervals(matrix(2, {0, 0, 0, 0}), 3), ConfigError);
}

}  // namespace
}  // namespace linrepro
