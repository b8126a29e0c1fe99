#include "features/feature_selection.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/error.h"

namespace linrepro {
namespace {

// The hand-computed 2x2 table: N = 8 training documents, 3 in category c, 3 contain term t.
//   A = 2 (t, c)   B = 1 (t, ~c)
//   C = 1 (~t, c)  D = 4 (~t, ~c)
const TermCategoryTable kTable{2, 1, 1, 4};

TEST(SelectionScores, InformationGainByHand) {
  // P(c) = 3/8, P(t) = 3/8, P(c|t) = 2/3, P(c|~t) = 1/5.
  // H(C)    = -(3/8 ln 3/8 + 5/8 ln 5/8) = 0.3678110 + 0.2937524 = 0.6615632
  // H(C|t)  = -(2/3 ln 2/3 + 1/3 ln 1/3) = 0.2703101 + 0.3662041 = 0.6365142
  // H(C|~t) = -(1/5 ln 1/5 + 4/5 ln 4/5) = 0.3218876 + 0.1785148 = 0.5004024
  // IG = 0.6615632 - 3/8 * 0.6365142 - 5/8 * 0.5004024 = 0.6615632 - 0.2386928 - 0.3127515
  //    = 0.1101189
  EXPECT_NEAR(information_gain(kTable), 0.1101189, 1e-7);
}

TEST(SelectionScores, GiniInformationGainByHand) {
  // G(p) = 1 - p^2 - (1-p)^2 = 2p(1-p).
  // G(C) = 2 * 3/8 * 5/8 = 15/32;  G(C|t) = 2 * 2/3 * 1/3 = 4/9;  G(C|~t) = 2 * 1/5 * 4/5 = 8/25
  // GI = 15/32 - 3/8 * 4/9 - 5/8 * 8/25 = 15/32 - 1/6 - 1/5 = (225 - 80 - 96) / 480 = 49/480
  EXPECT_NEAR(gini_information_gain(kTable), 49.0 / 480.0, 1e-15);
}

TEST(SelectionScores, MutualInformationByHandEqualsInformationGain) {
  // I = sum cell/N ln(cell N / (row col)):
  //   2/8 ln(2*8/(3*3)) + 1/8 ln(1*8/(3*5)) + 1/8 ln(1*8/(5*3)) + 4/8 ln(4*8/(5*5))
  // = 0.25 * 0.5753641 + 0.125 * (-0.6286087) * 2 + 0.5 * 0.2468601
  // = 0.1438410 - 0.1571522 + 0.1234300 = 0.1101189  (= IG: IG is the expected MI)
  EXPECT_NEAR(mutual_information(kTable), 0.1101189, 1e-7);
  for (const TermCategoryTable t : {TermCategoryTable{5, 0, 0, 5}, TermCategoryTable{0, 3, 7, 1},
                                    TermCategoryTable{10, 40, 3, 900}})
    EXPECT_NEAR(mutual_information(t), information_gain(t), 1e-12);
}

TEST(SelectionScores, ChiSquareByHand) {
  // N (AD - CB)^2 / ((A+C)(B+D)(A+B)(C+D)) = 8 (8 - 1)^2 / (3 * 5 * 3 * 5) = 392 / 225
  EXPECT_NEAR(chi_square(kTable), 392.0 / 225.0, 1e-15);
}

TEST(SelectionScores, IndependentTermScoresZero) {
  // P(c|t) = P(c|~t) = 1/2: the term says nothing about the category.
  const TermCategoryTable t{3, 3, 5, 5};
  EXPECT_NEAR(information_gain(t), 0, 1e-15);
  EXPECT_NEAR(gini_information_gain(t), 0, 1e-15);
  EXPECT_NEAR(mutual_information(t), 0, 1e-15);
  EXPECT_NEAR(chi_square(t), 0, 1e-15);
  EXPECT_EQ(category_score(SelectionMethod::df, t), 6);
}

TEST(SelectionScores, DegenerateTablesScoreZeroNotNaN) {
  for (const TermCategoryTable t : {TermCategoryTable{0, 0, 3, 5}, TermCategoryTable{0, 4, 0, 4},
                                    TermCategoryTable{0, 0, 0, 0}}) {
    for (auto m : {SelectionMethod::ig, SelectionMethod::ig_gini, SelectionMethod::mi,
                   SelectionMethod::chi2})
      EXPECT_EQ(category_score(m, t), 0.0);
  }
}

TEST(SelectionScores, JointScoresByHand) {
  // Three classes with n = (4, 2, 2) instances; the term occurs in a = (3, 0, 1) of them.
  // N = 8, N_t = 4; without the term: (1, 2, 1).
  const std::vector<double> a{3, 0, 1}, n{4, 2, 2};
  // H(n) = -(1/2 ln 1/2 + 2 * 1/4 ln 1/4) = 1.0397208; H(a) = -(3/4 ln 3/4 + 1/4 ln 1/4) =
  // 0.5623351 H(without) = H(1/4, 1/2, 1/4) = 1.0397208 IG = 1.0397208 - 1/2 * 0.5623351 - 1/2
  // * 1.0397208 = 0.2386928
  EXPECT_NEAR(joint_score(SelectionMethod::ig, a, n), 0.2386928, 1e-7);
  EXPECT_NEAR(joint_score(SelectionMethod::mi, a, n), 0.2386928, 1e-7);
  // G(n) = 1 - (1/4 + 1/16 + 1/16) = 5/8; G(a) = 1 - (9/16 + 1/16) = 3/8; G(without) = 5/8
  // GI = 5/8 - 1/2 * 3/8 - 1/2 * 5/8 = 1/8
  EXPECT_NEAR(joint_score(SelectionMethod::ig_gini, a, n), 0.125, 1e-15);
  // Expected counts with / without the term: n_k N_t / N = (2, 1, 1) both ways.
  // X2 = (3-2)^2/2 + (0-1)^2/1 + (1-1)^2/1 + (1-2)^2/2 + (2-1)^2/1 + (1-1)^2/1 = 3
  EXPECT_NEAR(joint_score(SelectionMethod::chi2, a, n), 3.0, 1e-15);
  EXPECT_EQ(joint_score(SelectionMethod::df, a, n), 4);
}

TEST(SelectionScores, JointWithTwoClassesEqualsTheCategoryTable) {
  // c vs ~c as a two-class joint problem: a = (A, B), n = (A + C, B + D).
  const std::vector<double> a{2, 1}, n{3, 5};
  for (auto m :
       {SelectionMethod::ig, SelectionMethod::ig_gini, SelectionMethod::mi, SelectionMethod::chi2})
    EXPECT_NEAR(joint_score(m, a, n), category_score(m, kTable), 1e-12);
}

TEST(TopK, HighestFirstTiesBySmallerIndex) {
  const std::vector<double> scores{1, 3, 3, 2, 3};
  EXPECT_EQ(top_k(scores, 3), (std::vector<int32_t>{1, 2, 4}));
  EXPECT_EQ(top_k(scores, 4), (std::vector<int32_t>{1, 2, 4, 3}));
  EXPECT_EQ(top_k(scores, 99), (std::vector<int32_t>{1, 2, 4, 3, 0}));
  EXPECT_TRUE(top_k(scores, 0).empty());
  const std::vector<double> with_nan{NAN, 0.5, -1};
  EXPECT_EQ(top_k(with_nan, 3), (std::vector<int32_t>{1, 2, 0}));
}

// 8 documents x 4 terms; categories 0 and 1 (multi-label doc 2, unlabeled doc 7).
// Term 0 occurs exactly in category 0's documents, term 1 in category 1's, terms 2 and 3 in the
// same documents (an exact tie: term 2 must win, it comes first by name).
struct Toy {
  CsrMatrix X;
  MultilabelLabels y;
};
Toy toy() {
  const std::vector<std::vector<int32_t>> rows = {{0, 2, 3}, {0},    {0, 1}, {1, 2, 3},
                                                  {1},       {2, 3}, {},     {2, 3}};
  Toy t;
  for (const auto& r : rows) {
    std::vector<double> v(r.size(), 1.0);
    t.X.append_row(r, v);
  }
  t.X.cols = 4;
  t.y.class_names = {"c0", "c1"};
  t.y.y = {{0}, {0}, {0, 1}, {1}, {1}, {}, {}, {}};
  return t;
}

TEST(SelectFeatures, PerCategoryPicksTheIndicativeTerm) {
  const Toy t = toy();
  for (auto m : {SelectionMethod::ig, SelectionMethod::ig_gini, SelectionMethod::mi,
                 SelectionMethod::chi2}) {
    const auto sel = select_features(t.X, t.y, {m, 1, SelectionScope::per_category});
    ASSERT_EQ(sel.per_category.size(), 2u);
    EXPECT_EQ(sel.per_category[0], (std::vector<int32_t>{0}));
    EXPECT_EQ(sel.per_category[1], (std::vector<int32_t>{1}));
    EXPECT_TRUE(sel.global.empty());
  }
}

TEST(SelectFeatures, TiedTermsComeOutInTermOrder) {
  const Toy t = toy();
  // df: term0 3, term1 3, term2 4, term3 4 -> terms 2 and 3 tie, then 0 and 1 tie.
  const auto sel = select_features(t.X, t.y, {SelectionMethod::df, 3, SelectionScope::global});
  EXPECT_EQ(sel.global, (std::vector<int32_t>{2, 3, 0}));
  EXPECT_EQ(sel.global_scores, (std::vector<double>{3, 3, 4, 4}));
}

TEST(SelectFeatures, GlobalJointMatchesHandCountedTable) {
  const Toy t = toy();
  // Instances: c0 = docs {0,1,2}, c1 = docs {2,3,4}, none = docs {5,6,7}: n = (3, 3, 3).
  // Term 0 (docs 0,1,2): a = (3, 1, 0). Term 2 (docs 0,3,5,7): a = (1, 1, 2).
  const auto sel = select_features(
      t.X, t.y, {SelectionMethod::chi2, 4, SelectionScope::global, GlobalAggregate::joint});
  EXPECT_NEAR(sel.global_scores[0],
              joint_score(SelectionMethod::chi2, std::vector<double>{3, 1, 0},
                          std::vector<double>{3, 3, 3}),
              1e-12);
  EXPECT_NEAR(sel.global_scores[2],
              joint_score(SelectionMethod::chi2, std::vector<double>{1, 1, 2},
                          std::vector<double>{3, 3, 3}),
              1e-12);
}

TEST(SelectFeatures, MaxAndWeightedAverageAggregates) {
  const Toy t = toy();
  // Category tables over N = 8 documents (category sizes 3 and 3):
  //   term 0: c0 (A=3,B=0,C=0,D=5), c1 (A=1,B=2,C=2,D=3)
  const TermCategoryTable t0c0{3, 0, 0, 5}, t0c1{1, 2, 2, 3};
  const auto mx = select_features(
      t.X, t.y, {SelectionMethod::ig, 4, SelectionScope::global, GlobalAggregate::max});
  EXPECT_NEAR(mx.global_scores[0], std::max(information_gain(t0c0), information_gain(t0c1)), 1e-12);
  const auto avg = select_features(
      t.X, t.y, {SelectionMethod::ig, 4, SelectionScope::global, GlobalAggregate::weighted_avg});
  EXPECT_NEAR(avg.global_scores[0],
              3.0 / 8 * information_gain(t0c0) + 3.0 / 8 * information_gain(t0c1), 1e-12);
}

TEST(SelectFeatures, MethodNoneKeepsEveryTerm) {
  const Toy t = toy();
  const auto sel = select_features(t.X, MultilabelLabels{}, {});
  EXPECT_EQ(sel.global, (std::vector<int32_t>{0, 1, 2, 3}));
}

TEST(SelectFeatures, BadInputsAreConfigErrors) {
  const Toy t = toy();
  MultilabelLabels short_y = t.y;
  short_y.y.pop_back();
  EXPECT_THROW(select_features(t.X, short_y, {SelectionMethod::ig, 2}), ConfigError);
  MultilabelLabels bad_id = t.y;
  bad_id.y[0] = {5};
  EXPECT_THROW(select_features(t.X, bad_id, {SelectionMethod::ig, 2}), ConfigError);
  MultilabelLabels repeated = t.y;
  repeated.y[2] = {1, 1};
  EXPECT_THROW(select_features(t.X, repeated, {SelectionMethod::ig, 2}), ConfigError);
  EXPECT_THROW(select_features(t.X, t.y, {SelectionMethod::ig, 0}), ConfigError);
  EXPECT_THROW(select_features(t.X, t.y, {SelectionMethod::none, 3}), ConfigError);
}

TEST(SelectFeatures, SingleLabelTargets) {
  MulticlassLabels mc;
  mc.class_names = {"a", "b"};
  mc.y = {0, 1, 1};
  const MultilabelLabels ml = as_multilabel(mc);
  EXPECT_EQ(ml.class_names, mc.class_names);
  EXPECT_EQ(ml.y, (std::vector<std::vector<int32_t>>{{0}, {1}, {1}}));
}

}  // namespace
}  // namespace linrepro
