#pragma once
// The five methods of Godbole, Sarawagi & Chakrabarti (2002) on a GraphsvmData, each as one
// RunRecord body (for ResultFile::run_once): fit on the training rows, accuracy on the test rows,
// training time, every SVM's memory.
//   MCNB      "nb" (multinomial NB-1, Rainbow's stand-in), one multiclass fit.
//   MCSVM     one-vs-others "smo" over all classes, winner = largest margin (fit_class_subset over
//             every class, so each of its SVMs is measured like GraphSVM's); peer column:
//             "liblinear-s3" one-vs-rest on the same matrix (LIBLINEAR -s 3 -B 1).
//   Hier-NB / Hier-SVM  fit_hierarchy (L1 NB, L2 NB or SMO); the SVM-L1 variant for Table 1.
//   GraphSVM  fit_graph_svm (NB first stage, SMO second stage, threshold t).
//
// Training time = CPU seconds (the paper's times are totals on a one-CPU machine):
//   * every SVM's own thread CPU time (SubSvmStats.cpu_seconds), summed, so SVMs running in
//     parallel on ctx.threads workers or next to other processes are not inflated;
//   * NB fits run in the calling thread: its CPU time around the fit;
//   * GraphSVM / hierarchy: the NB stages (validation confusion + M1 / L1) are reported by the
//     algorithms as wall time (single-threaded, well under a second here) and added to the SVMs'
//     CPU sum. The LIBLINEAR peer runs on one thread: its thread CPU time.
//
// Records: a method is several fits (NB stage, validation confusion, many SVMs), so its record
// is the method's summary built here, not harness/record_fit's copy of one solver's fit (stop
// reason, objective and extra of a single fit would mean nothing for GraphSVM or the hierarchy).
// MCNB and the LIBLINEAR peer, single fits, keep the same shape (no stop or objective) so every
// method's record reads alike; their fits are timed with timed_fit (its CPU time).
//
// Inputs: NB fits read the term counts (GraphsvmData.Xtrain), SVM fits the unit-norm rows
// (Xtrain_svm): datasets.h says why.
// SVM cost parameter: SVMlight's default C = 1 / avg_i(x_i . x_i) (the paper used SVMlight
// defaults), computed once per data set on its full SVM training matrix (unit rows: C = 1, up to
// rows without any selected feature) and used by every SVM of every method on that data set
// (SVMlight would recompute the average on each sub-problem's rows; one C per data set keeps all
// methods on the same per-example objective).
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/graphsvm_hierarchy.h"
#include "algorithms/graphsvm_sub_svm.h"
#include "experiments/graphsvm2002/datasets.h"
#include "harness/experiment/experiment.h"
#include "harness/experiment/extra_solvers.h"

namespace linrepro {

// 1 / mean_i ||x_i||^2 over the rows of X (ConfigError if X has no non-zero).
double svmlight_default_C(const CsrMatrix& X);

// The metrics every run records: accuracy (%), correct, test rows.
nlohmann::json accuracy_metrics(const std::vector<int32_t>& truth,
                                const std::vector<int32_t>& predicted);

// The confusion matrix's rows and columns re-ordered by `order` (class ids).
std::vector<std::vector<int64_t>> reorder_confusion(const std::vector<std::vector<int64_t>>& C,
                                                    const std::vector<int32_t>& order);

struct MethodSettings {
  double C = 1;       // every SVM's cost (svmlight_default_C of the training matrix)
  uint64_t seed = 0;  // per-run seed (derive it per data set and method)
  int threads = 1;    // workers for the independent SVMs
  bool progress = false;
  std::string label;  // progress prefix
  // Groups of the two-level hierarchy (and of Figure 2's ordering): 0 = the clip rule of
  // algorithms/graphsvm_clustering.h, else exactly this many.
  int32_t num_clusters = 0;
  // GraphSVM's first stage M1 and the share of each class held out for its confusion matrix
  // (GraphSvmOptions' defaults: the paper's NB; it gives no share). Another M1 reads the SVMs'
  // input (ablation graphsvm-vs-mcsvm-reuters measures both).
  std::string stage1 = "nb";
  double validation_fraction = 0.3;
};

// MCNB. extra: confusion (test, [truth][predicted]), labels; plus, for Figure 2, the classes
// clustered from NB's validation confusion exactly as fit_hierarchy clusters them (same seed ->
// same split, same clusters): clusters, order, confusion_clustered, labels_clustered.
RunRecord run_mcnb(const GraphsvmData& d, const MethodSettings& s);
// Naive Bayes (by its declared loss) reads the term counts, every other solver the SVMs'
// unit-norm rows (datasets.h).
bool reads_term_counts(const std::string& solver);
// An SVM's parameters at cost C: {"C": C} and what gives it its intercept (its kind's
// intercept_params: LIBLINEAR's -B 1).
Params svm_params(const std::string& solver, double C);
// MCSVM: one-vs-others `solver` ("smo") over every class on ctx.threads workers, every SVM
// measured (time, memory). A peer's one-thread fit is run_flat_multiclass.
RunRecord run_mcsvm(const GraphsvmData& d, const MethodSettings& s, const std::string& solver);
// One flat multiclass fit of `solver` at `params` (a peer, or a solver added with --with-solver):
// one thread, its thread CPU time; naive Bayes (by its declared loss) on the term counts, every
// other solver on the unit-norm rows.
RunRecord run_flat_multiclass(const GraphsvmData& d, const MethodSettings& s,
                              const std::string& solver, const Params& params);
// The protocol's lambdas on d, for a solver added with --with-solver: the paper gives every SVM
// SVMlight's default C on d's training rows whatever its loss, and NB its Laplace count 1; the
// solver gets the one of its declared loss (harness/experiment/extra_solvers.h).
std::vector<ProtocolLambda> extra_solver_lambdas_on(const GraphsvmData& d);
// Hierarchy: stage2 "nb" (Hier-NB) or "smo" (Hier-SVM); l1 "" (NB) or "smo" (SVM-L1).
// metrics: accuracy (overall), l1, l2_given_l1, l2_perfect_l1 (all %).
RunRecord run_hierarchy(const GraphsvmData& d, const MethodSettings& s, const std::string& stage2,
                        const std::string& l1);
// Hier-NB whose classifiers each select their own k MI features (§2.1's "independently optimized
// feature set"): the confusion matrix from d (as run_hierarchy), L1 and every L2 NB on the term
// counts of `all_terms` (the same documents and rows with every vocabulary term).
RunRecord run_hierarchy_node_features(const GraphsvmData& d, const GraphsvmData& all_terms,
                                      const MethodSettings& s, int32_t k);
// GraphSVM with threshold t and second-stage solver stage2 ("smo").
RunRecord run_graphsvm(const GraphsvmData& d, const MethodSettings& s, double t,
                       const std::string& stage2 = "smo");

}  // namespace linrepro
