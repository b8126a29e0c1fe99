// External solvers (baselines/external_solver.h): a program following the cmd: protocol gives the
// model the same solver gives through our adapter; a scikit-learn estimator (py:) reaches the
// problem's optimum; every way a program can misbehave is an error naming the solver and the fit.
#include "baselines/external_solver.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <string>

#include "baseline_fixtures.h"
#include "baselines/liblinear_adapter.h"
#include "baselines/naive_bayes.h"
#include "core/error.h"
#include "solvers/regularization.h"
#include "support/error_text.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

using testing::message_of;
using testing::small_text;
using testing::TempDir;

const std::filesystem::path kSource = LINREPRO_SOURCE_DIR;
const std::filesystem::path kSklearnScript = kSource / "baselines" / "sklearn_estimator.py";
const std::string kLiblinearScript =
    (kSource / "tests" / "baselines" / "liblinear_train_solver.sh").string();

BinaryFit fit(const SolverInfo& info, const SyntheticData& d, const Params& params,
              const std::string& label = "test fit") {
  FitContext ctx;
  ctx.label = label;
  return info.fit_binary({d.X, d.y}, params, ctx);
}

const SolverInfo& liblinear(const std::string& name) {
  static const std::vector<SolverInfo> infos = liblinear_solver_infos();
  for (const SolverInfo& s : infos)
    if (s.name == name) return s;
  throw std::logic_error("no " + name);
}

// A bash script in `dir` with this body, executable.
std::string script(const TempDir& dir, const std::string& name, const std::string& body) {
  const auto path = dir.write(name, "#!/usr/bin/env bash\n" + body + "\n");
  chmod(path.c_str(), 0755);
  return path.string();
}

// (1/n) sum squared hinge(y (w.x + b)) + lambda (||w||^2 + b^2): LIBLINEAR -B 1's problem.
double squared_hinge_objective(const SyntheticData& d, const LinearModel& m, double lambda) {
  double loss = 0;
  for (int32_t i = 0; i < d.X.rows; ++i) {
    const double z = d.y[static_cast<size_t>(i)] * m.decision(d.X, i);
    loss += z < 1 ? (1 - z) * (1 - z) : 0;
  }
  double penalty = m.b * m.b;
  for (double w : m.w) penalty += w * w;
  return loss / d.X.rows + lambda * penalty;
}

TEST(ExternalSolver, LiblinearTrainScriptGivesTheAdaptersModelBitForBit) {
  const auto d = small_text(31);
  const double lambda = 1e-3;
  const SolverInfo info = external_solver_info(
      "cmd:" + kLiblinearScript + ":loss=squared_hinge,intercept=regularized_feature",
      kSklearnScript);
  EXPECT_EQ(info.kind.loss, Loss::squared_hinge);
  EXPECT_EQ(info.kind.intercept, Intercept::regularized_feature);
  const BinaryFit ours = fit(info, d, {{"lambda", lambda}});
  // liblinear-train rounds C and eps to single precision: the adapter does so with cli_precision.
  const BinaryFit adapter = fit(liblinear("liblinear-s2"), d,
                                {{"lambda", lambda}, {"bias", 1.0}, {"cli_precision", true}});
  ASSERT_EQ(ours.model.w.size(), adapter.model.w.size());
  for (size_t j = 0; j < ours.model.w.size(); ++j)
    EXPECT_EQ(ours.model.w[j], adapter.model.w[j]) << j;
  EXPECT_EQ(ours.model.b, adapter.model.b);
  EXPECT_EQ(ours.extra.at("sent").at("C"), lambda_to_C(lambda, d.X.rows));
  EXPECT_TRUE(std::isfinite(ours.objective));
}

TEST(ExternalSolver, SklearnLinearSvcReachesTheSameOptimumAsLiblinear) {
  const auto d = small_text(32);
  const double lambda = 1e-3;
  const SolverInfo info =
      external_solver_info("py:sklearn.svm.LinearSVC(tol=1e-8, max_iter=100000)", kSklearnScript);
  EXPECT_EQ(info.kind.loss, Loss::squared_hinge);  // from the estimator's own loss parameter
  EXPECT_EQ(info.kind.penalty, Penalty::l2);
  const BinaryFit py = fit(info, d, {{"lambda", lambda}});
  const BinaryFit ll =
      fit(liblinear("liblinear-s2"), d, {{"lambda", lambda}, {"bias", 1.0}, {"eps", 1e-8}});
  const double optimum = squared_hinge_objective(d, ll.model, lambda);
  EXPECT_NEAR(squared_hinge_objective(d, py.model, lambda), optimum, 1e-6 * optimum);
  EXPECT_EQ(py.extra.at("report").at("C"), lambda_to_C(lambda, d.X.rows));
}

TEST(ExternalSolver, AnEstimatorWithoutALossParameterMustDeclareOne) {
  const std::string text = message_of(
      [] { external_solver_info("py:sklearn.linear_model.LogisticRegression()", kSklearnScript); });
  EXPECT_NE(text.find("declare the loss"), std::string::npos) << text;
  const SolverInfo info = external_solver_info(
      "py:sklearn.linear_model.LogisticRegression():loss=logistic", kSklearnScript);
  EXPECT_EQ(info.kind.loss, Loss::logistic);
}

// scikit-learn's naive Bayes has no coef_ since 1.1: its model is read off its joint
// log-likelihoods, must be theirs on every training row, and its alpha is the protocol's lambda.
TEST(ExternalSolver, SklearnNaiveBayesIsTheLinearModelOfItsLogLikelihoods) {
  const auto d = small_text(33);  // 0/1 features
  const SolverInfo multinomial =
      external_solver_info("py:sklearn.naive_bayes.MultinomialNB()", kSklearnScript);
  EXPECT_EQ(multinomial.kind.loss, Loss::multinomial_nb);  // declared by the estimator's class
  EXPECT_EQ(multinomial.kind.penalty, Penalty::none);
  const BinaryFit py = fit(multinomial, d, {{"lambda", 0.01}});
  const BinaryFit ours = fit(naive_bayes_solver_info(), d, {{"smoothing", 0.01}});
  for (int32_t i = 0; i < d.X.rows; ++i) {
    const double want = ours.model.decision(d.X, i);
    ASSERT_NEAR(py.model.decision(d.X, i), want, 1e-9 * (1 + std::abs(want))) << "row " << i;
  }
  const std::string estimator = py.extra.at("report").at("estimator");
  EXPECT_NE(estimator.find("alpha=0.01"), std::string::npos) << estimator;

  const SolverInfo bernoulli =
      external_solver_info("py:sklearn.naive_bayes.BernoulliNB()", kSklearnScript);
  EXPECT_EQ(bernoulli.kind.loss, Loss::bernoulli_nb);
  EXPECT_NO_THROW(fit(bernoulli, d, {{"lambda", 0.01}}));  // linear in 0/1 features
  SyntheticData counts = d;  // BernoulliNB binarises: on counts of 2 it is no model of x
  for (double& v : counts.X.values) v = 2;
  const std::string text = message_of([&] { fit(bernoulli, counts, {{"lambda", 0.01}}); });
  EXPECT_NE(text.find("is not linear in these features"), std::string::npos) << text;
}

TEST(ExternalSolver, SpecsAreCheckedBeforeAnythingRuns) {
  EXPECT_THROW(external_solver_info("cmd:", kSklearnScript), ConfigError);
  EXPECT_THROW(external_solver_info("py:sklearn.svm.LinearSVC(C=1", kSklearnScript), ConfigError);
  EXPECT_THROW(external_solver_info("cmd:/bin/true:loss=hingee", kSklearnScript), ConfigError);
  EXPECT_THROW(external_solver_info("py:sklearn.svm.NoSuchSVC()", kSklearnScript), ConfigError);
  const std::string inside = message_of(
      [] { external_solver_info("py:sklearn.svm.LinearSVC():max_iter=5", kSklearnScript); });
  EXPECT_NE(inside.find("inside the parentheses"), std::string::npos) << inside;
  // Other keys of a cmd: solver are the program's, declared with their values as defaults.
  const SolverInfo info =
      external_solver_info("cmd:/bin/true:loss=hinge,depth=3,mode=fast,timeout=5", kSklearnScript);
  ASSERT_NE(find_declaration(info.params, "depth"), nullptr);
  EXPECT_EQ(find_declaration(info.params, "mode")->default_value, "fast");
  EXPECT_EQ(external_solver_options("py:a.B(x=')'):timeout=7").at("timeout"), 7);
}

TEST(ExternalSolver, EveryMisbehaviourIsAnErrorNamingTheSolverAndTheFit) {
  TempDir dir;
  const auto d = small_text(33, 50, 20);
  const auto error = [&](const std::string& body, const std::string& options = "") {
    const std::string spec = "cmd:" + script(dir, "solver.sh", body) + ":loss=hinge" + options;
    return message_of([&] { fit(external_solver_info(spec, kSklearnScript), d, {}, "earn"); });
  };
  const std::string failing = error("echo boom >&2; exit 3");
  EXPECT_NE(failing.find("external solver 'cmd:"), std::string::npos) << failing;
  EXPECT_NE(failing.find("on earn"), std::string::npos) << failing;
  EXPECT_NE(failing.find("status 3"), std::string::npos) << failing;
  EXPECT_NE(failing.find("boom"), std::string::npos) << failing;
  EXPECT_NE(error("exit 0").find("wrote no output file"), std::string::npos);
  EXPECT_NE(error("echo 1 2 > \"$3\"").find("holds 2 numbers, the protocol needs 21"),
            std::string::npos);
  const std::string nan = error("{ for i in $(seq 20); do echo 0; done; echo nan; } > \"$3\"");
  EXPECT_NE(nan.find("number 21 is nan"), std::string::npos) << nan;
  const auto start = std::chrono::steady_clock::now();
  const std::string hang = error("sleep 60", ",timeout=1");
  EXPECT_NE(hang.find("timeout=1 s"), std::string::npos) << hang;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  const std::string missing = message_of([&] {
    fit(external_solver_info("cmd:" + (dir / "no-such-program").string() + ":loss=hinge",
                             kSklearnScript),
        d, {});
  });
  EXPECT_NE(missing.find("cannot run"), std::string::npos) << missing;
}

// tests/baselines/probe_estimator.py's estimator as a py: solver (its module on PYTHONPATH).
SolverInfo probe_solver(const std::string& args) {
  setenv("PYTHONPATH", (kSource / "tests" / "baselines").c_str(), 1);
  return external_solver_info("py:probe_estimator.ProbeEstimator(" + args + "):loss=hinge",
                              kSklearnScript);
}

// The probe's weights: w_1 is the pid of the Python process that fitted it, w_2 its random_state.
BinaryFit probe_fit(const SolverInfo& info, const SyntheticData& d, uint64_t seed) {
  FitContext ctx;
  ctx.seed = seed;
  ctx.label = "probe";
  return info.fit_binary({d.X, d.y}, {{"lambda", 1e-3}}, ctx);
}

// Issue 60: a py: solver's fits run in one Python process (each fit started Python and imported
// scikit-learn, 0.75 s, more than LinearSVC's fit on a Reuters category), which gets the run's
// seed as random_state: an unseeded LinearSVC reached a different model in each run.
TEST(ExternalSolver, APySolversFitsShareOnePythonProcessAndTakeTheRunsSeed) {
  const auto d = small_text(34, 50, 20);
  const SolverInfo info = probe_solver("");
  const BinaryFit first = probe_fit(info, d, 7);
  EXPECT_NE(first.model.w[0], static_cast<double>(getpid()));
  EXPECT_EQ(first.model.w[1], 7);
  for (const uint64_t seed : {8u, 9u}) {
    const BinaryFit next = probe_fit(info, d, seed);
    EXPECT_EQ(next.model.w[0], first.model.w[0]);  // the same process
    EXPECT_EQ(next.model.w[1], static_cast<double>(seed));
  }
  EXPECT_EQ(probe_fit(info, d, (uint64_t{1} << 32) + 5).model.w[1], 5);      // numpy's range
  EXPECT_EQ(probe_fit(probe_solver("random_state=3"), d, 7).model.w[1], 3);  // the user's own

  const SolverInfo svc = external_solver_info("py:sklearn.svm.LinearSVC()", kSklearnScript);
  const auto text = small_text(35);
  FitContext a, b;
  a.seed = b.seed = 12846856922708902437u;
  const BinaryFit one = svc.fit_binary({text.X, text.y}, {{"lambda", 1e-4}}, a);
  const BinaryFit two = svc.fit_binary({text.X, text.y}, {{"lambda", 1e-4}}, b);
  EXPECT_EQ(one.model.w, two.model.w);
  EXPECT_EQ(one.extra.at("report").at("random_state"), a.seed % (uint64_t{1} << 32));
}

// An estimator's own error is one line naming the solver and the fit, never a traceback, and its
// process answers the next fit; a fit past the timeout kills the process, and the next fit starts
// another.
TEST(ExternalSolver, APySolversErrorIsOneLineAndATimeoutEndsItsProcess) {
  const auto d = small_text(36, 50, 20), failing = small_text(36, 40, 20),
             hanging = small_text(36, 30, 20);
  const SolverInfo info = probe_solver("fail_rows=40, hang_rows=30");
  const double pid = probe_fit(info, d, 1).model.w[0];
  const std::string error = message_of([&] { probe_fit(info, failing, 1); });
  EXPECT_NE(error.find("external solver 'py:probe_estimator"), std::string::npos) << error;
  EXPECT_NE(error.find("on probe: ValueError: no fit on 40 rows"), std::string::npos) << error;
  EXPECT_EQ(error.find("Traceback"), std::string::npos) << error;
  EXPECT_EQ(probe_fit(info, d, 1).model.w[0], pid);

  const SolverInfo limited = external_solver_info(
      "py:probe_estimator.ProbeEstimator(hang_rows=30):loss=hinge,timeout=1", kSklearnScript);
  const double before = probe_fit(limited, d, 1).model.w[0];
  const auto start = std::chrono::steady_clock::now();
  const std::string hang = message_of([&] { probe_fit(limited, hanging, 1); });
  EXPECT_NE(hang.find("no result within timeout=1 s"), std::string::npos) << hang;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  EXPECT_NE(kill(static_cast<pid_t>(before), 0), 0);  // killed and reaped
  const double after = probe_fit(limited, d, 1).model.w[0];
  EXPECT_NE(after, before);
}

}  // namespace
}  // namespace linrepro
