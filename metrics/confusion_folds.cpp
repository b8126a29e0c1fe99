#include "metrics/confusion_folds.h"

#include <fmt/format.h>

#include "core/error.h"
#include "metrics/averaging.h"

namespace linrepro {

nlohmann::json confusion_to_json(const ConfusionMatrix& C) {
  nlohmann::json rows = nlohmann::json::array();
  for (int32_t t = 0; t < C.num_classes; ++t) {
    nlohmann::json row = nlohmann::json::array();
    for (int32_t p = 0; p < C.num_classes; ++p) row.push_back(C.at(t, p));
    rows.push_back(std::move(row));
  }
  return rows;
}

ConfusionMatrix confusion_from_json(const nlohmann::json& j, const std::string& what) {
  if (!j.is_array())
    throw ConfigError(fmt::format("{}: a confusion matrix must be an array", what));
  ConfusionMatrix C;
  C.num_classes = static_cast<int32_t>(j.size());
  for (size_t t = 0; t < j.size(); ++t) {
    const auto& row = j[t];
    if (!row.is_array() || row.size() != j.size())
      throw ConfigError(fmt::format("{}: confusion row {} must hold {} counts", what, t, j.size()));
    for (const auto& v : row) {
      if (!v.is_number_integer() || v.get<int64_t>() < 0)
        throw ConfigError(
            fmt::format("{}: confusion row {} holds {}, not a count", what, t, v.dump()));
      C.counts.push_back(v.get<int64_t>());
    }
  }
  return C;
}

ConfusionMatrix sum_confusions(std::span<const ConfusionMatrix> folds) {
  if (folds.empty()) throw ConfigError("sum_confusions: no confusion matrices");
  ConfusionMatrix sum = folds.front();
  for (size_t f = 1; f < folds.size(); ++f) {
    if (folds[f].num_classes != sum.num_classes)
      throw ConfigError(fmt::format("sum_confusions: matrix {} has {} classes, the first has {}", f,
                                    folds[f].num_classes, sum.num_classes));
    for (size_t c = 0; c < sum.counts.size(); ++c) sum.counts[c] += folds[f].counts[c];
  }
  return sum;
}

F1Pair micro_macro_f1(const ConfusionMatrix& C) {
  const auto counts = per_class_counts(C);
  return {micro_average(counts).f1, macro_average(counts).f1};
}

F1Intervals micro_macro_f1_intervals(const ConfusionMatrix& C, uint64_t seed) {
  if (C.total() <= 0) throw ConfigError("micro_macro_f1_intervals: an empty confusion matrix");
  const auto counts = per_class_counts(C);
  return {wilson_interval(accuracy(C), C.total()),
          averaged_bootstrap_interval(counts, AveragedMeasure::macro_f1, seed)};
}

}  // namespace linrepro
