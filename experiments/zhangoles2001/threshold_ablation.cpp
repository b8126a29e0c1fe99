#include "experiments/zhangoles2001/threshold_ablation.h"

#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/threshold_oof.h"
#include "harness/experiment/published.h"
#include "harness/language/declared_texts.h"
#include "metrics/averaging.h"
#include "metrics/threshold.h"

namespace linrepro {

namespace {

std::string rule_description(ThresholdRule rule) {
  switch (rule) {
    case ThresholdRule::zero_if_minimal:
      return "old rule: keep 0 if it minimises the training error, else the minimising interval "
             "nearest 0 (midpoint)";
    case ThresholdRule::nearest_midpoint:
      return "midpoint of the minimising interval nearest 0 (even when it holds 0)";
    case ThresholdRule::lowest_midpoint:
      return "midpoint of the lowest minimising interval";
    case ThresholdRule::lowest_edge:
      return "just above the lower end of the lowest minimising interval (most lowering)";
  }
  return "";
}

// A variant: v = -1 is threshold 0, v = kOutOfFold the out-of-fold threshold, else rule index v.
constexpr int kOutOfFold = static_cast<int>(kThresholdRules.size());

// The counts of one category under variant v (nullopt: not computed, as in fast mode).
std::optional<BinaryCounts> counts_of(const ZoEval& e, int v) {
  if (v < 0) return e.counts_zero;
  if (v == kOutOfFold) return e.counts_out_of_fold;
  return e.counts_by_rule.at(static_cast<size_t>(v));
}

// "qualifies" when no method's value is below threshold 0's (the adoption rule in
// "threshold-rule-table2"'s why), else the methods that are; "" when the row has no values.
std::string qualification(const AblationRow& row, const AblationRow& zero,
                          const std::vector<std::string>& columns) {
  std::vector<std::string> below;
  for (size_t m = 0; m < columns.size(); ++m) {
    if (!row.values[m] || !zero.values[m]) return "";
    if (*row.values[m] < *zero.values[m]) below.push_back(columns[m]);
  }
  return below.empty()
             ? "; qualifies: no method below threshold 0"
             : fmt::format("; does not qualify: {} below threshold 0", fmt::join(below, ", "));
}

// The published rows: Table 2's F1 row and the mean of Table 3's rows, per method.
std::pair<AblationRow, AblationRow> published_rows(
    const std::vector<ThresholdAblationMethod>& methods,
    const std::vector<std::string>& largest_rows, const PublishedPaper& published) {
  AblationRow mp{"published", "Table 2's F1 row", false, true, false, {}};
  AblationRow tp{"published", "Table 3, mean of the 10 rows", false, true, false, {}};
  for (const auto& m : methods) {
    mp.values.push_back(published_value(&published, "table2", "F1", m.column));
    double sum = 0;
    bool all = true;
    for (const auto& row : largest_rows) {
      const auto v = published_value(&published, "table3", row, m.column);
      all &= v.has_value();
      if (v) sum += *v;
    }
    tp.values.push_back(all ? std::optional<double>(sum / static_cast<double>(largest_rows.size()))
                            : std::nullopt);
  }
  return {std::move(mp), std::move(tp)};
}

// One threshold rule's row of both ablations (v: kThresholdRules index, -1 threshold 0,
// kOutOfFold): micro-F1 over every category, mean F1 over the largest; nullopt for a method
// whose runs lack the rule's counts.
void add_rule_row(Ablation& micro, Ablation& table3,
                  const std::vector<ThresholdAblationMethod>& methods,
                  const std::vector<int32_t>& largest, int v, std::string variant,
                  std::string description, bool chosen) {
  AblationRow mr{std::move(variant), std::move(description), chosen, false, false, {}};
  // §4: the computed thresholds are lowered "by finding a value that minimizes the training
  // error"; every rule that does so is a reading it allows, the unadjusted threshold 0 is not.
  mr.allowed = v != -1;
  AblationRow tr = mr;
  for (const auto& m : methods) {
    std::vector<BinaryCounts> all;
    for (const ZoEval& e : *m.evals)
      if (const auto c = counts_of(e, v)) all.push_back(*c);
    if (all.size() != m.evals->size()) {  // not computed for every category
      mr.values.push_back(std::nullopt);
      tr.values.push_back(std::nullopt);
      continue;
    }
    mr.values.push_back(100 * micro_average(all).f1);
    double sum = 0;
    for (int32_t k : largest) sum += f1(*counts_of((*m.evals)[static_cast<size_t>(k)], v));
    tr.values.push_back(100 * sum / static_cast<double>(largest.size()));
  }
  micro.rows.push_back(std::move(mr));
  table3.rows.push_back(std::move(tr));
}

}  // namespace

std::vector<Ablation> threshold_ablations(const std::vector<ThresholdAblationMethod>& methods,
                                          const std::vector<int32_t>& largest,
                                          const std::vector<std::string>& largest_rows,
                                          const PublishedPaper& published) {
  std::vector<std::string> columns;
  for (const auto& m : methods) columns.push_back(m.column);
  Ablation micro = declared_ablation_with(kZoPaper, "threshold-rule-table2", columns);
  Ablation table3 = declared_ablation_with(kZoPaper, "threshold-rule-table3", columns);
  const auto add_row = [&](int v, std::string variant, std::string description, bool chosen) {
    add_rule_row(micro, table3, methods, largest, v, std::move(variant), std::move(description),
                 chosen);
  };
  add_row(-1, "threshold 0", "no adjustment: the solver's own threshold", false);
  for (size_t r = 0; r < kThresholdRules.size(); ++r)
    add_row(static_cast<int>(r), std::string(to_string(kThresholdRules[r])),
            rule_description(kThresholdRules[r]),
            to_string(kThresholdRules[r]) == kTable2Threshold);
  add_row(kOutOfFold, "out_of_fold_midpoint",
          fmt::format("lowest_midpoint on the pooled held-out scores of {}-fold cross-validation "
                      "on the training set (Platt 1999; threshold_oof.h)",
                      kOofFolds),
          std::string_view("out_of_fold_midpoint") == kTable2Threshold);
  // The adoption rule's test, on Table 2's micro-F1 (both tables' rows say it).
  for (size_t i = 1; i < micro.rows.size(); ++i) {
    const std::string q = qualification(micro.rows[i], micro.rows[0], columns);
    micro.rows[i].description += q;
    table3.rows[i].description += q.empty() ? "" : q + " in Table 2's micro-F1";
  }

  auto [mp, tp] = published_rows(methods, largest_rows, published);
  micro.rows.push_back(std::move(mp));
  table3.rows.push_back(std::move(tp));
  return {micro, table3};
}

}  // namespace linrepro
