#include "harness/protocol/sweep_measures.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "harness/protocol/document_outcomes.h"
#include "harness/results/claim_verdict.h"
#include "harness/results/timing_rounds.h"

namespace linrepro {

std::vector<ClaimComparison> point_tests(const DeclaredClaim& claim, const SweepPoints& p,
                                         const std::string& at_method, const std::string& group,
                                         const PointMeasures& extra) {
  std::vector<ClaimComparison> out;
  for (const auto& [x, r] : p.at(at_method)) {
    std::map<std::string, const RunRecord*> runs;
    for (const auto& [method, points] : p)
      if (const auto it = points.find(x); it != points.end()) runs[method] = &it->second;
    ClaimMeasures measures = run_measures(runs);
    if (extra) extra(measures, runs);
    if (auto c = declared_comparisons(claim, measures, fmt::format(fmt::runtime(group), x)))
      out.insert(out.end(), c->begin(), c->end());
  }
  return out;
}

ClaimMeasures sweep_measures(const SweepPoints& p, const std::string& size_field) {
  using Comparison = std::optional<ClaimComparison>;
  const auto points = [&p](const std::string& m) {
    const auto it = p.find(m);
    return it == p.end() ? nullptr : &it->second;
  };
  const auto slope = [](std::string what, const std::vector<double>& x,
                        const std::vector<double>& y, double bound, bool above, bool strict) {
    if (x.size() < 3) return Comparison();
    ClaimComparison c = slope_comparison(std::move(what), x, y, bound, above);
    c.strict = strict;
    return Comparison(c);
  };
  ClaimMeasures out;
  out["loglog_slope"] = [=](std::string what, const std::string& a, const std::string&,
                            double bound, bool above, bool strict) {
    std::vector<double> n, t;
    if (const auto* pa = points(a))
      for (const auto& [x, r] : *pa)
        n.push_back(std::log(r.extra.value(size_field, 0.0))),
            t.push_back(std::log(std::max(r.train_seconds, 1e-6)));
    return slope(std::move(what), n, t, bound, above, strict);
  };
  out["time_gap_slope"] = [=](std::string what, const std::string& a, const std::string& b,
                              double bound, bool above, bool strict) {
    std::vector<double> xs, gaps;
    if (const auto* pa = points(a), *pb = points(b); pa && pb)
      for (const auto& [x, r] : *pb)
        xs.push_back(x), gaps.push_back(pa->at(x).train_seconds - r.train_seconds);
    return slope(std::move(what), xs, gaps, bound, above, strict);
  };
  out["last_time_ratio"] = [=](std::string what, const std::string& a, const std::string& b,
                               double bound, bool above, bool strict) {
    const auto *pa = points(a), *pb = points(b);
    if (!pa || !pb || pb->empty()) return Comparison();
    const auto& [x, rb] = *pb->rbegin();
    ClaimComparison c = time_ratio_comparison(std::move(what), pa->at(x), rb, bound, above);
    c.strict = strict;
    return Comparison(c);
  };
  out["mean_accuracy"] = [=](std::string what, const std::string& a, const std::string& b,
                             double bound, bool above, bool strict) {
    const auto *pa = points(a), *pb = points(b);
    if (!pa || !pb || pa->empty()) return Comparison();
    std::vector<std::pair<const RunRecord*, const RunRecord*>> pairs;
    for (const auto& [x, r] : *pa) pairs.emplace_back(&r, &pb->at(x));
    ClaimComparison c = mean_run_accuracy_comparison("", pairs, bound, above);
    c.what = std::move(what);  // as declared
    c.strict = strict;
    return Comparison(c);
  };
  return out;
}

std::string sweep_values_text(const SweepPoints& p, const std::string& what,
                              double (*value)(const RunRecord&),
                              const std::vector<std::string>& methods) {
  std::vector<std::string> lists;
  for (const std::string& m : methods) {
    std::string s;
    if (const auto it = p.find(m); it == p.end()) {
      s = "-";
    } else {
      for (const auto& [x, r] : it->second)
        s += fmt::format("{}{:g}: {:.2f}", s.empty() ? "" : ", ", x, value(r));
    }
    lists.push_back(m + " " + s);
  }
  return fmt::format("{}: {}", what, fmt::join(lists, "; "));
}

}  // namespace linrepro
