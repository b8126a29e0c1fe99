#include "solvers/regularization.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "core/error.h"
#include "core/seed.h"

namespace linrepro {
namespace {

TEST(Regularization, ConversionFormula) {
  // C = 1 / (2 lambda n): lambda = 1e-4, n = 1000 -> C = 1 / 0.2 = 5.
  EXPECT_DOUBLE_EQ(lambda_to_C(1e-4, 1000), 5.0);
  EXPECT_DOUBLE_EQ(C_to_lambda(5.0, 1000), 1e-4);
  EXPECT_DOUBLE_EQ(C_to_lambda(lambda_to_C(3e-7, 9603), 9603), 3e-7);
}

// The reason for the formula: the paper objective divided by 2 lambda is the SVM objective, so both
// have the same minimiser. Checked on arbitrary losses and weights.
TEST(Regularization, ObjectivesAreProportional) {
  Rng rng(7);
  std::uniform_real_distribution<double> u(0, 3);
  const int n = 50;
  const double lambda = 0.01;
  const double C = lambda_to_C(lambda, n);
  for (int trial = 0; trial < 5; ++trial) {
    double sum_loss = 0, w2 = 0;
    for (int i = 0; i < n; ++i) sum_loss += u(rng);
    for (int j = 0; j < 10; ++j) w2 += u(rng) * u(rng);
    const double paper = sum_loss / n + lambda * w2;  // (1/n) sum loss + lambda ||w||^2
    const double svm = 0.5 * w2 + C * sum_loss;       // (1/2) ||w||^2 + C sum loss
    EXPECT_NEAR(paper / (2 * lambda), svm, 1e-12 * svm);
  }
}

std::vector<ParamDecl> lambda_or_C(double default_lambda) {
  return lambda_or_C_params(default_lambda, "paper convention", "SVM convention");
}

double lambda_from(const Params& p, int64_t n, double default_lambda) {
  ParamReader r(p, "test-solver", lambda_or_C(default_lambda));
  const double lambda = resolve_lambda(r, n);
  r.finish();  // neither key may be reported as unknown
  return lambda;
}

TEST(Regularization, ResolveLambdaFromEitherKey) {
  EXPECT_DOUBLE_EQ(lambda_from(Params{{"lambda", 0.01}}, 100, 1e-4), 0.01);
  EXPECT_DOUBLE_EQ(lambda_from(Params{{"C", 5.0}}, 1000, 1e-4), 1e-4);
  EXPECT_DOUBLE_EQ(lambda_from(Params(), 100, 1e-3), 1e-3);
  ParamReader r(Params{{"lambda", 1e-4}}, "s", lambda_or_C(1.0));
  EXPECT_DOUBLE_EQ(resolve_C(r, 1000), 5.0);
  ParamReader d(Params(), "s", lambda_or_C(0.05));
  EXPECT_DOUBLE_EQ(resolve_C(d, 10), 1.0);  // 1 / (2 * 0.05 * 10)
}

TEST(Regularization, BothKeysOrBadValuesRejected) {
  const Params both = {{"lambda", 0.01}, {"C", 1.0}};
  ParamReader r(both, "s", lambda_or_C(1e-4));
  try {
    resolve_lambda(r, 100);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("either 'lambda' or 'C'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(lambda_from(Params{{"C", 0}}, 10, 1), ConfigError);
  EXPECT_THROW(lambda_from(Params{{"lambda", -1}}, 10, 1), ConfigError);
  EXPECT_THROW(lambda_from(Params{{"lambda", 0.1}, {"lamda", 1}}, 10, 1), ConfigError);
}

// The declaration lists lambda with its default and C without one (lambda's default applies).
TEST(Regularization, LambdaOrCDeclaration) {
  const auto d = lambda_or_C(1e-3);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].name, "lambda");
  EXPECT_EQ(d[0].default_value, 1e-3);
  EXPECT_EQ(d[1].name, "C");
  EXPECT_TRUE(d[1].default_value.is_null());
  EXPECT_NO_THROW(check_declarations(d, "s"));
}

SolverInfo info_of(SolverKind kind, std::vector<ParamDecl> params) {
  return SolverInfo{.name = "s",
                    .description = "",
                    .source = "",
                    .kind = std::move(kind),
                    .params = std::move(params),
                    .fit_binary = {},
                    .fit_multiclass = {}};
}

// "This loss at this lambda": lambda where the solver takes it, plus what its intercept needs.
TEST(Regularization, RegularizationParamsFollowTheKind) {
  const auto plain = info_of({.loss = Loss::hinge}, lambda_or_C(1e-3));
  EXPECT_EQ(regularization_params(plain, 0.01).dump(), R"({"lambda":0.01})");

  SolverKind with_bias{.loss = Loss::logistic, .intercept = Intercept::regularized_feature};
  with_bias.intercept_params = {{"bias", 1.0}};
  auto params = lambda_or_C(1e-3);
  params.push_back(number_param("bias", -1.0, ""));
  EXPECT_EQ(regularization_params(info_of(with_bias, params), 1e-4).dump(),
            R"({"bias":1.0,"lambda":0.0001})");

  const auto nb =
      info_of({.loss = Loss::multinomial_nb, .penalty = Penalty::none, .lambda_param = "smoothing"},
              {positive_param("smoothing", 1.0, "")});
  EXPECT_EQ(regularization_params(nb, 0.01).dump(), R"({"smoothing":0.01})");
}

}  // namespace
}  // namespace linrepro
