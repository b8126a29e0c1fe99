#pragma once
// GraphSVM (Godbole, Sarawagi & Chakrabarti 2002, section 2.2):
//   1. M1 = a fast multiclass classifier (MCNB). Its confusion matrix on held-out validation data
//      (graphsvm_confusion.h: 30% of each class by default, M1 fitted on the other 70%) gives, for
//      each class i, F(i) = the classes at least a fraction t of whose documents M1 labels i.
//   2. For each i with non-empty F(i): M2(i) = one-vs-others SVMs over {i} u F(i), trained only on
//      those classes' training documents (graphsvm_sub_svm.h, every SVM measured).
//   3. Test: M1 predicts i; if M2(i) exists its prediction (largest margin) is the answer.
// M1 used at test time is refitted on ALL training rows (the validation fit only builds the graph).
// Solvers are taken by registry name (stage1 "nb", stage2 "smo" by default) because algorithms/
// may not depend on baselines/; the experiment driver passes harness/solver_catalog().
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/graphsvm_confusion.h"
#include "algorithms/graphsvm_sub_svm.h"
#include "core/labels.h"
#include "core/sparse_matrix.h"
#include "solvers/solver.h"

namespace linrepro {

struct GraphSvmOptions {
  std::string stage1 = "nb";
  std::string stage2 = "smo";
  Params stage1_params = Params::object();
  Params stage2_params = Params::object();
  // Figure 5 / section 3.2 quote the t = 0.05 row of Table 2 on both data sets (range 0.03 ..
  // 0.07).
  double t = 0.05;
  double validation_fraction = 0.3;
};

struct GraphSvmModel {
  MulticlassModel m1;
  std::vector<std::vector<int32_t>> F;  // F[i], sorted global ids
  std::vector<SubsetFit> m2;            // m2[i].classes empty: no M2(i)
  // Final prediction per row; m1_predictions, if given, receives M1's.
  std::vector<int32_t> predict(const CsrMatrix& X,
                               std::vector<int32_t>* m1_predictions = nullptr) const {
    return predict(X, X, m1_predictions);
  }
  // The same rows in the two representations the stages were fitted on (see fit_graph_svm).
  std::vector<int32_t> predict(const CsrMatrix& X1, const CsrMatrix& X2,
                               std::vector<int32_t>* m1_predictions = nullptr) const;
};

struct GraphSvmFit {
  GraphSvmModel model;
  ConfusionCounts confusion;      // M1's validation confusion
  std::vector<SubSvmStats> svms;  // every second-stage SVM trained
  double stage1_seconds = 0;      // M1 on all rows
  double confusion_seconds = 0;   // validation fit + counting
  double stage2_seconds = 0;      // all M2(i), wall (their SVMs run on ctx.threads)
  double stage2_cpu_seconds = 0;  // all M2(i), sum of the SVMs' CPU times (SubSvmStats)
  int64_t peak_rss_bytes = 0;     // process peak RSS after training (includes everything else)
  int32_t num_m2() const;         // classes i with an M2(i)
};

GraphSvmFit fit_graph_svm(const SolverRegistry& registry, const CsrMatrix& X,
                          const MulticlassLabels& labels, const GraphSvmOptions& options,
                          FitContext& ctx);
// The two stages on two representations of the same rows: X1 for the first stage (the confusion
// matrix and M1; e.g. term counts for a multinomial NB) and X2 for the second stage's SVMs (e.g.
// length-normalised vectors, as SVMs are usually given). The paper ran Rainbow's NB and SVMlight,
// each on its own input. fit_graph_svm(X) is fit_graph_svm(X, X).
GraphSvmFit fit_graph_svm(const SolverRegistry& registry, const CsrMatrix& X1, const CsrMatrix& X2,
                          const MulticlassLabels& labels, const GraphSvmOptions& options,
                          FitContext& ctx);

}  // namespace linrepro
