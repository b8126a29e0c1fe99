#include "corpora/splits.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/error.h"

namespace linrepro {
namespace {

Corpus small_corpus() {
  Corpus c;
  c.name = "small";
  c.label_names = {"a", "b", "c"};
  c.docs = {{"d0", "", "", {"b"}, "train", ""},
            {"d1", "", "", {"c", "a", "x"}, "test", ""},
            {"d2", "", "", {}, "train", ""},
            {"d3", "", "", {"a"}, "test", ""}};
  return c;
}

TEST(Splits, RowsAndTargets) {
  const Corpus c = small_corpus();
  EXPECT_EQ(split_rows(c, "train"), (std::vector<int32_t>{0, 2}));
  EXPECT_EQ(split_rows(c, "test"), (std::vector<int32_t>{1, 3}));
  const std::vector<int32_t> all = {0, 1, 2, 3};
  const MultilabelLabels m = multilabel_targets(c, all);
  EXPECT_EQ(m.class_names, c.label_names);
  EXPECT_EQ(m.y, (std::vector<std::vector<int32_t>>{{1}, {0, 2}, {}, {0}}));  // "x" ignored
  const std::vector<int32_t> single = {0, 3};
  EXPECT_EQ(multiclass_targets(c, single).y, (std::vector<int32_t>{1, 0}));
  try {
    multiclass_targets(c, all);
    ADD_FAILURE() << "multi-label accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("document d1 has 2 labels"), std::string::npos)
        << e.what();
  }
}

TEST(Splits, SeededRandomSplitAndFolds) {
  Corpus c;
  for (int i = 0; i < 10; ++i) c.docs.push_back(Document{std::to_string(i), "", "", {"a"}, "", ""});
  assign_random_split(c, 0.7, 42);
  EXPECT_EQ(split_rows(c, "train").size(), 7u);
  EXPECT_EQ(split_rows(c, "test").size(), 3u);
  const auto first = split_rows(c, "train");
  assign_random_split(c, 0.7, 42);
  EXPECT_EQ(split_rows(c, "train"), first);  // same seed, same split
  bool differs = false;
  for (uint64_t s = 43; s < 60 && !differs; ++s) {
    assign_random_split(c, 0.7, s);
    differs = split_rows(c, "train") != first;
  }
  EXPECT_TRUE(differs);
  EXPECT_THROW(assign_random_split(c, 1.0, 1), ConfigError);

  const auto p = seeded_permutation(10, 5);
  EXPECT_EQ(std::set<int32_t>(p.begin(), p.end()).size(), 10u);
  const auto folds = fold_assignment(11, 5, 3);
  std::vector<int> sizes(5, 0);
  for (int32_t f : folds) ++sizes[static_cast<size_t>(f)];
  EXPECT_EQ(*std::max_element(sizes.begin(), sizes.end()), 3);
  EXPECT_EQ(*std::min_element(sizes.begin(), sizes.end()), 2);
  EXPECT_THROW(fold_assignment(3, 5, 1), ConfigError);
}

}  // namespace
}  // namespace linrepro
