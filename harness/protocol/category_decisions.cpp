#include "harness/protocol/category_decisions.h"

#include <algorithm>

#include "harness/protocol/document_outcomes.h"
#include "harness/results/cell_intervals.h"
#include "harness/results/claim_verdict.h"
#include "harness/results/counts_json.h"
#include "metrics/averaging.h"
#include "metrics/paired_bootstrap.h"

namespace linrepro {

namespace {

std::vector<CategoryOutcomes> decisions_of(std::span<const RunRecord> runs) {
  std::vector<CategoryOutcomes> out;
  for (const RunRecord& r : runs)
    out.push_back(
        category_outcomes(run_outcomes(r, "test_predicted"), run_outcomes(r, "test_truth")));
  return out;
}

double f1_of(const std::vector<BinaryCounts>& counts, bool micro) {
  return micro ? micro_average(counts).f1 : macro_average(counts).f1;
}

}  // namespace

bool holds_category_decisions(std::span<const RunRecord> runs) {
  return !runs.empty() && std::all_of(runs.begin(), runs.end(), [](const RunRecord& r) {
    return r.extra.contains("test_predicted") && r.extra.at("test_predicted").is_string();
  });
}

AggregateValue category_f1(std::span<const RunRecord> runs, const AggregateContext& at,
                           bool micro) {
  std::vector<BinaryCounts> counts;
  for (const RunRecord& r : runs) counts.push_back(counts_from(r.metrics));
  AggregateValue out{f1_of(counts, micro), {}, ""};
  if (micro && holds_category_decisions(runs))
    set_document_bootstrap_interval(out.evidence, decisions_of(runs), AveragedMeasure::micro_f1,
                                    at.seed);
  else  // without the decisions, each category's counts drawn apart: the interval's method says so
    set_averaged_bootstrap_interval(out.evidence, counts,
                                    micro ? AveragedMeasure::micro_f1 : AveragedMeasure::macro_f1,
                                    at.seed);
  // The interval is in per cent; the value takes the column's scale.
  *out.evidence.interval_lo *= at.scale / 100;
  *out.evidence.interval_hi *= at.scale / 100;
  return out;
}

ClaimMeasure category_f1_difference(const std::map<std::string, std::vector<RunRecord>>& runs,
                                    bool micro) {
  return [&runs, micro](std::string what, const std::string& a, const std::string& b, double bound,
                        bool above, bool strict) -> std::optional<ClaimComparison> {
    const auto ra = runs.find(a), rb = runs.find(b);
    if (ra == runs.end() || rb == runs.end() || ra->second.empty()) return std::nullopt;
    const std::vector<CategoryOutcomes> oa = decisions_of(ra->second),
                                        ob = decisions_of(rb->second);
    const auto stat = [&oa, &ob, micro](std::span<const int32_t> d) {
      return 100 *
             (f1_of(category_counts_on(oa, d), micro) - f1_of(category_counts_on(ob, d), micro));
    };
    return paired_statistic_comparison(std::move(what),
                                       static_cast<int64_t>(oa.front().truth.size()), stat, bound,
                                       above, kClaimBootstrapSeed, strict);
  };
}

}  // namespace linrepro
