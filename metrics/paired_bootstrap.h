#pragma once
// The paired bootstrap over test documents (issue 27 item 3): two classifiers measured on the
// same documents are compared by resampling the documents, not each classifier's counts on its
// own, so what they get right and wrong together cancels and the interval of their difference is
// as narrow as the pairing allows (McNemar's test looks at the same discordant documents). The
// statistic reads the resampled document indices, so one routine serves an accuracy difference,
// a difference of conditional accuracies (a level of a hierarchy on the documents it routes) or a
// difference of two distances. Percentile interval, deterministic given the seed.
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "metrics/binary_counts.h"
#include "metrics/sampling_interval.h"

namespace linrepro {

// statistic(indices) for a resample of n document indices drawn with replacement; the interval
// holds the statistic's values (not confined to [0, 1]). Throws std::invalid_argument for n < 1,
// resamples < 1 or a level outside (0, 1).
SamplingInterval paired_bootstrap_interval(
    int64_t n, const std::function<double(std::span<const int32_t>)>& statistic, uint64_t seed,
    int resamples = kBootstrapResamples, double level = 0.95);

// The mean of several statistics, each over its own test set (e.g. one per number of classes of a
// sweep): every resample draws each part's documents anew and averages the parts' statistics.
// The parts are resampled independently, so documents two parts share count as different ones.
struct PairedStatistic {
  int64_t n = 0;
  std::function<double(std::span<const int32_t>)> statistic;
};
SamplingInterval paired_bootstrap_mean_interval(const std::vector<PairedStatistic>& parts,
                                                uint64_t seed, int resamples = kBootstrapResamples,
                                                double level = 0.95);

// One category's decisions on a shared test set (1: the method said positive / the document is),
// with the documents where either is 1 (the rest are true negatives, counted in bulk).
struct CategoryOutcomes {
  std::vector<uint8_t> predicted, truth;
  std::vector<int32_t> active;
};
// Throws std::invalid_argument when the two differ in length.
CategoryOutcomes category_outcomes(std::vector<uint8_t> predicted, std::vector<uint8_t> truth);
// The categories' confusion counts on the documents d, each counted as often as it appears in d
// (what metrics/averaging.h's micro and macro averages read).
std::vector<BinaryCounts> category_counts_on(const std::vector<CategoryOutcomes>& categories,
                                             std::span<const int32_t> documents);

// The ratio of two classifiers' error counts on one test set (a's / b's), by the paired bootstrap
// over its documents: what both get wrong moves together. Resamples where b makes no error are
// left out. Throws std::invalid_argument for outcomes of different lengths or none.
SamplingInterval paired_error_ratio_interval(const std::vector<uint8_t>& correct_a,
                                             const std::vector<uint8_t>& correct_b, uint64_t seed,
                                             int resamples = kBootstrapResamples,
                                             double level = 0.95);

// The fraction of the given documents a classifier got right (correct[i] is 0 or 1).
double fraction_correct(const std::vector<uint8_t>& correct, std::span<const int32_t> documents);

}  // namespace linrepro
