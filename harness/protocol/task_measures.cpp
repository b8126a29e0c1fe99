#include "harness/protocol/task_measures.h"

#include <cmath>

#include "core/statistics.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

namespace {

bool trained(const RunRecord& r) { return r.status == "ok" && !std::isnan(r.objective); }

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
    int64_t lower = 0, both = 0;
    for (size_t i = 0; i < ra->size() && i < rb->size(); ++i)
      if (trained((*ra)[i]) && trained((*rb)[i])) {
        ++both;
        lower += (*ra)[i].objective < (*rb)[i].objective;
      }
    const double share =
        both > 0 ? 100.0 * static_cast<double>(lower) / static_cast<double>(both) : 0.0;
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

}  // namespace linrepro
