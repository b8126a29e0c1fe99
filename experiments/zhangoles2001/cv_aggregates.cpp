#include "experiments/zhangoles2001/cv_aggregates.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>

#include "experiments/zhangoles2001/table1_cv.h"
#include "harness/protocol/claim_comparisons.h"
#include "harness/results/cell_intervals.h"

namespace linrepro {

namespace {

constexpr size_t kLargest = 10;  // table1_all's 10-largest rows: zhangoles2001/table1's categories

double log10_of(double lambda) { return std::round(std::log10(lambda)); }

// The lambdas the cross-validation cannot tell from the best one, as the choice's interval in
// log10 lambda (harness/results/cell_intervals.h): the grid lambdas whose pooled CV micro BEP is
// within one fold standard error of the best's (cv_select.h), the band the tie rule picks from.
CellEvidence one_se_band(const ZoCvPooled& p) {
  const ZoCvPoint& best = p.points[p.best];
  const double floor = best.bep() - best.fold_se();
  double lo = 0, hi = -99;
  for (const ZoCvPoint& pt : p.points)
    if (pt.bep() >= floor) {
      lo = std::min(lo, log10_of(pt.lambda));
      hi = std::max(hi, log10_of(pt.lambda));
    }
  CellEvidence e;
  set_interval(e, lo, hi,
               fmt::format("the one-standard-error band (about 68 %, not 95 %): the grid lambdas "
                           "whose CV micro BEP is within one fold standard error ({:.2f} points) "
                           "of the best's ({:.2f} at lambda {:g})",
                           100 * best.fold_se(), 100 * best.bep(), best.lambda));
  return e;
}

AggregateValue choice(std::span<const RunRecord> runs, const AggregateContext& at) {
  const ZoCvPooled p = zo_pool_cv(runs);
  const ZoCvPoint& best = p.points[p.best];
  AggregateValue out;
  out.value = log10_of(p.lambda());
  out.evidence = one_se_band(p);
  out.fields = {{"lambda", p.lambda()},
                {"bep", at.scale * p.points[p.chosen()].bep()},
                {"se_points", fmt::format("{:.2f}", 100 * best.fold_se())},
                {"best_lambda", fmt::format("{:g}", p.best_lambda())},
                {"grid", zo_cv_grid_text(p)}};
  return out;
}

AggregateValue best_of(std::span<const RunRecord> runs, size_t categories,
                       const AggregateContext& at) {
  AggregateValue out;
  if (runs.size() < categories) {
    out.not_measured =
        fmt::format("{} categories cross-validated, {} needed", runs.size(), categories);
    return out;
  }
  const ZoCvPooled p = zo_pool_cv(runs.first(categories));
  const ZoCvPoint& best = p.points[p.best];
  out.value = log10_of(p.best_lambda());
  out.fields = {{"lambda", p.best_lambda()},
                {"bep", at.scale * best.bep()},
                {"fold_se", at.scale * best.fold_se()}};
  return out;
}

AggregateValue bep_at(std::span<const RunRecord> runs, size_t g) {
  const ZoCvPoint pt = zo_pool_cv(runs).points.at(g);
  AggregateValue out;
  out.value = pt.bep();
  set_wilson_interval(out.evidence, pt.bep(), pt.positives,
                      "held-out positives, pooled over the folds and categories (the micro BEP "
                      "is their break-even TP share)");
  return out;
}

// The pooled grid point `name` ("best", "smallest") of `runs`, or nothing.
std::optional<ZoCvPoint> point_of(const ZoCvPooled& p, const std::string& name) {
  if (name == "best") return p.points[p.best];
  if (name == "smallest") return p.points.back();
  return std::nullopt;
}

}  // namespace

std::map<std::string, TaskAggregate> zo_cv_aggregates() {
  std::map<std::string, TaskAggregate> out = {
      {"cv-choice", choice},
      {"cv-best", [](std::span<const RunRecord> runs,
                     const AggregateContext& at) { return best_of(runs, runs.size(), at); }},
      {fmt::format("cv-best:{}", kLargest),
       [](std::span<const RunRecord> runs, const AggregateContext& at) {
         return best_of(runs, kLargest, at);
       }}};
  const std::vector<double> grid = zo_lambda_grid();
  for (size_t g = 0; g < grid.size(); ++g)
    out[fmt::format("cv-bep:{:g}", grid[g])] =
        [g](std::span<const RunRecord> runs, const AggregateContext&) { return bep_at(runs, g); };
  return out;
}

ClaimMeasures zo_cv_measures(const ProtocolResults& results, const std::string& cls) {
  ClaimMeasures m;
  const auto on = results.tasks.find(cls);
  if (on == results.tasks.end()) return m;
  for (const auto& [method, unused] : on->second)
    m["cv_fold_bep:" + method] = [&runs = on->second, method](
                                     std::string what, const std::string& a, const std::string& b,
                                     double bound, bool above,
                                     bool strict) -> std::optional<ClaimComparison> {
      const std::vector<RunRecord>* r = finished_tasks(runs, method);
      if (r == nullptr) return std::nullopt;
      const ZoCvPooled p = zo_pool_cv(*r);
      const std::optional<ZoCvPoint> pa = point_of(p, a), pb = point_of(p, b);
      if (!pa || !pb) return std::nullopt;
      std::vector<double> fa, fb;
      for (double x : pa->fold_beps()) fa.push_back(100 * x);
      for (double x : pb->fold_beps()) fb.push_back(100 * x);
      return paired_splits_comparison(std::move(what), fa, fb, bound, above, strict,
                                      "cross-validation folds");
    };
  return m;
}

}  // namespace linrepro
