// Class clustering (algorithms/graphsvm_clustering.h): distances by hand, average-linkage HAC
// merges the most confusable pair first, and the clip rule cuts at the largest merge-distance jump.
#include "algorithms/graphsvm_clustering.h"

#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/graphsvm_confusion.h"

namespace linrepro {
namespace {

TEST(GraphSvmClustering, DistancesByHand) {
  const std::vector<double> p{0.5, 0.5, 0}, q{0, 0.5, 0.5};
  EXPECT_DOUBLE_EQ(class_distance(p, q, ClassDistance::euclidean), std::sqrt(0.5));
  // Symmetrised KL on (x + eps) / (1 + 3 eps): sum (p' - q') log(p' / q').
  const double eps = 1e-4, z = 1 + 3 * eps;
  const double a = (0.5 + eps) / z, b = eps / z;
  const double expected = (a - b) * std::log(a / b) + (b - a) * std::log(b / a);
  EXPECT_NEAR(class_distance(p, q, ClassDistance::kl, eps), expected, 1e-12);
  EXPECT_DOUBLE_EQ(class_distance(p, q, ClassDistance::kl),
                   class_distance(q, p, ClassDistance::kl));
  EXPECT_DOUBLE_EQ(class_distance(p, p, ClassDistance::kl), 0.0);
}

// Five classes: 0 and 1 are nearly indistinguishable to the first stage, 2 and 3 confuse
// moderately, 4 with nobody.
ConfusionCounts five_class_confusion() {
  return {{50, 50, 0, 0, 0},
          {48, 52, 0, 0, 0},
          {0, 0, 70, 30, 0},
          {0, 0, 40, 60, 0},
          {0, 0, 0, 0, 100}};
}

TEST(GraphSvmClustering, MergesTheConfusablePairFirstAndClipsAtTheLargestJump) {
  for (ClassDistance d : {ClassDistance::euclidean, ClassDistance::kl}) {
    const Dendrogram dg = agglomerate(confusion_row_distributions(five_class_confusion()), d);
    ASSERT_EQ(dg.merges.size(), 4u);
    EXPECT_EQ(dg.merges[0].a, 0);
    EXPECT_EQ(dg.merges[0].b, 1);
    EXPECT_EQ(dg.merges[1].a, 2);
    EXPECT_EQ(dg.merges[1].b, 3);
    for (size_t m = 1; m < dg.merges.size(); ++m)  // average linkage: monotone merge distances
      EXPECT_GE(dg.merges[m].distance, dg.merges[m - 1].distance);
    EXPECT_EQ(clip_merges(dg), 2);
    const auto clusters = clusters_after(dg, clip_merges(dg));
    const std::vector<std::vector<int32_t>> expected{{0, 1}, {2, 3}, {4}};
    EXPECT_EQ(clusters, expected);
    EXPECT_EQ(cluster_of_class(clusters, 5), (std::vector<int32_t>{0, 0, 1, 1, 2}));
  }
}

TEST(GraphSvmClustering, EuclideanMergeDistancesByHand) {
  const auto P = confusion_row_distributions(five_class_confusion());
  const Dendrogram dg = agglomerate(P, ClassDistance::euclidean);
  // d(0, 1) = |(0.5, 0.5) - (0.48, 0.52)| = sqrt(2) 0.02;  d(2, 3) = |(.7, .3) - (.4, .6)| =
  // sqrt(2) 0.3.
  EXPECT_NEAR(dg.merges[0].distance, std::sqrt(2.0) * 0.02, 1e-12);
  EXPECT_NEAR(dg.merges[1].distance, std::sqrt(2.0) * 0.3, 1e-12);
  // Third merge: {2,3} or {0,1} with {4}, or {0,1} with {2,3}: average of the member distances.
  const auto d = [&](int a, int b) { return class_distance(P[a], P[b], ClassDistance::euclidean); };
  const double to4 = (d(2, 4) + d(3, 4)) / 2, pairs = (d(0, 2) + d(0, 3) + d(1, 2) + d(1, 3)) / 4;
  EXPECT_NEAR(dg.merges[2].distance, std::min({to4, pairs, (d(0, 4) + d(1, 4)) / 2}), 1e-12);
}

TEST(GraphSvmClustering, FewClassesStaySingletons) {
  const Dendrogram dg = agglomerate({{1, 0}, {0, 1}}, ClassDistance::euclidean);
  EXPECT_EQ(clip_merges(dg), 0);
  EXPECT_EQ(clusters_after(dg, 0).size(), 2u);
}

}  // namespace
}  // namespace linrepro
