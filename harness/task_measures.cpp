#include "harness/task_measures.h"

#include <cmath>

#include "core/statistics.h"

namespace linrepro {

namespace {

bool trained(const RunRecord& r) { return r.status == "ok" && !std::isnan(r.objective); }

// The runs of `name` when every one is there (finished or untrainable), else null.
const std::vector<RunRecord>* runs_of(const std::map<std::string, std::vector<RunRecord>>& runs,
                                      const std::string& name) {
  const auto it = runs.find(name);
  if (it == runs.end()) return nullptr;
  for (const RunRecord& r : it->second)
    if (r.status != "ok" && r.status != "untrainable") return nullptr;
  return &it->second;
}

// The relative gaps (O_a - O_ref) / O_ref of the tasks a and ref trained on.
std::vector<double> relative_gaps(const std::vector<RunRecord>& a,
                                  const std::vector<RunRecord>& ref) {
  std::vector<double> gaps;
  for (size_t i = 0; i < a.size() && i < ref.size(); ++i)
    if (trained(a[i]) && trained(ref[i]))
      gaps.push_back((a[i].objective - ref[i].objective) / ref[i].objective);
  return gaps;
}

}  // namespace

ClaimMeasures task_measures(const std::map<std::string, std::vector<RunRecord>>& runs) {
  ClaimMeasures m;
  m["objective_lower_share"] = [&runs](std::string what, const std::string& a, const std::string& b,
                                       double bound, bool above,
                                       bool strict) -> std::optional<ClaimComparison> {
    const std::vector<RunRecord>*ra = runs_of(runs, a), *rb = runs_of(runs, b);
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
      const std::vector<RunRecord>*ra = runs_of(runs, a), *rb = runs_of(runs, b),
            *ref = runs_of(runs, reference);
      if (!ra || !rb || !ref) return std::nullopt;
      const std::vector<double> ga = relative_gaps(*ra, *ref), gb = relative_gaps(*rb, *ref);
      if (ga.empty() || gb.empty()) return std::nullopt;
      return exact_comparison(std::move(what), 100 * (median(ga) - median(gb)), bound, above,
                              strict);
    };
  return m;
}

}  // namespace linrepro
