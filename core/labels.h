#pragma once
// Label containers. Binary solvers see y_i in {-1, +1} (as doubles, because every paper's
// formula multiplies by y). Multiclass labels are 0..K-1 with names; multi-label documents
// (Reuters) carry a sorted list of class ids.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace linrepro {

using BinaryLabels = std::vector<double>;  // each +1 or -1

struct MulticlassLabels {
  std::vector<int32_t> y;                // class id per row, 0..num_classes()-1
  std::vector<std::string> class_names;  // class_names[k] names class k
  int32_t num_classes() const { return static_cast<int32_t>(class_names.size()); }
};

struct MultilabelLabels {
  std::vector<std::vector<int32_t>> y;  // sorted class ids per row (may be empty)
  std::vector<std::string> class_names;
  int32_t num_classes() const { return static_cast<int32_t>(class_names.size()); }
};

// +1 where the row belongs to class k, -1 elsewhere.
BinaryLabels one_vs_rest(const MulticlassLabels& labels, int32_t k);
BinaryLabels one_vs_rest(const MultilabelLabels& labels, int32_t k);

// Raw numeric labels as read from a LIBSVM file -> binary. Documented mapping:
//   {-1,+1} as is; {0,1}: 1 -> +1, 0 -> -1; {1,2}: 1 -> +1, 2 -> -1 (LIBSVM's first-label-positive
//   convention for a9a-style files that use 1/2); a single value v: v>0 -> +1 else -1.
// Any other set of values throws ConfigError naming the values found (use to_multiclass).
BinaryLabels to_binary(std::span<const double> raw);

// Raw numeric labels -> class ids 0..K-1 in increasing label order; names are the labels as text.
MulticlassLabels to_multiclass(std::span<const double> raw);

}  // namespace linrepro
