#pragma once
// GraphSVM step 1 (Godbole, Sarawagi & Chakrabarti 2002, section 2): the confusion matrix of a fast
// first-stage classifier (MCNB) on held-out validation data, and the confusion graph F(i) read
// from it.
//
// The paper says only that the matrix "can be obtained using a held-out validation dataset"
// (section 2). Our choice, stated: a seeded, per-class stratified split of the TRAINING data,
// validation_fraction (default 0.3) of each class held out; the stage-1 solver is fitted on the
// rest and the confusion matrix counted on the held-out rows. (The final stage-1 model used at test
// time is refitted on all training rows; see graphsvm.h.)
//
//   C[t][p] = number of held-out rows of true class t predicted as p.
//   F(i)    = { j != i : C[j][i] > 0 and C[j][i] / n_j >= t },  n_j = sum_p C[j][p]  (held-out rows
//   of class j)
// i.e. the classes at least a fraction t of whose documents are misclassified AS i. The paper
// writes "more than a threshold (t)", but its own example (Figure 1, t = 3%: F(alt.atheism)
// contains soc.religion.christian with exactly 9 of 300 = 3%) needs ">=", so ">=" it is.
//
// The counts are a plain K x K table here: algorithms/ may not depend on metrics/ (module order).
#include <cstdint>
#include <string>
#include <vector>

#include "core/labels.h"
#include "core/sparse_matrix.h"
#include "solvers/solver.h"

namespace linrepro {

using ConfusionCounts = std::vector<std::vector<int64_t>>;  // [truth][predicted]

struct ValidationConfusion {
  ConfusionCounts C;
  std::vector<int32_t> fit_rows;         // rows the stage-1 solver was fitted on
  std::vector<int32_t> validation_rows;  // rows C was counted on
};

// Stratified split: for each class, round(validation_fraction * n_c) of its rows (at least one
// when n_c >= 2, none when n_c == 1) chosen with Rng(derive_seed(seed, "graphsvm-validation")).
void stratified_validation_split(const MulticlassLabels& labels, double validation_fraction,
                                 uint64_t seed, std::vector<int32_t>& fit_rows,
                                 std::vector<int32_t>& validation_rows);

// Fits `solver` (registry name, e.g. "nb") on the fit rows and counts its confusion on the
// held-out rows. Throws ConfigError if validation_fraction is not in (0, 1).
ValidationConfusion validation_confusion(const SolverRegistry& registry, const std::string& solver,
                                         const Params& params, const CsrMatrix& X,
                                         const MulticlassLabels& labels, double validation_fraction,
                                         FitContext& ctx);

// C from truth / predicted ids (K x K).
ConfusionCounts count_confusion(const std::vector<int32_t>& truth,
                                const std::vector<int32_t>& predicted, int32_t K);

// F(i) for every class i (sorted ids), by the rule above. A class with no held-out rows confuses
// with nothing.
std::vector<std::vector<int32_t>> confusion_graph(const ConfusionCounts& C, double t);

// Each row of C divided by its sum (an all-zero row stays all zero): the per-class "how much this
// class confuses with the others" distributions that class clustering works on (section 2).
std::vector<std::vector<double>> confusion_row_distributions(const ConfusionCounts& C);

}  // namespace linrepro
