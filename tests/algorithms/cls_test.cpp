// CLS (algorithms/cls.h, Zhang & Oles 2001 Algorithm 2) against the closed-form ridge solution
//     w* = (sum_i x_i x_i^T + lambda n I)^-1 sum_i x_i y_i        (below eq. 4)
// computed densely with Eigen on a small problem with the constant feature appended.
#include "algorithms/cls.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>

#include "column_relaxation_fixtures.h"

namespace linrepro {
namespace {

using namespace linrepro::testing;

struct Ridge {
  std::vector<double> w;  // over X plus its constant column
  double objective;
};

Ridge closed_form(const CsrMatrix& Xa, std::span<const double> y, double lambda) {
  const int32_t n = Xa.rows, d = Xa.cols;
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, d);
  for (int32_t i = 0; i < n; ++i) {
    const auto idx = Xa.row_indices(i);
    const auto val = Xa.row_values(i);
    for (size_t t = 0; t < idx.size(); ++t) A(i, idx[t]) = val[t];
  }
  const Eigen::VectorXd Y = Eigen::Map<const Eigen::VectorXd>(y.data(), n);
  const Eigen::MatrixXd H = A.transpose() * A + lambda * n * Eigen::MatrixXd::Identity(d, d);
  const Eigen::VectorXd w = H.ldlt().solve(A.transpose() * Y);
  Ridge r{std::vector<double>(w.data(), w.data() + d), 0};
  r.objective = objective_12(Xa, y, r.w, lambda, least_squares);
  return r;
}

TEST(Cls, ReachesTheClosedFormRidgeSolution) {
  for (bool graded : {false, true}) {
    const auto d = zo_problem(11, 300, 120, graded);
    const CsrMatrix Xa = d.X.with_bias_column(1.0);
    const double lambda = 1e-3;  // Table 1, Lin Reg
    const Ridge star = closed_form(Xa, d.y, lambda);
    const auto fit = fit_named("cls", d.X, d.y, {{"lambda", lambda}, {"K", 1000}});
    const auto w = full_weights(fit.model);
    // The solver's own objective is (12) with this loss.
    EXPECT_NEAR(fit.objective, objective_12(Xa, d.y, w, lambda, least_squares), 1e-12);
    const double rel = relative_difference(fit.objective, star.objective);
    std::printf("cls graded=%d: objective %.12g, closed form %.12g, relative %.3g, |w - w*| %.3g\n",
                graded, fit.objective, star.objective, rel, distance(w, star.w));
    EXPECT_LT(rel, 1e-3);
    EXPECT_LT(rel, 1e-10);  // converged, not just close
    EXPECT_LT(distance(w, star.w), 1e-6);
  }
}

TEST(Cls, DefaultKIsAlreadyClose) {
  const auto d = zo_problem(12, 300, 120);
  const CsrMatrix Xa = d.X.with_bias_column(1.0);
  const Ridge star = closed_form(Xa, d.y, 1e-3);
  const auto fit = fit_named("cls", d.X, d.y, {});  // K = 100
  std::printf("cls K=100: relative objective gap %.3g\n",
              relative_difference(fit.objective, star.objective));
  EXPECT_GE(fit.objective, star.objective * (1 - 1e-12));
  EXPECT_LT(relative_difference(fit.objective, star.objective), 1e-3);
}

TEST(Cls, AgreesWithLiblinearRidgeRegression) {
  // LIBLINEAR -s 11 with p = 0 solves the same ridge problem (12) by Newton: the converged CLS
  // must agree with it as with the closed form, on the solvers' own data path (-B 1 and the
  // column appended by hand).
  for (bool explicit_column : {false, true}) {
    const auto d = zo_problem(13, 300, 120, true);
    const auto a = agree_with_liblinear("cls", "liblinear-s11", d, 1e-3, {{"K", 1000}},
                                        least_squares, least_squares_derivative, explicit_column);
    EXPECT_LT(a.relative, 1e-10) << "ours " << a.ours << " liblinear-s11 " << a.peer;
    EXPECT_LE(a.distance, a.bound);
    EXPECT_LT(a.bound, 1e-4);
  }
}

}  // namespace
}  // namespace linrepro
