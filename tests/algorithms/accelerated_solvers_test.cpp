// The accelerated solvers of issue 19, registered beside the paper-faithful ones: primal CD with
// Newton steps and a line search (algorithms/primal_cd.h), dual CD for logistic regression
// (algorithms/dual_cd_logistic.h) and the dual of least squares by Algorithm 5
// (algorithms/cls_dual.h). Each must reach the optimum of the same (12) as its LIBLINEAR peer
// (objective, distance within the strong-convexity bound), stop by its own rule, and never raise
// the objective where it promises descent.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "algorithms/cls_dual.h"
#include "column_relaxation_fixtures.h"
#include "core/error.h"

namespace linrepro {
namespace {

using namespace linrepro::testing;

struct Case {
  std::string ours, peer;
  double lambda;
  LossFn f, df;
  Params params;
};

std::vector<Case> cases() {
  return {
      {"cd-least-squares",
       "liblinear-s11",
       1e-3,
       least_squares,
       least_squares_derivative,
       {{"eps", 1e-9}}},
      {"cd-squared-hinge", "liblinear-s2", 1e-3, hinge_sq, hinge_sq_derivative, {{"eps", 1e-9}}},
      {"cd-logistic", "liblinear-s0", 1e-4, logistic, logistic_derivative, {{"eps", 1e-9}}},
      {"dcd-logistic", "liblinear-s0", 1e-4, logistic, logistic_derivative, {{"eps", 1e-9}}},
      {"cls-dual",
       "liblinear-s11",
       1e-3,
       least_squares,
       least_squares_derivative,
       {{"K", 3000}, {"reshuffle", true}}},
  };
}

// Separable rows, feature 0 carrying value x in the positive rows and feature 1 in the negative.
CsrMatrix separable_rows(double x, std::vector<double>& y) {
  CsrMatrix X;
  X.cols = 2;
  for (int32_t i = 0; i < 40; ++i) {
    const bool positive = i % 2 == 0;
    const int32_t column = positive ? 0 : 1;
    X.append_row({&column, 1}, {&x, 1});
    y.push_back(positive ? 1.0 : -1.0);
  }
  return X;
}

TEST(AcceleratedSolvers, ReachTheOptimumOfTheirLiblinearPeer) {
  for (const Case& c : cases())
    for (bool graded : {false, true}) {  // 0/1 values, and values in (0.2, 2)
      const auto d = zo_problem(graded ? 81 : 82, 300, 120, graded);
      const auto a = agree_with_liblinear(c.ours, c.peer, d, c.lambda, c.params, c.f, c.df, false);
      EXPECT_LT(a.relative, 1e-8) << c.ours << " graded " << graded << ": " << a.ours << " vs "
                                  << c.peer << " " << a.peer;
      EXPECT_LE(a.distance, a.bound) << c.ours;
      EXPECT_LT(a.bound, 1e-3) << c.ours << " graded " << graded;
    }
}

TEST(AcceleratedSolvers, ALambdaWhoseCOverflowsIsAClearError) {
  std::vector<double> y;
  const CsrMatrix X = separable_rows(1.0, y);
  try {
    fit_named("dcd-logistic", X, y, {{"lambda", 1e-320}});
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("C = 1/(2 lambda n)"), std::string::npos) << e.what();
  }
}

TEST(AcceleratedSolvers, StopByTheirOwnRuleAndOnlyThen) {
  const auto d = zo_problem(83);
  for (const std::string name :
       {"cd-least-squares", "cd-squared-hinge", "cd-logistic", "dcd-logistic"}) {
    const BinaryFit loose = fit_named(name, d.X, d.y, {{"eps", 1e-2}});
    const BinaryFit tight = fit_named(name, d.X, d.y, {{"eps", 1e-8}});
    EXPECT_EQ(loose.stop, StopReason::converged) << name;
    EXPECT_EQ(tight.stop, StopReason::converged) << name;
    EXPECT_LT(loose.iterations, tight.iterations) << name;
    EXPECT_LE(tight.objective, loose.objective * (1 + 1e-12)) << name;
    const BinaryFit capped = fit_named(name, d.X, d.y, {{"eps", 1e-300}, {"max_sweeps", 3}});
    EXPECT_EQ(capped.stop, StopReason::max_iterations) << name;
    EXPECT_EQ(capped.iterations, 3) << name;
  }
}

TEST(AcceleratedSolvers, PrimalCdNeverRaisesTheObjective) {
  // The line search accepts a step only on sufficient decrease, in either column order.
  const auto d = zo_problem(84, 300, 120, true);
  for (const std::string name : {"cd-least-squares", "cd-squared-hinge", "cd-logistic"})
    for (const std::string order : {"random", "cyclic"}) {
      FitContext ctx;
      ctx.seed = 5;
      ctx.trace_every = 1;
      zo_registry().fit_binary(name, {d.X, d.y},
                               {{"eps", 1e-300}, {"max_sweeps", 40}, {"order", order}}, ctx);
      ASSERT_EQ(ctx.trace.size(), 41u) << name;
      for (size_t k = 1; k < ctx.trace.size(); ++k)
        EXPECT_LE(ctx.trace[k].values.at("objective"),
                  ctx.trace[k - 1].values.at("objective") * (1 + 1e-14))
            << name << " " << order << " sweep " << k;
    }
}

TEST(AcceleratedSolvers, LogisticSurvivesLargeMargins) {
  // Separable rows and a vanishing lambda: the optimum's margins grow like ln(1/lambda), about 690
  // here, past r = 460 where exp(r_i) leaves the range cd-logistic trusts its cached value in
  // (1e-200 .. 1e200). Every derivative and line-search value must stay finite there (no inf/inf)
  // and the margins must get there. x = 1e150 because the sufficient-decrease test asks sigma dw^2
  // of a step, tiny for a large x, so the margins can grow that far (with x = 1 they stop near 14).
  // The dual keeps x = 1 (with 1e150, x.x and C overflow together).
  for (const auto& [name, x] : {std::pair{std::string("cd-logistic"), 1e150},
                                std::pair{std::string("dcd-logistic"), 1.0}}) {
    std::vector<double> y;
    const CsrMatrix X = separable_rows(x, y);
    const BinaryFit fit =
        fit_named(name, X, y, {{"lambda", 1e-300}, {"eps", 1e-300}, {"max_sweeps", 1000}});
    ASSERT_TRUE(std::isfinite(fit.objective)) << name;
    for (double w : fit.model.w) ASSERT_TRUE(std::isfinite(w)) << name;
    EXPECT_GT(x * (fit.model.w[0] - fit.model.w[1]), 2 * 460)
        << name << ": margins past the cache's range";
    EXPECT_LT(fit.objective, 1e-150) << name;
  }
}

// Algorithm 5 with LIBLINEAR's stopping rule and shrinking (algorithms/row_relaxation.h): Mod SVM
// with eta = 1 and a reshuffle is -s 3's dual CD, dual CMLS -s 1's. With both, the run must stop
// by eps before K at the optimum: the duality gap closed (hinge: a certificate where gradients are
// not), the objective no worse than LIBLINEAR's (whose dual CD stops at its 1,000-iteration cap on
// this graded problem), and the same with and without shrinking.
TEST(RowRelaxationShrinking, StopsAtTheOptimum) {
  const auto d = zo_problem(87, 300, 120, true);
  const CsrMatrix Xa = d.X.with_bias_column(1.0);
  struct Dual {
    std::string ours, peer;
    LossFn f;
    Params params;
  };
  for (const Dual& c : {Dual{"mod-svm", "liblinear-s3", hinge, {{"eta", 1.0}}},
                        Dual{"cmls-dual", "liblinear-s2", hinge_sq, Params::object()}}) {
    const BinaryFit peer =
        fit_named(c.peer, d.X, d.y, {{"lambda", 1e-3}, {"eps", 1e-8}, {"bias", 1.0}});
    const double p = objective_12(Xa, d.y, full_weights(peer.model), 1e-3, c.f);
    double unshrunk = 0;
    for (bool shrinking : {false, true}) {
      Params params = c.params;
      params.update(Params{{"lambda", 1e-3},
                           {"K", 5000},
                           {"reshuffle", true},
                           {"eps", 1e-9},
                           {"shrinking", shrinking}});
      const BinaryFit ours = fit_named(c.ours, d.X, d.y, params);
      const double o = objective_12(Xa, d.y, full_weights(ours.model), 1e-3, c.f);
      EXPECT_EQ(ours.stop, StopReason::converged) << c.ours << " shrinking " << shrinking;
      EXPECT_LT(ours.iterations, 5000) << c.ours;
      EXPECT_LT(ours.extra["gap"].get<double>(), 1e-8 * o) << c.ours << " shrinking " << shrinking;
      EXPECT_LE(o, p * (1 + 1e-8))
          << c.ours << " shrinking " << shrinking << ": " << o << " vs " << c.peer << " " << p;
      if (shrinking)
        EXPECT_LT(relative_difference(o, unshrunk), 1e-8) << c.ours;
      else
        unshrunk = o;
    }
  }
}

TEST(RowRelaxationShrinking, NeedsEpsAndLeavesThePaperRunAlone) {
  const auto d = zo_problem(88);
  EXPECT_THROW(fit_named("mod-svm", d.X, d.y, {{"shrinking", true}}), ConfigError);
  // eps = 0, no shrinking (the defaults): K iterations, as §4 runs them.
  const BinaryFit paper = fit_named("mod-svm", d.X, d.y, {{"K", 37}});
  EXPECT_EQ(paper.iterations, 37);
  EXPECT_EQ(paper.stop, StopReason::max_iterations);
}

TEST(ClsDual, ClosedFormStepMinimisesTheSubproblemAndKIsTheTransform) {
  const LeastSquaresDualStep s;
  Rng rng(86);
  std::uniform_real_distribution<double> u(0, 1);
  for (int trial = 0; trial < 300; ++trial) {
    const double zeta = 6 * u(rng) - 3, vxy = 8 * u(rng) - 4, xx = 0.2 + 5 * u(rng);
    const double lambda_n = trial % 2 ? 0.05 : 3.0;
    auto sub = [&](double D) {
      return s.k(zeta + D) + (2 * D * vxy + D * D * xx) / (4 * lambda_n);
    };
    const double D = s.step(zeta, vxy, xx, lambda_n);
    for (double e : {-1e-3, 1e-3, -1.0, 1.0}) EXPECT_LE(sub(D), sub(D + e) + 1e-12);
  }
  for (double z : {-4.0, -1.0, 0.0, 2.5}) {  // k(z) = sup_u (u z - (1 - u)^2)
    double sup = -INFINITY;
    for (int g = 0; g <= 40000; ++g) {
      const double v = -10 + 20 * g / 40000.0;
      sup = std::max(sup, v * z - s.f(v));
    }
    EXPECT_NEAR(s.k(z), sup, 1e-6) << z;
  }
}

}  // namespace
}  // namespace linrepro
