#include "metrics/confusion_matrix.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace linrepro {
namespace {

using Ids = std::vector<int32_t>;

TEST(ConfusionMatrix, HandCounted) {
  // truth: 0 0 1 1 1 2
  // pred:  0 1 1 1 0 2
  // C[t][p]: C[0][0]=1 C[0][1]=1 | C[1][0]=1 C[1][1]=2 | C[2][2]=1 ; trace 4 of 6.
  const ConfusionMatrix C = confusion_matrix(Ids{0, 0, 1, 1, 1, 2}, Ids{0, 1, 1, 1, 0, 2}, 3);
  EXPECT_EQ(C.counts, (std::vector<int64_t>{1, 1, 0, 1, 2, 0, 0, 0, 1}));
  EXPECT_EQ(C.at(1, 0), 1);
  EXPECT_EQ(C.at(0, 1), 1);
  EXPECT_EQ(C.total(), 6);
  EXPECT_EQ(C.correct(), 4);
  EXPECT_DOUBLE_EQ(accuracy(C), 4.0 / 6.0);
  EXPECT_DOUBLE_EQ(error_rate(C), 2.0 / 6.0);
  EXPECT_DOUBLE_EQ(accuracy(Ids{0, 0, 1, 1, 1, 2}, Ids{0, 1, 1, 1, 0, 2}), 4.0 / 6.0);
}

TEST(ConfusionMatrix, ClassesThatNeverOccurStillHaveRows) {
  const ConfusionMatrix C = confusion_matrix(Ids{0, 0}, Ids{0, 0}, 4);
  EXPECT_EQ(C.counts.size(), 16u);
  EXPECT_EQ(C.at(0, 0), 2);
  EXPECT_DOUBLE_EQ(accuracy(C), 1.0);
}

TEST(ConfusionMatrix, RejectsBadInput) {
  EXPECT_THROW(confusion_matrix(Ids{0, 1}, Ids{0}, 2), std::invalid_argument);
  EXPECT_THROW(confusion_matrix(Ids{0, 2}, Ids{0, 1}, 2), std::invalid_argument);
  EXPECT_THROW(confusion_matrix(Ids{0, 1}, Ids{-1, 1}, 2), std::invalid_argument);
  EXPECT_THROW(accuracy(confusion_matrix(Ids{}, Ids{}, 2)), std::invalid_argument);
}

TEST(BinaryAccuracy, PlusMinusOneLabels) {
  // truth + + - - -, pred + - - + -: 3 of 5 correct.
  const std::vector<double> t{1, 1, -1, -1, -1}, p{1, -1, -1, 1, -1};
  EXPECT_DOUBLE_EQ(accuracy(t, p), 0.6);
  EXPECT_DOUBLE_EQ(error_rate(t, p), 0.4);
  EXPECT_THROW(accuracy(std::vector<double>{1}, std::vector<double>{}), std::invalid_argument);
}

}  // namespace
}  // namespace linrepro
