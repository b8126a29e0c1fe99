// scikit-learn's peers of the SGD report as registered solvers (baselines/sklearn_sgd_peers.h):
// each returns the model scikit-learn fitted, exactly, with the report's objective at it. Known
// answers: RidgeClassifier is Eq. 14's closed-form minimiser (b unpenalised), LogisticRegression
// (l1, liblinear) reaches the optimum of LIBLINEAR -s 6 through our adapter; the SGD peer's
// objective is Eq. 10 at its returned weights, and its shuffle follows the fit's seed.
#include "baselines/sklearn_sgd_peers.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>

#include "baseline_fixtures.h"
#include "baselines/liblinear_adapter.h"

namespace linrepro {
namespace {

using testing::small_text;

const SolverInfo& sgd_peer(const std::string& name) {
  static const std::vector<SolverInfo> infos = sklearn_sgd_peer_infos();
  for (const SolverInfo& s : infos)
    if (s.name == name) return s;
  throw std::logic_error("no " + name);
}

BinaryFit peer_fit(const SolverInfo& s, const SyntheticData& d, const Params& params,
                   uint64_t seed = 7) {
  FitContext ctx;
  ctx.seed = seed;
  ctx.label = "test fit";
  return s.fit_binary({d.X, d.y}, params, ctx);
}

// Eq. 10: (1/n) sum log(1 + exp(-y f)) + lambda (||w||_1 + |b|).
double report_eq10(const SyntheticData& d, const LinearModel& m, double lambda) {
  double loss = 0;
  for (int32_t i = 0; i < d.X.rows; ++i)
    loss += std::log1p(std::exp(-d.y[static_cast<size_t>(i)] * m.decision(d.X, i)));
  double l1 = std::abs(m.b);
  for (double w : m.w) l1 += std::abs(w);
  return loss / d.X.rows + lambda * l1;
}

TEST(SklearnSgdPeers, RidgeExactIsTheClosedFormMinimiser) {
  const SyntheticData d = small_text(3, 150, 40);
  const double lambda = 0.01;
  const BinaryFit f = peer_fit(sgd_peer("sklearn-ridge-exact"), d, {{"lambda", lambda}});
  // min (1/n)||y - Xw - b||^2 + lambda ||w||^2: centre X and y, then (Xc'Xc + lambda n I) w =
  // Xc'yc.
  const Eigen::Index n = d.X.rows, p = d.X.cols;
  Eigen::MatrixXd X = Eigen::MatrixXd::Zero(n, p);
  for (Eigen::Index i = 0; i < n; ++i)
    for (int64_t k = d.X.row_ptr[i]; k < d.X.row_ptr[i + 1]; ++k)
      X(i, d.X.col_idx[k]) = d.X.values[k];
  const Eigen::VectorXd y = Eigen::Map<const Eigen::VectorXd>(d.y.data(), n);
  const Eigen::RowVectorXd mean = X.colwise().mean();
  const Eigen::MatrixXd Xc = X.rowwise() - mean;
  const Eigen::VectorXd w =
      (Xc.transpose() * Xc + lambda * static_cast<double>(n) * Eigen::MatrixXd::Identity(p, p))
          .ldlt()
          .solve(Xc.transpose() * (y.array() - y.mean()).matrix());
  const double b = y.mean() - mean.dot(w);
  ASSERT_EQ(f.model.w.size(), static_cast<size_t>(p));
  for (Eigen::Index j = 0; j < p; ++j) EXPECT_NEAR(f.model.w[j], w(j), 1e-8) << j;
  EXPECT_NEAR(f.model.b, b, 1e-8);
  EXPECT_EQ(f.extra.at("estimator"), "RidgeClassifier");
}

TEST(SklearnSgdPeers, L1LogisticReachesLiblinearS6sOptimum) {
  const SyntheticData d = small_text(5, 300, 200);
  const double lambda = 1e-3;
  const BinaryFit ours =
      peer_fit(sgd_peer("sklearn-l1-logistic-liblinear"), d, {{"lambda", lambda}});
  const SolverInfo* s6 = nullptr;
  static const std::vector<SolverInfo> ll = liblinear_solver_infos();
  for (const SolverInfo& s : ll)
    if (s.name == "liblinear-s6") s6 = &s;
  ASSERT_NE(s6, nullptr);
  FitContext ctx;
  const BinaryFit ref = s6->fit_binary(
      {d.X, d.y}, {{"C", 1 / (lambda * d.X.rows)}, {"bias", 1}, {"eps", 1e-10}}, ctx);
  const double at_ref = report_eq10(d, ref.model, lambda);
  EXPECT_NEAR(report_eq10(d, ours.model, lambda), at_ref, 1e-6 * at_ref);
  EXPECT_NEAR(ours.objective, report_eq10(d, ours.model, lambda), 1e-12);  // the script's Eq. 10
}

TEST(SklearnSgdPeers, SgdObjectiveIsEq10AtItsWeightsAndItsShuffleFollowsTheSeed) {
  const SyntheticData d = small_text(9, 200, 100);
  const Params params = {{"lambda", 1e-3}, {"gamma", 0.05}, {"epochs", 3}};
  const SolverInfo& s = sgd_peer("sklearn-sgd-l1-logistic");
  const BinaryFit a = peer_fit(s, d, params, 11), again = peer_fit(s, d, params, 11),
                  other = peer_fit(s, d, params, 12);
  EXPECT_NEAR(a.objective, report_eq10(d, a.model, 1e-3), 1e-12);
  EXPECT_EQ(a.model.w, again.model.w);  // exactly: the weights come back with 17 digits
  EXPECT_EQ(a.model.b, again.model.b);
  EXPECT_NE(a.model.w, other.model.w);
  EXPECT_EQ(a.iterations, 3 * d.X.rows);
  EXPECT_EQ(a.stop, StopReason::max_iterations);
}

}  // namespace
}  // namespace linrepro
