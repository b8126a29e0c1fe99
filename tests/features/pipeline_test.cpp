#include "features/pipeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.h"

namespace linrepro {
namespace {

// A tiny two-category training set ("grain", "crude") and a test set.
std::vector<TextDoc> train_docs() {
  return {{"Wheat exports", "Wheat exports rose. Wheat harvest good, grain prices fell."},
          {"Grain harvest", "The grain harvest and wheat crop were large."},
          {"Corn and wheat", "Corn, wheat and grain shipments; grain exports."},
          {"Crude oil", "Crude oil prices rose; oil output fell."},
          {"Oil prices", "OPEC oil output and crude prices."},
          {"Oil and grain", "Oil and grain prices rose together."},
          {"Bank rates", "The bank raised rates."}};
}
MultilabelLabels train_targets() {
  MultilabelLabels y;
  y.class_names = {"crude", "grain"};
  y.y = {{1}, {1}, {1}, {0}, {0}, {0, 1}, {}};
  return y;
}
std::vector<TextDoc> test_docs() {
  return {{"Zebra oil", "Zebra zebra zebra oil prices"},
          {"Wheat", "Wheat and grain and quokka quokka quokka quokka"}};
}

PrepareOptions quiet() { return PrepareOptions{2, false}; }

FeatureConfig zhang_oles_like() {
  FeatureConfig c;
  c.title_separate = true;
  c.min_count = 2;
  c.selection = SelectionMethod::ig_gini;
  c.k = 6;
  return c;
}

TEST(FeatureConfig, JsonRoundTrip) {
  FeatureConfig c = zhang_oles_like();
  c.stopwords = StopwordList::glasgow;
  c.stemming = "english";
  c.max_token_length = 30;
  c.scope = SelectionScope::global;
  c.aggregate = GlobalAggregate::weighted_avg;
  c.representation = Representation::tfidf;
  c.l2_normalize = true;
  c.bias = 1;
  const Json j = to_json(c);
  EXPECT_EQ(j["selection"], "ig_gini");
  EXPECT_EQ(j["aggregate"], "weighted_avg");
  EXPECT_EQ(to_json(feature_config_from_json(j)), j);
  // Missing fields take the defaults.
  EXPECT_EQ(to_json(feature_config_from_json(Json::object())), to_json(FeatureConfig{}));
}

void expect_config_error(const Json& j, const std::string& needle) {
  try {
    feature_config_from_json(j);
    ADD_FAILURE() << "no error for " << j.dump();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos)
        << "error \"" << e.what() << "\" does not contain \"" << needle << "\"";
  }
}

TEST(FeatureConfig, ErrorsNameTheField) {
  expect_config_error({{"min_count", 0}}, "FeatureConfig.min_count");
  expect_config_error({{"min_count", "3"}}, "FeatureConfig.min_count");
  expect_config_error({{"selection", "gini"}}, "FeatureConfig.selection: unknown value \"gini\"");
  expect_config_error({{"selection", "ig"}}, "FeatureConfig.k");  // k defaults to 0
  expect_config_error({{"k", 5}}, "FeatureConfig.k");             // no selection method
  expect_config_error({{"stemming", "lancaster"}}, "FeatureConfig.stemming");
  expect_config_error({{"bias", -1}}, "FeatureConfig.bias");
  expect_config_error({{"min_token_length", 0}}, "FeatureConfig.min_token_length");
  expect_config_error({{"min_token_length", 4}, {"max_token_length", 3}},
                      "FeatureConfig.max_token_length");
  expect_config_error({{"title_separate", 1}}, "FeatureConfig.title_separate");
  expect_config_error(
      {{"selection", "ig"}, {"k", 5}, {"scope", "per_category"}, {"aggregate", "max"}},
      "FeatureConfig.aggregate");
  expect_config_error({{"min_cont", 3}}, "unknown field \"min_cont\"");
  expect_config_error(Json::array(), "expected a JSON object");
}

TEST(Prepare, TitleWordsSeparateAndMinCountFromTraining) {
  FeatureConfig c;
  c.title_separate = true;
  c.min_count = 3;
  const PreparedSplit p = prepare(train_docs(), test_docs(), MultilabelLabels{}, c, quiet());
  const auto& names = p.matrices.feature_names;
  // "wheat" occurs 4 times in training bodies, "t:wheat" twice in titles (< 3: dropped).
  EXPECT_TRUE(std::binary_search(names.begin(), names.end(), "wheat"));
  EXPECT_FALSE(std::binary_search(names.begin(), names.end(), "t:wheat"));
  EXPECT_TRUE(std::binary_search(names.begin(), names.end(), "t:oil"));  // 3 titles
  EXPECT_EQ(p.stats.train_docs, 7);
  EXPECT_EQ(p.stats.test_docs, 2);
  EXPECT_EQ(p.stats.features, p.stats.vocabulary);
  EXPECT_EQ(p.matrices.train.cols, static_cast<int32_t>(names.size()));
  EXPECT_EQ(p.matrices.test.cols, p.matrices.train.cols);
}

TEST(NoLeakage, TestOnlyTermsNeverBecomeFeatures) {
  FeatureConfig c = zhang_oles_like();
  c.min_count = 1;
  c.k = 1000;  // keep everything selection can see
  const PreparedSplit p = prepare(train_docs(), test_docs(), train_targets(), c, quiet());
  for (const auto& name : p.matrices.feature_names) {
    EXPECT_EQ(name.find("zebra"), std::string::npos) << name;
    EXPECT_EQ(name.find("quokka"), std::string::npos) << name;
  }
  // The unseen test tokens were dropped and counted: zebra x3 + title zebra, quokka x4.
  EXPECT_EQ(p.stats.test_tokens_unseen, 8);
}

TEST(NoLeakage, ChangingTheTestSetChangesNoFeature) {
  for (auto scope : {SelectionScope::global, SelectionScope::per_category}) {
    FeatureConfig c = zhang_oles_like();
    c.scope = scope;
    c.representation = Representation::tfidf;
    c.l2_normalize = true;
    const PreparedSplit a = prepare(train_docs(), test_docs(), train_targets(), c, quiet());
    // A test set that floods the rare training terms (would pass min_count, would change df/idf
    // and the selection scores if test text leaked in).
    std::vector<TextDoc> other;
    for (int i = 0; i < 50; ++i)
      other.push_back({"Bank bank", "bank rates raised opec corn shipments together bank"});
    const PreparedSplit b = prepare(train_docs(), other, train_targets(), c, quiet());
    const PreparedSplit none = prepare(train_docs(), {}, train_targets(), c, quiet());
    for (const PreparedSplit* q : {&b, &none}) {
      EXPECT_EQ(q->matrices.feature_names, a.matrices.feature_names);
      EXPECT_EQ(q->category_columns, a.category_columns);
      EXPECT_EQ(q->scores, a.scores);
      EXPECT_EQ(q->train_df, a.train_df);
      EXPECT_EQ(q->matrices.train.col_idx, a.matrices.train.col_idx);
      EXPECT_EQ(q->matrices.train.values, a.matrices.train.values);
      EXPECT_EQ(q->matrices.train.row_ptr, a.matrices.train.row_ptr);
    }
    EXPECT_EQ(b.matrices.test.rows, 50);
    EXPECT_EQ(none.matrices.test.rows, 0);
  }
}

TEST(Prepare, GlobalSelectionKeepsTopKInTermOrderWithScores) {
  FeatureConfig c = zhang_oles_like();
  c.k = 3;
  c.bias = 1;
  const PreparedSplit p = prepare(train_docs(), test_docs(), train_targets(), c, quiet());
  ASSERT_EQ(p.matrices.feature_names.size(), 4u);
  EXPECT_EQ(p.matrices.feature_names.back(), "<bias>");
  EXPECT_TRUE(std::is_sorted(p.matrices.feature_names.begin(), p.matrices.feature_names.end() - 1));
  EXPECT_EQ(p.scores.size(), 3u);
  EXPECT_EQ(p.train_df.size(), 3u);
  EXPECT_EQ(p.matrices.train.cols, 4);
  // Every row carries the bias as its last entry.
  for (int32_t i = 0; i < p.matrices.train.rows; ++i)
    EXPECT_EQ(p.matrices.train.row_indices(i).back(), 3);
  // The 3 selected are the 3 best of all training terms.
  c.k = 1000;
  const PreparedSplit all = prepare(train_docs(), test_docs(), train_targets(), c, quiet());
  std::vector<double> sorted = all.scores;
  std::sort(sorted.rbegin(), sorted.rend());
  for (double s : p.scores) EXPECT_GE(s, sorted[2]);
}

TEST(Prepare, PerCategoryColumnsAndFinishedMatrices) {
  FeatureConfig c = zhang_oles_like();
  c.scope = SelectionScope::per_category;
  c.k = 2;
  c.l2_normalize = true;
  c.bias = 1;
  const PreparedSplit p = prepare(train_docs(), test_docs(), train_targets(), c, quiet());
  ASSERT_EQ(p.category_columns.size(), 2u);
  EXPECT_EQ(p.category_names, (std::vector<std::string>{"crude", "grain"}));
  for (int32_t k = 0; k < 2; ++k) {
    EXPECT_EQ(p.category_columns[k].size(), 2u);
    const FeatureMatrices m = for_category(p, k);
    EXPECT_EQ(m.train.cols, 3);
    EXPECT_EQ(m.feature_names.size(), 3u);
    EXPECT_EQ(m.feature_names[2], "<bias>");
    for (int32_t i = 0; i < m.train.rows; ++i) {
      // Unit norm over the category's features (or empty), then the bias 1.
      double sq = 0;
      const auto idx = m.train.row_indices(i);
      const auto val = m.train.row_values(i);
      for (size_t q = 0; q + 1 < idx.size(); ++q) sq += val[q] * val[q];
      if (idx.size() > 1) {
        EXPECT_NEAR(sq, 1.0, 1e-12);
      }
      EXPECT_EQ(idx.back(), 2);
      EXPECT_EQ(val.back(), 1.0);
    }
  }
  // "oil" is the crude category's best word, "grain" or "wheat" the grain category's.
  const auto crude = for_category(p, 0).feature_names;
  EXPECT_NE(std::find(crude.begin(), crude.end(), "oil"), crude.end());
  const auto grain = for_category(p, 1).feature_names;
  EXPECT_TRUE(std::find(grain.begin(), grain.end(), "grain") != grain.end() ||
              std::find(grain.begin(), grain.end(), "wheat") != grain.end());
  EXPECT_THROW(for_category(p, 2), ConfigError);
  FeatureConfig g = zhang_oles_like();
  EXPECT_THROW(for_category(prepare(train_docs(), test_docs(), train_targets(), g, quiet()), 0),
               ConfigError);
}

TEST(Prepare, TokeniseOnceForSeveralConfigs) {
  const FeatureConfig c = zhang_oles_like();
  const TokenizedSplit split = tokenize_split(train_docs(), test_docs(), c, quiet());
  FeatureConfig c2 = c;
  c2.k = 2;
  const PreparedSplit once = prepare(split, train_targets(), c2, quiet());
  const PreparedSplit fresh = prepare(train_docs(), test_docs(), train_targets(), c2, quiet());
  EXPECT_EQ(once.matrices.feature_names, fresh.matrices.feature_names);
  EXPECT_EQ(once.matrices.test.col_idx, fresh.matrices.test.col_idx);
  // Other text options than the tokenised split's: refused.
  FeatureConfig c3 = c;
  c3.title_separate = false;
  EXPECT_THROW(prepare(split, train_targets(), c3, quiet()), ConfigError);
}

TEST(Prepare, DescribeCarriesConfigAndCounts) {
  const PreparedSplit p =
      prepare(train_docs(), test_docs(), train_targets(), zhang_oles_like(), quiet());
  const Json d = describe(p);
  EXPECT_EQ(d["config"], to_json(zhang_oles_like()));
  EXPECT_EQ(d["stats"]["train_docs"], 7);
  EXPECT_EQ(d["stats"]["features"], 6);
  EXPECT_EQ(d["stats"]["train_nnz"], p.matrices.train.nnz());
}

}  // namespace
}  // namespace linrepro
