#include "features/text_dataset.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "corpora/splits.h"

namespace linrepro {

namespace {

// Documents with is_train[i] go to the training side, the rest to the test side.
TextSplit make_split(const Corpus& c, const std::vector<bool>& is_train) {
  std::vector<int32_t> train_rows, test_rows;
  for (size_t i = 0; i < c.docs.size(); ++i)
    (is_train[i] ? train_rows : test_rows).push_back(static_cast<int32_t>(i));
  if (train_rows.empty())
    throw ConfigError(fmt::format("{}: the split leaves no training documents", c.name));
  if (test_rows.empty())
    throw ConfigError(fmt::format("{}: the split leaves no test documents", c.name));
  TextSplit s;
  s.train_labels = multilabel_targets(c, train_rows);
  s.test_labels = multilabel_targets(c, test_rows);
  for (int32_t i : train_rows) {
    s.train.push_back(TextDoc{c.docs[i].title, c.docs[i].body});
    s.train_ids.push_back(c.docs[i].id);
  }
  for (int32_t i : test_rows) {
    s.test.push_back(TextDoc{c.docs[i].title, c.docs[i].body});
    s.test_ids.push_back(c.docs[i].id);
  }
  return s;
}

}  // namespace

TextSplit split_standard(const Corpus& corpus) {
  std::vector<bool> is_train(corpus.docs.size());
  for (size_t i = 0; i < corpus.docs.size(); ++i) {
    const auto& split = corpus.docs[i].split;
    if (split != "train" && split != "test")
      throw ConfigError(
          fmt::format("{}: document {} has no standard split; use a random split or folds",
                      corpus.name, corpus.docs[i].id));
    is_train[i] = split == "train";
  }
  return make_split(corpus, is_train);
}

TextSplit split_random(const Corpus& corpus, double train_fraction, uint64_t seed) {
  Corpus c = corpus;
  assign_random_split(c, train_fraction, seed);
  return split_standard(c);
}

TextSplit split_fold(const Corpus& corpus, int folds, int fold, uint64_t seed) {
  if (fold < 0 || fold >= folds)
    throw ConfigError(fmt::format("fold {} of {} folds is not valid", fold, folds));
  const auto assignment = fold_assignment(static_cast<int32_t>(corpus.docs.size()), folds, seed);
  std::vector<bool> is_train(corpus.docs.size());
  for (size_t i = 0; i < corpus.docs.size(); ++i) is_train[i] = assignment[i] != fold;
  return make_split(corpus, is_train);
}

PreparedText prepare_text(const TextSplit& split, const FeatureConfig& config,
                          const PrepareOptions& options) {
  PreparedText p;
  p.features = prepare(split.train, split.test, split.train_labels, config, options);
  p.train_labels = split.train_labels;
  p.test_labels = split.test_labels;
  p.identity = describe(p.features);
  return p;
}

MulticlassLabels first_labels(const MultilabelLabels& labels) {
  MulticlassLabels out;
  out.class_names = labels.class_names;
  out.y.reserve(labels.y.size());
  for (const auto& l : labels.y) out.y.push_back(l.empty() ? -1 : l.front());
  return out;
}

nlohmann::json corpus_description(const Corpus& corpus, const std::string& view) {
  nlohmann::json d = {
      {"view", view}, {"docs", corpus.docs.size()}, {"classes", corpus.label_names.size()}};
  const nlohmann::json& data = corpus.identity.value("data", nlohmann::json::object());
  if (data.contains("content_sha256"))
    d["content_sha256"] = data["content_sha256"];
  else if (corpus.identity.contains("path"))  // a user's folder corpus: no digest, name the copy
    d["path"] = corpus.identity["path"];
  return d;
}

}  // namespace linrepro
