#pragma once
// Multinomial naive Bayes with lambda-smoothing, the baseline of Zhang & Oles (2001, section 4.1:
// "based on the multinomial model formulation described in McCallum and Nigam (1998) ... we
// replace the Laplacian smoothing where each probability count is increased by 1, by a
// lambda-smoothing where each probability count is increased by lambda") and the MCNB first stage
// of Godbole, Sarawagi & Chakrabarti (2002), which used Rainbow's multinomial NB.
//
// Model (McCallum & Nigam 1998, the multinomial event model, with lambda in place of their 1;
// neither paper here writes the formulas out, so they are spelled out here): a document x (values
// x_j >= 0: term counts, or the 0/1 occurrences Zhang & Oles use, whatever the matrix holds) of
// class c has probability P(c) prod_j theta_cj^x_j, up to factors that do not depend on c
// (document length and the multinomial coefficient, which cancel in every comparison below), with
//
//     theta_cj = (N_cj + lambda) / (N_c + lambda |V|),   N_cj = sum_{i in c} x_ij,
//     N_c = sum_j N_cj,   P(c) = n_c / n   (maximum likelihood, unsmoothed, as McCallum & Nigam),
//
// |V| = number of columns of the training matrix. No document-length normalisation: neither paper
// uses one. In log space this is a linear classifier, so it is returned as the project's
// LinearModel / MulticlassModel and every metric and threshold routine applies unchanged:
//
//   NB-1 (Zhang & Oles' "Naive Bayes-1", Godbole's MCNB; direct multiclass):
//       score_c(x) = log P(c) + sum_j x_j log theta_cj     ->  w_c = log theta_c, b_c = log P(c);
//       predict argmax_c score_c.
//   Two-class NB (binary; the per-category Reuters classifier): the log posterior odds
//       f(x) = log P(+|x) - log P(-|x) = [log P(+) - log P(-)] + sum_j x_j (log theta_+j - log
//       theta_-j), so f >= 0 is exactly the MAP decision and threshold adjustment moves b.
//   NB-2 (Zhang & Oles' "Naive Bayes-2", text under their Table 5: "compute a linear classifier
//       with weight w_l for each category l by treating it as a binary problem; ... predict ... the
//       label l with the largest value of w_l^T x"): for each class c the two-class NB of c against
//       the union of the other classes (its "rest" counts are N_j - N_cj); argmax_c f_c(x).
//
// Registered solvers (baselines/register.cpp):
//   nb      binary: two-class NB; multiclass: NB-1.
//   nb-ovr  binary: two-class NB; multiclass: NB-2. Equal to the registry's one-vs-rest over the
//           two-class NB (the rest's counts are summed once instead of once per class; with
//           integer counts the results are bit-identical).
// Parameters:
//   smoothing  lambda of the lambda-smoothing, > 0 (default 1 = Laplace; Zhang & Oles' Table 1
//              uses 1e-2). Deliberately NOT called "lambda": that key is the regularisation
//              parameter of every other solver (solvers/regularization.h) and a driver passing
//              lambda to all solvers must not silently set NB's smoothing; "lambda" is rejected
//              with a message pointing here. scikit-learn calls it alpha.
//   prior      "learned" (default; P(c) = n_c / n) or "uniform" (P(c) = 1/K, scikit-learn's
//              fit_prior=False; in a two-class NB it makes b = 0).
// A class without training documents has P(c) = 0, i.e. log P(c) = -infinity; the model stores
// the finite stand-in kNaiveBayesEmptyClassLogPrior instead so that scores stay finite (threshold
// and JSON code reject infinities): such a class is never predicted, and a two-class NB whose
// positive (negative) side is empty gets b of about -1e300 (+1e300), i.e. it always says - (+).
// Feature values must be >= 0 (a multinomial model counts); a negative value throws ConfigError.
// Every column is a word to the model: prepare NB features without a constant bias column
// (FeatureConfig.bias = 0), which would otherwise be counted like a word in every document.
#include <cstdint>
#include <span>
#include <vector>

#include "core/sparse_matrix.h"
#include "solvers/linear_model.h"
#include "solvers/solver.h"

namespace linrepro {

// log P(c) of a class with no training documents (see above).
inline constexpr double kNaiveBayesEmptyClassLogPrior = -1e300;

enum class NaiveBayesPrior { learned, uniform };

struct NaiveBayesOptions {
  double smoothing = 1;  // lambda of the lambda-smoothing
  NaiveBayesPrior prior = NaiveBayesPrior::learned;
};

// The sufficient statistics: N[c][j] = N_cj and the document count n_c of each class.
struct NaiveBayesCounts {
  std::vector<std::vector<double>> N;  // K x |V|
  std::vector<int64_t> docs;           // n_c
};

// One pass over X. class_of_row[i] in 0..K-1; |V| = X.cols.
NaiveBayesCounts naive_bayes_counts(const CsrMatrix& X, std::span<const int32_t> class_of_row,
                                    int32_t K);

// NB-1 on labels 0..K-1: per_class[c] = (log theta_c, log P(c)).
MulticlassModel naive_bayes_multiclass(const CsrMatrix& X, const MulticlassLabels& labels,
                                       const NaiveBayesOptions& options);
// Two-class NB on y in {-1,+1}: f(x) = log P(+|x) - log P(-|x).
LinearModel naive_bayes_binary(const CsrMatrix& X, std::span<const double> y,
                               const NaiveBayesOptions& options);
// NB-2 on labels 0..K-1: per_class[c] = two-class NB of c against the rest.
MulticlassModel naive_bayes_one_vs_rest(const CsrMatrix& X, const MulticlassLabels& labels,
                                        const NaiveBayesOptions& options);

SolverInfo naive_bayes_solver_info();      // "nb"
SolverInfo naive_bayes_ovr_solver_info();  // "nb-ovr"

}  // namespace linrepro
