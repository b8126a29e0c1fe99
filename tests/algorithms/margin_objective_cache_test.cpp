// The cached 1-D objective of MLR-CG / MMLR-CG (issue 5): phi(alpha) from the margins u = A theta
// and q = A d equals the objective recomputed from scratch at theta + alpha d (a hand-computed
// case and random ones, through every cache path: fresh, after gradient(), after along() and
// move()), and a CG step reads the data exactly twice (one A d, one A^T v), counted through the
// MarginMap interface.
#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/line_search.h"
#include "algorithms/margin_objective.h"
#include "algorithms/mlr_objective.h"
#include "algorithms/mmlr_objective.h"
#include "algorithms/nonlinear_cg.h"
#include "cg_fixtures.h"

namespace linrepro {
namespace {

using testing::dot;
using testing::plus;
using testing::random_vector;
using testing::small_binary;

double g(double z, double gamma) { return std::log1p(std::exp(-gamma * (z - 1))) / gamma; }

// X = [[1,0],[0,1],[1,1]], y = (+1,-1,+1), theta = (w, b) = (0.5, 1, -0.25), d = (1, -1, 0.5),
// lambda = 0.1, gamma = 2: u = y (Xw + b) = (0.25, -0.75, 1.25), q = y (Xd + d_b) = (1.5, 0.5,
// 0.5), phi(alpha) = (1/3) sum_i g(u_i + alpha q_i) + 0.1 ((0.5 + alpha)^2 + (1 - alpha)^2).
TEST(MarginObjectiveCache, HandComputedLineFunction) {
  CsrMatrix X;
  const std::vector<int32_t> i0{0}, i1{1}, i2{0, 1};
  const std::vector<double> one{1.0}, two{1.0, 1.0};
  X.append_row(i0, one);
  X.append_row(i1, one);
  X.append_row(i2, two);
  const std::vector<double> y{1, -1, 1};
  const BinaryMarginMap map(X, y, 2, true);
  SmoothedMarginObjective f(map, 0.1);
  f.set_gamma(2.0);
  f.set_point(std::vector<double>{0.5, 1.0, -0.25});
  f.set_direction(std::vector<double>{1.0, -1.0, 0.5});
  for (double alpha : {0.0, 0.4, -0.3, 2.5}) {
    const double expected =
        (g(0.25 + 1.5 * alpha, 2) + g(-0.75 + 0.5 * alpha, 2) + g(1.25 + 0.5 * alpha, 2)) / 3 +
        0.1 * ((0.5 + alpha) * (0.5 + alpha) + (1 - alpha) * (1 - alpha));
    EXPECT_NEAR(f.along(alpha).value, expected, 1e-15) << "alpha " << alpha;
  }
}

// Every way the objective can hold its loss terms gives the numbers a fresh evaluation gives.
void expect_cache_paths_agree(SmoothedMarginObjective& f, std::span<const double> theta,
                              std::span<const double> d) {
  const auto n = static_cast<size_t>(f.dim());
  std::vector<double> g_fresh(n), g_cached(n);
  for (double alpha : {0.25, -0.4, 1.3}) {
    // Reference: the objective recomputed at theta + alpha d.
    f.set_point(plus(theta, alpha, d));
    const double O_ref = f.value();
    f.gradient(g_fresh);

    f.set_point(theta);
    f.set_direction(d);
    const LinePoint fresh0 = f.along(0.0);  // no loss terms cached yet
    std::vector<double> g0(n);
    f.gradient(g0);
    const LinePoint cached0 = f.along(0.0);  // from gradient()'s terms
    EXPECT_NEAR(cached0.value, fresh0.value, 1e-14 * (1 + std::fabs(fresh0.value)));
    EXPECT_NEAR(cached0.slope, fresh0.slope, 1e-12 * (1 + std::fabs(fresh0.slope)));
    EXPECT_NEAR(cached0.curvature, fresh0.curvature, 1e-12 * (1 + fresh0.curvature));
    EXPECT_NEAR(cached0.slope, dot(g0, d), 1e-10 * (1 + std::fabs(cached0.slope)));

    const LinePoint slope_only = f.along_slope(alpha);
    const LinePoint p = f.along(alpha);
    EXPECT_NEAR(p.value, O_ref, 1e-12 * (1 + std::fabs(O_ref))) << "alpha " << alpha;
    EXPECT_NEAR(slope_only.slope, p.slope, 1e-12 * (1 + std::fabs(p.slope)));
    EXPECT_NEAR(slope_only.curvature, p.curvature, 1e-12 * (1 + p.curvature));

    f.move(alpha);  // takes along()'s margins and loss terms as the new point's
    EXPECT_NEAR(f.value(), O_ref, 1e-12 * (1 + std::fabs(O_ref)));
    const double O_moved = f.gradient(g_cached);
    EXPECT_NEAR(O_moved, O_ref, 1e-12 * (1 + std::fabs(O_ref)));
    for (size_t j = 0; j < n; ++j)
      ASSERT_NEAR(g_cached[j], g_fresh[j], 1e-12 * (1 + std::fabs(g_fresh[j]))) << j;

    // A move to a different alpha than the last along() recomputes (no stale terms).
    f.set_point(theta);
    f.set_direction(d);
    f.along(0.5 * alpha);
    f.move(alpha);
    EXPECT_NEAR(f.value(), O_ref, 1e-12 * (1 + std::fabs(O_ref)));
    // So does a change of gamma.
    const double gamma = f.gamma();
    f.set_gamma(2 * gamma);
    const double O_2gamma = f.value();
    f.set_point(plus(theta, alpha, d));
    EXPECT_NEAR(O_2gamma, f.value(), 1e-12 * (1 + std::fabs(O_2gamma)));
    f.set_gamma(gamma);
  }
}

TEST(MarginObjectiveCache, BinaryCachePathsAgreeWithFreshEvaluation) {
  const auto data = small_binary(41);
  const BinaryMarginMap map(data.X, data.y, data.X.cols, true);
  SmoothedMarginObjective f(map, 0.003);
  Rng rng(3);
  for (double gamma : {1.0, 30.0, 200.0}) {
    f.set_gamma(gamma);
    expect_cache_paths_agree(f, random_vector(rng, map.dim(), 0.3),
                             random_vector(rng, map.dim(), 0.1));
  }
}

// along() reuses the exponentials of the last along_slope() at the same alpha, never those left
// behind by another gamma, direction or point.
TEST(MarginObjectiveCache, AlongNeverReusesStaleExponentials) {
  const auto data = small_binary(44);
  const BinaryMarginMap map(data.X, data.y, data.X.cols, true);
  Rng rng(5);
  const auto theta = random_vector(rng, map.dim(), 0.3);
  const auto d1 = random_vector(rng, map.dim(), 0.1), d2 = random_vector(rng, map.dim(), 0.1);
  const double alpha = 0.7;
  auto fresh = [&](double gamma, const std::vector<double>& d, double at) {
    SmoothedMarginObjective g(map, 0.003);
    g.set_point(theta);
    g.set_gamma(gamma);
    g.set_direction(d);
    return g.along(at);
  };
  SmoothedMarginObjective f(map, 0.003);
  f.set_point(theta);
  f.set_gamma(5.0);
  f.set_direction(d1);
  f.along_slope(alpha);
  f.set_gamma(40.0);  // new gamma: the exponentials at gamma 5 are stale
  EXPECT_DOUBLE_EQ(f.along(alpha).value, fresh(40.0, d1, alpha).value);
  f.along_slope(alpha);
  f.set_direction(d2);  // new direction: stale too
  EXPECT_DOUBLE_EQ(f.along(alpha).value, fresh(40.0, d2, alpha).value);
  f.along_slope(alpha);
  f.along_slope(0.5 * alpha);  // the last trial was elsewhere
  EXPECT_DOUBLE_EQ(f.along(alpha).value, fresh(40.0, d2, alpha).value);
  f.along_slope(alpha);  // the reused path itself agrees to the bit
  const LinePoint reused = f.along(alpha);
  const LinePoint recomputed = fresh(40.0, d2, alpha);
  EXPECT_EQ(reused.value, recomputed.value);
  EXPECT_EQ(reused.slope, recomputed.slope);
  EXPECT_EQ(reused.curvature, recomputed.curvature);
}

TEST(MarginObjectiveCache, MulticlassCachePathsAgreeWithFreshEvaluation) {
  const auto data = testing::small_multiclass(42, 4);
  const MulticlassMarginMap map(data.X, data.labels.y, 4, data.X.cols, true);
  SmoothedMarginObjective f(map, 0.003);
  Rng rng(4);
  for (double gamma : {1.0, 50.0}) {
    f.set_gamma(gamma);
    expect_cache_paths_agree(f, random_vector(rng, map.dim(), 0.3),
                             random_vector(rng, map.dim(), 0.1));
  }
}

// Passes the products through and counts them: each apply or apply_transpose reads the data once.
class CountingMap final : public MarginMap {
 public:
  explicit CountingMap(const MarginMap& inner) : inner_(inner) {}
  int64_t dim() const override { return inner_.dim(); }
  int64_t regularised_dim() const override { return inner_.regularised_dim(); }
  int64_t pairs() const override { return inner_.pairs(); }
  int64_t examples() const override { return inner_.examples(); }
  double margin() const override { return inner_.margin(); }
  void apply(std::span<const double> theta, std::span<double> u) const override {
    ++products;
    inner_.apply(theta, u);
  }
  void apply_transpose(std::span<const double> v, std::span<double> out) const override {
    ++transposed_products;
    inner_.apply_transpose(v, out);
  }
  mutable int64_t products = 0, transposed_products = 0;

 private:
  const MarginMap& inner_;
};

// Algorithm 1 over `steps` CG steps in blocks of l: per step one A d (set_direction) and one
// A^T g'(u) (gradient), plus one A theta per block (the restart resynchronises the margins). The
// block's first gradient is its restart's; its last step computes none (the next block's gamma
// needs a new one), so there are exactly as many transposed products as steps. The line search
// itself never touches the data.
void expect_two_passes_per_step(const MarginMap& inner) {
  const CountingMap map(inner);
  SmoothedMarginObjective f(map, 0.001);
  MlrCgParams p;
  p.max_steps = 40;
  p.l = 10;
  FitContext ctx;
  const MlrCgResult res = run_mlr_cg(f, p, ctx);
  ASSERT_EQ(res.steps, 40);  // no block stalls on these data: every step counted
  ASSERT_EQ(res.stalled_blocks, 0);
  EXPECT_EQ(map.products, res.steps + res.restarts + res.blocks);
  EXPECT_EQ(map.transposed_products, res.steps);
  EXPECT_LE(res.line_evaluations, 10 * res.steps);  // O(#margins) each, bounded in number
}

TEST(MarginObjectiveCache, MlrCgStepReadsTheDataTwice) {
  const auto data = small_binary(43);
  expect_two_passes_per_step(BinaryMarginMap(data.X, data.y, data.X.cols, true));
}

TEST(MarginObjectiveCache, MmlrCgStepReadsTheDataTwice) {
  const auto data = testing::small_multiclass(44, 3);
  expect_two_passes_per_step(MulticlassMarginMap(data.X, data.labels.y, 3, data.X.cols, true));
}

}  // namespace
}  // namespace linrepro
