// The bootstrap interval of a binary F1 from its confusion counts (metrics/sampling_interval.h).
#include "metrics/sampling_interval.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "metrics/averaging.h"

namespace linrepro {
namespace {

TEST(F1BootstrapInterval, HoldsTheEstimateNarrowsWithNAndRepeatsBySeed) {
  const BinaryCounts small{60, 20, 20, 900};  // F1 0.75 on 1,000 documents
  const BinaryCounts large{600, 200, 200, 9000};
  const SamplingInterval a = f1_bootstrap_interval(small, 1);
  const SamplingInterval b = f1_bootstrap_interval(large, 1);
  EXPECT_LT(a.lo, 0.75);
  EXPECT_GT(a.hi, 0.75);
  EXPECT_LT(b.lo, 0.75);
  EXPECT_GT(b.hi, 0.75);
  // Ten times the documents: about sqrt(10) ~ 3.2 times narrower.
  const double ratio = (a.hi - a.lo) / (b.hi - b.lo);
  EXPECT_GT(ratio, 2.5);
  EXPECT_LT(ratio, 4.0);
  // numpy's multinomial sampler, 20,000 draws of these counts: 95 % interval [0.671, 0.821].
  EXPECT_NEAR(a.lo, 0.671, 0.01);
  EXPECT_NEAR(a.hi, 0.821, 0.01);
  const SamplingInterval again = f1_bootstrap_interval(small, 1);
  EXPECT_EQ(again.lo, a.lo);
  EXPECT_EQ(again.hi, a.hi);
}

TEST(F1BootstrapInterval, PerfectAndEmptyPredictionsAndBadInput) {
  const SamplingInterval perfect = f1_bootstrap_interval({50, 0, 0, 950}, 3);
  EXPECT_EQ(perfect.lo, 1.0);
  EXPECT_EQ(perfect.hi, 1.0);
  const SamplingInterval nothing = f1_bootstrap_interval({0, 0, 30, 970}, 3);
  EXPECT_EQ(nothing.lo, 0.0);
  EXPECT_EQ(nothing.hi, 0.0);
  EXPECT_THROW(f1_bootstrap_interval({0, 0, 0, 0}, 3), std::invalid_argument);
  EXPECT_THROW(f1_bootstrap_interval({1, 1, 1, 1}, 3, 0), std::invalid_argument);
  EXPECT_THROW(f1_bootstrap_interval({1, 1, 1, 1}, 3, 10, 1.0), std::invalid_argument);
}

// Known answers: 81 of 263 (Newcombe 1998, Table I's example of a proportion, to 4 places: 0.2553
// to 0.3662) and the ends 0 of 10 (0 to 0.2775) and 10 of 10.
TEST(WilsonInterval, KnownAnswersAndEnds) {
  const SamplingInterval a = wilson_interval(81.0 / 263, 263);
  EXPECT_NEAR(a.lo, 0.2553, 5e-5);
  EXPECT_NEAR(a.hi, 0.3662, 5e-5);
  const SamplingInterval none = wilson_interval(0, 10);
  EXPECT_EQ(none.lo, 0.0);
  EXPECT_NEAR(none.hi, 0.2775, 5e-5);
  const SamplingInterval all = wilson_interval(1, 10);
  EXPECT_NEAR(all.lo, 1 - 0.2775, 5e-5);
  EXPECT_EQ(all.hi, 1.0);
  EXPECT_THROW(wilson_interval(0.5, 0), std::invalid_argument);
  EXPECT_THROW(wilson_interval(1.5, 10), std::invalid_argument);
}

// One category: the micro-F1 is its F1, drawn from the same generator, so the intervals are equal.
// Several: each measure's interval holds its observed value; more documents, narrower.
TEST(AveragedBootstrapInterval, OneCategoryIsItsF1AndMoreDocumentsNarrowIt) {
  const BinaryCounts c{40, 10, 15, 935};
  const SamplingInterval f = f1_bootstrap_interval(c, 7);
  const std::vector<BinaryCounts> one = {c};
  const SamplingInterval m = averaged_bootstrap_interval(one, AveragedMeasure::micro_f1, 7);
  EXPECT_EQ(m.lo, f.lo);
  EXPECT_EQ(m.hi, f.hi);
  const std::vector<BinaryCounts> small = {c, {5, 4, 6, 985}, {120, 20, 30, 830}};
  std::vector<BinaryCounts> large;
  for (const BinaryCounts& x : small) large.push_back({10 * x.tp, 10 * x.fp, 10 * x.fn, 10 * x.tn});
  const struct {
    AveragedMeasure measure;
    double observed;
  } cases[] = {{AveragedMeasure::micro_precision, micro_average(small).precision},
               {AveragedMeasure::micro_recall, micro_average(small).recall},
               {AveragedMeasure::micro_f1, micro_average(small).f1},
               {AveragedMeasure::macro_f1, macro_average(small).f1}};
  for (const auto& k : cases) {
    const SamplingInterval a = averaged_bootstrap_interval(small, k.measure, 11);
    const SamplingInterval b = averaged_bootstrap_interval(large, k.measure, 11);
    EXPECT_LT(a.lo, k.observed);
    EXPECT_GT(a.hi, k.observed);
    EXPECT_LT(b.hi - b.lo, 0.5 * (a.hi - a.lo));  // ten times the documents: about a third
    EXPECT_LT(b.lo, k.observed);
    EXPECT_GT(b.hi, k.observed);
  }
  EXPECT_THROW(averaged_bootstrap_interval({}, AveragedMeasure::micro_f1, 1),
               std::invalid_argument);
  const std::vector<BinaryCounts> empty_category = {c, {}};
  EXPECT_THROW(averaged_bootstrap_interval(empty_category, AveragedMeasure::macro_f1, 1),
               std::invalid_argument);
}

// A macro-average is resampled stratified (docs/RESULTS.md): every category keeps its number of
// positives, so none is 0 / 0 in a resample (the old draw scored such a category 1).
TEST(AveragedBootstrapInterval, AMacroAverageKeepsEachCategorysPositives) {
  // Never finds its one positive among 10 documents: F1 0 in every resample (the unstratified
  // draw left the positive out in ~35 % of them and scored the category 1 there: [0, 1]).
  const std::vector<BinaryCounts> missed = {{0, 0, 1, 9}};
  const SamplingInterval m = averaged_bootstrap_interval(missed, AveragedMeasure::macro_f1, 3);
  EXPECT_EQ(m.lo, 0);
  EXPECT_EQ(m.hi, 0);
  // Beside a perfect category: always (0 + 1) / 2, the cell's own value.
  const std::vector<BinaryCounts> two = {{0, 0, 1, 9}, {1, 0, 0, 9}};
  EXPECT_EQ(100 * macro_average(two).f1, 50);
  const SamplingInterval t = averaged_bootstrap_interval(two, AveragedMeasure::macro_f1, 3);
  EXPECT_EQ(t.lo, 0.5);
  EXPECT_EQ(t.hi, 0.5);
  // A category without positives keeps the cell's convention: 1 when nothing is wrongly found.
  const std::vector<BinaryCounts> idle = {{0, 0, 0, 10}, {2, 0, 0, 8}};
  const SamplingInterval i = averaged_bootstrap_interval(idle, AveragedMeasure::macro_f1, 3);
  EXPECT_EQ(i.lo, 1);
  EXPECT_EQ(i.hi, 1);
  // Half the positives found, two false alarms among 90 negatives: F1 4 / 8 (known answer), and
  // the interval holds it.
  const std::vector<BinaryCounts> half = {{2, 2, 2, 88}};
  EXPECT_NEAR(macro_average(half).f1, 0.5, 1e-12);
  const SamplingInterval h = averaged_bootstrap_interval(half, AveragedMeasure::macro_f1, 5);
  EXPECT_LT(h.lo, 0.5);
  EXPECT_GT(h.hi, 0.5);
}

}  // namespace
}  // namespace linrepro
