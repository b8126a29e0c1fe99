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
//
// Parallelism: fit_class_subsets fits several subsets (GraphSVM's M2(i), the hierarchy's L2
// groups) as ONE job list — every two-class SVM of every subset is a job on ctx.threads workers
// (core/parallel_for.h), the largest subproblems first. Each job has its own seed and writes its
// own slot, so models and the order of the stats are those of a 1-thread fit, bit for bit.
//
// Time: per SVM both the wall time (`seconds`) and the CPU time of the thread that fitted it
// (`cpu_seconds`, CLOCK_THREAD_CPUTIME_ID). The paper's "training time" is the total over all SVMs
// on one 1-CPU machine: that is total_cpu_seconds(svms), which neither other workers nor other
// processes on the machine inflate. Every fit runs on one thread (a native multiclass solver gets
// threads = 1) so its thread CPU time is its whole cost.
#include <cstdint>
#include <optional>
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
  double seconds = 0;        // wall time of this fit (inflated when the cores are shared)
  double cpu_seconds = 0;    // CPU time of the one thread that ran this fit
};

struct SubsetFit {
  std::vector<int32_t> classes;  // local class k is global class classes[k]
  MulticlassModel model;         // per_class[k] scores local class k
  std::vector<SubSvmStats> svms;
  // Global class id predicted for row i of X (argmax over the subset; ties -> lowest local id).
  int32_t predict_row(const CsrMatrix& X, int32_t i) const;
};

// classes: sorted, distinct global ids, at least 2. ctx.seed seeds every fit (derived per class);
// the two-class SVMs run on ctx.threads workers.
SubsetFit fit_class_subset(const SolverRegistry& registry, const std::string& solver,
                           const Params& params, const CsrMatrix& X, const MulticlassLabels& labels,
                           const std::vector<int32_t>& classes, FitContext& ctx);

// Several subsets at once, subset s seeded with seeds[s] (exactly fit_class_subset with
// ctx.seed = seeds[s]); all their SVMs share ctx.threads workers. out[s] belongs to subsets[s].
std::vector<SubsetFit> fit_class_subsets(const SolverRegistry& registry, const std::string& solver,
                                         const Params& params, const CsrMatrix& X,
                                         const MulticlassLabels& labels,
                                         const std::vector<std::vector<int32_t>>& subsets,
                                         const std::vector<uint64_t>& seeds, const FitContext& ctx);

// Measured peak memory of the fit `svm` describes (an entry of SubsetFit.svms), redone alone on
// the calling thread: the growth of the process's resident set while its subproblem is built and
// the solver runs (core/peak_memory.h), kernel cache and solver buffers included, unlike
// sub_svm_memory_bytes. nullopt where the kernel cannot measure it. Run it with no other work in
// the process.
std::optional<int64_t> measure_sub_svm_peak_bytes(const SolverRegistry& registry,
                                                  const std::string& solver, const Params& params,
                                                  const CsrMatrix& X,
                                                  const MulticlassLabels& labels,
                                                  const SubSvmStats& svm, uint64_t seed);

// The entry with the largest memory_bytes (the first of equals); svms must not be empty.
const SubSvmStats& largest_sub_svm(const std::vector<SubSvmStats>& svms);

// Sum / max over a list of fits' stats (Figure 11's "maximum memory of any SVM").
int64_t max_memory_bytes(const std::vector<SubSvmStats>& svms);
int64_t total_rows(const std::vector<SubSvmStats>& svms);
double total_cpu_seconds(const std::vector<SubSvmStats>& svms);

}  // namespace linrepro
