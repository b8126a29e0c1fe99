// The LIBLINEAR adapters: each solver's result is checked against its OWN problem, evaluated here
// from scratch (objective value, gradient or subgradient optimality, perturbations for the
// non-smooth hinge), plus the lambda->C conversion, the bias mapping and LIBLINEAR's label order.
#include "baselines/liblinear_adapter.h"

#include <gtest/gtest.h>
#include <linear.h>

#include <cmath>
#include <memory>
#include <random>

#include "baseline_fixtures.h"
#include "baselines/library_bridge.h"
#include "baselines/register.h"
#include "core/error.h"
#include "core/seed.h"
#include "solvers/regularization.h"

namespace linrepro {
namespace {

using testing::negative_first;
using testing::small_text;

const SolverRegistry& registry() {
  static const SolverRegistry r = [] {
    SolverRegistry reg;
    register_baseline_solvers(reg);
    return reg;
  }();
  return r;
}

BinaryFit fit(const std::string& name, const SyntheticData& d, const Params& params,
              uint64_t seed = 0) {
  FitContext ctx;
  ctx.seed = seed;
  return registry().fit_binary(name, {d.X, d.y}, params, ctx);
}

enum class Loss { logistic, squared_hinge, hinge, squared };

double loss(Loss l, double z) {
  const double h = std::max(0.0, 1 - z);
  switch (l) {
    case Loss::hinge:
      return h;
    case Loss::squared_hinge:
      return h * h;
    case Loss::squared:
      return (1 - z) * (1 - z);
    case Loss::logistic:
      return std::log(1 + std::exp(-z));
  }
  return 0;
}
double loss_derivative(Loss l, double z) {  // d loss / dz (hinge: not used)
  switch (l) {
    case Loss::squared_hinge:
      return -2 * std::max(0.0, 1 - z);
    case Loss::squared:
      return -2 * (1 - z);
    case Loss::logistic:
      return -1 / (1 + std::exp(z));
    case Loss::hinge:
      return z < 1 ? -1 : 0;
  }
  return 0;
}

// LIBLINEAR's variables: the weights plus, with bias B >= 0, the bias weight w_b (feature value B).
struct Point {
  std::vector<double> w;
  double w_b = 0;
};

Point point_of(const BinaryFit& f, double B) { return {f.model.w, B > 0 ? f.model.b / B : 0.0}; }

double margin(const CsrMatrix& X, int32_t i, const Point& p, double B) {
  return X.row_dot(i, p.w) + (B >= 0 ? p.w_b * B : 0.0);
}

// F = R(w) + C sum loss(y_i (w.x_i + w_b B)), straight from LIBLINEAR's documentation.
double objective(Loss l, bool l1, const SyntheticData& d, const Point& p, double B, double C) {
  double sum = 0;
  for (int32_t i = 0; i < d.X.rows; ++i) sum += loss(l, d.y[i] * margin(d.X, i, p, B));
  double R = 0;
  for (double v : p.w) R += l1 ? std::fabs(v) : 0.5 * v * v;
  R += l1 ? std::fabs(p.w_b) : 0.5 * p.w_b * p.w_b;
  return R + C * sum;
}

// C * gradient of the loss term, over (w, w_b).
std::vector<double> loss_gradient(Loss l, const SyntheticData& d, const Point& p, double B,
                                  double C) {
  std::vector<double> g(d.X.cols + 1, 0.0);
  for (int32_t i = 0; i < d.X.rows; ++i) {
    const double c = C * loss_derivative(l, d.y[i] * margin(d.X, i, p, B)) * d.y[i];
    d.X.add_row_to(i, c, g);
    if (B >= 0) g[d.X.cols] += c * B;
  }
  return g;
}

double norm(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x * x;
  return std::sqrt(s);
}

// ||grad F|| for the L2-regularised smooth losses: w + C grad(loss).
double l2_gradient_norm(Loss l, const SyntheticData& d, const Point& p, double B, double C) {
  auto g = loss_gradient(l, d, p, B, C);
  for (size_t j = 0; j < p.w.size(); ++j) g[j] += p.w[j];
  g[d.X.cols] = B >= 0 ? g[d.X.cols] + p.w_b : 0.0;
  return norm(g);
}

// Sum over coordinates of the minimum-norm subgradient of ||w||_1 + C loss (0 at the optimum).
double l1_violation(Loss l, const SyntheticData& d, const Point& p, double B, double C) {
  const auto g = loss_gradient(l, d, p, B, C);
  double sum = 0;
  const auto coordinate = [&](double w, double gj) {
    return w > 0 ? std::fabs(gj + 1) : w < 0 ? std::fabs(gj - 1) : std::max(0.0, std::fabs(gj) - 1);
  };
  for (size_t j = 0; j < p.w.size(); ++j) sum += coordinate(p.w[j], g[j]);
  if (B >= 0) sum += coordinate(p.w_b, g[d.X.cols]);
  return sum;
}

Point zero_point(const SyntheticData& d) { return {std::vector<double>(d.X.cols, 0.0), 0.0}; }

TEST(LiblinearAdapter, LogisticRegressionReachesZeroGradient) {
  const auto d = small_text(21);
  const double lambda = 1e-3, C = lambda_to_C(lambda, d.X.rows);
  for (double B : {-1.0, 1.0}) {
    // -s 0 stops when ||grad F(w)|| <= eps * max(min(#pos, #neg), 1) / n * ||grad F(0)||.
    const auto s0 = fit("liblinear-s0", d, {{"lambda", lambda}, {"eps", 1e-6}, {"bias", B}});
    const Point p0 = point_of(s0, B);
    const double g0 = l2_gradient_norm(Loss::logistic, d, zero_point(d), B, C);
    EXPECT_LE(l2_gradient_norm(Loss::logistic, d, p0, B, C), 1e-6 * g0) << "bias " << B;
    EXPECT_EQ(s0.stop, StopReason::converged);
    EXPECT_GT(s0.iterations, 0);
    // The reported objective is F / (n C), F evaluated here independently.
    EXPECT_NEAR(s0.objective, objective(Loss::logistic, false, d, p0, B, C) / (d.X.rows * C),
                1e-12);
    // -s 7 solves the same problem through its dual.
    const auto s7 = fit("liblinear-s7", d, {{"lambda", lambda}, {"eps", 1e-8}, {"bias", B}});
    const Point p7 = point_of(s7, B);
    EXPECT_LE(l2_gradient_norm(Loss::logistic, d, p7, B, C), 1e-4 * g0);
    EXPECT_NEAR(s7.objective, s0.objective, 1e-7 * s0.objective);
  }
}

TEST(LiblinearAdapter, SquaredHingeReachesZeroGradient) {
  const auto d = small_text(22);
  const double lambda = 1e-3, C = lambda_to_C(lambda, d.X.rows), B = 1;
  const auto s2 = fit("liblinear-s2", d, {{"lambda", lambda}, {"eps", 1e-6}, {"bias", B}});
  const double g0 = l2_gradient_norm(Loss::squared_hinge, d, zero_point(d), B, C);
  EXPECT_LE(l2_gradient_norm(Loss::squared_hinge, d, point_of(s2, B), B, C), 1e-6 * g0);
  EXPECT_NEAR(s2.objective,
              objective(Loss::squared_hinge, false, d, point_of(s2, B), B, C) / (d.X.rows * C),
              1e-12);
  const auto s1 = fit("liblinear-s1", d, {{"lambda", lambda}, {"eps", 1e-8}, {"bias", B}});
  EXPECT_LE(l2_gradient_norm(Loss::squared_hinge, d, point_of(s1, B), B, C), 1e-4 * g0);
  EXPECT_NEAR(s1.objective, s2.objective, 1e-7 * s2.objective);
}

TEST(LiblinearAdapter, RidgeRegressionReachesZeroGradient) {
  // -s 11 with p = 0: the squared loss on both sides of the margin, not the squared hinge (with
  // LIBLINEAR's default p = 0.1 the gradient below would not vanish).
  const auto d = small_text(25);
  const double lambda = 1e-3, C = lambda_to_C(lambda, d.X.rows), B = 1;
  const auto s11 = fit("liblinear-s11", d, {{"lambda", lambda}, {"eps", 1e-8}, {"bias", B}});
  const Point p = point_of(s11, B);
  const double g0 = l2_gradient_norm(Loss::squared, d, zero_point(d), B, C);
  EXPECT_LE(l2_gradient_norm(Loss::squared, d, p, B, C), 1e-6 * g0);
  EXPECT_GT(l2_gradient_norm(Loss::squared_hinge, d, p, B, C), 1e-3 * g0);
  EXPECT_NEAR(s11.objective, objective(Loss::squared, false, d, p, B, C) / (d.X.rows * C), 1e-12);
  // Regression: the decision is w.x itself, whatever LIBLINEAR saw first (no label order).
  const auto flipped =
      fit("liblinear-s11", negative_first(d), {{"lambda", lambda}, {"eps", 1e-8}, {"bias", B}});
  EXPECT_NEAR(flipped.objective, s11.objective, 1e-9 * s11.objective);
}

TEST(LiblinearAdapter, HingeLossSolutionCannotBeImprovedByPerturbation) {
  for (uint64_t seed : {23, 24}) {
    const auto d = small_text(seed);
    const double lambda = 2e-3, C = lambda_to_C(lambda, d.X.rows);
    for (double B : {-1.0, 1.0}) {
      const auto s3 = fit("liblinear-s3", d, {{"lambda", lambda}, {"eps", 1e-7}, {"bias", B}});
      const Point p = point_of(s3, B);
      const double F = objective(Loss::hinge, false, d, p, B, C);
      EXPECT_NEAR(s3.objective, F / (d.X.rows * C), 1e-12);
      EXPECT_NEAR(s3.extra["objective_C"].get<double>(), F, 1e-9 * F);
      // O_svm evaluates the same (w, b) with b unregularised: smaller by lambda w_b^2 exactly.
      EXPECT_NEAR(s3.extra["O_svm"].get<double>(),
                  s3.objective - lambda * p.w_b * p.w_b * (B >= 0 ? 1 : 0), 1e-12);
      // Every direction, scaled and random, increases F (up to the solver's tolerance).
      Rng rng(seed);
      std::normal_distribution<double> gauss;
      std::vector<std::vector<double>> directions{p.w};  // along w: the scale of the solution
      for (int k = 0; k < 20; ++k) {
        std::vector<double> dir(d.X.cols + 1);
        for (double& v : dir) v = gauss(rng);
        directions.push_back(dir);
      }
      for (auto& dir : directions) {
        dir.resize(d.X.cols + 1, 0.0);
        const double scale = norm(p.w) / norm(dir);
        for (double h : {-1e-2, -1e-3, 1e-3, 1e-2}) {
          Point q = p;
          for (int32_t j = 0; j < d.X.cols; ++j) q.w[j] += h * scale * dir[j];
          if (B >= 0) q.w_b += h * scale * dir[d.X.cols];
          EXPECT_GE(objective(Loss::hinge, false, d, q, B, C), F * (1 - 1e-7))
              << "seed " << seed << " bias " << B << " step " << h;
        }
      }
    }
  }
}

TEST(LiblinearAdapter, L1RegularisedSolversSatisfySubgradientOptimality) {
  const auto d = small_text(25);
  const double lambda = 1e-3, C = lambda_to_C(lambda, d.X.rows);
  for (const auto& [name, l] : {std::pair{"liblinear-s5", Loss::squared_hinge},
                                std::pair{"liblinear-s6", Loss::logistic}}) {
    const auto f = fit(name, d, {{"lambda", lambda}, {"eps", 1e-6}});
    const Point p = point_of(f, -1);
    // LIBLINEAR stops when this sum falls below eps times its value at w = 0.
    const double v0 = l1_violation(l, d, zero_point(d), -1, C);
    EXPECT_LE(l1_violation(l, d, p, -1, C), 1e-4 * v0) << name;
    // F / (n C) = (1/n) sum loss + 2 lambda ||w||_1.
    EXPECT_NEAR(f.objective, objective(l, true, d, p, -1, C) / (d.X.rows * C), 1e-12) << name;
    EXPECT_LT(f.extra["nonzero_weights"].get<int64_t>(), d.X.cols) << name << " should be sparse";
  }
}

TEST(LiblinearAdapter, LambdaIsConvertedToC) {
  const auto d = small_text(26);
  const int32_t n = d.X.rows;
  const auto a = fit("liblinear-s3", d, {{"lambda", 1e-3}, {"eps", 1e-6}});
  const auto b = fit("liblinear-s3", d, {{"lambda", 4e-3}, {"eps", 1e-6}});
  EXPECT_DOUBLE_EQ(a.extra["C"].get<double>(), 1 / (2 * 1e-3 * n));
  EXPECT_DOUBLE_EQ(a.extra["C"].get<double>() / b.extra["C"].get<double>(), 4.0);
  EXPECT_GT(norm(a.model.w), norm(b.model.w));  // more regularisation, smaller w
  // Giving C directly is the same fit, bit for bit.
  const auto c = fit("liblinear-s3", d, {{"C", 1 / (2 * 1e-3 * n)}, {"eps", 1e-6}});
  EXPECT_EQ(c.model.w, a.model.w);
  EXPECT_THROW(fit("liblinear-s3", d, {{"C", 1}, {"lambda", 1}}), ConfigError);
  EXPECT_THROW(fit("liblinear-s3", d, {{"shrinking", true}}), ConfigError);
}

TEST(LiblinearAdapter, SameSeedSameModel) {
  const auto d = small_text(27);
  const auto a = fit("liblinear-s3", d, {{"eps", 1e-2}}, 5);
  const auto b = fit("liblinear-s3", d, {{"eps", 1e-2}}, 5);
  EXPECT_EQ(a.model.w, b.model.w);
}

struct ModelDeleter {
  void operator()(model* m) const { free_and_destroy_model(&m); }
};

// Our model predicts exactly what LIBLINEAR's own predict() says, with and without a bias feature,
// when the first row is negative. (LIBLINEAR orients w towards the first label it sees, except that
// 2.x swaps a {-1, +1} pair so +1 comes first; the adapter reads m->label[0] either way.)
TEST(LiblinearAdapter, AgreesWithLiblinearPredictWhenFirstRowIsNegative) {
  const auto d = negative_first(small_text(28));
  ASSERT_EQ(d.y[0], -1.0);
  for (double B : {-1.0, 2.5}) {
    const double C = lambda_to_C(1e-3, d.X.rows);
    const auto ours = fit("liblinear-s2", d, {{"C", C}, {"eps", 1e-4}, {"bias", B}});
    // The same training straight through LIBLINEAR's API (-s 2 uses no random numbers).
    auto rows = to_node_rows<feature_node>(d.X, B);
    std::vector<double> y = d.y;
    problem prob{d.X.rows, d.X.cols + (B >= 0 ? 1 : 0), y.data(), rows.rows.data(), B};
    parameter param{};
    param.solver_type = L2R_L2LOSS_SVC;
    param.eps = 1e-4;
    param.C = C;
    std::unique_ptr<model, ModelDeleter> m(train(&prob, &param));
    const double sign = m->label[0] == 1 ? 1.0 : -1.0;  // LIBLINEAR's value favours label[0]
    int disagreements = 0;
    for (int32_t i = 0; i < d.X.rows; ++i) {
      double dec = 0;
      const double label = predict_values(m.get(), rows.rows[i], &dec);
      const double f = ours.model.decision(d.X, i);
      EXPECT_NEAR(f, sign * dec, 1e-9) << "row " << i;
      disagreements += (f >= 0 ? 1.0 : -1.0) != label;
    }
    EXPECT_EQ(disagreements, 0) << "bias " << B;
  }
}

TEST(LiblinearAdapter, RegistersEverySolverWithAProblemDescription) {
  for (int s : {0, 1, 2, 3, 5, 6, 7, 11}) {
    const auto& info = registry().get("liblinear-s" + std::to_string(s));
    EXPECT_FALSE(info.description.empty());
    EXPECT_TRUE(static_cast<bool>(info.fit_binary));
  }
}

}  // namespace
}  // namespace linrepro
