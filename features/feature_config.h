#pragma once
// The feature pipeline's config (features/pipeline.h) and its JSON form: every field optional,
// unknown fields, wrong types and bad names errors. Its fields, with their types and meanings, are
// one list (feature_config_fields), which the reader and the protocol language's grammar
// (docs/PROTOCOL.md, kind "features") both read. Meanings in depth: features/tokenizer.h,
// stopwords.h, stemmer.h, analyzer.h (title_separate), vocabulary.h (min_count),
// feature_selection.h (selection, k, scope, aggregate), vectorizer.h.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "features/analyzer.h"
#include "features/feature_selection.h"
#include "features/vectorizer.h"

namespace linrepro {

using Json = nlohmann::json;

struct FeatureConfig {
  int min_token_length = 2;
  int max_token_length = 0;  // 0 = no limit
  StopwordList stopwords = StopwordList::none;
  std::string stemming = "porter";  // "porter" (Porter 1980) | "english" (Porter2) | "none"
  bool title_separate = false;
  int64_t min_count = 1;  // drop terms with fewer training occurrences (Zhang & Oles: 3)
  SelectionMethod selection = SelectionMethod::none;
  int32_t k = 0;
  SelectionScope scope = SelectionScope::global;
  GlobalAggregate aggregate = GlobalAggregate::joint;
  Representation representation = Representation::binary;
  bool l2_normalize = false;
  double bias = 0;

  // Throws ConfigError naming the first bad field, e.g. "FeatureConfig.k: must be >= 1 ...".
  void validate() const;
  TextOptions text_options() const;
  SelectionOptions selection_options() const;
  VectorizerOptions vectorizer_options() const;
};

Json to_json(const FeatureConfig& config);

// The fields of FeatureConfig as JSON, in order: name, type in the protocol language's notation
// (docs/PROTOCOL.md: "integer", "boolean", "\"a\" | \"b\"" for a choice) and meaning; the default
// is to_json(FeatureConfig{}). feature_config_from_json reads exactly these, and the protocol
// grammar's "features" kind is this list (harness/language/grammar_table.cpp), so the two cannot
// disagree.
struct FeatureField {
  std::string name, type, doc;
};
const std::vector<FeatureField>& feature_config_fields();
// Strict: unknown fields, wrong types and bad enum names throw ConfigError naming the field; the
// result is validated.
FeatureConfig feature_config_from_json(const Json& j);

}  // namespace linrepro
