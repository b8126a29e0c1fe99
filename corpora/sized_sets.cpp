#include "corpora/sized_sets.h"

#include <algorithm>
#include <string>
#include <vector>

#include "corpora/splits.h"

namespace linrepro {

namespace {

std::vector<int32_t> rows_range(int32_t begin, int32_t end) {
  std::vector<int32_t> r(static_cast<size_t>(end - begin));
  for (int32_t i = begin; i < end; ++i) r[static_cast<size_t>(i - begin)] = i;
  return r;
}

}  // namespace

SyntheticSpec rcv1_like_spec(int32_t n, int32_t test_rows, uint64_t seed) {
  SyntheticSpec s;
  s.rows = n + test_rows;
  s.features = 500;
  s.mean_nnz = 38;
  s.zipf_exponent = 1.0;
  s.positive_fraction = 0.3;
  s.label_noise = 0.1;
  s.seed = seed;
  return s;
}

Json to_json(const SyntheticSpec& s) {
  return {{"rows", s.rows},
          {"features", s.features},
          {"mean_nnz", s.mean_nnz},
          {"zipf_exponent", s.zipf_exponent},
          {"positive_fraction", s.positive_fraction},
          {"label_noise", s.label_noise},
          {"seed", s.seed}};
}

BinaryDataset synthetic_binary_dataset(const SyntheticSpec& spec, int32_t test_rows,
                                       const std::string& name) {
  const SyntheticData all = make_synthetic_text(spec);
  const int32_t n = spec.rows - test_rows;
  BinaryDataset d;
  d.name = name;
  d.X_train = all.X.select_rows(rows_range(0, n));
  d.X_test = all.X.select_rows(rows_range(n, spec.rows));
  d.X_test.cols = d.X_train.cols = spec.features;
  d.y_train.assign(all.y.begin(), all.y.begin() + n);
  d.y_test.assign(all.y.begin() + n, all.y.end());
  return d;
}

BinaryDataset nested_subsample(const BinaryDataset& d, int32_t n, uint64_t seed) {
  const auto perm = seeded_permutation(d.X_train.rows, seed);
  std::vector<int32_t> rows(perm.begin(), perm.begin() + n);
  std::sort(rows.begin(), rows.end());  // nested prefixes of one permutation, in file order
  BinaryDataset s;
  s.name = d.name;
  s.X_train = d.X_train.select_rows(rows);
  s.X_train.cols = d.X_train.cols;
  for (int32_t i : rows) s.y_train.push_back(d.y_train[static_cast<size_t>(i)]);
  s.X_test = d.X_test;
  s.y_test = d.y_test;
  return s;
}

}  // namespace linrepro
