#include "core/statistics.h"

#include <gtest/gtest.h>

namespace linrepro {
namespace {

TEST(Median, OddCountIsTheMiddleValueOfTheSortedList) {
  EXPECT_EQ(median({3.0, -1.0, 7.0}), 3.0);
  EXPECT_EQ(median({5.0}), 5.0);
}

TEST(Median, EvenCountIsTheMeanOfTheTwoMiddleValues) {
  EXPECT_EQ(median({4.0, 1.0, 3.0, 10.0}), 3.5);
}

TEST(Median, EmptyListIsAnError) { EXPECT_THROW(median({}), std::invalid_argument); }

}  // namespace
}  // namespace linrepro
