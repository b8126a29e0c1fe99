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
// Time: train_seconds (sweeps_methods.h) in the figures and claims; extra.wall_seconds is drawn in
// the *_wall figures.
//
// The runs of each are declared in experiments.json: each sweep is a sequential task set of its
// points (sweep_tasks.h), its draws the options {"draw": s}; once every run is stored, the claims
// are checked (full mode only: they need the whole sweep). A corpus of the class sweep that
// cannot be found has its dataset record say why, and its claims are left out (the sweeps have no
// published cells).
//
// Fast mode (regression subset): 20NG only; the class sweep at K = 5 and 10, the size sweep at 10%;
// every run identical (same config, same seed) to the full run's run with that key; no claims
// (they need the whole sweep) and no timing-dependent control flow anywhere.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "core/seed.h"
#include "corpora/splits.h"
#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/experiments.h"
#include "experiments/graphsvm2002/main_runs.h"
#include "experiments/graphsvm2002/sweep_spread.h"
#include "experiments/graphsvm2002/sweep_tasks.h"
#include "experiments/graphsvm2002/sweeps_methods.h"
#include "harness/language/declared_texts.h"
#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/protocol/protocol_runner.h"
#include "harness/protocol/sweep_measures.h"

namespace linrepro {

namespace {

// --- sweep_size (Figure 11) ---

const std::vector<std::string> kSizeMethods = {kMcnb, kMcsvm, kGraphSvm};

// The declared tests of `claim` at each point x of GraphSVM's, over the methods' runs at x
// (run_measures and svm_memory_ratio), the group named `group` ("K = {:g}").
std::vector<ClaimComparison> graphsvm_point_tests(const DeclaredClaim& claim, const SweepPoints& p,
                                                  const char* group) {
  return point_tests(claim, p, kGraphSvm, group, [](ClaimMeasures& m, const auto& runs) {
    m["svm_memory_ratio"] = svm_memory_ratio(runs);
  });
}

ClaimMeasures graphsvm_sweep_measures(const SweepPoints& p) {
  return sweep_measures(p, "train_rows");
}

// The declared tests of `claim` at every point (point_tests), then over the sweep.
std::vector<ClaimComparison> sweep_tests(const DeclaredClaim& claim, const SweepPoints& p,
                                         const char* group) {
  std::vector<ClaimComparison> out = graphsvm_point_tests(claim, p, group);
  if (auto c = declared_comparisons(claim, graphsvm_sweep_measures(p), "sweep"))
    out.insert(out.end(), c->begin(), c->end());
  return out;
}

// CPU seconds by share: evidence for the time claims.
std::string times_text(const SweepPoints& p) {
  return sweep_values_text(p, "CPU seconds by share", cpu_of, {kMcsvm, kGraphSvm, kMcnb});
}

// "Nearly linear" = the log-log slope of CPU time over training rows at most the declared slope
// (1.2, fixed before any run: the mlrcg2003 scaling experiment's rule), "super-linear" = at least
// it; each slope with its t interval.
void add_near_linear_claim(ResultFile& rf, const SweepPoints& p) {
  const DeclaredClaim claim = declared_claim(kGraphsvmPaper, "figure11-graphsvm-near-linear");
  if (auto parts = declared_comparisons(claim, graphsvm_sweep_measures(p), "sweep"))
    rf.add_claim(tested_claim(claim, std::move(*parts), times_text(p)));
}

// "Less than one-fourth the memory": the declared ratio.
void add_memory_claim(ResultFile& rf, const SweepPoints& p) {
  const DeclaredClaim claim = declared_claim(kGraphsvmPaper, "figure11-memory-quarter");
  const auto& mc = p.at(kMcsvm);
  std::string measured;
  for (const auto& [share, r] : p.at(kGraphSvm)) {
    measured +=
        fmt::format("{}{:g}: {:.3f}", measured.empty() ? "" : ", ", share,
                    r.extra.value("max_memory_measured_bytes", std::nan("")) /
                        mc.at(share).extra.value("max_memory_measured_bytes", std::nan("")));
  }
  rf.add_claim(tested_claim(
      claim, graphsvm_point_tests(claim, p, "share {:g}"),
      fmt::format("model formula; the measured peak RSS growth ratio of the same SVMs by share: {}",
                  measured)));
}

void add_size_accuracy_claim(ResultFile& rf, const SweepPoints& p) {
  const DeclaredClaim claim = declared_claim(kGraphsvmPaper, "figure11-accuracy-tracks");
  rf.add_claim(tested_claim(
      claim, graphsvm_point_tests(claim, p, "share {:g}"),
      sweep_values_text(p, "accuracy % by share", acc_of, {kMcsvm, kGraphSvm, kMcnb})));
}

void add_size_gap_claim(ResultFile& rf, const SweepPoints& p) {
  const DeclaredClaim claim = declared_claim(kGraphsvmPaper, "figure11-gap-grows");
  rf.add_claim(tested_claim(claim, sweep_tests(claim, p, "share {:g}"), times_text(p)));
}

// --- sweep_classes (Figures 7-10) ---

const std::vector<std::string> kClassMethods = {kMcnb, kMcsvm, kGraphSvm, kHierSvm};

// The paper's Figures 7/8 claim is about the gap ("the gap between the training time of GraphSVM
// and MCSVM increases as the number of classes is increased"): the fitted slope of the gap over K
// is above 0, and GraphSVM is the faster at the largest K, as declared.
void add_class_gap_claim(ResultFile& rf, const std::string& corpus, const SweepPoints& p) {
  const DeclaredClaim claim =
      declared_claim(kGraphsvmPaper, "figure{figure}-gap-grows",
                     TextArgs().set("figure", corpus == "20ng" ? "7" : "8").set("corpus", corpus));
  rf.add_claim(tested_claim(
      claim, declared_comparisons(claim, graphsvm_sweep_measures(p), "sweep").value(),
      sweep_values_text(p, "CPU seconds by K", cpu_of, {kMcsvm, kGraphSvm, kMcnb, kHierSvm})));
}

// Figures 9/10: GraphSVM "maintains the high accuracy vis-a-vis MCSVM and MCNB" -- at least
// MCNB's accuracy (GraphSVM is MCNB when no class has an M2), each K on its own test documents.
void add_class_accuracy_claims(ResultFile& rf, const std::string& corpus, const SweepPoints& p) {
  const auto& nb = p.at(kMcnb);
  const std::string fig_acc = corpus == "20ng" ? "9" : "10";
  const std::string accs =
      sweep_values_text(p, "accuracy % by K", acc_of, {kMcsvm, kGraphSvm, kMcnb, kHierSvm});
  if (corpus == "20ng") {
    const DeclaredClaim within = declared_claim(kGraphsvmPaper, "figure9-graphsvm-within-1pct");
    rf.add_claim(tested_claim(within, graphsvm_point_tests(within, p, "K = {:g}"), accs));
  } else {
    std::string tests;
    for (const auto& [k, r] : nb)
      tests +=
          fmt::format("{}{:g}: {}", tests.empty() ? "" : ", ", k, r.metrics.value("test_rows", 0));
    const DeclaredClaim better =
        declared_claim(kGraphsvmPaper, "figure10-graphsvm-better-than-mcsvm");
    rf.add_claim(tested_claim(
        better, declared_comparisons(better, graphsvm_sweep_measures(p), "sweep").value(),
        fmt::format("{}. Test instances by K: {}", accs, tests)));
  }
  const DeclaredClaim beats =
      declared_claim(kGraphsvmPaper, "figure{figure}-graphsvm-beats-mcnb",
                     TextArgs().set("figure", fig_acc).set("corpus", corpus));
  rf.add_claim(tested_claim(beats, graphsvm_point_tests(beats, p, "K = {:g}"), accs));
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

// The size sweep's claims and spread ablation, from draw 0 and the spread's draws.
void summarise_size_sweep(ResultFile& rf, const ProtocolResults& results) {
  const std::vector<SweepPoints> draws =
      sweep_draws(results.tasks.at("20ng"), kSizeMethods, "train_percent", 100);
  add_near_linear_claim(rf, draws.front());
  add_memory_claim(rf, draws.front());
  add_size_accuracy_claim(rf, draws.front());
  add_size_gap_claim(rf, draws.front());
  const SweepSpreadSpec spec{
      declared_ablation(kGraphsvmPaper, "sweep-size-spread", TextArgs().set("draws", draws.size())),
      "70/30 split and nested subsets",
      [](double share) { return fmt::format("{:.0f}%", 100 * share); }};
  if (auto a = sweep_spread_ablation(spec, draws, kSizeMethods)) rf.add_ablation(*a);
}

// Each corpus's claims and spread ablation; a corpus that is not here (its dataset record says
// why) has its claims left out, not failed.
void summarise_class_sweep(ResultFile& rf, const ProtocolResults& results) {
  for (const std::string corpus : {"20ng", "reuters"}) {
    const auto runs = results.tasks.find(corpus);
    const auto why = results.unavailable.find(corpus);
    if (runs == results.tasks.end() || (why != results.unavailable.end() && !why->second.empty()))
      continue;
    const std::vector<SweepPoints> draws =
        sweep_draws(runs->second, kClassMethods, "num_classes", 1);
    add_class_gap_claim(rf, corpus, draws.front());
    add_class_accuracy_claims(rf, corpus, draws.front());
    add_spread_ablation(rf, corpus, draws);
  }
}

}  // namespace

void add_graphsvm2002_sweeps(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.task_sources = {{"20ng", share_sweep_tasks()}};
  hooks.summarise = [](const ExperimentContext&, ResultFile& rf, const ProtocolResults& results) {
    summarise_size_sweep(rf, results);
  };
  register_protocol(registry, kGraphsvmPaper, "sweep_size", std::move(hooks));
}

void add_graphsvm2002_sweep_classes(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.task_sources = {{"20ng", class_sweep_tasks("20ng")},
                        {"reuters", class_sweep_tasks("reuters")}};
  hooks.summarise = [](const ExperimentContext&, ResultFile& rf, const ProtocolResults& results) {
    summarise_class_sweep(rf, results);
  };
  register_protocol(registry, kGraphsvmPaper, "sweep_classes", std::move(hooks));
}

}  // namespace linrepro
