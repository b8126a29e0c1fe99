#include "experiments/mlrcg2003/objective_measures.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace linrepro {

namespace {

// "Within 1 % of the SVM optimum": fixed before looking at the data.
constexpr double kConvergedRelative = 0.01;
constexpr int64_t kDirectionBlock = 10;  // one gamma block (nonlinear_cg.h: l = 10)

// The run's traced O_svm by CG step.
std::map<int64_t, double> o_svm_trace(const RunRecord& mlr) {
  std::map<int64_t, double> o;
  for (const auto& p : mlr.trace)
    if (p["values"].contains("O_svm") && p["values"]["O_svm"].is_number())
      o[p["iteration"].get<int64_t>()] = p["values"]["O_svm"].get<double>();
  return o;
}

int64_t first_step_within(const RunRecord& mlr, double reference, double absolute) {
  for (const auto& [step, o] : o_svm_trace(mlr))
    if (o - reference <= absolute) return step;
  return -1;
}

// How much the run's O_svm still moved over its last `steps` CG steps, relative to the final
// value (NaN without a trace that long).
double last_block_change(const RunRecord& mlr, int64_t steps) {
  const std::map<int64_t, double> o = o_svm_trace(mlr);
  if (o.empty()) return std::nan("");
  const auto last = o.rbegin();
  const auto before = o.find(last->first - steps);
  if (before == o.end()) return std::nan("");
  return std::fabs(before->second - last->second) / std::fabs(last->second);
}

const RunRecord* find(const std::map<std::string, const RunRecord*>& runs, const std::string& m) {
  const auto it = runs.find(m);
  return it == runs.end() ? nullptr : it->second;
}

// An exact measure of a's run (and b's, when the test names one).
template <class ValueOf>
ClaimMeasure exact(const std::map<std::string, const RunRecord*>& runs, ValueOf value_of) {
  return
      [&runs, value_of](std::string what, const std::string& a, const std::string& b, double bound,
                        bool above, bool strict) -> std::optional<ClaimComparison> {
        const RunRecord* ra = find(runs, a);
        const RunRecord* rb = b.empty() ? nullptr : find(runs, b);
        if (!ra || (!b.empty() && !rb)) return std::nullopt;
        if (std::isnan(bound)) bound = std::log(2.0) / ra->extra.value("gamma_final", 1.0);
        return exact_comparison(std::move(what), value_of(*ra, rb), bound, above, strict);
      };
}

ClaimMeasure direction_advantage(const std::map<std::string, const RunRecord*>& runs) {
  return [&runs](std::string what, const std::string& a, const std::string&, double bound,
                 bool above, bool) -> std::optional<ClaimComparison> {
    const RunRecord* hs = find(runs, a);
    const RunRecord* pr = find(runs, a + "-pr");
    const RunRecord* fr = find(runs, a + "-fr");
    if (!hs || !pr || !fr) return std::nullopt;
    const double other = std::min(pr->objective, fr->objective);
    const double resolution = last_block_change(*hs, kDirectionBlock);
    if (!std::isfinite(resolution))
      throw ConfigError(
          fmt::format("run '{}' has no trace of its last {} CG steps", hs->key, kDirectionBlock));
    return resolution_comparison(
        std::move(what), (other - hs->objective) / std::fabs(other), resolution,
        fmt::format("HS's relative O_svm change over its last {} CG steps", kDirectionBlock), bound,
        above);
  };
}

}  // namespace

ClaimMeasures mlrcg_objective_measures(const std::map<std::string, const RunRecord*>& runs) {
  ClaimMeasures m;
  m["o_gamma_minus_o_svm"] = exact(runs, [](const RunRecord& a, const RunRecord*) {
    return a.extra.value("O_gamma", 0.0) - a.extra.value("O_svm", 0.0);
  });
  m["o_svm_gap"] = exact(
      runs, [](const RunRecord& a, const RunRecord* b) { return a.objective - b->objective; });
  m["first_step_within"] = exact(runs, [](const RunRecord& a, const RunRecord* b) {
    const int64_t s =
        first_step_within(a, b->objective, kConvergedRelative * std::fabs(b->objective));
    return s < 0 ? 201.0 : static_cast<double>(s);
  });
  m["direction_advantage"] = direction_advantage(runs);
  return m;
}

}  // namespace linrepro
