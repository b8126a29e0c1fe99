// The graphsvm2002 protocol pieces on hand-made data: Reuters' multi-label training documents
// become one row per class and multi-label test documents are dropped; class subsets relabel;
// SVMlight's default C; the confusion re-ordering of Figure 2.
#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"
#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/methods.h"

namespace linrepro {
namespace {

TEST(Graphsvm2002Datasets, ExpandsEveryLabelOfADocumentIntoItsOwnRow) {
  MultilabelLabels l;
  l.class_names = {"a", "b", "c"};
  l.y = {{0}, {2, 0}, {}, {1}, {1, 1}};  // unsorted, empty and repeated labels
  const ExpandedRows e = expand_multilabel_rows(l);
  EXPECT_EQ(e.row_of, (std::vector<int32_t>{0, 1, 1, 3, 4}));
  EXPECT_EQ(e.y, (std::vector<int32_t>{0, 0, 2, 1, 1}));
  EXPECT_EQ(single_label_rows(l), (std::vector<int32_t>{0, 3}));  // {1,1} has 2 entries: dropped
}

Document doc(std::string id, std::string body, std::vector<std::string> labels, std::string split) {
  Document d;
  d.id = std::move(id);
  d.body = std::move(body);
  d.labels = std::move(labels);
  d.split = std::move(split);
  return d;
}

Corpus tiny_reuters() {
  Corpus c;
  c.name = "tiny";
  c.label_names = {"corn", "grain", "wheat"};
  c.docs = {doc("1", "corn corn harvest", {"corn"}, "train"),
            doc("2", "grain wheat export", {"grain", "wheat"}, "train"),
            doc("3", "wheat price", {"wheat"}, "train"),
            doc("4", "corn field", {"corn"}, "test"),
            doc("5", "grain and wheat", {"wheat", "grain"}, "test"),
            doc("6", "wheat wheat", {"wheat"}, "test")};
  return c;
}

TEST(Graphsvm2002Datasets, ReutersProtocolOnATinyCorpus) {
  ExperimentContext ctx;
  ctx.progress = false;
  ctx.threads = 1;
  const GraphsvmData d = make_graphsvm_reuters(tiny_reuters(), ctx);
  EXPECT_EQ(d.train_docs, 3);
  EXPECT_EQ(d.test_docs, 3);
  // Document 2 (grain, wheat) gives two identical rows, one per class.
  ASSERT_EQ(d.Xtrain.rows, 4);
  EXPECT_EQ(d.ytrain.y, (std::vector<int32_t>{0, 1, 2, 2}));
  EXPECT_EQ(d.train_ids, (std::vector<std::string>{"1", "2", "2", "3"}));
  EXPECT_EQ(d.Xtrain.row_indices(1).size(), d.Xtrain.row_indices(2).size());
  for (size_t k = 0; k < d.Xtrain.row_indices(1).size(); ++k) {
    EXPECT_EQ(d.Xtrain.row_indices(1)[k], d.Xtrain.row_indices(2)[k]);
    EXPECT_EQ(d.Xtrain.row_values(1)[k], d.Xtrain.row_values(2)[k]);
  }
  // The multi-label test document 5 is ignored.
  EXPECT_EQ(d.dropped_test_docs, 1);
  EXPECT_EQ(d.test_ids, (std::vector<std::string>{"4", "6"}));
  EXPECT_EQ(d.ytest.y, (std::vector<int32_t>{0, 2}));
  // Counts for NB ("corn corn" counts 2), unit rows for the SVMs.
  double max_count = 0;
  for (double v : d.Xtrain.row_values(0)) max_count = std::max(max_count, v);
  EXPECT_EQ(max_count, 2.0);
  ASSERT_EQ(d.Xtrain_svm.rows, 4);
  for (int32_t i = 0; i < d.Xtrain_svm.rows; ++i)
    EXPECT_NEAR(d.Xtrain_svm.row_squared_norm(i), 1.0, 1e-12);
  EXPECT_NEAR(svmlight_default_C(d.Xtrain_svm), 1.0, 1e-12);
}

TEST(Graphsvm2002Datasets, RestrictToClassesRelabelsInTheGivenOrder) {
  ExperimentContext ctx;
  ctx.progress = false;
  ctx.threads = 1;
  const GraphsvmData d = make_graphsvm_reuters(tiny_reuters(), ctx);
  const GraphsvmData r = restrict_to_classes(d, {2, 0});  // wheat, corn
  EXPECT_EQ(r.class_names, (std::vector<std::string>{"wheat", "corn"}));
  EXPECT_EQ(r.ytrain.y, (std::vector<int32_t>{1, 0, 0}));  // rows of docs 1, 2 (wheat), 3
  EXPECT_EQ(r.train_ids, (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(r.ytest.y, (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(r.Xtrain.rows, r.Xtrain_svm.rows);
  EXPECT_EQ(r.Xtest.rows, r.Xtest_svm.rows);
  EXPECT_EQ(r.Xtrain.cols, d.Xtrain.cols);
  EXPECT_THROW(restrict_to_classes(d, {0, 0}), ConfigError);
  EXPECT_THROW(restrict_to_classes(d, {3}), ConfigError);
}

TEST(Graphsvm2002Methods, SvmlightDefaultCIsOneOverTheMeanSquaredNorm) {
  CsrMatrix X;
  X.cols = 2;
  X.append_row(std::vector<int32_t>{0, 1}, std::vector<double>{1, 1});  // |x|^2 = 2
  X.append_row(std::vector<int32_t>{0}, std::vector<double>{2});        // 4
  X.append_row(std::vector<int32_t>{}, std::vector<double>{});          // 0
  EXPECT_DOUBLE_EQ(svmlight_default_C(X), 3.0 / 6.0);
  CsrMatrix empty;
  empty.cols = 2;
  empty.append_row(std::vector<int32_t>{}, std::vector<double>{});
  EXPECT_THROW(svmlight_default_C(empty), ConfigError);
}

TEST(Graphsvm2002Methods, ReorderConfusionPermutesRowsAndColumnsAlike) {
  const std::vector<std::vector<int64_t>> C = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  const auto R = reorder_confusion(C, {2, 0, 1});
  EXPECT_EQ(R, (std::vector<std::vector<int64_t>>{{9, 7, 8}, {3, 1, 2}, {6, 4, 5}}));
  const auto m = accuracy_metrics({0, 1, 2, 2}, {0, 2, 2, 2});
  EXPECT_DOUBLE_EQ(m["accuracy"].get<double>(), 75.0);
  EXPECT_EQ(m["correct"].get<int64_t>(), 3);
}

}  // namespace
}  // namespace linrepro
