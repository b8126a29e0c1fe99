#include "harness/protocol/task_measures.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/statistics.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

namespace {

bool trained(const RunRecord& r) { return r.status == "ok" && !std::isnan(r.objective); }

// Over the tasks both methods trained on: how often a's objective is the lower, and the means.
struct LowerCount {
  int64_t lower = 0, both = 0;
  double sum_a = 0, sum_b = 0;
};

LowerCount count_lower(std::span<const RunRecord> a, std::span<const RunRecord> b) {
  LowerCount c;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (trained(a[i]) && trained(b[i])) {
      ++c.both;
      c.lower += a[i].objective < b[i].objective;
      c.sum_a += a[i].objective;
      c.sum_b += b[i].objective;
    }
  return c;
}

// The other method's runs of an aggregate (`name`'s argument), or why they are not there.
const std::vector<RunRecord>* other_runs(const AggregateContext& at, const std::string& method,
                                         AggregateValue& out) {
  const std::vector<RunRecord>* runs =
      at.by_method ? finished_tasks(*at.by_method, method) : nullptr;
  if (runs == nullptr) out.not_measured = fmt::format("the runs of {} are not all there", method);
  return runs;
}

AggregateValue objective_lower(std::span<const RunRecord> a, const std::string& b,
                               const AggregateContext& at) {
  AggregateValue out;
  const std::vector<RunRecord>* rb = other_runs(at, b, out);
  if (rb == nullptr) return out;
  const LowerCount c = count_lower(a, *rb);
  if (c.both == 0) {
    out.not_measured = fmt::format("no task both these runs and {}'s trained on", b);
    return out;
  }
  const double n = static_cast<double>(c.both);
  out.value = 100.0 * static_cast<double>(c.lower) / n;
  out.fields = {
      {"lower", c.lower}, {"of", c.both}, {"mean", c.sum_a / n}, {"mean_other", c.sum_b / n}};
  return out;
}

AggregateValue median_gap_to(std::span<const RunRecord> a, const std::string& reference,
                             const AggregateContext& at) {
  AggregateValue out;
  const std::vector<RunRecord>* ref = other_runs(at, reference, out);
  if (ref == nullptr) return out;
  const std::vector<double> gaps = relative_objective_gaps(a, *ref);
  if (gaps.empty()) {
    out.not_measured = fmt::format("no task both these runs and {}'s trained on", reference);
    return out;
  }
  std::string text;
  for (double g : gaps) text += fmt::format("{}{:.3g}", text.empty() ? "" : ", ", 100 * g);
  out.value = median(gaps);
  out.fields = {{"max", *std::max_element(gaps.begin(), gaps.end())}, {"gaps", text}};
  return out;
}

}  // namespace

std::vector<double> relative_objective_gaps(std::span<const RunRecord> a,
                                            std::span<const RunRecord> ref) {
  std::vector<double> gaps;
  for (size_t i = 0; i < a.size() && i < ref.size(); ++i)
    if (trained(a[i]) && trained(ref[i]))
      gaps.push_back((a[i].objective - ref[i].objective) / ref[i].objective);
  return gaps;
}

ClaimMeasures task_measures(const std::map<std::string, std::vector<RunRecord>>& runs) {
  ClaimMeasures m;
  m["objective_lower_share"] = [&runs](std::string what, const std::string& a, const std::string& b,
                                       double bound, bool above,
                                       bool strict) -> std::optional<ClaimComparison> {
    const std::vector<RunRecord>*ra = finished_tasks(runs, a), *rb = finished_tasks(runs, b);
    if (!ra || !rb) return std::nullopt;
    const LowerCount c = count_lower(*ra, *rb);
    const double share =
        c.both > 0 ? 100.0 * static_cast<double>(c.lower) / static_cast<double>(c.both) : 0.0;
    return exact_comparison(std::move(what), share, bound, above, strict);
  };
  for (const auto& [reference, unused] : runs)
    m["median_gap_to:" + reference] = [&runs, reference](
                                          std::string what, const std::string& a,
                                          const std::string& b, double bound, bool above,
                                          bool strict) -> std::optional<ClaimComparison> {
      const std::vector<RunRecord>*ra = finished_tasks(runs, a), *rb = finished_tasks(runs, b),
            *ref = finished_tasks(runs, reference);
      if (!ra || !rb || !ref) return std::nullopt;
      const std::vector<double> ga = relative_objective_gaps(*ra, *ref),
                                gb = relative_objective_gaps(*rb, *ref);
      if (ga.empty() || gb.empty()) return std::nullopt;
      return exact_comparison(std::move(what), 100 * (median(ga) - median(gb)), bound, above,
                              strict);
    };
  return m;
}

std::optional<TaskAggregate> objective_aggregate(const std::string& name) {
  return aggregate_with_argument(
      name, {{"objective-lower:", &objective_lower}, {"median-gap-to:", &median_gap_to}});
}

}  // namespace linrepro
