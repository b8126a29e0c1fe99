#include "corpora/splits.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/seed.h"

namespace linrepro {

std::vector<int32_t> split_rows(const Corpus& corpus, std::string_view split) {
  std::vector<int32_t> rows;
  for (size_t i = 0; i < corpus.docs.size(); ++i) {
    if (corpus.docs[i].split == split) rows.push_back(static_cast<int32_t>(i));
  }
  return rows;
}

namespace {

int32_t class_id(const Corpus& corpus, const std::string& label) {
  const auto& names = corpus.label_names;
  const auto it = std::find(names.begin(), names.end(), label);
  return it == names.end() ? -1 : static_cast<int32_t>(it - names.begin());
}

}  // namespace

MultilabelLabels multilabel_targets(const Corpus& corpus, std::span<const int32_t> rows) {
  MultilabelLabels out;
  out.class_names = corpus.label_names;
  out.y.reserve(rows.size());
  for (int32_t r : rows) {
    std::vector<int32_t> ids;
    for (const auto& l : corpus.docs.at(static_cast<size_t>(r)).labels) {
      const int32_t k = class_id(corpus, l);
      if (k >= 0) ids.push_back(k);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    out.y.push_back(std::move(ids));
  }
  return out;
}

MulticlassLabels multiclass_targets(const Corpus& corpus, std::span<const int32_t> rows) {
  MulticlassLabels out;
  out.class_names = corpus.label_names;
  const MultilabelLabels multi = multilabel_targets(corpus, rows);
  for (size_t i = 0; i < rows.size(); ++i) {
    if (multi.y[i].size() != 1) {
      throw ConfigError(fmt::format("{}: document {} has {} labels; a single-label task needs one",
                                    corpus.name, corpus.docs[static_cast<size_t>(rows[i])].id,
                                    multi.y[i].size()));
    }
    out.y.push_back(multi.y[i][0]);
  }
  return out;
}

std::vector<int32_t> seeded_permutation(int32_t n, uint64_t seed) {
  std::vector<int32_t> p(static_cast<size_t>(std::max(n, 0)));
  for (int32_t i = 0; i < n; ++i) p[static_cast<size_t>(i)] = i;
  Rng rng(seed);
  for (size_t i = p.size(); i > 1; --i) std::swap(p[i - 1], p[rng() % i]);
  return p;
}

void assign_random_split(Corpus& corpus, double train_fraction, uint64_t seed) {
  if (!(train_fraction > 0 && train_fraction < 1)) {
    throw ConfigError(fmt::format("train_fraction {} must be in (0, 1)", train_fraction));
  }
  const auto n = static_cast<int32_t>(corpus.docs.size());
  const auto n_train = static_cast<int32_t>(std::lround(train_fraction * n));
  const std::vector<int32_t> p = seeded_permutation(n, seed);
  for (int32_t i = 0; i < n; ++i) {
    corpus.docs[static_cast<size_t>(p[static_cast<size_t>(i)])].split =
        i < n_train ? "train" : "test";
  }
  corpus.identity["split"] = Json{{"kind", "random"},
                                  {"train_fraction", train_fraction},
                                  {"seed", seed},
                                  {"train", n_train},
                                  {"test", n - n_train}};
}

std::vector<int32_t> fold_assignment(int32_t n, int32_t k, uint64_t seed) {
  if (k < 2 || k > n) throw ConfigError(fmt::format("{} folds of {} items", k, n));
  const std::vector<int32_t> p = seeded_permutation(n, seed);
  std::vector<int32_t> fold(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) fold[static_cast<size_t>(p[static_cast<size_t>(i)])] = i % k;
  return fold;
}

}  // namespace linrepro
