#include "metrics/paired_bootstrap.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>

namespace linrepro {

namespace {

void check(const std::vector<PairedStatistic>& parts, int resamples, double level) {
  if (parts.empty()) throw std::invalid_argument("paired bootstrap: no statistic");
  for (const PairedStatistic& p : parts)
    if (p.n < 1) throw std::invalid_argument("paired bootstrap: no documents");
  if (resamples < 1) throw std::invalid_argument("paired bootstrap: resamples < 1");
  if (!(level > 0 && level < 1)) throw std::invalid_argument("paired bootstrap: level");
}

}  // namespace

SamplingInterval paired_bootstrap_mean_interval(const std::vector<PairedStatistic>& parts,
                                                uint64_t seed, int resamples, double level) {
  check(parts, resamples, level);
  std::mt19937_64 rng(seed);
  std::vector<double> values;
  values.reserve(static_cast<size_t>(resamples));
  std::vector<int32_t> drawn;
  for (int r = 0; r < resamples; ++r) {
    double sum = 0;
    for (const PairedStatistic& p : parts) {
      std::uniform_int_distribution<int32_t> pick(0, static_cast<int32_t>(p.n - 1));
      drawn.resize(static_cast<size_t>(p.n));
      for (int32_t& i : drawn) i = pick(rng);
      sum += p.statistic(drawn);
    }
    const double v = sum / static_cast<double>(parts.size());
    if (std::isfinite(v)) values.push_back(v);  // e.g. a level no resampled document reached
  }
  if (values.empty())
    throw std::invalid_argument("paired bootstrap: no resample gave a finite value");
  return percentile_interval(values, level);
}

SamplingInterval paired_bootstrap_interval(
    int64_t n, const std::function<double(std::span<const int32_t>)>& statistic, uint64_t seed,
    int resamples, double level) {
  return paired_bootstrap_mean_interval({{n, statistic}}, seed, resamples, level);
}

CategoryOutcomes category_outcomes(std::vector<uint8_t> predicted, std::vector<uint8_t> truth) {
  if (predicted.size() != truth.size())
    throw std::invalid_argument("category_outcomes: predictions and truth differ in length");
  CategoryOutcomes c{std::move(predicted), std::move(truth), {}};
  for (size_t i = 0; i < c.truth.size(); ++i)
    if (c.predicted[i] || c.truth[i]) c.active.push_back(static_cast<int32_t>(i));
  return c;
}

std::vector<BinaryCounts> category_counts_on(const std::vector<CategoryOutcomes>& categories,
                                             std::span<const int32_t> documents) {
  size_t n = 0;
  for (const CategoryOutcomes& c : categories) n = std::max(n, c.truth.size());
  std::vector<int32_t> times(n, 0);  // how often each document was drawn
  for (int32_t i : documents) ++times[static_cast<size_t>(i)];
  const auto drawn = static_cast<int64_t>(documents.size());
  std::vector<BinaryCounts> out(categories.size());
  for (size_t k = 0; k < categories.size(); ++k) {
    const CategoryOutcomes& c = categories[k];
    BinaryCounts& o = out[k];
    for (int32_t i : c.active) {
      const auto t = times[static_cast<size_t>(i)];
      const bool p = c.predicted[static_cast<size_t>(i)], y = c.truth[static_cast<size_t>(i)];
      (p ? (y ? o.tp : o.fp) : o.fn) += t;
    }
    o.tn = drawn - o.tp - o.fp - o.fn;
  }
  return out;
}

SamplingInterval paired_error_ratio_interval(const std::vector<uint8_t>& correct_a,
                                             const std::vector<uint8_t>& correct_b, uint64_t seed,
                                             int resamples, double level) {
  if (correct_a.size() != correct_b.size())
    throw std::invalid_argument("paired_error_ratio_interval: different test sets");
  const auto wrong = [](const std::vector<uint8_t>& correct, std::span<const int32_t> documents) {
    double n = 0;
    for (const int32_t i : documents) n += 1 - correct[static_cast<size_t>(i)];
    return n;
  };
  return paired_bootstrap_interval(
      static_cast<int64_t>(correct_a.size()),
      [&](std::span<const int32_t> d) { return wrong(correct_a, d) / wrong(correct_b, d); }, seed,
      resamples, level);
}

double fraction_correct(const std::vector<uint8_t>& correct, std::span<const int32_t> documents) {
  if (documents.empty()) return std::nan("");
  int64_t right = 0;
  for (int32_t i : documents) right += correct[static_cast<size_t>(i)];
  return static_cast<double>(right) / static_cast<double>(documents.size());
}

}  // namespace linrepro
