#include "experiments/graphsvm2002/methods.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

#include "algorithms/graphsvm.h"
#include "algorithms/graphsvm_clustering.h"
#include "algorithms/graphsvm_confusion.h"
#include "core/error.h"
#include "core/seed.h"
#include "core/stopwatch.h"
#include "features/feature_selection.h"
#include "harness/experiment/record_fit.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/protocol/document_outcomes.h"
#include "solvers/regularization.h"

namespace linrepro {

double svmlight_default_C(const CsrMatrix& X) {
  double sum = 0;
  for (int32_t i = 0; i < X.rows; ++i) sum += X.row_squared_norm(i);
  if (!(sum > 0)) throw ConfigError("svmlight_default_C: the training matrix has no non-zero");
  return static_cast<double>(X.rows) / sum;
}

nlohmann::json accuracy_metrics(const std::vector<int32_t>& truth,
                                const std::vector<int32_t>& predicted) {
  int64_t correct = 0;
  for (size_t i = 0; i < truth.size(); ++i) correct += truth[i] == predicted[i];
  const double n = static_cast<double>(truth.size());
  return {{"accuracy", n > 0 ? 100.0 * static_cast<double>(correct) / n : 0.0},
          {"correct", correct},
          {"test_rows", truth.size()}};
}

std::vector<std::vector<int64_t>> reorder_confusion(const std::vector<std::vector<int64_t>>& C,
                                                    const std::vector<int32_t>& order) {
  std::vector<std::vector<int64_t>> R(order.size(), std::vector<int64_t>(order.size()));
  for (size_t a = 0; a < order.size(); ++a)
    for (size_t b = 0; b < order.size(); ++b)
      R[a][b] = C[static_cast<size_t>(order[a])][static_cast<size_t>(order[b])];
  return R;
}

bool reads_term_counts(const std::string& solver) {
  return solver_catalog().get(solver).kind.loss == Loss::multinomial_nb;
}

Params svm_params(const std::string& solver, double C) {
  Params p = {{"C", C}};
  // What gives the solver its intercept (LIBLINEAR's -B 1), as its kind declares.
  p.update(solver_catalog().get(solver).kind.intercept_params);
  return p;
}

namespace {

// One SVM's stats as JSON (classes, positive class, rows, nnz, cols, memory, seconds, cpu).
nlohmann::json sub_svm_stats_to_json(const std::vector<SubSvmStats>& svms,
                                     const std::vector<std::string>& class_names) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& s : svms) {
    nlohmann::json classes = nlohmann::json::array();
    for (int32_t c : s.classes) classes.push_back(class_names[static_cast<size_t>(c)]);
    a.push_back(
        {{"classes", classes},
         {"positive", s.positive_class < 0 ? std::string()
                                           : class_names[static_cast<size_t>(s.positive_class)]},
         {"rows", s.rows},
         {"nnz", s.nnz},
         {"cols", s.cols},
         {"memory_bytes", s.memory_bytes},
         {"seconds", s.seconds},
         {"cpu_seconds", s.cpu_seconds}});
  }
  return a;
}

FitContext fit_context(const MethodSettings& s, const std::string& what) {
  FitContext ctx;
  ctx.seed = s.seed;
  ctx.threads = s.threads;
  ctx.progress = s.progress;
  ctx.label = s.label.empty() ? what : s.label + " " + what;
  return ctx;
}

// The SVMs' stats into r.extra. Issue 16 item 7: their memory is a formula; the measured peak
// memory of the same (largest) SVM is added, redone alone after the method's fits (not part of
// train_seconds): its subproblem and solver, kernel cache included (SMO's LRU cache fills up to
// cache_mb).
void add_memory_extra(RunRecord& r, const std::vector<SubSvmStats>& svms,
                      const std::vector<std::string>& names, const std::string& solver,
                      const Params& params, const CsrMatrix& X, const MulticlassLabels& labels,
                      uint64_t seed) {
  r.extra.update({{"svms", sub_svm_stats_to_json(svms, names)},
                  {"num_svms", svms.size()},
                  {"max_memory_bytes", max_memory_bytes(svms)},
                  {"total_rows", total_rows(svms)},
                  {"svm_cpu_seconds", total_cpu_seconds(svms)}});
  if (svms.empty()) return;
  const SubSvmStats& largest = largest_sub_svm(svms);
  const std::optional<int64_t> bytes =
      measure_sub_svm_peak_bytes(solver_catalog(), solver, params, X, labels, largest, seed);
  nlohmann::json j = {{"max_memory_measured_svm",
                       {{"rows", largest.rows},
                        {"nnz", largest.nnz},
                        {"positive_class", largest.positive_class},
                        {"model_bytes", largest.memory_bytes}}},
                      {"memory_measurement",
                       "peak RSS growth while the largest SVM's subproblem is built and fitted "
                       "alone on one thread (core/peak_memory.h)"}};
  if (bytes) j["max_memory_measured_bytes"] = *bytes;
  r.extra.update(j);
}

nlohmann::json named_groups(const std::vector<std::vector<int32_t>>& groups,
                            const std::vector<std::string>& names) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& g : groups) {
    nlohmann::json n = nlohmann::json::array();
    for (int32_t c : g) n.push_back(names[static_cast<size_t>(c)]);
    a.push_back(n);
  }
  return a;
}

// Scores pred = predict() on d's test rows into r: test time, accuracy metrics, outcomes.
std::vector<int32_t> score(RunRecord& r, const GraphsvmData& d,
                           const std::function<std::vector<int32_t>()>& predict) {
  const Stopwatch test_clock;
  std::vector<int32_t> pred = predict();
  r.test_seconds = test_clock.seconds();
  r.metrics = accuracy_metrics(d.ytest.y, pred);
  r.extra["test_correct"] = outcomes_to_hex(correct_outcomes(d.ytest.y, pred));
  return pred;
}

// A two-level classifier's fit into r, scored on d's test rows (X2test: what its L2 reads):
// overall accuracy and the per-level ones (%), the groups.
void score_hierarchy(RunRecord& r, const HierarchyFit& f, const GraphsvmData& d,
                     const CsrMatrix& X2test) {
  r.train_seconds = f.confusion_seconds + f.l1_seconds + f.l2_cpu_seconds;
  const Stopwatch test_clock;
  const HierarchyAccuracies a = hierarchy_level_accuracies(f.model, d.Xtest, X2test, d.ytest.y);
  r.test_seconds = test_clock.seconds();
  r.metrics = {{"accuracy", 100 * a.overall},
               {"l1", 100 * a.l1},
               {"l2_given_l1", 100 * a.l2_given_l1},
               {"l2_perfect_l1", 100 * a.l2_perfect_l1},
               {"test_rows", d.Xtest.rows}};
  r.extra["test_correct"] = outcomes_to_hex(a.overall_correct);
  r.extra["test_l1_correct"] = outcomes_to_hex(a.l1_correct);
  r.extra["clusters"] = named_groups(f.model.clusters, d.class_names);
  r.extra["num_clusters"] = f.model.clusters.size();
}

// One flat multiclass fit of `solver` on one thread (its thread CPU time is the whole cost): naive
// Bayes on the term counts, every other solver on the unit-norm rows; scored on d's test rows.
struct FlatFit {
  MulticlassFit fit;
  std::vector<int32_t> pred;
};
FlatFit flat_fit(RunRecord& r, const GraphsvmData& d, const MethodSettings& s,
                 const std::string& what, const std::string& solver, const Params& params) {
  const bool counts = reads_term_counts(solver);
  FitContext ctx = fit_context(s, what);
  ctx.threads = 1;
  FitTime time;
  FlatFit f;
  f.fit = timed_fit(
      [&] {
        return solver_catalog().fit_multiclass(solver, {counts ? d.Xtrain : d.Xtrain_svm, d.ytrain},
                                               params, ctx);
      },
      time);
  r.train_seconds = time.cpu_seconds;  // CPU seconds, as every method here (methods.h)
  f.pred = score(r, d, [&] { return f.fit.model.predict(counts ? d.Xtest : d.Xtest_svm); });
  return f;
}

}  // namespace

RunRecord run_mcnb(const GraphsvmData& d, const MethodSettings& s) {
  const SolverRegistry& reg = solver_catalog();
  RunRecord r;
  const std::vector<int32_t> pred = flat_fit(r, d, s, "MCNB", "nb", Params::object()).pred;
  const auto K = static_cast<int32_t>(d.class_names.size());
  const ConfusionCounts C = count_confusion(d.ytest.y, pred, K);
  r.extra["confusion"] = C;
  r.extra["labels"] = d.class_names;

  // Figure 2: the classes in the order of the clusters fit_hierarchy finds (the same validation
  // confusion: same solver, fraction and seed; same HAC and clip rule).
  if (K >= 2) {
    FitContext vctx = fit_context(s, "MCNB clustering");
    vctx.threads = 1;
    const HierarchyOptions defaults;
    const ValidationConfusion vc =
        validation_confusion(reg, defaults.stage1, Params::object(), d.Xtrain, d.ytrain,
                             defaults.validation_fraction, vctx);
    const Dendrogram dg = agglomerate(confusion_row_distributions(vc.C), defaults.distance);
    const int32_t kept = s.num_clusters > 0 ? K - std::min(s.num_clusters, K) : clip_merges(dg);
    const auto clusters = clusters_after(dg, kept);
    std::vector<int32_t> order;
    for (const auto& g : clusters) order.insert(order.end(), g.begin(), g.end());
    std::vector<std::string> ordered_names;
    for (int32_t c : order) ordered_names.push_back(d.class_names[static_cast<size_t>(c)]);
    r.extra["clusters"] = named_groups(clusters, d.class_names);
    r.extra["confusion_clustered"] = reorder_confusion(C, order);
    r.extra["labels_clustered"] = ordered_names;
    r.extra["validation_confusion"] = vc.C;
  }
  r.extra["timing"] = "train_seconds = thread CPU time of the NB fit";
  return r;
}

RunRecord run_mcsvm(const GraphsvmData& d, const MethodSettings& s, const std::string& solver) {
  const SolverRegistry& reg = solver_catalog();
  RunRecord r;
  const Params params = svm_params(solver, s.C);
  r.params = params;
  FitContext ctx = fit_context(s, "MCSVM");
  std::vector<int32_t> all(d.class_names.size());
  std::iota(all.begin(), all.end(), 0);
  const Stopwatch wall;
  const SubsetFit f = fit_class_subset(reg, solver, params, d.Xtrain_svm, d.ytrain, all, ctx);
  r.extra["wall_seconds"] = wall.seconds();
  r.train_seconds = total_cpu_seconds(f.svms);
  score(r, d, [&] {
    std::vector<int32_t> pred(static_cast<size_t>(d.Xtest_svm.rows));
    for (int32_t i = 0; i < d.Xtest_svm.rows; ++i)
      pred[static_cast<size_t>(i)] = f.predict_row(d.Xtest_svm, i);
    return pred;
  });
  add_memory_extra(r, f.svms, d.class_names, solver, params, d.Xtrain_svm, d.ytrain, s.seed);
  r.extra["timing"] = "train_seconds = sum of the SVMs' thread CPU times";
  r.extra["C"] = s.C;
  return r;
}

RunRecord run_flat_multiclass(const GraphsvmData& d, const MethodSettings& s,
                              const std::string& solver, const Params& params) {
  RunRecord r;
  r.params = params;
  const MulticlassFit f = flat_fit(r, d, s, "flat " + solver, solver, params).fit;
  r.iterations = f.iterations;
  r.objective = f.objective;
  r.extra["input"] = reads_term_counts(solver) ? "term counts" : "unit-norm rows";
  r.extra["timing"] = "train_seconds = thread CPU time of the one-thread (one-vs-rest) fit";
  r.extra["C"] = s.C;
  return r;
}

RunRecord run_hierarchy(const GraphsvmData& d, const MethodSettings& s, const std::string& stage2,
                        const std::string& l1) {
  RunRecord r;
  HierarchyOptions o;
  o.stage2 = stage2;
  if (!reads_term_counts(stage2)) o.stage2_params = svm_params(stage2, s.C);
  o.l1 = l1;
  o.num_clusters = s.num_clusters;
  if (!l1.empty()) o.l1_params = svm_params(l1, s.C);
  r.params = {{"stage2", stage2},
              {"stage2_params", o.stage2_params},
              {"l1", l1.empty() ? "nb" : l1},
              {"l1_params", o.l1_params},
              {"num_clusters", s.num_clusters}};
  // The NB stages read counts, SVMs the unit-norm rows; an SVM L1 reads what L2 reads.
  const bool svm_l2 = !reads_term_counts(stage2);
  if (!l1.empty() && !svm_l2)
    throw ConfigError("run_hierarchy: an SVM L1 is run with SVM L2 (both on the SVM rows)");
  const CsrMatrix& X2 = svm_l2 ? d.Xtrain_svm : d.Xtrain;
  const CsrMatrix& X2test = svm_l2 ? d.Xtest_svm : d.Xtest;
  FitContext ctx = fit_context(s, "hierarchy");
  const HierarchyFit f = fit_hierarchy(solver_catalog(), d.Xtrain, X2, d.ytrain, o, ctx);
  // NB stages: wall (single-threaded, fast); L2: the fits' CPU. An SVM L1 runs one-vs-rest on
  // ctx.threads workers: its wall time is what we have (Table 1 uses only its accuracy).
  score_hierarchy(r, f, d, X2test);
  add_memory_extra(r, f.svms, d.class_names, stage2, o.stage2_params, X2, d.ytrain, s.seed);
  // The dendrogram's merge distances bottom-up: where the clip rule cut and why (issue 16 item 5).
  std::vector<double> merge_distances;
  for (const Merge& m : f.dendrogram.merges) merge_distances.push_back(m.distance);
  r.extra["merge_distances"] = merge_distances;
  r.extra["confusion_seconds"] = f.confusion_seconds;
  r.extra["l1_seconds"] = f.l1_seconds;
  r.extra["l2_seconds"] = f.l2_seconds;
  r.extra["l2_cpu_seconds"] = f.l2_cpu_seconds;
  r.extra["C"] = s.C;
  r.extra["timing"] =
      "train_seconds = confusion + L1 (wall; NB, or the SVM-L1's one-vs-rest) + the L2 fits' "
      "thread CPU times";
  return r;
}

RunRecord run_hierarchy_node_features(const GraphsvmData& d, const GraphsvmData& all_terms,
                                      const MethodSettings& s, int32_t k) {
  if (all_terms.train_ids != d.train_ids || all_terms.test_ids != d.test_ids)
    throw ConfigError("run_hierarchy_node_features: the two data sets hold different rows");
  RunRecord r;
  HierarchyOptions o;
  o.num_clusters = s.num_clusters;
  o.node_features = [k](const CsrMatrix& X, const MulticlassLabels& y) {
    SelectionOptions so;
    so.method = SelectionMethod::mi;
    so.k = k;
    so.scope = SelectionScope::global;
    so.aggregate = GlobalAggregate::joint;
    return select_features(X, as_multilabel(y), so).global;
  };
  r.params = {{"stage2", "nb"},
              {"node_features", fmt::format("top {} by joint MI", k)},
              {"num_clusters", s.num_clusters}};
  FitContext ctx = fit_context(s, "hierarchy (per-classifier features)");
  const HierarchyFit f =
      fit_hierarchy(solver_catalog(), d.Xtrain, all_terms.Xtrain, d.ytrain, o, ctx);
  score_hierarchy(r, f, d, all_terms.Xtest);
  r.extra["vocabulary"] = all_terms.Xtrain.cols;
  r.extra["timing"] = "train_seconds = confusion + L1 + the L2 fits' thread CPU times";
  return r;
}

RunRecord run_graphsvm(const GraphsvmData& d, const MethodSettings& s, double t,
                       const std::string& stage2) {
  RunRecord r;
  GraphSvmOptions o;
  o.stage1 = s.stage1;
  o.validation_fraction = s.validation_fraction;
  o.stage2 = stage2;
  o.stage2_params = svm_params(stage2, s.C);
  o.t = t;
  r.params = {{"t", t}, {"stage2", stage2}, {"stage2_params", o.stage2_params}};
  // Recorded only when they differ from the paper's, so the paper's runs keep their records.
  const GraphSvmOptions defaults;
  if (o.stage1 != defaults.stage1) r.params["stage1"] = o.stage1;
  if (o.validation_fraction != defaults.validation_fraction)
    r.params["validation_fraction"] = o.validation_fraction;
  FitContext ctx = fit_context(s, fmt::format("GraphSVM t={}", t));
  const bool svm = !reads_term_counts(stage2);
  const bool svm1 = !reads_term_counts(o.stage1);
  if (svm1) o.stage1_params = svm_params(o.stage1, s.C);
  const GraphSvmFit f = fit_graph_svm(solver_catalog(), svm1 ? d.Xtrain_svm : d.Xtrain,
                                      svm ? d.Xtrain_svm : d.Xtrain, d.ytrain, o, ctx);
  r.train_seconds = f.confusion_seconds + f.stage1_seconds + f.stage2_cpu_seconds;
  std::vector<int32_t> m1;
  const std::vector<int32_t> pred = score(r, d, [&] {
    return f.model.predict(svm1 ? d.Xtest_svm : d.Xtest, svm ? d.Xtest_svm : d.Xtest, &m1);
  });
  r.metrics["m1_accuracy"] = accuracy_metrics(d.ytest.y, m1)["accuracy"];
  // Issue 16 item 2: M2(i) can only answer within {i} u F(i), i = M1's class; a test document
  // whose true class lies outside stays wrong whatever the SVMs do.
  int64_t errors = 0, out_of_reach = 0;
  for (size_t i = 0; i < pred.size(); ++i) {
    const int32_t truth = d.ytest.y[i];
    if (pred[i] == truth) continue;
    ++errors;
    const auto& F = f.model.F[static_cast<size_t>(m1[i])];
    out_of_reach += truth != m1[i] && !std::binary_search(F.begin(), F.end(), truth);
  }
  r.metrics["errors"] = errors;
  r.metrics["errors_out_of_reach"] = out_of_reach;
  add_memory_extra(r, f.svms, d.class_names, stage2, o.stage2_params, svm ? d.Xtrain_svm : d.Xtrain,
                   d.ytrain, s.seed);
  r.extra["F"] = named_groups(f.model.F, d.class_names);
  int64_t edges = 0;
  for (const auto& F : f.model.F) edges += static_cast<int64_t>(F.size());
  r.extra["edges"] = edges;
  r.extra["num_m2"] = f.num_m2();
  r.extra["confusion_seconds"] = f.confusion_seconds;
  r.extra["stage1_seconds"] = f.stage1_seconds;
  r.extra["stage2_seconds"] = f.stage2_seconds;
  r.extra["stage2_cpu_seconds"] = f.stage2_cpu_seconds;
  r.extra["validation_confusion"] = f.confusion;
  r.extra["C"] = s.C;
  r.extra["timing"] =
      "train_seconds = NB validation confusion + NB M1 (wall, single-threaded) + the M2 SVMs' "
      "thread CPU times";
  return r;
}

std::vector<ProtocolLambda> extra_solver_lambdas_on(const GraphsvmData& d) {
  return {{Loss::multinomial_nb, Penalty::none, 1.0, "MCNB (Laplace smoothing)"},
          {Loss::unspecified, Penalty::l2,
           C_to_lambda(svmlight_default_C(d.Xtrain_svm), d.Xtrain_svm.rows),
           "every SVM (SVMlight's default C)"}};
}

}  // namespace linrepro
