#pragma once
// K-class confusion matrix and the accuracy / error rate read from it.
//
//   C[t][p]  = number of rows whose true class is t and predicted class is p   (t, p in 0..K-1)
//   accuracy = (sum_k C[k][k]) / n,   error = 1 - accuracy,   n = sum_{t,p} C[t][p]
//
// For n = 0 both are undefined; accuracy() then throws std::invalid_argument rather than inventing
// a number (an empty test set is a bug upstream, not a result).
#include <cstdint>
#include <span>
#include <vector>

namespace linrepro {

struct ConfusionMatrix {
  int32_t num_classes = 0;
  std::vector<int64_t> counts;  // row-major: counts[t * num_classes + p]

  int64_t at(int32_t truth, int32_t predicted) const {
    return counts[static_cast<size_t>(truth) * num_classes + predicted];
  }
  int64_t total() const;    // n
  int64_t correct() const;  // trace
};

// Throws std::invalid_argument if the spans differ in length or a class id is outside 0..K-1.
ConfusionMatrix confusion_matrix(std::span<const int32_t> truth, std::span<const int32_t> predicted,
                                 int32_t num_classes);

double accuracy(const ConfusionMatrix& C);
double error_rate(const ConfusionMatrix& C);  // 1 - accuracy

// Same definitions directly on label vectors: multiclass ids, or binary +1/-1 labels.
double accuracy(std::span<const int32_t> truth, std::span<const int32_t> predicted);
double accuracy(std::span<const double> truth, std::span<const double> predicted);
double error_rate(std::span<const double> truth, std::span<const double> predicted);

}  // namespace linrepro
