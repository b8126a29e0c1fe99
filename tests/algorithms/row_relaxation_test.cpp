// The row relaxation of Zhang & Oles 2001 (algorithms/row_relaxation.h, Algorithm 5) through its
// two registered duals, mod-svm (update 18) and cmls-dual: the dual value G never falls, it stays
// below the primal (weak duality), the gap shrinks towards 0, and the random data order is
// reproducible from the seed alone.
#include "algorithms/row_relaxation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "column_relaxation_fixtures.h"

namespace linrepro {
namespace {

using namespace linrepro::testing;

class RowRelaxation : public ::testing::TestWithParam<std::string> {};

TEST_P(RowRelaxation, DualRisesEveryIterationAndTheGapCloses) {
  const auto d = zo_problem(51, 250, 100, true);
  FitContext ctx;
  ctx.trace_every = 1;
  const auto fit = zo_registry().fit_binary(GetParam(), {d.X, d.y}, {{"K", 400}}, ctx);
  ASSERT_EQ(ctx.trace.size(), 401u);
  for (size_t t = 1; t < ctx.trace.size(); ++t) {
    const auto& now = ctx.trace[t].values;
    EXPECT_GE(now.at("dual_objective"), ctx.trace[t - 1].values.at("dual_objective") - 1e-15)
        << "iteration " << t;
    EXPECT_GE(now.at("gap"), -1e-15) << "iteration " << t;  // G(zeta) <= O(w) for every zeta
  }
  const double first = ctx.trace[1].values.at("gap"), last = ctx.trace.back().values.at("gap");
  const double at_100 = ctx.trace[100].values.at("gap");
  std::printf("%s: gap %.3g after 1 iteration, %.3g after 100, %.3g after 400\n",
              GetParam().c_str(), first, at_100, last);
  EXPECT_LT(last, 0.1 * first);
  EXPECT_LT(last, 0.5 * at_100);
  EXPECT_DOUBLE_EQ(fit.extra["gap"].get<double>(), last);
  EXPECT_DOUBLE_EQ(fit.objective, ctx.trace.back().values.at("objective"));
  EXPECT_EQ(fit.stop, StopReason::max_iterations);
}

TEST_P(RowRelaxation, SeededOrderIsReproducible) {
  const auto d = zo_problem(52, 200, 80);
  const auto a = fit_named(GetParam(), d.X, d.y, {{"K", 20}}, 7);
  const auto b = fit_named(GetParam(), d.X, d.y, {{"K", 20}}, 7);
  const auto c = fit_named(GetParam(), d.X, d.y, {{"K", 20}}, 8);
  EXPECT_EQ(a.model.w, b.model.w);
  EXPECT_EQ(a.model.b, b.model.b);
  EXPECT_NE(a.model.w, c.model.w);  // another seed, another order, another iterate
  const Params reshuffled = {{"K", 20}, {"reshuffle", true}};
  const auto r1 = fit_named(GetParam(), d.X, d.y, reshuffled, 7);
  EXPECT_EQ(r1.model.w, fit_named(GetParam(), d.X, d.y, reshuffled, 7).model.w);
  EXPECT_NE(r1.model.w, a.model.w);  // same first order, then new ones
}

TEST_P(RowRelaxation, OrderDoesNotChangeTheOptimum) {
  const auto d = zo_problem(53, 150, 60);
  const Params params = {{"K", 1500}, {"eta", 1.0}, {"reshuffle", true}};
  const auto a = fit_named(GetParam(), d.X, d.y, params, 1);
  const auto b = fit_named(GetParam(), d.X, d.y, params, 2);
  const double lambda = a.extra["lambda"].get<double>();
  // lambda |w - w*|^2 <= O(w) - O* <= gap (O is 2 lambda-strongly convex; a gap of -1e-16 is
  // rounding).
  auto radius = [&](const BinaryFit& f) {
    return std::sqrt(std::max(0.0, f.extra["gap"].get<double>()) / lambda);
  };
  const double bound = radius(a) + radius(b);
  EXPECT_LE(distance(full_weights(a.model), full_weights(b.model)), bound);
  EXPECT_LT(bound, 1e-3);  // |w| is about 5-10 here
}

INSTANTIATE_TEST_SUITE_P(Duals, RowRelaxation, ::testing::Values("mod-svm", "cmls-dual"),
                         [](const auto& info) {
                           return info.param == "mod-svm" ? std::string("ModSvm")
                                                          : std::string("CmlsDual");
                         });

// The row solvers append the constant feature A as a view (RowsWithConstant), not as a copy of the
// data: every fit equals, to the bit, the fit on the explicitly appended column.
TEST(RowsWithConstant, SameFitAsTheCopiedColumnToTheBit) {
  const auto d = zo_problem(54, 120, 50, true);
  for (const double A : {1.0, 0.5}) {
    const CsrMatrix Xa = d.X.with_bias_column(A);
    for (const std::string name : {"mod-svm", "cmls-dual", "cls-dual", "dcd-logistic"}) {
      const Params K = name == "dcd-logistic" ? Params{} : Params{{"K", 30}};
      Params view = K, copied = K;
      view["constant_feature"] = A;
      copied["constant_feature"] = 0.0;
      const BinaryFit a = fit_named(name, d.X, d.y, view, 3);
      const BinaryFit b = fit_named(name, Xa, d.y, copied, 3);
      ASSERT_EQ(b.model.w.size(), a.model.w.size() + 1) << name;
      EXPECT_TRUE(std::equal(a.model.w.begin(), a.model.w.end(), b.model.w.begin())) << name;
      EXPECT_EQ(a.model.b, b.model.w.back() * A) << name;
      EXPECT_EQ(a.objective, b.objective) << name;
      EXPECT_EQ(a.iterations, b.iterations) << name;
    }
  }
}

}  // namespace
}  // namespace linrepro
