// Godbole, Sarawagi & Chakrabarti (2002), the scalability sweeps of sections 3.3 and 3.4:
//
// "sweep_classes" (Figures 7-10): "We started with 5 randomly picked classes, and added 5 randomly
//   picked classes at a time for both the datasets." One seeded random order of the classes per
//   corpus; the first K = 5, 10, 15, ... classes (and all of them last: 20NG 20, Reuters 59) are
//   kept with restrict_to_classes (datasets.h: same features, train and test rows of those classes
//   only). MCNB, MCSVM, GraphSVM and Hier-SVM (sweeps_methods.h) at every K: training time (Figures
//   7, 8), accuracy (Figures 9, 10) and, for Figure 10, the number of test instances per point.
//   The paper shows one random sequence; so do the figures and claims. The ablations
//   "sweep-classes-<corpus>-spread" repeat the sweep on 4 more seeded draws (sweep_spread.h).
// "sweep_size" (Figure 11, 20NG): "the size of the training set was varied from 10% to 70% of the
//   whole data, while keeping the relative train-test ratio constant at 70:30": a nested seeded
//   subset of data_fraction = share / 0.7 of the documents, split 70:30, features reselected on
//   its training side (make_graphsvm_20ng). MCNB, MCSVM and GraphSVM: training time (log-log slope
//   fitted), accuracy, and the maximum memory of any SVM (SubSvmStats.memory_bytes, a formula of
//   the subproblem's size: graphsvm_sub_svm.h).
//   Again one draw in the figures and claims; "sweep-size-spread" adds 4 more (sweep_spread.h).
//
// Time: train_seconds (CPU seconds as methods.h defines them: the paper's total over all models on
// one machine) is what the figures and claims use; extra.wall_seconds (wall, SVMs on ctx.threads)
// is kept and drawn in the *_wall figures.
//
// This file: "sweep_size"; "sweep_classes" is sweep_classes.cpp.
// Steps of each: load the data and declare the runs; once every run is stored, check the claims.
//
// Fast mode (regression subset): 20NG only; the class sweep at K = 5 and 10, the size sweep at 10%;
// every run identical (same config, same seed) to the full run's run with that key; no claims
// (they need the whole sweep) and no timing-dependent control flow anywhere.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "core/seed.h"
#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/experiments.h"
#include "experiments/graphsvm2002/split_spread.h"
#include "experiments/graphsvm2002/sweep_points.h"
#include "experiments/graphsvm2002/sweep_spread.h"
#include "experiments/graphsvm2002/sweeps_methods.h"
#include "harness/declared_texts.h"
#include "harness/document_outcomes.h"
#include "harness/experiment_declarations.h"
#include "metrics/scaling_analysis.h"

namespace linrepro {

namespace {

// Figure 11's training-set shares of the whole data (the paper: 10% to 70%).
const std::vector<double> kShares = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7};
constexpr double kTrainFraction = 0.7;  // 70:30 at every share

const std::vector<std::string> kSizeMethods = {kMcnb, kMcsvm, kGraphSvm};

std::vector<double> size_shares(const ExperimentContext& ctx) {
  return ctx.fast ? std::vector<double>{kShares.front()} : kShares;
}

// CPU seconds by share, every method: evidence for the time claims.
std::string times_text(const SweepPoints& p) {
  return fmt::format("CPU seconds by share: MCSVM {}; GraphSVM {}; MCNB {}",
                     list_values(p, kMcsvm, cpu_of), list_values(p, kGraphSvm, cpu_of),
                     list_values(p, kMcnb, cpu_of));
}

// "Nearly linear" = the log-log slope of CPU time over training rows at most the declared slope
// (1.2, fixed before any run: the mlrcg2003 scaling experiment's rule), "super-linear" = at least
// it; each slope with its t interval.
void add_near_linear_claim(ResultFile& rf, const SweepPoints& p) {
  const auto loglog = [&](const std::string& method) {
    std::vector<double> n, t;
    for (const auto& [share, r] : p.at(method))
      n.push_back(std::log(r.extra.value("train_rows", 0.0))),
          t.push_back(std::log(std::max(cpu_of(r), 1e-6)));
    return std::pair{n, t};
  };
  if (p.at(kGraphSvm).size() < 3 || p.at(kMcsvm).size() < 3) return;  // the fast subset
  const auto [ng, tg] = loglog(kGraphSvm);
  const auto [nm, tm] = loglog(kMcsvm);
  const DeclaredClaim claim = declared_claim(kGraphsvmPaper, "figure11-graphsvm-near-linear");
  ClaimComparison g = slope_comparison("GraphSVM log-log slope of CPU time over training rows", ng,
                                       tg, claim.bound("slope"), false);
  ClaimComparison m = slope_comparison("MCSVM log-log slope of CPU time over training rows", nm, tm,
                                       claim.bound("slope"), true);
  g.strict = m.strict = false;
  rf.add_claim(tested_claim(claim, {g, m}, times_text(p)));
}

// "Less than one-fourth the memory": the declared ratio.
void add_memory_claim(ResultFile& rf, const SweepPoints& p) {
  const DeclaredClaim claim = declared_claim(kGraphsvmPaper, "figure11-memory-quarter");
  const auto& mc = p.at(kMcsvm);
  std::vector<ClaimComparison> parts;
  std::string measured;
  for (const auto& [share, r] : p.at(kGraphSvm)) {
    parts.push_back(exact_comparison(
        fmt::format("share {:g}: GraphSVM / MCSVM largest two-class SVM memory", share),
        r.extra.value("max_memory_bytes", 0.0) / mc.at(share).extra.value("max_memory_bytes", 1.0),
        claim.bound("ratio"), false));
    measured +=
        fmt::format("{}{:g}: {:.3f}", measured.empty() ? "" : ", ", share,
                    r.extra.value("max_memory_measured_bytes", std::nan("")) /
                        mc.at(share).extra.value("max_memory_measured_bytes", std::nan("")));
  }
  rf.add_claim(tested_claim(
      claim, std::move(parts),
      fmt::format("model formula; the measured peak RSS growth ratio of the same SVMs by share: {}",
                  measured)));
}

void add_accuracy_claim(ResultFile& rf, const SweepPoints& p) {
  const DeclaredClaim claim = declared_claim(kGraphsvmPaper, "figure11-accuracy-tracks");
  const auto& mc = p.at(kMcsvm);
  const auto& nb = p.at(kMcnb);
  std::vector<ClaimComparison> parts;
  for (const auto& [share, r] : p.at(kGraphSvm)) {
    parts.push_back(run_accuracy_comparison(fmt::format("share {:g}: GraphSVM - MCSVM", share), r,
                                            mc.at(share), -claim.bound("within"), true, false));
    parts.push_back(run_accuracy_comparison(fmt::format("share {:g}: GraphSVM - MCNB", share), r,
                                            nb.at(share), 0, true));
  }
  rf.add_claim(
      tested_claim(claim, std::move(parts),
                   fmt::format("accuracy % by share: MCSVM {}; GraphSVM {}; MCNB {}",
                               list_values(p, kMcsvm, acc_of), list_values(p, kGraphSvm, acc_of),
                               list_values(p, kMcnb, acc_of))));
}

void add_gap_claim(ResultFile& rf, const SweepPoints& p) {
  const auto& mc = p.at(kMcsvm);
  const auto& g = p.at(kGraphSvm);
  std::vector<ClaimComparison> parts;
  std::vector<double> shares, gaps;
  for (const auto& [share, r] : g) {
    parts.push_back(
        time_ratio_comparison(fmt::format("share {:g}: MCSVM / GraphSVM CPU time", share),
                              cpu_of(mc.at(share)), cpu_of(r), 1, true));
    shares.push_back(share);
    gaps.push_back(cpu_of(mc.at(share)) - cpu_of(r));
  }
  if (shares.size() >= 3)
    parts.push_back(slope_comparison("slope of the CPU-time gap MCSVM - GraphSVM over the share",
                                     shares, gaps, 0, true));
  rf.add_claim(tested_claim(declared_claim(kGraphsvmPaper, "figure11-gap-grows"), std::move(parts),
                            times_text(p)));
}

void size_sweep_claims(ResultFile& rf, const SweepPoints& p) {
  add_near_linear_claim(rf, p);
  add_memory_claim(rf, p);
  add_accuracy_claim(rf, p);
  add_gap_claim(rf, p);
}

Json size_sweep_config(const ExperimentContext& ctx) {
  const Json methods = kSizeMethods;  // settings: each run's config.method
  Json config = {{"fast", ctx.fast},
                 {"shares", size_shares(ctx)},
                 {"train_fraction", kTrainFraction},
                 {"methods", methods},
                 {"time", "train_seconds: CPU seconds (methods.h); extra.wall_seconds: wall"}};
  if (!ctx.fast) config["spread"] = {{"id", "sweep-size-spread"}, {"draws", kSplitReplicates}};
  if (!ctx.extra_solvers.empty()) config["extra_solvers"] = ctx.extra_solvers;
  return config;
}

// Prepares each share of the loaded 20NG corpus and asks rf for its runs, for one draw (ctx: the
// draw's). Draw 0 is the figures' and claims'; a draw s > 0 (sweep_spread.h) has key prefix
// "draw<s>/" and config.sweep "train_size-draw", which the figures' filters leave out.
SweepPoints declare_size_runs(const ExperimentContext& ctx, ResultFile& rf, const Corpus& corpus,
                              int draw) {
  const std::vector<double> shares = size_shares(ctx);
  const std::string prefix = draw == 0 ? "" : fmt::format("draw{}/", draw);
  SweepPoints points;
  for (const double share : shares) {
    const double data_fraction = share / kTrainFraction;
    if (ctx.progress)
      fmt::print(stderr, "graphsvm2002/sweep_size: {}preparing {:.0f}% of 20NG\n", prefix,
                 100 * share);
    const GraphsvmData d = make_graphsvm_20ng(corpus, ctx, kTrainFraction, data_fraction);
    if (draw == 0 && share == shares.back()) {
      Json ds = d.identity;
      ds["use"] = "nested seeded subsets, share / 0.7 of the documents, split 70:30";
      rf.add_dataset(ds);
    }
    const auto percent = static_cast<int32_t>(std::lround(100 * share));
    for (const SweepMethod& m : sweep_methods(kSizeMethods, ctx, draw)) {
      const std::string& method = m.name;
      const std::string key = fmt::format("{}size/20ng/share={:02d}/{}", prefix, percent, method);
      const uint64_t seed = derive_seed(ctx.seed, key);
      Json config = {{"sweep", draw == 0 ? "train_size" : "train_size-draw"},
                     {"dataset", "20ng"},
                     {"train_percent", percent},
                     {"data_fraction", data_fraction},
                     {"data", data_config(d)},
                     {"seed", seed}};
      config.update(m.config_fields(d, "graphsvm2002/sweep_size"));
      if (draw > 0) config["draw"] = draw;
      const RunRecord r = rf.run_once(key, config, [&] {
        if (ctx.progress)
          fmt::print(stderr, "graphsvm2002/sweep_size: {}{}% {}\n", prefix, percent, method);
        RunRecord rec = m.fit(d, seed, ctx.threads, "graphsvm2002/sweep_size");
        rec.class_name = fmt::format("20ng {}%", percent);
        return rec;
      });
      if (!m.extra) points[method][share] = r;
    }
  }
  return points;
}

void run_size_sweep(const ExperimentContext& ctx, ResultFile& rf) {
  const Corpus corpus = load_graphsvm_20ng_corpus();  // the harness reports it when not here
  std::vector<SweepPoints> draws = {declare_size_runs(ctx, rf, corpus, 0)};
  for (int s = 1; s < (ctx.fast ? 1 : kSplitReplicates); ++s)
    draws.push_back(declare_size_runs(split_replicate_context(ctx, s), rf, corpus, s));
  if (!rf.complete()) return;  // runs pending: nothing to summarise yet
  if (ctx.fast) return;
  size_sweep_claims(rf, draws.front());
  const SweepSpreadSpec spec{
      declared_ablation(kGraphsvmPaper, "sweep-size-spread", TextArgs().set("draws", draws.size())),
      "70/30 split and nested subsets",
      [](double share) { return fmt::format("{:.0f}%", 100 * share); }};
  if (auto a = sweep_spread_ablation(spec, draws, kSizeMethods)) rf.add_ablation(*a);
}

}  // namespace

void add_graphsvm2002_sweeps(std::vector<ExperimentInfo>& registry) {
  register_declared(registry, kGraphsvmPaper, "sweep_size", size_sweep_config, run_size_sweep);
}

}  // namespace linrepro
