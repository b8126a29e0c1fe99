#pragma once
// Per-category contingency counts and the precision / recall / F1 computed from them
// (Zhang & Oles 2001, section 4.2; Yang 1999):
//
//   precision = TP / (TP + FP)        recall = TP / (TP + FN)
//   F1 = 2 P R / (P + R) = 2 TP / (2 TP + FP + FN)
//
// All three are fractions in [0, 1] here; the papers print them x100.
//
// 0/0 convention. Neither paper states one, and it matters for macro averages over categories
// with few or no test documents. We use the information-retrieval convention: a 0/0 ratio
// counts as `zero_division`, default 1, i.e.
//   - precision = 1 when nothing is predicted positive (TP + FP = 0): no wrong assignment was made;
//   - recall    = 1 when the category has no positive rows (TP + FN = 0): nothing was missed;
//   - F1 is computed from counts, 2TP / (2TP + FP + FN), so it is 0/0 only when TP = FP = FN = 0
//     (no positives and none predicted, a perfect answer) and then also = zero_division.
// A category with positives and no predictions therefore gets P = 1, R = 0, F1 = 0.
// Pass zero_division = 0 to reproduce scikit-learn's default (zero_division="warn" acts as 0).
#include <cstdint>
#include <span>

namespace linrepro {

struct BinaryCounts {
  int64_t tp = 0;  // true +1, predicted +1
  int64_t fp = 0;  // true -1, predicted +1
  int64_t fn = 0;  // true +1, predicted -1
  int64_t tn = 0;  // true -1, predicted -1

  BinaryCounts& operator+=(const BinaryCounts& o) {
    tp += o.tp, fp += o.fp, fn += o.fn, tn += o.tn;
    return *this;
  }
  int64_t total() const { return tp + fp + fn + tn; }
  bool operator==(const BinaryCounts&) const = default;
};

// truth and predicted are +1/-1 labels (a value > 0 counts as +1). Throws std::invalid_argument
// if the lengths differ.
BinaryCounts count_binary(std::span<const double> truth, std::span<const double> predicted);

// Rows with decision value f >= threshold are predicted +1 (LinearModel::predict's f >= 0 rule
// shifted by a threshold, see metrics/threshold.h).
BinaryCounts count_binary_at_threshold(std::span<const double> truth,
                                       std::span<const double> decision, double threshold = 0);

double precision(const BinaryCounts& c, double zero_division = 1.0);
double recall(const BinaryCounts& c, double zero_division = 1.0);
double f1(const BinaryCounts& c, double zero_division = 1.0);

}  // namespace linrepro
