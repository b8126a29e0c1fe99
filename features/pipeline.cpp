#include "features/pipeline.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <type_traits>
#include <utility>

#include "core/error.h"
#include "core/stopwatch.h"
#include "features/vocabulary.h"

namespace linrepro {
namespace {
void progress_line(const PrepareOptions& options, const std::string& line) {
  if (options.progress) fmt::print(stderr, "features: {}\n", line);
}

}  // namespace

TokenizedSplit tokenize_split(const std::vector<TextDoc>& train, const std::vector<TextDoc>& test,
                              const FeatureConfig& config, const PrepareOptions& options) {
  config.validate();
  const TextOptions text = config.text_options();
  Stopwatch sw;
  TokenizedSplit split;
  split.train = tokenize_corpus(train, text, options.threads);
  split.test = tokenize_corpus(test, text, options.threads);
  progress_line(options,
                fmt::format("tokenised {} train + {} test documents ({:.1f} MB, {} + {} "
                            "tokens) in {:.2f} s",
                            train.size(), test.size(),
                            (split.train.input_bytes + split.test.input_bytes) / 1e6,
                            split.train.tokens.size(), split.test.tokens.size(), sw.seconds()));
  return split;
}

PreparedSplit prepare(const TokenizedSplit& split, const MultilabelLabels& train_targets,
                      const FeatureConfig& config, const PrepareOptions& options) {
  config.validate();
  const TextOptions text = config.text_options();
  if (!(split.train.options == text) || !(split.test.options == text))
    throw ConfigError(
        "prepare: the split was tokenised with other tokeniser/stop-word/stemming/"
        "title options than this FeatureConfig");

  PreparedSplit out;
  out.config = config;
  PreparedStats& st = out.stats;
  st.train_docs = split.train.num_docs();
  st.test_docs = split.test.num_docs();
  st.train_bytes = split.train.input_bytes;
  st.test_bytes = split.test.input_bytes;
  st.train_tokens = static_cast<int64_t>(split.train.tokens.size());
  st.test_tokens = static_cast<int64_t>(split.test.tokens.size());

  // Everything learnt comes from split.train only.
  Stopwatch sw;
  const Vocabulary vocab = build_vocabulary(split.train, config.min_count);
  st.train_terms = vocab.terms_before_min_count;
  st.vocabulary = vocab.size();
  const CsrMatrix train_counts = count_matrix(split.train, vocab);
  const CsrMatrix test_counts = count_matrix(split.test, vocab, &st.test_tokens_unseen);
  const FeatureSelection selection =
      select_features(train_counts, train_targets, config.selection_options());
  st.select_seconds = sw.seconds();

  // Columns in vocabulary (= term) order, whatever the ranking.
  std::vector<int32_t> columns;
  if (out.per_category()) {
    std::vector<char> used(static_cast<size_t>(vocab.size()), 0);
    for (const auto& ids : selection.per_category)
      for (int32_t t : ids) used[t] = 1;
    std::vector<int32_t> column_of(static_cast<size_t>(vocab.size()), -1);
    for (int32_t t = 0; t < vocab.size(); ++t)
      if (used[t]) {
        column_of[t] = static_cast<int32_t>(columns.size());
        columns.push_back(t);
      }
    for (const auto& ids : selection.per_category) {
      std::vector<int32_t> cols;
      cols.reserve(ids.size());
      for (int32_t t : ids) cols.push_back(column_of[t]);
      std::sort(cols.begin(), cols.end());
      out.category_columns.push_back(std::move(cols));
    }
    out.category_names = train_targets.class_names;
  } else {
    columns = selection.global;
    std::sort(columns.begin(), columns.end());
  }
  st.features = static_cast<int32_t>(columns.size());
  progress_line(options,
                fmt::format("vocabulary {} terms ({} before min_count {}), selected {} "
                            "({}) in {:.2f} s",
                            st.vocabulary, st.train_terms, config.min_count, st.features,
                            to_json(config)["selection"].get<std::string>(), st.select_seconds));

  sw = Stopwatch();
  const std::vector<double> idf = inverse_document_frequency(vocab);
  for (int32_t t : columns) {
    out.matrices.feature_names.push_back(vocab.terms[t]);
    out.train_df.push_back(vocab.df[t]);
    if (!selection.global_scores.empty()) out.scores.push_back(selection.global_scores[t]);
  }
  if (out.per_category()) {
    out.matrices.train = weight_columns(train_counts, columns, config.representation, idf);
    out.matrices.test = weight_columns(test_counts, columns, config.representation, idf);
  } else {
    out.matrices.train = vectorize(train_counts, columns, idf, config.vectorizer_options());
    out.matrices.test = vectorize(test_counts, columns, idf, config.vectorizer_options());
    if (config.bias > 0) out.matrices.feature_names.push_back("<bias>");
  }
  // Both matrices span every selected column, even one no test document uses.
  out.matrices.train.cols = out.matrices.test.cols =
      static_cast<int32_t>(out.matrices.feature_names.size());
  const int32_t bias_entries = config.bias > 0 && !out.per_category() ? 1 : 0;
  for (int32_t i = 0; i < out.matrices.train.rows; ++i)
    st.empty_train_rows +=
        out.matrices.train.row_indices(i).size() == static_cast<size_t>(bias_entries);
  for (int32_t i = 0; i < out.matrices.test.rows; ++i)
    st.empty_test_rows +=
        out.matrices.test.row_indices(i).size() == static_cast<size_t>(bias_entries);
  st.vectorize_seconds = sw.seconds();
  progress_line(
      options, fmt::format("vectors: train {} x {} ({} nnz), test {} x {} ({} nnz, {} "
                           "unseen test tokens dropped) in {:.2f} s",
                           out.matrices.train.rows, out.matrices.train.cols,
                           out.matrices.train.nnz(), out.matrices.test.rows, out.matrices.test.cols,
                           out.matrices.test.nnz(), st.test_tokens_unseen, st.vectorize_seconds));
  return out;
}

PreparedSplit prepare(const std::vector<TextDoc>& train, const std::vector<TextDoc>& test,
                      const MultilabelLabels& train_targets, const FeatureConfig& config,
                      const PrepareOptions& options) {
  Stopwatch sw;
  const TokenizedSplit split = tokenize_split(train, test, config, options);
  const double tokenize_seconds = sw.seconds();
  PreparedSplit out = prepare(split, train_targets, config, options);
  out.stats.tokenize_seconds = tokenize_seconds;
  return out;
}

FeatureMatrices for_category(const PreparedSplit& split, int32_t k) {
  if (!split.per_category())
    throw ConfigError("for_category: the split was prepared with global feature selection");
  if (k < 0 || k >= static_cast<int32_t>(split.category_columns.size()))
    throw ConfigError(
        fmt::format("for_category: category {} of {}", k, split.category_columns.size()));
  const auto& cols = split.category_columns[k];
  FeatureMatrices m;
  const bool l2 = split.config.l2_normalize;
  m.train = finish_rows(split.matrices.train.select_columns(cols), l2, split.config.bias);
  m.test = finish_rows(split.matrices.test.select_columns(cols), l2, split.config.bias);
  for (int32_t c : cols) m.feature_names.push_back(split.matrices.feature_names[c]);
  if (split.config.bias > 0) m.feature_names.push_back("<bias>");
  return m;
}

Json describe(const PreparedSplit& split) {
  const PreparedStats& s = split.stats;
  return Json{{"config", to_json(split.config)},
              {"stats",
               {{"train_docs", s.train_docs},
                {"test_docs", s.test_docs},
                {"train_bytes", s.train_bytes},
                {"test_bytes", s.test_bytes},
                {"train_tokens", s.train_tokens},
                {"test_tokens", s.test_tokens},
                {"train_terms", s.train_terms},
                {"vocabulary", s.vocabulary},
                {"features", s.features},
                {"categories", split.category_columns.size()},
                {"test_tokens_unseen", s.test_tokens_unseen},
                {"empty_train_rows", s.empty_train_rows},
                {"empty_test_rows", s.empty_test_rows},
                {"train_nnz", split.matrices.train.nnz()},
                {"test_nnz", split.matrices.test.nnz()},
                {"tokenize_seconds", s.tokenize_seconds},
                {"select_seconds", s.select_seconds},
                {"vectorize_seconds", s.vectorize_seconds}}}};
}

}  // namespace linrepro
