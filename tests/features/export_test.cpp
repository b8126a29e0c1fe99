#include "features/export.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/libsvm_format.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

using testing::read_text;
using testing::TempDir;

PreparedSplit tiny_split(SelectionScope scope) {
  FeatureConfig c;
  c.stemming = "none";
  c.selection = SelectionMethod::chi2;
  c.k = 2;
  c.scope = scope;
  c.representation = Representation::tf;
  c.bias = 1;
  MultilabelLabels y;
  y.class_names = {"fruit", "tree"};
  y.y = {{0}, {1}, {0}};
  return prepare({{"", "apple apple pear"}, {"", "oak pine oak"}, {"", "pear plum"}},
                 {{"", "apple oak kiwi"}}, y, c, PrepareOptions{1, false});
}

void expect_same(const CsrMatrix& a, const CsrMatrix& b) {
  EXPECT_EQ(a.rows, b.rows);
  EXPECT_EQ(a.row_ptr, b.row_ptr);
  EXPECT_EQ(a.col_idx, b.col_idx);
  EXPECT_EQ(a.values, b.values);
}

TEST(Export, GlobalSplitRoundTripsThroughLibsvm) {
  TempDir dir;
  const PreparedSplit p = tiny_split(SelectionScope::global);
  const ExportedFiles f =
      export_split(dir / "out", p, {1, -1, 1}, {-1}, nlohmann::json{{"dataset", "tiny"}});
  const LibsvmData train = read_libsvm(f.train, p.matrices.train.cols);
  const LibsvmData test = read_libsvm(f.test, p.matrices.train.cols);
  expect_same(train.X, p.matrices.train);
  expect_same(test.X, p.matrices.test);
  EXPECT_EQ(train.labels, (std::vector<double>{1, -1, 1}));
  EXPECT_EQ(test.labels, (std::vector<double>{-1}));

  // features.txt: 1-based LIBSVM index, name, training df; the bias last.
  std::string want;
  for (size_t j = 0; j + 1 < p.matrices.feature_names.size(); ++j)
    want += std::to_string(j + 1) + "\t" + p.matrices.feature_names[j] + "\t" +
            std::to_string(p.train_df[j]) + "\n";
  want += std::to_string(p.matrices.feature_names.size()) + "\t<bias>\t3\n";
  EXPECT_EQ(read_text(f.features), want);

  const auto side = nlohmann::json::parse(read_text(f.sidecar));
  EXPECT_EQ(side["config"], to_json(p.config));
  EXPECT_EQ(side["columns"], p.matrices.train.cols);
  EXPECT_EQ(side["bias_index"], p.matrices.train.cols);
  EXPECT_EQ(side["extra"]["dataset"], "tiny");
  EXPECT_EQ(side["stats"]["train_docs"], 3);
  EXPECT_TRUE(side["category"].is_null());
}

TEST(Export, PerCategorySplitWritesTheCategorysColumns) {
  TempDir dir;
  const PreparedSplit p = tiny_split(SelectionScope::per_category);
  const ExportedFiles f = export_split(dir / "tree", p, {-1, 1, -1}, {1}, {}, 1);
  const FeatureMatrices m = for_category(p, 1);
  expect_same(read_libsvm(f.train, m.train.cols).X, m.train);
  const auto side = nlohmann::json::parse(read_text(f.sidecar));
  EXPECT_EQ(side["category"], "tree");
  EXPECT_EQ(side["columns"], 3);
  EXPECT_THROW(export_split(dir / "x", p, {-1, 1, -1}, {1}), ConfigError);  // category needed
}

TEST(Export, LabelCountMismatchIsAConfigError) {
  TempDir dir;
  const PreparedSplit p = tiny_split(SelectionScope::global);
  EXPECT_THROW(export_split(dir / "bad", p, {1, -1}, {1}), ConfigError);
  EXPECT_THROW(export_split(dir / "bad", p, {1, -1, 1}, {1}, {}, 0), ConfigError);
}

}  // namespace
}  // namespace linrepro
