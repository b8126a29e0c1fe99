#include "experiments/zhangoles2001/table5_transfer.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <optional>

#include "core/parallel_for.h"
#include "experiments/zhangoles2001/cv_select.h"
#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/lambdas.h"
#include "harness/cell_cause.h"
#include "harness/claim_test.h"
#include "harness/declared_tests.h"
#include "harness/declared_texts.h"
#include "harness/document_outcomes.h"

namespace linrepro::zo_table5 {

// The claim "reuters-lambda-transfers": every method's walk over Table 1's grid on split 0 of
// every collection (lambda_walk.h). Each (walk, direction) is one job that fits its lambdas in
// turn; jobs start longest first, by the time of the Table 1 lambda's fit.
namespace {

// The walks whose start (Table 5's own run on split 0) is stored, and their jobs (walk,
// direction), the longest first by the time of the Table 1 lambda's fit.
struct WalkJobs {
  std::vector<TransferWalk> walks;
  std::vector<std::pair<size_t, int>> jobs;
};
WalkJobs start_walks(LoadedCollections<SplitData>& loaded, const std::vector<Method>& methods,
                     const std::map<std::string, double>& lambdas, const PerSplitValues& accuracies,
                     const PerSplitValues& seconds) {
  std::vector<TransferWalk> walks;
  std::vector<std::pair<size_t, int>> jobs;  // (walk, direction)
  std::vector<double> cost;                  // by walk
  const auto at_split = [](const PerSplitValues& m, const std::string& column,
                           const std::string& solver) {
    return m.at({column, solver}).at(static_cast<size_t>(kTransferSplit));
  };
  for (auto& lc : loaded) {
    if (!lc->corpus) continue;
    for (const auto& m : methods) {
      if (m.row.empty()) continue;
      // Its start (Table 5's own run on split 0) is pending: this walk waits for a later round.
      if (std::isnan(at_split(accuracies, lc->info.name, m.solver))) continue;
      walks.push_back({lc.get(), &m,
                       start_lambda_walk(zo_lambda_grid(), lambdas.at(m.lambda_of),
                                         at_split(accuracies, lc->info.name, m.solver))});
      cost.push_back(at_split(seconds, lc->info.name, m.solver));
      for (const int step : {-1, +1}) jobs.push_back({walks.size() - 1, step});
    }
  }
  std::stable_sort(jobs.begin(), jobs.end(),
                   [&](const auto& a, const auto& b) { return cost[a.first] > cost[b.first]; });
  return {std::move(walks), std::move(jobs)};
}

}  // namespace

std::vector<TransferWalk> walk_lambdas(LoadedCollections<SplitData>& loaded,
                                       const std::vector<Method>& methods,
                                       const std::map<std::string, double>& lambdas,
                                       const PerSplitValues& accuracies,
                                       const PerSplitValues& seconds, const FitOrLoad& fit_or_load,
                                       const ExperimentContext& ctx) {
  auto [walks, jobs] = start_walks(loaded, methods, lambdas, accuracies, seconds);
  std::mutex walk_mutex;  // guards every walk's accuracy map
  std::atomic<int> fits{0};
  parallel_for(jobs.size(), ctx.threads, [&](size_t i) {
    TransferWalk& tw = walks[jobs[i].first];
    for (;;) {
      std::optional<size_t> g;
      {
        std::lock_guard lock(walk_mutex);
        g = tw.walk.next(jobs[i].second);
      }
      if (!g) return;
      const double lambda = tw.walk.grid[*g];
      std::map<std::string, double> at = lambdas;
      at[tw.method->lambda_of] = lambda;
      const std::string key =
          fmt::format("{}/lambda={:g}",
                      run_key(tw.collection->info.name, kTransferSplit, tw.method->solver), lambda);
      const RunRecord r = fit_or_load({tw.collection, kTransferSplit, tw.method},
                                      method_params(*tw.method, at), key, kWalkPart);
      if (r.status == "pending") return;  // the next round asks again, from the stored fits
      const double accuracy = r.metrics.value("accuracy", 0.0);
      if (ctx.progress)
        fmt::print(stderr, "table5: lambda walk fit {}: {}: accuracy {} ({:.1f} s)\n",
                   fits.fetch_add(1) + 1, key, percent(accuracy), r.train_seconds);
      std::lock_guard lock(walk_mutex);
      tw.walk.accuracy[*g] = accuracy;
    }
  });
  for (auto& lc : loaded)
    if (lc->corpus) release_partition(*lc->partitions[kTransferSplit]);
  return walks;
}

namespace {

// The claim, with its declared bound "points".
DeclaredClaim transfer_claim() {
  return declared_claim(kZoPaper, "reuters-lambda-transfers",
                        TextArgs().set("split", kTransferSplit));
}

// One walk's measure "transfer_accuracy" (group "<collection> <method>"): the test accuracy at
// a = "table1" (Table 1's lambda) minus at b = "best" (the best lambda found) on split
// kTransferSplit's test documents, by the paired bootstrap (harness/claim_test.h).
ClaimMeasures transfer_measures(ResultFile& rf, const TransferWalk& tw) {
  return {{"transfer_accuracy",
           [&rf, &tw](std::string what, const std::string& a, const std::string& b, double bound,
                      bool above, bool strict) -> std::optional<ClaimComparison> {
             if (a != "table1" || b != "best") return std::nullopt;
             const LambdaWalk& w = tw.walk;
             const size_t best = w.best();
             const std::string start_key =
                 run_key(tw.collection->info.name, kTransferSplit, tw.method->solver);
             const RunRecord start = rf.stored_run(start_key);
             const RunRecord at_best =
                 best == w.start
                     ? start
                     : rf.stored_run(fmt::format("{}/lambda={:g}", start_key, w.grid[best]));
             ClaimComparison c =
                 accuracy_comparison(std::move(what), run_outcomes(start), run_outcomes(at_best),
                                     bound, above, kClaimBootstrapSeed);
             c.strict = strict;
             // not -gap: no "-0.00" where Table 1's lambda is the best
             c.value = 0.0 - 100 * (w.accuracy.at(best) - w.accuracy.at(w.start));
             return c;
           }}};
}

// One walk's cell of table "lambda-transfer" and its comparison, by the claim's declared test.
ClaimComparison transfer_cell(ResultFile& rf, const TransferWalk& tw) {
  const LambdaWalk& w = tw.walk;
  const double gap = 100 * (w.accuracy.at(w.best()) - w.accuracy.at(w.start));
  std::vector<std::string> points;
  for (const auto& [i, a] : w.accuracy)
    points.push_back(
        fmt::format("{:g}{} {:.2f}", w.grid[i], i == w.start ? " (Table 1)" : "", 100 * a));
  const std::vector<ClaimComparison> parts =
      declared_comparisons(transfer_claim(), transfer_measures(rf, tw),
                           fmt::format("{} {}", tw.collection->info.name, tw.method->row))
          .value();
  const ClaimComparison& c = parts.at(0);
  Cell cell = value_cell(
      "lambda-transfer", tw.method->row, tw.collection->info.name, gap, "points",
      fmt::format("test accuracy of the best lambda found minus Table 1's, split {} (the "
                  "walk: {}); {}",
                  kTransferSplit, fmt::join(points, ", "), tw.collection->info.caveat));
  set_interval(cell.evidence, 0.0 - c.hi, 0.0 - c.lo, c.test + ", on split 0's test documents");
  rf.set_cell(cell);
  return c;
}

// "<collection> <method> (+gap at lambda; the paper's Table 1 lambda ... is x below the best)":
// our Table 1 may differ from the paper's, so say where the paper's lambda stands.
std::string far_text(const TransferWalk& tw) {
  const LambdaWalk& w = tw.walk;
  const size_t best = w.best();
  const double paper = zhangoles2001_paper_lambdas().at(tw.method->lambda_of);
  std::string at_paper = fmt::format("the paper's Table 1 lambda {:g}", paper);
  for (const auto& [i, a] : w.accuracy)
    if (std::fabs(w.grid[i] - paper) <= 1e-9 * paper)
      at_paper += fmt::format(" is {:.2f} below the best", 100 * (w.accuracy.at(best) - a));
  return fmt::format("{} {} (+{:.2f} at {:g}; {})", tw.collection->info.name, tw.method->row,
                     100 * (w.accuracy.at(best) - w.accuracy.at(w.start)), w.grid[best], at_paper);
}

}  // namespace

double transfer_points() { return transfer_claim().bound("points"); }

// Table "lambda-transfer" and the claim, from the finished walks.
void transfer_cells_and_claim(ResultFile& rf, const std::vector<TransferWalk>& walks) {
  std::vector<ClaimComparison> parts;
  std::vector<std::string> far, evidence;
  double largest = 0;
  const double close = transfer_points();
  for (const auto& tw : walks) {
    const LambdaWalk& w = tw.walk;
    const double gap = 100 * (w.accuracy.at(w.best()) - w.accuracy.at(w.start));
    largest = std::max(largest, gap);
    parts.push_back(transfer_cell(rf, tw));
    if (gap > close) far.push_back(far_text(tw));
    if (w.best() != w.start)
      evidence.push_back(fmt::format("{} {}: {:g} +{:.2f}", tw.collection->info.name,
                                     tw.method->row, w.grid[w.best()], gap));
  }
  rf.add_claim(tested_claim(
      transfer_claim(), std::move(parts),
      fmt::format(
          "{} walks; Table 1's lambda is the best found in {}; elsewhere: {}; largest "
          "gap {:.2f} points{}",
          walks.size(), walks.size() - evidence.size(),
          evidence.empty() ? std::string("none") : fmt::format("{}", fmt::join(evidence, "; ")),
          largest,
          far.empty() ? std::string()
                      : fmt::format("; beyond {:g} point: {}", close, fmt::join(far, "; ")))));
}

}  // namespace linrepro::zo_table5
