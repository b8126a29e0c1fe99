#include "solvers/linear_model.h"

#include <gtest/gtest.h>

namespace linrepro {
namespace {

CsrMatrix rows(const std::vector<std::vector<std::pair<int32_t, double>>>& r) {
  CsrMatrix X;
  for (const auto& row : r) {
    std::vector<int32_t> idx;
    std::vector<double> val;
    for (auto [j, v] : row) idx.push_back(j), val.push_back(v);
    X.append_row(idx, val);
  }
  return X;
}

TEST(LinearModel, DecisionIgnoresColumnsUnseenInTraining) {
  const LinearModel m{{2.0, -1.0}, 0.5};  // trained on 2 columns
  // Row 0: 2*1 + (-1)*3 + 0.5 = -0.5; column 5 (value 100) is beyond w and contributes nothing.
  // Row 1: only unseen columns -> b = 0.5.  Row 2: empty -> 0.5.
  const CsrMatrix X = rows({{{0, 1}, {1, 3}, {5, 100}}, {{2, 7}, {9, 1}}, {}});
  EXPECT_DOUBLE_EQ(m.decision(X, 0), -0.5);
  EXPECT_DOUBLE_EQ(m.decision(X, 1), 0.5);
  EXPECT_EQ(m.decisions(X), (std::vector<double>{-0.5, 0.5, 0.5}));
  EXPECT_EQ(m.predict(X), (std::vector<double>{-1, 1, 1}));
}

TEST(LinearModel, ZeroDecisionPredictsPositive) {
  const LinearModel m{{1.0}, -1.0};
  EXPECT_EQ(m.predict(rows({{{0, 1}}, {{0, 0.5}}})), (std::vector<double>{1, -1}));
}

TEST(MulticlassModel, ScoresAndArgmaxWithTiesToLowestId) {
  MulticlassModel m;
  m.per_class = {LinearModel{{1.0, 0.0}, 0}, LinearModel{{1.0, 0.0}, 0},
                 LinearModel{{0.0, 1.0}, -5}};
  // Row 0 (x0 = 1): scores 1, 1, -5 -> tie between 0 and 1 -> 0.
  // Row 1 (x1 = 9): scores 0, 0, 4 -> 2.
  // Row 2 (empty): scores 0, 0, -5 -> tie -> 0.
  // Row 3 (x0 = -2, x1 = 1): scores -2, -2, -4 -> all negative, tie -> 0.
  const CsrMatrix X = rows({{{0, 1}}, {{1, 9}}, {}, {{0, -2}, {1, 1}}});
  const auto s = m.scores(X);
  EXPECT_EQ(s[1], (std::vector<double>{0, 0, 4}));
  EXPECT_EQ(s[3], (std::vector<double>{-2, -2, -4}));
  EXPECT_EQ(m.predict(X), (std::vector<int32_t>{0, 2, 0, 0}));

  // Tie between classes 1 and 2 only: the lower id (1) wins.
  MulticlassModel t;
  t.per_class = {LinearModel{{}, -1}, LinearModel{{}, 3}, LinearModel{{}, 3}};
  EXPECT_EQ(t.predict(rows({{}})), (std::vector<int32_t>{1}));
}

TEST(StopReason, Names) {
  EXPECT_EQ(to_string(StopReason::converged), "converged");
  EXPECT_EQ(to_string(StopReason::max_iterations), "max_iterations");
  EXPECT_EQ(to_string(StopReason::time_limit), "time_limit");
  EXPECT_EQ(to_string(StopReason::diverged), "diverged");
  EXPECT_EQ(to_string(StopReason::not_iterative), "not_iterative");
}

}  // namespace
}  // namespace linrepro
