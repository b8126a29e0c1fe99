#include "experiments/zhangoles2001/micro_comparison.h"

#include <fmt/format.h>

#include <stdexcept>

#include "core/error.h"
#include "metrics/averaging.h"

namespace linrepro {

ClaimComparison zo_micro_comparison(std::string what, ZoMicroMeasure measure,
                                    const std::vector<CategoryOutcomes>& a,
                                    const std::vector<CategoryOutcomes>& b, double value,
                                    double bound, bool above, bool strict) {
  if (a.size() != b.size() || a.empty())
    throw std::invalid_argument(
        fmt::format("zo_micro_comparison '{}': {} and {} categories", what, a.size(), b.size()));
  const bool is_f1 = measure == ZoMicroMeasure::f1;
  const auto stat = [&a, &b, is_f1](std::span<const int32_t> d) {
    const auto ca = category_counts_on(a, d), cb = category_counts_on(b, d);
    return 100 * (is_f1 ? micro_average(ca).f1 - micro_average(cb).f1
                        : micro_average(ca).recall - micro_average(cb).recall);
  };
  ClaimComparison c =
      paired_statistic_comparison(std::move(what), static_cast<int64_t>(a.front().truth.size()),
                                  stat, bound, above, kClaimBootstrapSeed, strict);
  c.value = value;
  return c;
}

std::vector<CategoryOutcomes> zo_break_even_decisions(std::span<const ZoEval> evals,
                                                      const std::string& what) {
  std::vector<CategoryOutcomes> out;
  for (const ZoEval& e : evals) {
    if (!e.at_break_even)
      throw ConfigError(fmt::format(
          "{}: a run holds no per-document break-even decisions (stored before they were "
          "recorded: rerun with --force)",
          what));
    out.push_back(*e.at_break_even);
  }
  return out;
}

}  // namespace linrepro
