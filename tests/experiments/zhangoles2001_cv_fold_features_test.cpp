// Issue 15 item 3: Table 1's features selected inside each fold (cv_fold_features.h). A term seen
// only in a fold's held-out part, or frequent enough only with the held-out part counted, must
// not be selected for that fold; with the held-out rows left out, the selection is the one the
// feature pipeline makes on the training part alone.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/error.h"
#include "experiments/zhangoles2001/cv_fold_features.h"
#include "features/pipeline.h"
#include "features/vocabulary.h"

namespace linrepro {
namespace {

// Columns: 0 "common" (everywhere), 1 "pos" (the positive training docs), 2 "heldout" (only in
// fold 1's documents, and there in the positives: a perfect feature if held-out rows leaked),
// 3 "twice" (2 occurrences in fold 0's training rows, 4 more in fold 0's held-out rows).
// Rows 0-3 are fold 0, rows 4-7 fold 1; rows 0, 1, 4, 5 are category 0.
struct CvFoldFixture {
  CsrMatrix counts;
  MultilabelLabels labels;
  std::vector<int32_t> fold = {0, 0, 0, 0, 1, 1, 1, 1};
  CvFoldFixture() {
    counts.cols = 4;
    auto row = [&](std::vector<int32_t> idx, std::vector<double> val) {
      counts.append_row(idx, val);
    };
    row({0, 1, 3}, {1, 1, 2});  // 0: fold 0, cat 0 ("twice" x2: fold 0 held-out)
    row({0, 1, 3}, {1, 1, 2});  // 1: fold 0, cat 0
    row({0}, {1});              // 2: fold 0
    row({0}, {1});              // 3: fold 0
    row({0, 1, 2}, {1, 1, 1});  // 4: fold 1, cat 0
    row({0, 1, 2}, {1, 1, 1});  // 5: fold 1, cat 0
    row({0, 3}, {1, 1});        // 6: fold 1 ("twice" in fold 0's training part)
    row({0, 3}, {1, 1});        // 7: fold 1
    labels.class_names = {"c0"};
    labels.y = {{0}, {0}, {}, {}, {0}, {0}, {}, {}};
  }
};

FeatureConfig config(int64_t min_count, int32_t k) {
  return feature_config_from_json({{"selection", "ig_gini"},
                                   {"k", k},
                                   {"scope", "per_category"},
                                   {"min_count", min_count},
                                   {"representation", "binary"}});
}

bool has(const std::vector<int32_t>& v, int32_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

TEST(ZoFoldFeatures, ATermOnlyInTheHeldOutFoldIsNeverSelected) {
  const CvFoldFixture fx;
  const ZoFoldFeatures ff = zo_fold_features(fx.counts, fx.labels, fx.fold, 2, config(1, 4));
  // Fold 0 trains on rows 4-7: "heldout" is there, a perfect feature, so it is selected.
  EXPECT_TRUE(has(ff.columns[0][0], 2));
  // Fold 1 trains on rows 0-3, where "heldout" never occurs: k = 4 asks for every term, yet only
  // the three its training part has are candidates.
  EXPECT_FALSE(has(ff.columns[1][0], 2));
  EXPECT_EQ(ff.columns[1][0], (std::vector<int32_t>{0, 1, 3}));
  // The held-out matrix is projected onto the fold's vocabulary: its "heldout" entries are gone.
  const ZoFoldCategory c = zo_fold_category(ff, fx.labels, 0, 1);
  EXPECT_EQ(c.X_train.cols, 3);
  EXPECT_EQ(c.X_heldout.rows, 4);
  EXPECT_EQ(c.X_heldout.nnz(), 4 + 2 + 2);  // common x4, pos x2, twice x2
  EXPECT_EQ(c.y_train, (BinaryLabels{1, 1, -1, -1}));
  EXPECT_EQ(c.y_heldout, (BinaryLabels{1, 1, -1, -1}));
  // Binary occurrence: the count 2 of "twice" is 1.
  for (double v : c.X_train.values) EXPECT_EQ(v, 1.0);
}

TEST(ZoFoldFeatures, TheMinCountCutCountsTheTrainingPartOnly) {
  const CvFoldFixture fx;
  // "twice": 2 occurrences in rows 6-7 (fold 0's training part), 4 in rows 0-1 (held out).
  const ZoFoldFeatures ff = zo_fold_features(fx.counts, fx.labels, fx.fold, 2, config(3, 4));
  EXPECT_FALSE(has(ff.columns[0][0], 3));
  EXPECT_TRUE(has(ff.columns[1][0], 3));     // fold 1 trains on rows 0-3: 4 occurrences
  EXPECT_EQ(ff.vocabulary_after_cut[0], 1);  // rows 4-7: only "common" occurs 3 times
  EXPECT_EQ(ff.vocabulary_after_cut[1], 2);  // rows 0-3: "common" and "twice"
}

TEST(ZoFoldFeatures, SelectionEqualsThePipelineOnTheTrainingPartAlone) {
  // Documents as text, so prepare() can build its own vocabulary from fold 1's training rows.
  const std::vector<TextDoc> docs = {
      {"", "oil price oil"}, {"", "oil barrel price"}, {"", "wheat corn"}, {"", "wheat price"},
      {"", "oil opec"},      {"", "opec barrel"},      {"", "corn grain"}, {"", "grain wheat"}};
  MultilabelLabels labels;
  labels.class_names = {"crude", "grain"};
  labels.y = {{0}, {0}, {1}, {1}, {0}, {0}, {1}, {1}};
  const std::vector<int32_t> fold = {0, 1, 0, 1, 0, 1, 0, 1};
  FeatureConfig cfg = config(1, 2);
  cfg.stemming = "none";
  const TokenizedSplit all = tokenize_split(docs, {}, cfg, PrepareOptions{.progress = false});
  const Vocabulary vocab = build_vocabulary(all.train, 1);
  const ZoFoldFeatures ff = zo_fold_features(count_matrix(all.train, vocab), labels, fold, 2, cfg);
  // Fold 1's training part: rows 0, 2, 4, 6.
  std::vector<TextDoc> part;
  MultilabelLabels part_labels;
  part_labels.class_names = labels.class_names;
  for (int32_t i : {0, 2, 4, 6}) {
    part.push_back(docs[i]);
    part_labels.y.push_back(labels.y[i]);
  }
  const PreparedSplit p = prepare(part, {}, part_labels, cfg, PrepareOptions{.progress = false});
  for (int32_t k = 0; k < 2; ++k) {
    std::vector<std::string> ours, pipeline;
    for (int32_t c : ff.columns[1][k]) ours.push_back(vocab.terms[c]);
    for (const auto& name : for_category(p, k).feature_names) pipeline.push_back(name);
    EXPECT_EQ(ours, pipeline) << "category " << k;
  }
}

TEST(ZoFoldFeatures, BadInputIsAClearError) {
  const CvFoldFixture fx;
  std::vector<int32_t> short_fold(fx.fold.begin(), fx.fold.end() - 1);
  EXPECT_THROW(zo_fold_features(fx.counts, fx.labels, short_fold, 2, config(1, 2)), ConfigError);
  std::vector<int32_t> bad = fx.fold;
  bad[0] = 5;
  EXPECT_THROW(zo_fold_features(fx.counts, fx.labels, bad, 2, config(1, 2)), ConfigError);
  FeatureConfig global = config(1, 2);
  global.scope = SelectionScope::global;
  EXPECT_THROW(zo_fold_features(fx.counts, fx.labels, fx.fold, 2, global), ConfigError);
}

}  // namespace
}  // namespace linrepro
