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
#include "experiments/zhangoles2001/lambda_walk.h"
#include "experiments/zhangoles2001/lambdas.h"
#include "experiments/zhangoles2001/table5_protocol.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/language/declared_texts.h"
#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/results/cell_intervals.h"
#include "harness/results/claim_verdict.h"
#include "solvers/regularization.h"

namespace linrepro::zo_table5 {

namespace {

// The step's name, as the paper methods declare it ("after"): the methods it walks.
constexpr const char* kLambdaWalk = "lambda-walk";

std::string walk_name(const std::string& method) { return "walk/" + method; }

// `run` at `lambda`, under a key (and seed) of its own: "<key>/lambda=<value>".
ProtocolRun at_lambda(ProtocolRun run, double lambda) {
  run.key = run.seed_key = fmt::format("{}/lambda={:g}", run.key, lambda);
  run.params = regularization_params(solver_catalog().get(run.solver), lambda);
  run.record_extra["part"] = kWalkPart;
  return run;
}

// One method's walk on the collection, and what its start cost (jobs start longest first).
struct Walk {
  const ProtocolRun* run;
  LambdaWalk walk;
  double cost = 0;
};

}  // namespace

void walk_lambdas(const ExperimentContext& ctx, const ProtocolDataset&, const MoreTaskRuns& more,
                  std::map<std::string, std::vector<RunRecord>>& out) {
  if (ctx.fast) return;
  std::vector<Walk> walks;
  std::map<std::string, TaskSet> sets;  // by "data" options
  for (const ProtocolRun& run : more.runs) {
    const RunRecord& start = out.at(run.name).at(kTransferSplit);
    if (start.status != "ok") continue;  // pending: a later round walks
    walks.push_back({&run,
                     start_lambda_walk(zo_lambda_grid(), start.extra.at("lambda").get<double>(),
                                       start.metrics.at("accuracy").get<double>()),
                     start.train_seconds});
    if (!sets.contains(run.data_options.dump()))
      sets.emplace(run.data_options.dump(), more.prepare(run.data_options));
  }
  std::vector<std::pair<size_t, int>> jobs;  // (walk, direction)
  for (size_t w = 0; w < walks.size(); ++w)
    for (const int step : {-1, +1}) jobs.push_back({w, step});
  std::stable_sort(jobs.begin(), jobs.end(), [&](const auto& a, const auto& b) {
    return walks[a.first].cost > walks[b.first].cost;
  });
  std::mutex mutex;  // guards every walk's accuracy map and `out`
  std::atomic<int> fits{0};
  parallel_for(jobs.size(), ctx.threads, [&](size_t i) {
    Walk& w = walks[jobs[i].first];
    const TaskSet& set = sets.at(w.run->data_options.dump());
    for (;;) {
      std::optional<size_t> g;
      {
        std::lock_guard lock(mutex);
        g = w.walk.next(jobs[i].second);
      }
      if (!g) return;
      const RunRecord r = more.fit(at_lambda(*w.run, w.walk.grid[*g]), set, kTransferSplit);
      if (r.status != "ok") return;  // pending: the next round asks again, from the stored fits
      const double accuracy = r.metrics.value("accuracy", 0.0);
      if (ctx.progress)
        fmt::print(stderr, "table5: lambda walk fit {}: {}: accuracy {} ({:.1f} s)\n",
                   fits.fetch_add(1) + 1, r.key, percent(accuracy), r.train_seconds);
      std::lock_guard lock(mutex);
      w.walk.accuracy[*g] = accuracy;
      out[walk_name(w.run->name)].push_back(r);
    }
  });
}

namespace {

// A finished walk, as the summary reads it back from the runs.
struct TransferWalk {
  std::string column, row, solver, start_key, caveat;
  LambdaWalk walk;
};

// Every paper method's walk on every collection that is here, in declared order.
std::vector<TransferWalk> finished_walks(const DeclaredProtocol& p, const ProtocolResults& results,
                                         const Caveats& caveats) {
  std::vector<TransferWalk> walks;
  for (const ProtocolDataset& pd : p.datasets) {
    const auto by_method = results.tasks.find(pd.cls);
    if (by_method == results.tasks.end()) continue;
    for (const ProtocolMethod& m : p.methods) {
      const auto runs = by_method->second.find(m.name);
      if (m.after != kLambdaWalk || runs == by_method->second.end()) continue;
      const RunRecord& start = runs->second.at(kTransferSplit);
      TransferWalk tw{pd.cls,
                      m.record.at("row"),
                      m.solver,
                      start.key,
                      caveats.at(pd.cls),
                      start_lambda_walk(zo_lambda_grid(), start.extra.at("lambda").get<double>(),
                                        start.metrics.at("accuracy").get<double>())};
      const auto steps = by_method->second.find(walk_name(m.name));
      if (steps != by_method->second.end())
        for (const RunRecord& r : steps->second) {
          const double lambda = r.extra.at("lambda").get<double>();
          const auto at = std::ranges::find_if(
              tw.walk.grid, [&](double x) { return std::fabs(x - lambda) <= 1e-9 * lambda; });
          tw.walk.accuracy[static_cast<size_t>(at - tw.walk.grid.begin())] =
              r.metrics.at("accuracy").get<double>();
        }
      walks.push_back(std::move(tw));
    }
  }
  return walks;
}

// The claim, with its declared bound "points".
DeclaredClaim transfer_claim() {
  return declared_claim(kZoPaper, "reuters-lambda-transfers",
                        TextArgs().set("split", kTransferSplit));
}

// One walk's measure "transfer_accuracy" (group "<collection> <method>"): the test accuracy at
// a = "table1" (Table 1's lambda) minus at b = "best" (the best lambda found) on split
// kTransferSplit's test documents, by the paired bootstrap (harness/results/claim_verdict.h).
ClaimMeasures transfer_measures(ResultFile& rf, const TransferWalk& tw) {
  return {{"transfer_accuracy",
           [&rf, &tw](std::string what, const std::string& a, const std::string& b, double bound,
                      bool above, bool strict) -> std::optional<ClaimComparison> {
             if (a != "table1" || b != "best") return std::nullopt;
             const LambdaWalk& w = tw.walk;
             const size_t best = w.best();
             const std::string& start_key = tw.start_key;
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
                           fmt::format("{} {}", tw.column, tw.row))
          .value();
  const ClaimComparison& c = parts.at(0);
  Cell cell = value_cell(
      "lambda-transfer", tw.row, tw.column, gap, "points",
      fmt::format("test accuracy of the best lambda found minus Table 1's, split {} (the "
                  "walk: {}); {}",
                  kTransferSplit, fmt::join(points, ", "), tw.caveat));
  set_interval(cell.evidence, 0.0 - c.hi, 0.0 - c.lo, c.test + ", on split 0's test documents");
  rf.set_cell(cell);
  return c;
}

// "<collection> <method> (+gap at lambda; the paper's Table 1 lambda ... is x below the best)":
// our Table 1 may differ from the paper's, so say where the paper's lambda stands.
std::string far_text(const TransferWalk& tw) {
  const LambdaWalk& w = tw.walk;
  const size_t best = w.best();
  const double paper = zhangoles2001_paper_lambdas().at(tw.solver);
  std::string at_paper = fmt::format("the paper's Table 1 lambda {:g}", paper);
  for (const auto& [i, a] : w.accuracy)
    if (std::fabs(w.grid[i] - paper) <= 1e-9 * paper)
      at_paper += fmt::format(" is {:.2f} below the best", 100 * (w.accuracy.at(best) - a));
  return fmt::format("{} {} (+{:.2f} at {:g}; {})", tw.column, tw.row,
                     100 * (w.accuracy.at(best) - w.accuracy.at(w.start)), w.grid[best], at_paper);
}

}  // namespace

double transfer_points() { return transfer_claim().bound("points"); }

// Table "lambda-transfer" and the claim, from the finished walks.
void transfer_cells_and_claim(ResultFile& rf, const DeclaredProtocol& p,
                              const ProtocolResults& results, const Caveats& caveats) {
  const std::vector<TransferWalk> walks = finished_walks(p, results, caveats);
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
      evidence.push_back(
          fmt::format("{} {}: {:g} +{:.2f}", tw.column, tw.row, w.grid[w.best()], gap));
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
