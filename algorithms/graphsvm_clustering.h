#pragma once
// Class clustering from a confusion matrix (Godbole, Sarawagi & Chakrabarti 2002, section 2, after
// Godbole's 2002 technical report): each class is its confusion row normalised to a distribution
// (graphsvm_confusion.h), classes are clustered by hierarchical agglomerative clustering (HAC), and
// the dendrogram is clipped "at the point where the cluster merge distances begin increasing
// sharply"; the clusters left are the groups of a two-level hierarchy.
//
// Choices the paper leaves open, stated:
//   linkage   average linkage (UPGMA): d(A, B) = mean over a in A, b in B of d(a, b). Merge
//             distances are then non-decreasing, so "scanning bottom-up" is well defined.
//   distances Euclidean: ||p - q||_2.  KL: symmetrised, KL(p'||q') + KL(q'||p'), on p' = (p + eps)
//             renormalised (eps = 1e-4 by default), because confusion rows are mostly zeros and
//             plain KL is infinite there and asymmetric.
//   clip rule merge distances d_1 <= ... <= d_{K-1}; the cut goes into the largest jump
//             d_{m+1} - d_m over m = 1 .. K-2 (ties: the earliest), keeping the clusters present
//             after the first m merges (K - m clusters, at least 2). This is the "maximum
//             inter-class separation" reading of the paper's "begin increasing sharply".
//             With K < 3 every class is its own cluster.
#include <cstdint>
#include <string>
#include <vector>

namespace linrepro {

enum class ClassDistance { euclidean, kl };

struct Merge {
  int32_t a = 0, b = 0;  // cluster ids merged (0..K-1 are the classes, K + m is merge m's result)
  double distance = 0;
};

struct Dendrogram {
  int32_t num_classes = 0;
  std::vector<Merge> merges;  // K - 1 merges, in order
};

double class_distance(const std::vector<double>& p, const std::vector<double>& q, ClassDistance d,
                      double kl_epsilon = 1e-4);

// Average-linkage HAC of the rows of P (one distribution per class). Ties: lowest pair (a, b).
Dendrogram agglomerate(const std::vector<std::vector<double>>& P, ClassDistance d,
                       double kl_epsilon = 1e-4);

// The clusters (sorted class ids; clusters ordered by their smallest class) after the first
// `merges_kept` merges.
std::vector<std::vector<int32_t>> clusters_after(const Dendrogram& dendrogram, int32_t merges_kept);

// The number of merges kept by the clip rule above.
int32_t clip_merges(const Dendrogram& dendrogram);

// cluster_of[class] for a partition.
std::vector<int32_t> cluster_of_class(const std::vector<std::vector<int32_t>>& clusters,
                                      int32_t num_classes);

}  // namespace linrepro
