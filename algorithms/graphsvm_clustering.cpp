#include "algorithms/graphsvm_clustering.h"

#include <cmath>
#include <limits>
#include <numeric>

#include "core/error.h"

namespace linrepro {

double class_distance(const std::vector<double>& p, const std::vector<double>& q, ClassDistance d,
                      double kl_epsilon) {
  if (p.size() != q.size()) throw ConfigError("class_distance: distributions of different length");
  if (d == ClassDistance::euclidean) {
    double s = 0;
    for (size_t k = 0; k < p.size(); ++k) s += (p[k] - q[k]) * (p[k] - q[k]);
    return std::sqrt(s);
  }
  const auto smoothed = [&](const std::vector<double>& r) {
    std::vector<double> out(r.size());
    double z = 0;
    for (size_t k = 0; k < r.size(); ++k) z += out[k] = r[k] + kl_epsilon;
    for (double& v : out) v /= z;
    return out;
  };
  const auto ps = smoothed(p), qs = smoothed(q);
  double s = 0;
  for (size_t k = 0; k < ps.size(); ++k) s += (ps[k] - qs[k]) * std::log(ps[k] / qs[k]);
  return s;  // KL(p||q) + KL(q||p) = sum (p - q) log(p / q)
}

Dendrogram agglomerate(const std::vector<std::vector<double>>& P, ClassDistance d,
                       double kl_epsilon) {
  const auto K = static_cast<int32_t>(P.size());
  Dendrogram out{K, {}};
  std::vector<std::vector<double>> D(K, std::vector<double>(K, 0));
  for (int32_t a = 0; a < K; ++a)
    for (int32_t b = a + 1; b < K; ++b)
      D[a][b] = D[b][a] = class_distance(P[a], P[b], d, kl_epsilon);
  // Active clusters: members (for the average) and their dendrogram ids.
  std::vector<std::vector<int32_t>> members(K);
  std::vector<int32_t> id(K);
  for (int32_t k = 0; k < K; ++k) members[k] = {k}, id[k] = k;
  const auto linkage = [&](const std::vector<int32_t>& A, const std::vector<int32_t>& B) {
    double s = 0;
    for (int32_t a : A)
      for (int32_t b : B) s += D[a][b];
    return s / static_cast<double>(A.size() * B.size());
  };
  for (int32_t m = 0; m + 1 < K; ++m) {
    size_t best_a = 0, best_b = 1;
    double best = std::numeric_limits<double>::infinity();
    for (size_t a = 0; a < members.size(); ++a)
      for (size_t b = a + 1; b < members.size(); ++b) {
        const double l = linkage(members[a], members[b]);
        if (l < best) best = l, best_a = a, best_b = b;
      }
    out.merges.push_back({id[best_a], id[best_b], best});
    members[best_a].insert(members[best_a].end(), members[best_b].begin(), members[best_b].end());
    id[best_a] = K + m;
    members.erase(members.begin() + static_cast<std::ptrdiff_t>(best_b));
    id.erase(id.begin() + static_cast<std::ptrdiff_t>(best_b));
  }
  return out;
}

std::vector<std::vector<int32_t>> clusters_after(const Dendrogram& dendrogram,
                                                 int32_t merges_kept) {
  const int32_t K = dendrogram.num_classes;
  // Union-find over classes, replaying the first merges_kept merges.
  std::vector<int32_t> parent(K);
  std::iota(parent.begin(), parent.end(), 0);
  std::vector<int32_t> representative(2 * K, 0);  // dendrogram id -> one class in it
  for (int32_t k = 0; k < K; ++k) representative[k] = k;
  const auto find = [&](int32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (int32_t m = 0; m < merges_kept && m < static_cast<int32_t>(dendrogram.merges.size()); ++m) {
    const Merge& g = dendrogram.merges[m];
    const int32_t ra = find(representative[g.a]), rb = find(representative[g.b]);
    parent[rb] = ra;
    representative[K + m] = ra;
  }
  std::vector<std::vector<int32_t>> clusters;
  std::vector<int32_t> slot(K, -1);
  for (int32_t k = 0; k < K; ++k) {  // increasing k: clusters ordered by smallest class, sorted
    const int32_t r = find(k);
    if (slot[r] < 0) slot[r] = static_cast<int32_t>(clusters.size()), clusters.emplace_back();
    clusters[slot[r]].push_back(k);
  }
  return clusters;
}

int32_t clip_merges(const Dendrogram& dendrogram) {
  const int32_t K = dendrogram.num_classes;
  if (K < 3) return 0;
  int32_t best_m = 1;
  double best_jump = -std::numeric_limits<double>::infinity();
  for (int32_t m = 1; m <= K - 2; ++m) {  // jump between merge m and merge m + 1 (1-based)
    const double jump = dendrogram.merges[m].distance - dendrogram.merges[m - 1].distance;
    if (jump > best_jump) best_jump = jump, best_m = m;
  }
  return best_m;
}

std::vector<int32_t> cluster_of_class(const std::vector<std::vector<int32_t>>& clusters,
                                      int32_t num_classes) {
  std::vector<int32_t> out(num_classes, -1);
  for (size_t c = 0; c < clusters.size(); ++c)
    for (int32_t k : clusters[c]) out[k] = static_cast<int32_t>(c);
  return out;
}

}  // namespace linrepro
