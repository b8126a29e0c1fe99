#pragma once
// Sampling intervals of measures on a fixed test set (issue 27). A proportion (an accuracy):
// Wilson's score interval, which stays inside [0, 1] and keeps its coverage near 0 and 1. The
// sampling interval of a binary F1 on a fixed test set: how far the F1 of another test set of the
// same size, drawn from the same population, could lie. Resampling the test documents with
// replacement (the bootstrap) draws the four confusion counts from a multinomial with the observed
// proportions, since F1 = 2 TP / (2 TP + FP + FN) depends on nothing else; so the counts suffice
// and no per-document outcome has to be stored. The interval is the percentile one: the (1 - level)
// / 2 and (1 + level) / 2 quantiles of the resampled F1s.
#include <cstdint>
#include <span>
#include <vector>

#include "metrics/binary_counts.h"

namespace linrepro {

struct SamplingInterval {
  double lo = 0, hi = 0;  // the measure's units: [0, 1] for a proportion
};

inline constexpr int kBootstrapResamples = 2000;

// The percentile interval of resampled values (sorts them; at least one value): the (1 - level)
// / 2 and (1 + level) / 2 quantiles, linearly interpolated.
SamplingInterval percentile_interval(std::vector<double>& values, double level);

// Wilson's 95 % score interval of a proportion p observed on n items. Throws std::invalid_argument
// for n < 1 or p outside [0, 1].
SamplingInterval wilson_interval(double p, int64_t n);

// Deterministic given the seed. Throws std::invalid_argument for no documents, resamples < 1 or
// a level outside (0, 1).
SamplingInterval f1_bootstrap_interval(const BinaryCounts& counts, uint64_t seed,
                                       int resamples = kBootstrapResamples, double level = 0.95);

// A micro- or macro-average over categories (metrics/averaging.h), resampled from each category's
// confusion counts as above, every category independently: the dependence between the categories
// of one document is ignored (the counts are all a run keeps), which the interval's method names.
// A macro-average is resampled stratified: each category's positives and negatives drawn
// separately, so it keeps its number of positives and its F1 stays defined (an unstratified draw
// leaves a one-positive category 0 / 0 in a third of the resamples: docs/RESULTS.md).
enum class AveragedMeasure { micro_precision, micro_recall, micro_f1, macro_f1 };
// Throws std::invalid_argument for no categories, a category without documents, resamples < 1 or
// a level outside (0, 1).
SamplingInterval averaged_bootstrap_interval(std::span<const BinaryCounts> per_category,
                                             AveragedMeasure measure, uint64_t seed,
                                             int resamples = kBootstrapResamples,
                                             double level = 0.95);

}  // namespace linrepro
