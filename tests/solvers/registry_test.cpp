#include <gtest/gtest.h>

#include <stdexcept>

#include "core/error.h"
#include "solvers/solver.h"

namespace linrepro {
namespace {

// A binary "solver" that needs no optimisation: w = X^T y / n, b = mean(y).
BinaryFit mean_solver(const BinaryProblem& p, const Params&, FitContext&) {
  BinaryFit fit;
  fit.model.w.assign(p.X.cols, 0.0);
  p.X.multiply_transpose(p.y, fit.model.w);
  for (double& w : fit.model.w) w /= p.X.rows;
  for (double y : p.y) fit.model.b += y / p.X.rows;
  fit.iterations = 1;
  return fit;
}

const SolverKind kTestKind{.loss = Loss::least_squares,
                           .objective = "(1/n) sum (1 - y f(x))^2 + lambda ||w||^2"};
const std::vector<ParamDecl> kTestParams{positive_param("lambda", 1e-3, "")};

SolverInfo binary_info(const std::string& name) {
  return {name, "test solver", "none", kTestKind, kTestParams, mean_solver, nullptr};
}

TEST(SolverRegistry, UnknownNameListsTheKnownOnes) {
  SolverRegistry reg;
  reg.add(binary_info("smo"));
  reg.add(binary_info("mlr-cg"));
  EXPECT_TRUE(reg.contains("smo"));
  EXPECT_FALSE(reg.contains("svm"));
  EXPECT_EQ(reg.get("mlr-cg").name, "mlr-cg");
  EXPECT_EQ(reg.all().size(), 2u);
  try {
    reg.get("svm");
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown solver 'svm' (known: smo, mlr-cg)"),
              std::string::npos)
        << e.what();
  }
}

TEST(SolverRegistry, DuplicatesAndEmptySolversRejected) {
  SolverRegistry reg;
  reg.add(binary_info("smo"));
  try {
    reg.add(binary_info("smo"));
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("'smo' registered twice"), std::string::npos) << e.what();
  }
  EXPECT_THROW(reg.add(SolverInfo{"nothing", "", "", kTestKind, kTestParams, nullptr, nullptr}),
               ConfigError);
  EXPECT_EQ(reg.all().size(), 1u);
}

TEST(SolverRegistry, MulticlassUsesNativeFitOrOneVsRest) {
  CsrMatrix X;
  X.append_row(std::vector<int32_t>{0}, std::vector<double>{1});
  X.append_row(std::vector<int32_t>{1}, std::vector<double>{1});
  X.append_row(std::vector<int32_t>{0, 1}, std::vector<double>{1, 1});
  const MulticlassLabels labels{{0, 1, 2}, {"a", "b", "c"}};
  int native_calls = 0;
  SolverRegistry reg;
  reg.add(binary_info("binary-only"));
  reg.add(SolverInfo{"native", "", "", kTestKind, kTestParams, nullptr,
                     [&](const MulticlassProblem& p, const Params&, FitContext&) {
                       ++native_calls;
                       MulticlassFit f;
                       f.model.per_class.resize(p.labels.num_classes());
                       return f;
                     }});
  FitContext ctx;
  const MulticlassFit ovr = reg.fit_multiclass("binary-only", {X, labels}, Params(), ctx);
  EXPECT_EQ(ovr.model.per_class.size(), 3u);
  EXPECT_EQ(ovr.iterations, 3);  // one binary fit per class
  EXPECT_EQ(native_calls, 0);
  reg.fit_multiclass("native", {X, labels}, Params(), ctx);
  EXPECT_EQ(native_calls, 1);

  const std::vector<double> y{1, -1, 1};
  EXPECT_NO_THROW(reg.fit_binary("binary-only", {X, y}, Params(), ctx));
  try {
    reg.fit_binary("native", {X, y}, Params(), ctx);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("'native' is multiclass-only"), std::string::npos)
        << e.what();
  }
}

// A solver that says nothing about what it is, or whose kind names parameters it does not declare,
// is a bug found at registration.
TEST(SolverRegistry, InconsistentDeclarationsRejected) {
  SolverRegistry reg;
  SolverInfo no_loss = binary_info("no-loss");
  no_loss.kind.loss = Loss::unspecified;
  EXPECT_THROW(reg.add(no_loss), std::logic_error);
  SolverInfo no_objective = binary_info("no-objective");
  no_objective.kind.objective.clear();
  EXPECT_THROW(reg.add(no_objective), std::logic_error);
  SolverInfo smoothing = binary_info("smoothing");
  smoothing.kind.lambda_param = "smoothing";
  EXPECT_THROW(reg.add(smoothing), std::logic_error);
  SolverInfo bias = binary_info("bias");
  bias.kind.intercept_params = {{"bias", 1.0}};
  EXPECT_THROW(reg.add(bias), std::logic_error);
  SolverInfo bad_default = binary_info("bad-default");
  bad_default.params = {positive_param("lambda", -1, "")};
  EXPECT_THROW(reg.add(bad_default), std::logic_error);
  EXPECT_TRUE(reg.all().empty());
}

// The one label check: every binary fit through the registry, before the solver runs.
TEST(SolverRegistry, FitBinaryChecksLabelsOnce) {
  CsrMatrix X;
  X.append_row(std::vector<int32_t>{0}, std::vector<double>{1});
  X.append_row(std::vector<int32_t>{1}, std::vector<double>{1});
  X.append_row(std::vector<int32_t>{0, 1}, std::vector<double>{1, 1});
  int calls = 0;
  SolverRegistry reg;
  SolverInfo counting = binary_info("counting");
  counting.fit_binary = [&](const BinaryProblem& p, const Params& params, FitContext& ctx) {
    ++calls;
    return mean_solver(p, params, ctx);
  };
  reg.add(counting);
  FitContext ctx;
  const std::vector<double> zero_one{1, 0, 1}, short_y{1, -1};
  try {
    reg.fit_binary("counting", {X, zero_one}, Params(), ctx);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("counting: label of row 1 is 0, expected +1 or -1"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(reg.fit_binary("counting", {X, short_y}, Params(), ctx), ConfigError);
  const CsrMatrix empty;
  EXPECT_THROW(reg.fit_binary("counting", {empty, {}}, Params(), ctx), ConfigError);
  EXPECT_EQ(calls, 0);
  const std::vector<double> y{1, -1, 1};
  EXPECT_NO_THROW(reg.fit_binary("counting", {X, y}, Params(), ctx));
  EXPECT_EQ(calls, 1);
}

TEST(SolverRegistry, ClassesSaidInWords) {
  SolverInfo s = binary_info("b");
  EXPECT_EQ(classes_text(s), "binary (multiclass one-vs-rest)");
  s.fit_multiclass = [](const MulticlassProblem&, const Params&, FitContext&) {
    return MulticlassFit{};
  };
  EXPECT_EQ(classes_text(s), "binary + native multiclass");
  s.fit_binary = nullptr;
  EXPECT_EQ(classes_text(s), "native multiclass only");
}

}  // namespace
}  // namespace linrepro
