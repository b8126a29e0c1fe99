// The LIBSVM adapter: w and b recovered from the support vectors reproduce LIBSVM's own decision
// values (also when LIBSVM sees -1 first), and the recomputed dual is LIBSVM's objective.
#include "baselines/libsvm_adapter.h"

#include <gtest/gtest.h>
#include <libsvm/svm.h>

#include <cmath>
#include <memory>

#include "baseline_fixtures.h"
#include "baselines/library_bridge.h"
#include "solvers/svm_objective.h"
#include "core/error.h"
#include "solvers/regularization.h"

namespace linrepro {
namespace {

using testing::dense_rows;
using testing::negative_first;
using testing::small_text;

struct SvmModelDeleter {
  void operator()(svm_model* m) const { svm_free_and_destroy_model(&m); }
};

TEST(LibsvmAdapter, ReproducesLibsvmDecisionValuesWhenFirstRowIsNegative) {
  const auto d = negative_first(small_text(31));
  ASSERT_EQ(d.y[0], -1.0);
  const double C = lambda_to_C(2e-3, d.X.rows);
  FitContext ctx;
  const BinaryFit ours =
      libsvm_linear_solver_info().fit_binary({d.X, d.y}, Params{{"C", C}, {"eps", 1e-4}}, ctx);
  EXPECT_EQ(ours.stop, StopReason::converged);
  EXPECT_GT(ours.iterations, 0);

  auto rows = to_node_rows<svm_node>(d.X);
  std::vector<double> y = d.y;
  svm_problem prob{d.X.rows, y.data(), rows.rows.data()};
  svm_parameter param{};
  param.svm_type = C_SVC;
  param.kernel_type = LINEAR;
  param.cache_size = 100;
  param.eps = 1e-4;
  param.C = C;
  param.shrinking = 1;
  std::unique_ptr<svm_model, SvmModelDeleter> m(svm_train(&prob, &param));
  // LIBSVM's value favours label[0], the first label seen -- except that 3.24 swaps a {-1, +1}
  // pair so +1 comes first; the adapter reads label[0] either way.
  const double sign = m->label[0] == 1 ? 1.0 : -1.0;
  for (int32_t i = 0; i < d.X.rows; ++i) {
    double dec = 0;
    const double label = svm_predict_values(m.get(), rows.rows[i], &dec);
    const double f = ours.model.decision(d.X, i);
    EXPECT_NEAR(f, sign * dec, 1e-9) << "row " << i;
    EXPECT_EQ(f > 0 ? 1.0 : -1.0, label) << "row " << i;
  }
  EXPECT_EQ(ours.extra["support_vectors"].get<int>(), m->l);
  // svm_predict_values votes label[0] only for a decision > 0: at exactly 0 it predicts label[1].
  EXPECT_EQ(ours.model.label(0.0), m->label[1]);
}

TEST(LibsvmAdapter, DualAndPrimalObjectivesAreConsistent) {
  const auto d = small_text(32);
  const double lambda = 1e-3, C = lambda_to_C(lambda, d.X.rows);
  FitContext ctx;
  const BinaryFit fit = libsvm_linear_solver_info().fit_binary(
      {d.X, d.y}, Params{{"lambda", lambda}, {"eps", 1e-6}}, ctx);
  const double dual = fit.extra["dual_objective"].get<double>();
  const double primal = fit.extra["primal_C"].get<double>();
  EXPECT_NEAR(primal, svm_primal_objective_C(d.X, d.y, fit.model, C), 1e-9);
  EXPECT_NEAR(fit.objective, primal / (d.X.rows * C), 1e-12);
  EXPECT_GE(primal, -dual - 1e-9);                   // weak duality
  EXPECT_LE(primal + dual, 1e-4 * std::fabs(dual));  // small gap at eps 1e-6
}

TEST(LibsvmAdapter, HardMarginKnownAnswer) {
  const auto d = dense_rows({{-1, -1}, {1, 1}, {3, 3}, {-3, 0}}, {-1, 1, 1, -1});
  FitContext ctx;
  const BinaryFit fit =
      libsvm_linear_solver_info().fit_binary({d.X, d.y}, Params{{"C", 10}, {"eps", 1e-10}}, ctx);
  EXPECT_NEAR(fit.model.w[0], 0.5, 1e-8);
  EXPECT_NEAR(fit.model.w[1], 0.5, 1e-8);
  EXPECT_NEAR(fit.model.b, 0.0, 1e-8);
  EXPECT_NEAR(fit.extra["dual_objective"].get<double>(), -0.25, 1e-8);
}

TEST(LibsvmAdapter, SingleClass) {
  const auto d = dense_rows({{1, 0}, {0, 2}}, {-1, -1});
  FitContext ctx;
  const BinaryFit fit = libsvm_linear_solver_info().fit_binary({d.X, d.y}, Params{}, ctx);
  EXPECT_EQ(fit.model.predict(d.X), d.y);
  EXPECT_EQ(fit.objective, 0.0);
}

TEST(LibsvmAdapter, RejectsBadParameters) {
  const auto d = small_text(33, 30);
  FitContext ctx;
  const auto fit = libsvm_linear_solver_info().fit_binary;
  EXPECT_THROW(fit({d.X, d.y}, Params{{"bias", 1}}, ctx), ConfigError);
  EXPECT_THROW(fit({d.X, d.y}, Params{{"cache_mb", 0}}, ctx), ConfigError);
}

}  // namespace
}  // namespace linrepro
