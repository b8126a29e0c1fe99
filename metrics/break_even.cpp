#include "metrics/break_even.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <vector>

namespace linrepro {

BreakEven break_even_point(std::span<const double> truth, std::span<const double> decision,
                           double zero_division) {
  if (truth.size() != decision.size())
    throw std::invalid_argument(fmt::format("break_even_point: {} labels but {} decision values",
                                            truth.size(), decision.size()));
  for (size_t i = 0; i < decision.size(); ++i)
    if (std::isnan(decision[i]))
      throw std::invalid_argument(fmt::format("break_even_point: decision value {} is NaN", i));

  BreakEven r;
  for (double y : truth) r.positives += y > 0;
  const int64_t m = r.positives;
  if (m == 0) {
    r.bep = zero_division;
    return r;
  }
  // v = the m-th largest decision value: the top m rows are those above v plus some tied at v.
  std::vector<double> sorted(decision.begin(), decision.end());
  std::nth_element(sorted.begin(), sorted.begin() + (m - 1), sorted.end(), std::greater<>());
  const double v = sorted[m - 1];
  int64_t above = 0, positives_above = 0, tied = 0, positives_tied = 0;
  for (size_t i = 0; i < decision.size(); ++i) {
    const bool positive = truth[i] > 0;
    if (decision[i] > v) {
      ++above;
      positives_above += positive;
    } else if (decision[i] == v) {
      ++tied;
      positives_tied += positive;
    }
  }
  const int64_t slots = m - above;  // 1 <= slots <= tied, by the choice of v
  r.tp = static_cast<double>(positives_above) + static_cast<double>(positives_tied) *
                                                    static_cast<double>(slots) /
                                                    static_cast<double>(tied);
  r.bep = r.tp / static_cast<double>(m);
  return r;
}

double micro_break_even(std::span<const BreakEven> per_category, double zero_division) {
  double tp = 0;
  int64_t m = 0;
  for (const auto& c : per_category) {
    tp += c.tp;
    m += c.positives;
  }
  return m == 0 ? zero_division : tp / static_cast<double>(m);
}

double macro_break_even(std::span<const BreakEven> per_category) {
  if (per_category.empty()) throw std::invalid_argument("macro_break_even: no categories");
  double sum = 0;
  for (const auto& c : per_category) sum += c.bep;
  return sum / static_cast<double>(per_category.size());
}

}  // namespace linrepro
