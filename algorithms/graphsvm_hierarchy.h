#pragma once
// The two-level hierarchical approach of Godbole, Sarawagi & Chakrabarti (2002, section 2.1):
// classes are grouped by clustering a first-stage NB's validation confusion matrix
// (graphsvm_confusion.h, graphsvm_clustering.h); an L1 classifier picks the group, an L2
// classifier per group (trained only on the group's documents) picks the class.
//   Hier-NB : L1 = stage1 ("nb"), L2 = "nb" (native multiclass NB-1 within the group)
//   Hier-SVM: L1 = stage1 ("nb"), L2 = "smo" (one-vs-others SVMs within the group)
// A singleton group needs no L2 classifier. Table 1's level-wise accuracies come from
// hierarchy_level_accuracies: L1 accuracy on groups, L2 accuracy on the rows L1 routes correctly
// ("with NB-L1"), and L2 accuracy when every row is routed to its true group ("with Perfect-L1").
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "algorithms/graphsvm_clustering.h"
#include "algorithms/graphsvm_confusion.h"
#include "algorithms/graphsvm_sub_svm.h"
#include "core/labels.h"
#include "core/sparse_matrix.h"
#include "solvers/solver.h"

namespace linrepro {

struct HierarchyOptions {
  std::string stage1 = "nb";  // confusion matrix and L1
  std::string stage2 = "nb";  // L2: "nb" -> Hier-NB, "smo" -> Hier-SVM
  Params stage1_params = Params::object();
  Params stage2_params = Params::object();
  ClassDistance distance = ClassDistance::euclidean;
  double validation_fraction = 0.3;
  // The L1 classifier; empty: stage1. Table 1's "SVM-L1" keeps NB for the confusion matrix and
  // sets l1 = "smo" (one-vs-others over the groups).
  std::string l1;
  Params l1_params = Params::object();
  int32_t num_clusters = 0;  // 0: the clip rule (graphsvm_clustering.h); else exactly this many
  // Optional (§2.1: each classifier "can use a independently optimized feature set"): the columns
  // of X2 one classifier keeps, chosen from its own training rows and labels (L1: every row,
  // labelled by group; each L2: its group's rows and classes). Then L1 is fitted on X2 too, every
  // classifier on its columns only, and its weights are put back at their columns of X2 (zeros
  // elsewhere), so prediction reads X2 as before. Empty: every classifier sees all columns.
  std::function<std::vector<int32_t>(const CsrMatrix& X, const MulticlassLabels& labels)>
      node_features;
};

struct HierarchyModel {
  std::vector<std::vector<int32_t>> clusters;  // group g = sorted global class ids
  std::vector<int32_t> cluster_of;             // class -> group
  MulticlassModel l1;                          // scores groups
  std::vector<SubsetFit> l2;                   // l2[g].classes empty: singleton group
  bool l1_on_x2 = false;  // L1 was fitted on the second representation (an own L1 solver)
  std::vector<int32_t> predict_groups(const CsrMatrix& X) const { return predict_groups(X, X); }
  // L1 on X1 or X2 (two representations of the same rows; see fit_hierarchy).
  std::vector<int32_t> predict_groups(const CsrMatrix& X1, const CsrMatrix& X2) const;
  // L2 given a group per row (L1's, or the true one for "perfect L1"); X = L2's representation.
  std::vector<int32_t> predict_within(const CsrMatrix& X, const std::vector<int32_t>& groups) const;
  std::vector<int32_t> predict(const CsrMatrix& X) const { return predict(X, X); }
  std::vector<int32_t> predict(const CsrMatrix& X1, const CsrMatrix& X2) const {
    return predict_within(X2, predict_groups(X1, X2));
  }
};

struct HierarchyFit {
  HierarchyModel model;
  ConfusionCounts confusion;
  Dendrogram dendrogram;
  std::vector<SubSvmStats> svms;                                 // every L2 fit
  double confusion_seconds = 0, l1_seconds = 0, l2_seconds = 0;  // wall
  double l2_cpu_seconds = 0;  // sum of the L2 fits' CPU times (SubSvmStats)
};

HierarchyFit fit_hierarchy(const SolverRegistry& registry, const CsrMatrix& X,
                           const MulticlassLabels& labels, const HierarchyOptions& options,
                           FitContext& ctx);
// Two representations of the same rows (as fit_graph_svm's): X1 for the confusion matrix and a
// stage-1 L1 (e.g. NB on term counts), X2 for an own L1 solver (options.l1) and for L2.
// fit_hierarchy(X) is fit_hierarchy(X, X).
HierarchyFit fit_hierarchy(const SolverRegistry& registry, const CsrMatrix& X1, const CsrMatrix& X2,
                           const MulticlassLabels& labels, const HierarchyOptions& options,
                           FitContext& ctx);

struct HierarchyAccuracies {
  double l1 = 0;             // fraction of rows routed to their true group
  double l2_given_l1 = 0;    // L2 accuracy on the rows L1 routed correctly (NaN if none)
  double l2_perfect_l1 = 0;  // L2 accuracy with every row routed to its true group
  double overall = 0;        // L1 then L2
  // Per test row, 1 where it was right: overall (L1 then L2) and L1 (routed to its true group);
  // what a paired comparison with another classifier on the same rows reads.
  std::vector<uint8_t> overall_correct, l1_correct;
};

HierarchyAccuracies hierarchy_level_accuracies(const HierarchyModel& model, const CsrMatrix& X,
                                               const std::vector<int32_t>& truth);
HierarchyAccuracies hierarchy_level_accuracies(const HierarchyModel& model, const CsrMatrix& X1,
                                               const CsrMatrix& X2,
                                               const std::vector<int32_t>& truth);

}  // namespace linrepro
