#include "metrics/averaging.h"

#include <stdexcept>

namespace linrepro {

PrfScores micro_average(std::span<const BinaryCounts> per_category, double zero_division) {
  if (per_category.empty()) throw std::invalid_argument("micro_average: no categories");
  BinaryCounts pooled;
  for (const auto& c : per_category) pooled += c;
  return {precision(pooled, zero_division), recall(pooled, zero_division),
          f1(pooled, zero_division)};
}

PrfScores macro_average(std::span<const BinaryCounts> per_category, double zero_division) {
  if (per_category.empty()) throw std::invalid_argument("macro_average: no categories");
  PrfScores sum;
  for (const auto& c : per_category) {
    sum.precision += precision(c, zero_division);
    sum.recall += recall(c, zero_division);
    sum.f1 += f1(c, zero_division);
  }
  const double m = static_cast<double>(per_category.size());
  return {sum.precision / m, sum.recall / m, sum.f1 / m};
}

std::vector<BinaryCounts> per_class_counts(const ConfusionMatrix& C) {
  const int32_t K = C.num_classes;
  const int64_t n = C.total();
  std::vector<BinaryCounts> out(K);
  for (int32_t t = 0; t < K; ++t) {
    for (int32_t p = 0; p < K; ++p) {
      const int64_t c = C.at(t, p);
      if (t == p) {
        out[t].tp += c;
      } else {
        out[t].fn += c;  // true t, predicted something else
        out[p].fp += c;  // predicted p, true something else
      }
    }
  }
  for (auto& c : out) c.tn = n - c.tp - c.fp - c.fn;
  return out;
}

}  // namespace linrepro
