#include "metrics/binary_counts.h"

#include <fmt/format.h>

#include <stdexcept>

namespace linrepro {
namespace {

double ratio(int64_t num, int64_t den, double zero_division) {
  return den == 0 ? zero_division : static_cast<double>(num) / static_cast<double>(den);
}

void check_sizes(size_t a, size_t b, const char* what) {
  if (a != b)
    throw std::invalid_argument(fmt::format("{}: {} true labels but {} values", what, a, b));
}

void tally(BinaryCounts& c, bool truth_positive, bool predicted_positive) {
  if (truth_positive) {
    ++(predicted_positive ? c.tp : c.fn);
  } else {
    ++(predicted_positive ? c.fp : c.tn);
  }
}

}  // namespace

BinaryCounts count_binary(std::span<const double> truth, std::span<const double> predicted) {
  check_sizes(truth.size(), predicted.size(), "count_binary");
  BinaryCounts c;
  for (size_t i = 0; i < truth.size(); ++i) tally(c, truth[i] > 0, predicted[i] > 0);
  return c;
}

BinaryCounts count_binary_at_threshold(std::span<const double> truth,
                                       std::span<const double> decision, double threshold) {
  check_sizes(truth.size(), decision.size(), "count_binary_at_threshold");
  BinaryCounts c;
  for (size_t i = 0; i < truth.size(); ++i) tally(c, truth[i] > 0, decision[i] >= threshold);
  return c;
}

double precision(const BinaryCounts& c, double zero_division) {
  return ratio(c.tp, c.tp + c.fp, zero_division);
}

double recall(const BinaryCounts& c, double zero_division) {
  return ratio(c.tp, c.tp + c.fn, zero_division);
}

double f1(const BinaryCounts& c, double zero_division) {
  return ratio(2 * c.tp, 2 * c.tp + c.fp + c.fn, zero_division);
}

}  // namespace linrepro
