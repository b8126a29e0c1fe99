#include "experiments/zhangoles2001/micro_comparison.h"

#include <fmt/format.h>

#include <stdexcept>

#include "core/error.h"
#include "harness/protocol/document_outcomes.h"
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

void record_break_even_decisions(RunRecord& out, const ZoFitted& fitted, const ZoCategory& cat,
                                 const ZoEval& e) {
  const std::vector<double>& f_test = fitted.test_decisions;
  std::vector<uint8_t> truth(f_test.size());
  for (size_t i = 0; i < truth.size(); ++i) truth[i] = cat.y_test[i] > 0;
  out.metrics["test_rows"] = f_test.size();
  out.extra["test_break_even"] = break_even_outcomes(f_test, e.bep.positives);
  out.extra["test_truth"] = outcomes_to_hex(truth);
}

void read_break_even_decisions(const RunRecord& run, ZoEval& e) {
  if (run.extra.contains("test_break_even"))
    e.at_break_even =
        category_outcomes(run_outcomes(run, "test_break_even"), run_outcomes(run, "test_truth"));
}

ZoEval zo_missed_category(const ZoReuters& data, int32_t k) {
  ZoEval e = zo_missed(data.test_positives[k], data.prep.test_labels.y.size());
  std::vector<uint8_t> truth;
  for (double y : one_vs_rest(data.prep.test_labels, k)) truth.push_back(y > 0);
  std::vector<uint8_t> none(truth.size(), 0);
  e.at_break_even = category_outcomes(std::move(none), std::move(truth));
  return e;
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
