#include "metrics/confusion_matrix.h"

#include <fmt/format.h>

#include <stdexcept>

namespace linrepro {

int64_t ConfusionMatrix::total() const {
  int64_t n = 0;
  for (int64_t c : counts) n += c;
  return n;
}

int64_t ConfusionMatrix::correct() const {
  int64_t s = 0;
  for (int32_t k = 0; k < num_classes; ++k) s += at(k, k);
  return s;
}

ConfusionMatrix confusion_matrix(std::span<const int32_t> truth, std::span<const int32_t> predicted,
                                 int32_t num_classes) {
  if (truth.size() != predicted.size())
    throw std::invalid_argument(fmt::format("confusion_matrix: {} true labels but {} predictions",
                                            truth.size(), predicted.size()));
  if (num_classes < 0) throw std::invalid_argument("confusion_matrix: negative number of classes");
  ConfusionMatrix C;
  C.num_classes = num_classes;
  C.counts.assign(static_cast<size_t>(num_classes) * num_classes, 0);
  for (size_t i = 0; i < truth.size(); ++i) {
    const int32_t t = truth[i], p = predicted[i];
    if (t < 0 || t >= num_classes || p < 0 || p >= num_classes)
      throw std::invalid_argument(fmt::format(
          "confusion_matrix: row {} has classes ({}, {}) outside 0..{}", i, t, p, num_classes - 1));
    ++C.counts[static_cast<size_t>(t) * num_classes + p];
  }
  return C;
}

double accuracy(const ConfusionMatrix& C) {
  const int64_t n = C.total();
  if (n == 0) throw std::invalid_argument("accuracy: no rows");
  return static_cast<double>(C.correct()) / static_cast<double>(n);
}

double error_rate(const ConfusionMatrix& C) { return 1.0 - accuracy(C); }

double accuracy(std::span<const int32_t> truth, std::span<const int32_t> predicted) {
  if (truth.size() != predicted.size())
    throw std::invalid_argument(
        fmt::format("accuracy: {} true labels but {} predictions", truth.size(), predicted.size()));
  if (truth.empty()) throw std::invalid_argument("accuracy: no rows");
  int64_t correct = 0;
  for (size_t i = 0; i < truth.size(); ++i) correct += truth[i] == predicted[i];
  return static_cast<double>(correct) / static_cast<double>(truth.size());
}

double accuracy(std::span<const double> truth, std::span<const double> predicted) {
  if (truth.size() != predicted.size())
    throw std::invalid_argument(
        fmt::format("accuracy: {} true labels but {} predictions", truth.size(), predicted.size()));
  if (truth.empty()) throw std::invalid_argument("accuracy: no rows");
  int64_t correct = 0;
  for (size_t i = 0; i < truth.size(); ++i) correct += (truth[i] > 0) == (predicted[i] > 0);
  return static_cast<double>(correct) / static_cast<double>(truth.size());
}

double error_rate(std::span<const double> truth, std::span<const double> predicted) {
  return 1.0 - accuracy(truth, predicted);
}

}  // namespace linrepro
