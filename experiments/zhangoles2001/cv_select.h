#pragma once
// Table 1's selection rule (Zhang & Oles 2001, §4.1: "the regularization parameter lambda for each
// algorithm is determined by a 5-fold cross-validation with the training set. We fix this parameter
// to be identical for all categories. We try values of lambda at 10^-k with k = 0, ..., 6").
//
// The paper does not say which number the cross-validation maximises. Ours: the MICRO-AVERAGED
// BREAK-EVEN POINT of the held-out folds, pooled over the folds and the categories,
//     BEP(lambda) = sum_{c, f} TP_{c,f}(top m_{c,f}) / sum_{c, f} m_{c,f},
// because the BEP is what §4.2 calls "a pure measure of the quality of the computed hyperplane"
// (free of the threshold adjustment, which needs the training errors of each fold's own fit), and
// micro because Table 2 is micro-averaged.
//
// The choice (docs/RESULTS.md, "Choices made by cross-validation: the tie rule", adopted before
// the rerun that applies it): the ONE-STANDARD-ERROR rule. The best lambda b maximises the pooled
// BEP (equal values to the larger lambda); SE is the sample standard deviation of b's BEP on each
// fold alone (pooled over the categories) over sqrt(folds); the choice is the largest lambda whose
// pooled BEP is at least BEP(b) - SE, the most regularised model the folds cannot tell from b.
#include <cstdint>
#include <span>
#include <vector>

namespace linrepro {

// 10^-k, k = 0..6, largest first.
std::vector<double> zo_lambda_grid();

struct ZoCvPoint {
  double lambda = 0;
  double tp = 0;          // sum over folds and categories of the held-out TP at break-even
  int64_t positives = 0;  // sum of the held-out positives m
  // The same sums per fold (over the categories): each fold's own BEP, for the SE.
  std::vector<double> fold_tp;
  std::vector<int64_t> fold_positives;
  double bep() const { return positives > 0 ? tp / static_cast<double>(positives) : 0.0; }
  std::vector<double> fold_beps() const;
  // Sample standard deviation of fold_beps() over sqrt(folds). Throws std::invalid_argument for
  // fewer than 2 folds.
  double fold_se() const;
};

// Index of the largest pooled BEP (equal values to the larger lambda). Throws
// std::invalid_argument on an empty grid.
size_t zo_best_lambda(std::span<const ZoCvPoint> grid);
// Index of the one-standard-error choice (rule above); needs the best point's folds.
size_t zo_one_se_lambda(std::span<const ZoCvPoint> grid);

}  // namespace linrepro
