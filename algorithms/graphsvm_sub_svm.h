#pragma once
// A multiclass classifier over a SUBSET of the classes, trained only on those classes' documents,
// with every two-class SVM it trains measured (GraphSVM's M2(i), a Hier-SVM level-2 classifier, and
// MCSVM itself when the subset is all classes). Godbole et al. (2002) Figure 11 plots "the maximum
// memory required to train any SVM model"; we measure it deterministically by this formula:
//
//   memory_bytes(n, nnz, d) = [8 (n + 1) + 12 nnz + 8 n]   training subproblem: CSR row_ptr
//   (int64),
//                                                          col_idx + values (int32 + double), y
//                           + 8 (n + n + d)               solver state: alpha, gradient, w
//                           (doubles) = 12 nnz + 32 n + 8 d + 8
//
// n = rows of the subproblem, nnz its non-zeros, d its columns. (A kernel cache, if the solver
// keeps one, is not counted: it is a tunable of the solver, not of the subproblem.)
//
// Solver semantics: a solver with a native multiclass fit (e.g. "nb": NB-1) is fitted once on the
// subset (one stats entry, positive_class = -1); a binary-only solver (e.g. "smo") is fitted
// one-vs-others over the subset, each class against the subset's other classes (one stats entry per
// two-class SVM), and the winner is the largest margin — exactly the registry's one-vs-rest
// restricted to the subset's rows.
#include <cstdint>
#include <string>
#include <vector>

#include "core/labels.h"
#include "core/sparse_matrix.h"
#include "solvers/solver.h"

namespace linrepro {

int64_t sub_svm_memory_bytes(int64_t n, int64_t nnz, int64_t d);

struct SubSvmStats {
  std::vector<int32_t> classes;  // global class ids of the subproblem
  int32_t positive_class = -1;   // global id of the "one" in one-vs-others; -1: one multiclass fit
  int64_t rows = 0, nnz = 0, cols = 0;
  int64_t memory_bytes = 0;  // sub_svm_memory_bytes(rows, nnz, cols)
  double seconds = 0;        // wall time of this fit
};

struct SubsetFit {
  std::vector<int32_t> classes;  // local class k is global class classes[k]
  MulticlassModel model;         // per_class[k] scores local class k
  std::vector<SubSvmStats> svms;
  // Global class id predicted for row i of X (argmax over the subset; ties -> lowest local id).
  int32_t predict_row(const CsrMatrix& X, int32_t i) const;
};

// classes: sorted, distinct global ids, at least 2. ctx.seed seeds every fit (derived per class).
SubsetFit fit_class_subset(const SolverRegistry& registry, const std::string& solver,
                           const Params& params, const CsrMatrix& X, const MulticlassLabels& labels,
                           const std::vector<int32_t>& classes, FitContext& ctx);

// Sum / max over a list of fits' stats (Figure 11's "maximum memory of any SVM").
int64_t max_memory_bytes(const std::vector<SubSvmStats>& svms);
int64_t total_rows(const std::vector<SubSvmStats>& svms);

}  // namespace linrepro
