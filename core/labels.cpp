#include "core/labels.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "core/error.h"

namespace linrepro {
namespace {

// Checked on the raw values, before they go into a std::set: NaN breaks its ordering (it compares
// equivalent to everything), so a NaN would silently vanish or merge into another label.
void check_finite(std::span<const double> raw) {
  for (size_t i = 0; i < raw.size(); ++i)
    if (!std::isfinite(raw[i]))
      throw ConfigError(fmt::format("label of row {} is NaN or infinite", i));
}

}  // namespace

BinaryLabels one_vs_rest(const MulticlassLabels& labels, int32_t k) {
  BinaryLabels y(labels.y.size());
  for (size_t i = 0; i < y.size(); ++i) y[i] = labels.y[i] == k ? 1.0 : -1.0;
  return y;
}

BinaryLabels one_vs_rest(const MultilabelLabels& labels, int32_t k) {
  BinaryLabels y(labels.y.size());
  for (size_t i = 0; i < y.size(); ++i)
    y[i] = std::binary_search(labels.y[i].begin(), labels.y[i].end(), k) ? 1.0 : -1.0;
  return y;
}

BinaryLabels to_binary(std::span<const double> raw) {
  check_finite(raw);
  std::set<double> values(raw.begin(), raw.end());
  double positive;
  if (values.size() == 1) {
    positive = *values.begin() > 0 ? *values.begin() : std::nan("");
  } else if (values == std::set<double>{-1, 1} || values == std::set<double>{0, 1}) {
    positive = 1;
  } else if (values == std::set<double>{1, 2}) {
    positive = 1;
  } else {
    throw ConfigError(
        fmt::format("labels {{{}}} are not binary (expected -1/+1, 0/1 or 1/2); "
                    "treat them as classes instead (`--multiclass` on the command line)",
                    fmt::join(values, ", ")));
  }
  BinaryLabels y(raw.size());
  for (size_t i = 0; i < y.size(); ++i) y[i] = raw[i] == positive ? 1.0 : -1.0;
  return y;
}

MulticlassLabels to_multiclass(std::span<const double> raw) {
  check_finite(raw);
  std::set<double> values(raw.begin(), raw.end());
  MulticlassLabels out;
  std::vector<double> sorted(values.begin(), values.end());
  for (double v : sorted) out.class_names.push_back(fmt::format("{}", v));
  out.y.resize(raw.size());
  for (size_t i = 0; i < raw.size(); ++i)
    out.y[i] = static_cast<int32_t>(std::lower_bound(sorted.begin(), sorted.end(), raw[i]) -
                                    sorted.begin());
  return out;
}

}  // namespace linrepro
