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
// micro because Table 2 is micro-averaged. Ties (equal pooled values) go to the LARGER lambda, the
// more regularised model.
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
  double bep() const { return positives > 0 ? tp / static_cast<double>(positives) : 0.0; }
};

// Index of the chosen point (rule above). Throws std::invalid_argument on an empty grid.
size_t zo_pick_lambda(std::span<const ZoCvPoint> grid);

}  // namespace linrepro
