#include "core/labels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/error.h"

namespace linrepro {
namespace {

using V = std::vector<double>;

TEST(ToBinary, MinusOnePlusOneKeptAsIs) {
  EXPECT_EQ(to_binary(V{-1, 1, 1, -1}), (V{-1, 1, 1, -1}));
}

TEST(ToBinary, ZeroOneMapsOneToPositive) { EXPECT_EQ(to_binary(V{0, 1, 0}), (V{-1, 1, -1})); }

TEST(ToBinary, OneTwoMapsOneToPositive) {
  // LIBSVM's first-label-positive convention for files labelled 1/2.
  EXPECT_EQ(to_binary(V{2, 1, 1, 2}), (V{-1, 1, 1, -1}));
}

TEST(ToBinary, SingleValueBySign) {
  EXPECT_EQ(to_binary(V{3, 3}), (V{1, 1}));
  EXPECT_EQ(to_binary(V{-1, -1}), (V{-1, -1}));
  EXPECT_EQ(to_binary(V{0}), (V{-1}));
}

TEST(ToBinary, OtherValueSetsAreRejectedNamingThem) {
  try {
    to_binary(V{1, 2, 3, 2});
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("{1, 2, 3}"), std::string::npos) << e.what();
  }
  EXPECT_THROW(to_binary(V{-1, 2}), ConfigError);
  EXPECT_THROW(to_binary(V{0, 2}), ConfigError);
}

TEST(ToBinary, NonFiniteRejected) {
  EXPECT_THROW(to_binary(V{1, std::nan("")}), ConfigError);
  EXPECT_THROW(to_binary(V{1, INFINITY}), ConfigError);
}

TEST(ToMulticlass, IdsInIncreasingLabelOrderWithNames) {
  const MulticlassLabels m = to_multiclass(V{5, -1, 2.5, 5, -1});
  EXPECT_EQ(m.num_classes(), 3);
  EXPECT_EQ(m.class_names, (std::vector<std::string>{"-1", "2.5", "5"}));
  EXPECT_EQ(m.y, (std::vector<int32_t>{2, 0, 1, 2, 0}));
  EXPECT_THROW(to_multiclass(V{1, std::nan("")}), ConfigError);
}

TEST(OneVsRest, MulticlassAndMultilabel) {
  const MulticlassLabels m{{0, 2, 1, 2}, {"a", "b", "c"}};
  EXPECT_EQ(one_vs_rest(m, 2), (V{-1, 1, -1, 1}));
  EXPECT_EQ(one_vs_rest(m, 0), (V{1, -1, -1, -1}));
  const MultilabelLabels ml{{{0, 2}, {}, {1}, {1, 2}}, {"a", "b", "c"}};
  EXPECT_EQ(one_vs_rest(ml, 2), (V{1, -1, -1, 1}));
  EXPECT_EQ(one_vs_rest(ml, 1), (V{-1, -1, 1, 1}));
  EXPECT_EQ(one_vs_rest(ml, 0), (V{1, -1, -1, -1}));
}

}  // namespace
}  // namespace linrepro
