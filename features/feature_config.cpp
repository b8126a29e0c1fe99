#include "features/feature_config.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>
#include <type_traits>
#include <utility>

#include "core/error.h"

namespace linrepro {
namespace {

template <class E, size_t N>
using Names = std::array<std::pair<E, std::string_view>, N>;

constexpr Names<StopwordList, 3> kStopwords{{{StopwordList::none, "none"},
                                             {StopwordList::glasgow, "glasgow"},
                                             {StopwordList::smart, "smart"}}};
constexpr Names<SelectionMethod, 6> kMethods{{{SelectionMethod::none, "none"},
                                              {SelectionMethod::df, "df"},
                                              {SelectionMethod::ig, "ig"},
                                              {SelectionMethod::ig_gini, "ig_gini"},
                                              {SelectionMethod::mi, "mi"},
                                              {SelectionMethod::chi2, "chi2"}}};
constexpr Names<SelectionScope, 2> kScopes{
    {{SelectionScope::global, "global"}, {SelectionScope::per_category, "per_category"}}};
constexpr Names<GlobalAggregate, 3> kAggregates{{{GlobalAggregate::joint, "joint"},
                                                 {GlobalAggregate::max, "max"},
                                                 {GlobalAggregate::weighted_avg, "weighted_avg"}}};
constexpr Names<Representation, 3> kRepresentations{{{Representation::binary, "binary"},
                                                     {Representation::tf, "tf"},
                                                     {Representation::tfidf, "tfidf"}}};
constexpr std::array<std::string_view, 3> kStemmings{"porter", "english", "none"};

template <class E, size_t N>
std::string name_of(const Names<E, N>& names, E value) {
  for (const auto& [v, name] : names)
    if (v == value) return std::string(name);
  return "?";
}

template <class E, size_t N>
E parse_enum(const Names<E, N>& names, const Json& j, const std::string& field) {
  std::string known;
  for (const auto& [v, name] : names) known += (known.empty() ? "" : " | ") + std::string(name);
  if (!j.is_string())
    throw ConfigError(
        fmt::format("FeatureConfig.{}: expected a string ({}), got {}", field, known, j.dump()));
  const auto s = j.get<std::string>();
  for (const auto& [v, name] : names)
    if (name == s) return v;
  throw ConfigError(
      fmt::format("FeatureConfig.{}: unknown value \"{}\" (expected {})", field, s, known));
}

int64_t parse_int(const Json& j, const std::string& field) {
  if (!j.is_number_integer())
    throw ConfigError(
        fmt::format("FeatureConfig.{}: expected an integer, got {}", field, j.dump()));
  return j.get<int64_t>();
}

bool parse_bool(const Json& j, const std::string& field) {
  if (!j.is_boolean())
    throw ConfigError(
        fmt::format("FeatureConfig.{}: expected true or false, got {}", field, j.dump()));
  return j.get<bool>();
}

}  // namespace

void FeatureConfig::validate() const {
  auto fail = [](std::string_view field, const std::string& what) {
    throw ConfigError(fmt::format("FeatureConfig.{}: {}", field, what));
  };
  if (min_token_length < 1)
    fail("min_token_length", fmt::format("must be >= 1 (got {})", min_token_length));
  if (max_token_length < 0)
    fail("max_token_length", fmt::format("must be >= 0, 0 = no limit (got {})", max_token_length));
  if (max_token_length > 0 && max_token_length < min_token_length)
    fail("max_token_length",
         fmt::format("{} is below min_token_length {}", max_token_length, min_token_length));
  if (std::find(kStemmings.begin(), kStemmings.end(), stemming) == kStemmings.end())
    fail("stemming",
         fmt::format("unknown value \"{}\" (expected porter | english | none)", stemming));
  if (min_count < 1) fail("min_count", fmt::format("must be >= 1 (got {})", min_count));
  if (selection == SelectionMethod::none) {
    if (k != 0) fail("k", fmt::format("must be 0 when selection is \"none\" (got {})", k));
    if (scope == SelectionScope::per_category)
      fail("scope", "per_category needs a selection method");
  } else if (k < 1) {
    fail("k", fmt::format("must be >= 1 with selection \"{}\" (got {})",
                          name_of(kMethods, selection), k));
  }
  if (scope == SelectionScope::per_category && aggregate != GlobalAggregate::joint)
    fail("aggregate", "applies to the global scope only (leave it \"joint\" for per_category)");
  if (!std::isfinite(bias) || bias < 0)
    fail("bias", fmt::format("must be finite and >= 0, 0 = no bias column (got {})", bias));
}

TextOptions FeatureConfig::text_options() const {
  TextOptions t;
  t.tokenizer.min_length = min_token_length;
  t.tokenizer.max_length = max_token_length;
  t.stopwords = stopwords;
  t.stemmer = stemming == "none" ? "" : stemming;
  t.title_separate = title_separate;
  return t;
}

SelectionOptions FeatureConfig::selection_options() const {
  return SelectionOptions{selection, k, scope, aggregate};
}

VectorizerOptions FeatureConfig::vectorizer_options() const {
  return VectorizerOptions{representation, l2_normalize, bias};
}

namespace {

// A choice's type: its names, each quoted, joined by " | ".
template <class Names>
std::string choice_of(const Names& names) {
  std::string out;
  for (const auto& n : names) {
    std::string_view name;
    if constexpr (std::is_convertible_v<decltype(n), std::string_view>)
      name = n;
    else
      name = n.second;
    out += (out.empty() ? "\"" : " | \"") + std::string(name) + "\"";
  }
  return out;
}

}  // namespace

const std::vector<FeatureField>& feature_config_fields() {
  static const std::vector<FeatureField> fields = {
      {"min_token_length", "integer", "Shorter tokens are dropped."},
      {"max_token_length", "integer", "Longer tokens are dropped (0: no limit)."},
      {"stopwords", choice_of(kStopwords), "The stop list (features/stopwords.h)."},
      {"stemming", choice_of(kStemmings), "The stemmer (features/stemmer.h)."},
      {"title_separate", "boolean", "Title words are features of their own."},
      {"min_count", "integer", "Terms seen fewer times in training are dropped."},
      {"selection", choice_of(kMethods), "The feature selection (features/feature_selection.h)."},
      {"k", "integer", "Features kept by the selection (0: all)."},
      {"scope", choice_of(kScopes), "One selection, or one per category."},
      {"aggregate", choice_of(kAggregates), "How a global selection combines the categories."},
      {"representation", choice_of(kRepresentations), "The values (features/vectorizer.h)."},
      {"l2_normalize", "boolean", "Rows scaled to unit length."},
      {"bias", "number", "A constant feature of this value (0: none)."},
  };
  return fields;
}

Json to_json(const FeatureConfig& c) {
  return Json{{"min_token_length", c.min_token_length},
              {"max_token_length", c.max_token_length},
              {"stopwords", name_of(kStopwords, c.stopwords)},
              {"stemming", c.stemming},
              {"title_separate", c.title_separate},
              {"min_count", c.min_count},
              {"selection", name_of(kMethods, c.selection)},
              {"k", c.k},
              {"scope", name_of(kScopes, c.scope)},
              {"aggregate", name_of(kAggregates, c.aggregate)},
              {"representation", name_of(kRepresentations, c.representation)},
              {"l2_normalize", c.l2_normalize},
              {"bias", c.bias}};
}

FeatureConfig feature_config_from_json(const Json& j) {
  if (!j.is_object())
    throw ConfigError(fmt::format("FeatureConfig: expected a JSON object, got {}", j.dump()));
  FeatureConfig c;
  for (const auto& item : j.items()) {
    // Named copies: the lambda below captures them (clang 14 captures no structured binding).
    const std::string key = item.key();
    const Json& v = item.value();
    auto int_in = [&](int64_t lo, int64_t hi) {
      const int64_t x = parse_int(v, key);
      if (x < lo || x > hi)
        throw ConfigError(
            fmt::format("FeatureConfig.{}: {} is out of range [{}, {}]", key, x, lo, hi));
      return x;
    };
    if (key == "min_token_length")
      c.min_token_length = static_cast<int>(int_in(-1'000'000, 1'000'000));
    else if (key == "max_token_length")
      c.max_token_length = static_cast<int>(int_in(-1'000'000, 1'000'000));
    else if (key == "stopwords")
      c.stopwords = parse_enum(kStopwords, v, key);
    else if (key == "stemming") {
      if (!v.is_string())
        throw ConfigError(
            fmt::format("FeatureConfig.stemming: expected a string, got {}", v.dump()));
      c.stemming = v.get<std::string>();
    } else if (key == "title_separate")
      c.title_separate = parse_bool(v, key);
    else if (key == "min_count")
      c.min_count = parse_int(v, key);
    else if (key == "selection")
      c.selection = parse_enum(kMethods, v, key);
    else if (key == "k")
      c.k = static_cast<int32_t>(int_in(-1, INT32_MAX));
    else if (key == "scope")
      c.scope = parse_enum(kScopes, v, key);
    else if (key == "aggregate")
      c.aggregate = parse_enum(kAggregates, v, key);
    else if (key == "representation")
      c.representation = parse_enum(kRepresentations, v, key);
    else if (key == "l2_normalize")
      c.l2_normalize = parse_bool(v, key);
    else if (key == "bias") {
      if (!v.is_number())
        throw ConfigError(fmt::format("FeatureConfig.bias: expected a number, got {}", v.dump()));
      c.bias = v.get<double>();
    } else {
      std::string known;
      for (const FeatureField& f : feature_config_fields())
        known += (known.empty() ? "" : ", ") + f.name;
      throw ConfigError(fmt::format("FeatureConfig: unknown field \"{}\" (known: {})", key, known));
    }
  }
  c.validate();
  return c;
}

}  // namespace linrepro
