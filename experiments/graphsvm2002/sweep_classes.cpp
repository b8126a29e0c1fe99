// graphsvm2002/sweep_classes, Figures 7-10 (Godbole, Sarawagi & Chakrabarti 2002, section 3.3;
// the protocol is described with both sweeps in sweeps.cpp): one seeded random class order per
// corpus, the first K = 5, 10, 15, ... classes (and all of them last), MCNB, MCSVM, GraphSVM and
// Hier-SVM at every K.
//
// Steps: per corpus, load it and declare its runs; once every run is stored, check the claims
// (full mode only: they need the whole sweep). A corpus that cannot be found is reported as a
// failed "the sweep ran" claim (the sweeps have no published cells).
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/seed.h"
#include "corpora/splits.h"
#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/experiments.h"
#include "experiments/graphsvm2002/split_spread.h"
#include "experiments/graphsvm2002/sweep_points.h"
#include "experiments/graphsvm2002/sweep_spread.h"
#include "experiments/graphsvm2002/sweeps_methods.h"
#include "harness/declared_texts.h"
#include "harness/document_outcomes.h"
#include "harness/experiment_declarations.h"
#include "harness/with_data.h"

namespace linrepro {

namespace {

constexpr int32_t kClassStep = 5;
const std::vector<std::string> kClassMethods = {kMcnb, kMcsvm, kGraphSvm, kHierSvm};
constexpr const char* kClassSweepExperiment = "graphsvm2002/sweep_classes";

std::vector<int32_t> class_counts(int32_t total, bool fast) {
  std::vector<int32_t> ks;
  for (int32_t k = kClassStep; k < total; k += kClassStep) ks.push_back(k);
  ks.push_back(total);
  if (fast) ks.resize(std::min<size_t>(ks.size(), 2));
  return ks;
}

// The paper's Figures 7/8 claim is about the gap ("the gap between the training time of GraphSVM
// and MCSVM increases as the number of classes is increased"): the fitted slope of the gap over K
// is above 0, and GraphSVM is the faster at the largest K.
void add_gap_claim(ResultFile& rf, const std::string& corpus, const SweepPoints& p) {
  const auto& mc = p.at(kMcsvm);
  const auto& g = p.at(kGraphSvm);
  std::vector<double> ks, gaps;
  for (const auto& [k, r] : g) ks.push_back(k), gaps.push_back(cpu_of(mc.at(k)) - cpu_of(r));
  const std::string fig_time = corpus == "20ng" ? "7" : "8";
  std::vector<ClaimComparison> parts;
  if (ks.size() >= 3)  // the fast subset has two K: no slope interval, the ratio decides
    parts.push_back(slope_comparison(
        "slope of the CPU-time gap MCSVM - GraphSVM over K (s per class)", ks, gaps, 0, true));
  parts.push_back(
      time_ratio_comparison(fmt::format("MCSVM / GraphSVM CPU time at K = {:g}", g.rbegin()->first),
                            cpu_of(mc.rbegin()->second), cpu_of(g.rbegin()->second), 1, true));
  rf.add_claim(
      tested_claim(declared_claim(kGraphsvmPaper, "figure{figure}-gap-grows",
                                  TextArgs().set("figure", fig_time).set("corpus", corpus)),
                   std::move(parts),
                   fmt::format("CPU seconds by K: MCSVM {}; GraphSVM {}; MCNB {}; Hier-SVM {}",
                               list_values(p, kMcsvm, cpu_of), list_values(p, kGraphSvm, cpu_of),
                               list_values(p, kMcnb, cpu_of), list_values(p, kHierSvm, cpu_of))));
}

// Figures 9/10: GraphSVM "maintains the high accuracy vis-a-vis MCSVM and MCNB" -- at least
// MCNB's accuracy (GraphSVM is MCNB when no class has an M2), each K on its own test documents.
void add_accuracy_claims(ResultFile& rf, const std::string& corpus, const SweepPoints& p) {
  const DeclaredClaim within_claim = declared_claim(kGraphsvmPaper, "figure9-graphsvm-within-1pct");
  const auto& mc = p.at(kMcsvm);
  const auto& g = p.at(kGraphSvm);
  const auto& nb = p.at(kMcnb);
  std::vector<ClaimComparison> within, beats;
  std::vector<std::pair<const RunRecord*, const RunRecord*>> vs_mcsvm;
  for (const auto& [k, r] : g) {
    within.push_back(run_accuracy_comparison(fmt::format("K = {:g}: GraphSVM - MCSVM", k), r,
                                             mc.at(k), -within_claim.bound("within"), true, false));
    beats.push_back(run_accuracy_comparison(fmt::format("K = {:g}: GraphSVM - MCNB", k), r,
                                            nb.at(k), 0, true, false));
    vs_mcsvm.emplace_back(&r, &mc.at(k));
  }
  const std::string fig_acc = corpus == "20ng" ? "9" : "10";
  const std::string accs =
      fmt::format("accuracy % by K: MCSVM {}; GraphSVM {}; MCNB {}; Hier-SVM {}",
                  list_values(p, kMcsvm, acc_of), list_values(p, kGraphSvm, acc_of),
                  list_values(p, kMcnb, acc_of), list_values(p, kHierSvm, acc_of));
  if (corpus == "20ng") {
    rf.add_claim(tested_claim(within_claim, std::move(within), accs));
  } else {
    std::string tests;
    for (const auto& [k, r] : nb)
      tests +=
          fmt::format("{}{:g}: {}", tests.empty() ? "" : ", ", k, r.metrics.value("test_rows", 0));
    rf.add_claim(
        tested_claim(declared_claim(kGraphsvmPaper, "figure10-graphsvm-better-than-mcsvm"),
                     {mean_run_accuracy_comparison("GraphSVM - MCSVM over K", vs_mcsvm, 0, true)},
                     fmt::format("{}. Test instances by K: {}", accs, tests)));
  }
  rf.add_claim(tested_claim(declared_claim(kGraphsvmPaper, "figure{figure}-graphsvm-beats-mcnb",
                                           TextArgs().set("figure", fig_acc).set("corpus", corpus)),
                            std::move(beats), accs));
}

void class_sweep_claims(ResultFile& rf, const std::string& corpus, const SweepPoints& p) {
  add_gap_claim(rf, corpus, p);
  add_accuracy_claims(rf, corpus, p);
}

std::vector<std::string> class_sweep_corpora(const ExperimentContext& ctx) {
  return ctx.fast ? std::vector<std::string>{"20ng"} : std::vector<std::string>{"20ng", "reuters"};
}

Json class_sweep_config(const ExperimentContext& ctx) {
  const Json methods = kClassMethods;  // settings: each run's config.method
  Json config = {{"fast", ctx.fast},
                 {"corpora", class_sweep_corpora(ctx)},
                 {"class_step", kClassStep},
                 {"methods", methods},
                 {"time", "train_seconds: CPU seconds (methods.h); extra.wall_seconds: wall"}};
  if (!ctx.fast)
    config["spread"] = {{"ids", {"sweep-classes-20ng-spread", "sweep-classes-reuters-spread"}},
                        {"draws", kSplitReplicates}};
  if (!ctx.extra_solvers.empty()) config["extra_solvers"] = ctx.extra_solvers;
  return config;
}

// Asks rf for every run of one draw of the sweep on `data` (ctx: the draw's). Draw 0 is the
// figures' and claims'; a draw s > 0 (sweep_spread.h) has key prefix "draw<s>/" and config.sweep
// "classes-draw", which the figures' filters leave out.
SweepPoints declare_draw_runs(const ExperimentContext& ctx, ResultFile& rf,
                              const std::string& corpus, const GraphsvmData& data, int draw) {
  const auto total = static_cast<int32_t>(data.class_names.size());
  const uint64_t order_seed = derive_seed(ctx.seed, "graphsvm2002/class-order/" + corpus);
  const std::vector<int32_t> order = seeded_permutation(total, order_seed);
  const std::string prefix = draw == 0 ? "" : fmt::format("draw{}/", draw);
  SweepPoints points;
  for (const int32_t K : class_counts(total, ctx.fast)) {
    const std::vector<int32_t> classes(order.begin(), order.begin() + K);
    const GraphsvmData sub = restrict_to_classes(data, classes);
    for (const SweepMethod& m : sweep_methods(kClassMethods, ctx, draw)) {
      const std::string& method = m.name;
      const std::string key = fmt::format("{}classes/{}/K={:02d}/{}", prefix, corpus, K, method);
      const uint64_t seed = derive_seed(ctx.seed, key);
      Json config = {{"sweep", draw == 0 ? "classes" : "classes-draw"},
                     {"dataset", corpus},
                     {"num_classes", K},
                     {"class_order_seed", order_seed},
                     {"data", data_config(sub)},
                     {"seed", seed},
                     {"threads_note", "results do not depend on the number of threads"}};
      config.update(m.config_fields(sub, kClassSweepExperiment));
      if (draw > 0) config["draw"] = draw;
      const RunRecord r = rf.run_once(key, config, [&] {
        if (ctx.progress)
          fmt::print(stderr, "graphsvm2002/sweep_classes: {}{} K = {} {}\n", prefix, corpus, K,
                     method);
        RunRecord rec = m.fit(sub, seed, ctx.threads, kClassSweepExperiment);
        rec.class_name = fmt::format("{} K={}", corpus, K);
        return rec;
      });
      if (!m.extra) points[method][K] = r;
    }
  }
  return points;
}

// Loads one corpus (DataUnavailable if it cannot be found) and asks rf for every run of its sweep:
// draw 0, then (full mode) the spread's other draws. 20NG draws its 70/30 split anew per draw;
// Reuters keeps ModApte, and only the class order changes.
std::vector<SweepPoints> declare_corpus_runs(const ExperimentContext& ctx, ResultFile& rf,
                                             const std::string& corpus) {
  const bool ng = corpus == "20ng";
  const Corpus text = ng ? load_graphsvm_20ng_corpus() : load_graphsvm_reuters_corpus();
  const GraphsvmData data = ng ? make_graphsvm_20ng(text, ctx) : make_graphsvm_reuters(text, ctx);
  Json ds = data.identity;
  ds["use"] = "the first K classes of a seeded random class order";
  rf.add_dataset(ds);
  std::vector<SweepPoints> draws = {declare_draw_runs(ctx, rf, corpus, data, 0)};
  for (int s = 1; s < (ctx.fast ? 1 : kSplitReplicates); ++s) {
    const ExperimentContext draw_ctx = split_replicate_context(ctx, s);
    draws.push_back(
        declare_draw_runs(draw_ctx, rf, corpus, ng ? make_graphsvm_20ng(text, draw_ctx) : data, s));
  }
  return draws;
}

// The spread ablation of one corpus' class sweep (sweep_spread.h).
void add_spread_ablation(ResultFile& rf, const std::string& corpus,
                         const std::vector<SweepPoints>& draws) {
  const bool ng = corpus == "20ng";
  const SweepSpreadSpec spec{declared_ablation(kGraphsvmPaper, "sweep-classes-{corpus}-spread",
                                               TextArgs()
                                                   .set("corpus", corpus)
                                                   .set("figure", ng ? 9 : 10)
                                                   .set("corpus_title", ng ? "20NG" : "Reuters")
                                                   .set("draws", draws.size())),
                             ng ? "class order and 70/30 split" : "class order; ModApte's split",
                             [](double k) { return fmt::format("K = {:g}", k); }};
  if (auto a = sweep_spread_ablation(spec, draws, kClassMethods)) rf.add_ablation(*a);
}

// One corpus of the sweep: its draws' runs, or why its data could not be found.
struct ClassSweepOfCorpus {
  std::string corpus;
  std::optional<std::vector<SweepPoints>> draws;
  std::string unavailable;
};

void run_class_sweep(const ExperimentContext& ctx, ResultFile& rf) {
  std::vector<ClassSweepOfCorpus> sweeps;
  for (const std::string& corpus : class_sweep_corpora(ctx)) {
    ClassSweepOfCorpus& s = sweeps.emplace_back(ClassSweepOfCorpus{corpus, std::nullopt, ""});
    s.unavailable =
        with_data(ctx, rf, corpus, [&] { s.draws = declare_corpus_runs(ctx, rf, corpus); });
  }
  if (!rf.complete()) return;  // runs pending: nothing to summarise yet
  for (const ClassSweepOfCorpus& s : sweeps) {
    if (!s.draws) {
      rf.add_claim({fmt::format("sweep-classes-{}-data", s.corpus),
                    fmt::format("The {} class sweep ran.", s.corpus), false,
                    fmt::format("data unavailable: {}", s.unavailable)});
    } else if (!ctx.fast) {
      class_sweep_claims(rf, s.corpus, s.draws->front());
      add_spread_ablation(rf, s.corpus, *s.draws);
    }
  }
}

}  // namespace

void add_graphsvm2002_sweep_classes(std::vector<ExperimentInfo>& registry) {
  register_declared(registry, kGraphsvmPaper, "sweep_classes", class_sweep_config, run_class_sweep);
}

}  // namespace linrepro
