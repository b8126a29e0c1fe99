// --with-solver (harness/experiment/extra_solvers.h): an extra solver gets the lambda of the
// protocol's method with its declared loss, never one chosen by its name; an experiment that cannot
// take it, a kind that cannot do its tasks, and an experiment that asked for no run of it are
// errors with the reason; a failed extra run neither stops the round nor keeps the paper's cells
// from being made; a solver kept from an earlier run joins where it fits, refused nowhere, and
// `forget` takes it out again with its runs and rows.
#include "harness/experiment/extra_solvers.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "harness/experiment/forget_solver.h"
#include "harness/experiment/kept_solvers.h"
#include "harness/experiment/run_experiment.h"
#include "harness_fixtures.h"
#include "support/error_text.h"
#include "support/scoped_env.h"

namespace linrepro {
namespace {

using testing::message_of;
using testing::TempDir;

// A protocol in the manner of Zhang & Oles' Table 1: one lambda per loss.
const std::vector<ProtocolLambda> kByLoss = {
    {Loss::least_squares, Penalty::l2, 1e-3, "Lin Reg"},
    {Loss::squared_hinge, Penalty::l2, 2e-3, "Mod Least Squares"},
    {Loss::logistic, Penalty::l2, 1e-4, "Logistic Reg"},
    {Loss::hinge, Penalty::l2, 3e-3, "SVM"}};

ExtraSolver parsed(const std::string& text) {
  ExperimentContext ctx;
  ctx.extra_solvers = {text};
  return extra_solvers(ctx).at(0);
}

TEST(ExtraSolvers, LambdaFollowsTheDeclaredLossNotTheName) {
  // A logistic solver that no protocol names gets Logistic Reg's lambda.
  const ExtraLambda logistic = extra_solver_lambda(parsed("dcd-logistic"), kByLoss, "test");
  EXPECT_EQ(logistic.lambda, 1e-4);
  EXPECT_EQ(logistic.method, "Logistic Reg");
  // Squared hinge with an L1 penalty: the same loss's method, and the rule says so.
  const ExtraLambda l1 = extra_solver_lambda(parsed("liblinear-s5"), kByLoss, "test");
  EXPECT_EQ(l1.method, "Mod Least Squares");
  EXPECT_NE(l1.rule.find("no l1 method"), std::string::npos) << l1.rule;
  EXPECT_EQ(extra_solver_lambda(parsed("cls-dual"), kByLoss, "test").method, "Lin Reg");
}

TEST(ExtraSolvers, ALossTheProtocolHasNoLambdaForNeedsTheUsersOwn) {
  const std::string text =
      message_of([] { extra_solver_lambda(parsed("mlr-cg"), kByLoss, "zhangoles2001/table2"); });
  EXPECT_NE(text.find("modified_logistic"), std::string::npos) << text;
  EXPECT_NE(text.find("set lambda= or C="), std::string::npos) << text;
  const ExtraSolver own = parsed("mlr-cg:lambda=0.01");
  EXPECT_EQ(extra_solver_lambda(own, kByLoss, "test").rule, "the user's lambda or C");
  EXPECT_EQ(extra_solver_params(own, 5).at("lambda"), 0.01);
  // A protocol with one lambda for every loss gives it that; not to naive Bayes, whose lambda is
  // its smoothing (issue 60: the SGD report's lambda silently became it).
  const std::vector<ProtocolLambda> one = {{Loss::unspecified, Penalty::l2, 1e-3, "every method"}};
  EXPECT_EQ(extra_solver_lambda(parsed("mlr-cg"), one, "test").lambda, 1e-3);
  EXPECT_EQ(message_of([&] { extra_solver_lambda(parsed("nb"), one, "sgdreport/tables"); }),
            "sgdreport/tables: --with-solver nb has no penalty (its lambda is its smoothing, not a "
            "regularisation weight), and this protocol gives none for its multinomial_nb loss: "
            "set lambda= to run it here");
  EXPECT_EQ(extra_solver_lambda(parsed("nb:lambda=0.5"), one, "test").rule,
            "the user's lambda or C");
}

// Issue 60: a short name instead of a spec with a program's whole path; it is no part of the
// solver (not a parameter, not in its registered name), and two solvers cannot share one.
TEST(ExtraSolvers, ALabelNamesTheSolversRunsAndIsNoPartOfIt) {
  const ExtraSolver l = parsed("liblinear-s5:eps=0.01,label=ll5");
  EXPECT_EQ(l.label, "ll5");
  EXPECT_EQ(l.spec, "liblinear-s5:eps=0.01,label=ll5");
  EXPECT_EQ(l.solver, "liblinear-s5");
  EXPECT_EQ(l.params, Params({{"eps", 0.01}}));
  EXPECT_EQ(parsed("smo:label=mine").params, Params::object());
  EXPECT_EQ(parsed("smo").label, "smo");
  EXPECT_EQ(extra_solver_label("cmd:/home/me/solve.sh:loss=hinge,label=mine"), "mine");
  EXPECT_EQ(extra_solver_label("py:sklearn.svm.LinearSVC(C=1.0):label=svc"), "svc");
  EXPECT_EQ(extra_solver_label("py:sklearn.svm.LinearSVC(C=1.0)"),
            "py:sklearn.svm.LinearSVC(C=1.0)");
  EXPECT_THROW(parsed("smo:label=a/b"), ConfigError);
  EXPECT_THROW(parsed("smo:label="), ConfigError);
  ExperimentContext two;
  two.extra_solvers = {"smo:label=x", "liblinear-s2:label=x"};
  EXPECT_NE(message_of([&] { extra_solvers(two); }).find("are both labelled \"x\""),
            std::string::npos);
}

TEST(ExtraSolvers, UnknownSolversAndBadAssignmentsFailAtOnce) {
  EXPECT_THROW(parsed("no-such-solver"), ConfigError);
  EXPECT_THROW(parsed("smo:lambda=1e-3,"), ConfigError);
}

// An experiment asking for one paper run and, for each extra solver, one run that `fail` decides.
ExperimentInfo experiment(ExtraSolverSupport support, bool ask_extra, bool fail_extra) {
  ExperimentInfo e;
  e.paper = "mlrcg2003";
  e.id = "extra-fake";
  e.extra_solvers = std::move(support);
  e.run = [=](const ExperimentContext& ctx, ResultFile& rf) {
    rf.run_once("paper/smo", {{"solver", "smo"}}, [] { return RunRecord{}; });
    if (ask_extra)
      for (const ExtraSolver& x : extra_solvers(ctx))
        rf.run_once("extra/" + x.label, {{"solver", x.solver}, {"with_solver", x.label}}, [&] {
          if (fail_extra) throw std::runtime_error("external solver crashed");
          return RunRecord{};
        });
    if (!rf.complete()) return;
    rf.set_cell(value_cell("table9", "all", "paper", 1, ""));
  };
  return e;
}

ExperimentContext context(const TempDir& dir, std::vector<std::string> extras) {
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.progress = false;
  ctx.extra_solvers = std::move(extras);
  return ctx;
}

TEST(ExtraSolvers, AnExperimentThatCannotTakeThemRefusesWithItsReason) {
  TempDir dir;
  ExtraSolverSupport none{ExtraSolverSupport::Tasks::none, "its study has no slot for them"};
  const std::string text = message_of(
      [&] { run_experiment(experiment(none, true, false), context(dir, {"liblinear-s2"})); });
  EXPECT_NE(text.find("mlrcg2003/extra-fake: --with-solver cannot apply: its study has no slot"),
            std::string::npos)
      << text;
  // Without --with-solver the same experiment runs.
  EXPECT_EQ(run_experiment(experiment(none, true, false), context(dir, {})).cells, 1);
}

TEST(ExtraSolvers, AMulticlassOnlySolverCannotDoBinaryTasks) {
  TempDir dir;
  const std::string text = message_of([&] {
    run_experiment(experiment({ExtraSolverSupport::Tasks::binary, ""}, true, false),
                   context(dir, {"mmlr-cg"}));
  });
  EXPECT_NE(text.find("multiclass-only"), std::string::npos) << text;
}

TEST(ExtraSolvers, AnAcceptedSolverThatRanNowhereIsSaid) {
  TempDir dir;
  const ExperimentOutcome o =
      run_experiment(experiment({ExtraSolverSupport::Tasks::binary, ""}, false, false),
                     context(dir, {"liblinear-s2"}));
  EXPECT_NE(o.extra_unused.find("--with-solver liblinear-s2 ran nowhere"), std::string::npos)
      << o.extra_unused;
}

TEST(ExtraSolvers, OnlyAnExperimentNamedAloneIsRefusedTheOthersRunWithoutThem) {
  ExperimentInfo e = experiment({ExtraSolverSupport::Tasks::none, "no slot"}, true, false);
  TempDir dir;
  const ExperimentContext ctx = context(dir, {"liblinear-s2"});
  std::string note;
  EXPECT_EQ(extra_solver_context(e, "mlrcg2003/extra-fake", ctx, &note).extra_solvers.size(), 1u);
  EXPECT_TRUE(note.empty());
  EXPECT_TRUE(extra_solver_context(e, "mlrcg2003", ctx, &note).extra_solvers.empty());
  EXPECT_EQ(note, "mlrcg2003/extra-fake runs without --with-solver: no slot");
  e.extra_solvers = {ExtraSolverSupport::Tasks::binary, ""};
  EXPECT_EQ(extra_solver_context(e, "all", ctx, nullptr).extra_solvers.size(), 1u);
}

TEST(ExtraSolvers, AFailedExtraRunIsReportedAndThePaperCellsAreStillMade) {
  TempDir dir;
  const ExperimentOutcome o =
      run_experiment(experiment({ExtraSolverSupport::Tasks::binary, ""}, true, true),
                     context(dir, {"liblinear-s2"}));
  EXPECT_EQ(o.cells, 1);
  EXPECT_EQ(o.counts.failed, 0);
  EXPECT_EQ(o.counts.extra_failed, 1);
  ASSERT_EQ(o.extra_failures.size(), 1u);
  EXPECT_NE(o.extra_failures[0].find("run extra/liblinear-s2: external solver crashed"),
            std::string::npos)
      << o.extra_failures[0];
}

// Issue 60: a solver added once stays part of the results; a rerun without --with-solver makes its
// rows again and retries its failed run; `forget` takes it out.
TEST(ExtraSolvers, AKeptSolverJoinsWhereItFitsAndIsRefusedNowhere) {
  TempDir dir;
  keep_solvers(dir.path(), {"liblinear-s2", "mmlr-cg"});
  const ExperimentContext plain = context(dir, {});
  // mmlr-cg has no binary fit: it stays out of a binary experiment, silently (not asked for now).
  const ExperimentContext c = extra_solver_context(
      experiment({ExtraSolverSupport::Tasks::binary, ""}, true, false), "all", plain, nullptr);
  EXPECT_EQ(c.extra_solvers, std::vector<std::string>{"liblinear-s2"});
  EXPECT_EQ(c.kept_solvers, std::vector<std::string>{"liblinear-s2"});
  // Named now and kept: once, as named.
  const ExperimentContext named =
      extra_solver_context(experiment({ExtraSolverSupport::Tasks::multiclass, ""}, true, false),
                           "all", context(dir, {"liblinear-s2"}), nullptr);
  EXPECT_EQ(named.extra_solvers, (std::vector<std::string>{"liblinear-s2", "mmlr-cg"}));
  EXPECT_EQ(named.kept_solvers, std::vector<std::string>{"mmlr-cg"});
  // In a fast run of another folder too; never into the project's own fast files (references).
  ExperimentContext fast = plain;
  fast.fast = true;
  const ExperimentInfo binary = experiment({ExtraSolverSupport::Tasks::binary, ""}, true, false);
  EXPECT_EQ(extra_solver_context(binary, "all", fast, nullptr).extra_solvers.size(), 1u);
  EXPECT_FALSE(writes_references(fast));
  const testing::ScopedEnv root("LINREPRO_ROOT", (dir.path() / "project").string());
  fast.results_dir = dir.path() / "project" / "results";
  std::filesystem::create_directories(fast.results_dir);
  keep_solvers(fast.results_dir, {"liblinear-s2"});
  ASSERT_TRUE(writes_references(fast));
  EXPECT_TRUE(extra_solver_context(binary, "all", fast, nullptr).extra_solvers.empty());
  // An experiment without a slot, even named alone, runs without them and is not refused.
  const ExperimentInfo none = experiment({ExtraSolverSupport::Tasks::none, "no slot"}, true, false);
  const ExperimentContext alone =
      extra_solver_context(none, "mlrcg2003/extra-fake", plain, nullptr);
  EXPECT_TRUE(alone.extra_solvers.empty());
  EXPECT_EQ(run_experiment(none, alone).cells, 1);
}

TEST(ExtraSolvers, AKeptSolversFailedRunIsRetriedUntilItIsForgotten) {
  TempDir dir;
  keep_solvers(dir.path(), {"liblinear-s2"});
  const ExperimentInfo failing = experiment({ExtraSolverSupport::Tasks::binary, ""}, true, true);
  const auto rerun = [&] {
    return run_experiment(failing, extra_solver_context(failing, "all", context(dir, {}), nullptr));
  };
  ASSERT_EQ(rerun().counts.extra_failed, 1);
  const ExperimentOutcome again = rerun();  // retried, not only reprinted
  EXPECT_EQ(again.counts.extra_failed, 1);
  ASSERT_EQ(again.extra_failures.size(), 1u);
  const ForgetOutcome o = forget_extra_solver({&failing}, context(dir, {}), "liblinear-s2");
  // (by its label when it has one: "liblinear-s2:label=ll2" is forgotten as "ll2")
  EXPECT_TRUE(o.was_kept);
  EXPECT_EQ(o.runs_removed, 1);
  EXPECT_EQ(o.resummarised, std::vector<std::string>{"mlrcg2003/extra-fake"});
  EXPECT_TRUE(read_kept_solvers(dir.path()).empty());
  const ExperimentOutcome after = rerun();
  EXPECT_TRUE(after.extra_failures.empty());
  EXPECT_EQ(after.counts.extra_failed, 0);
  // Neither kept nor run: an error listing what is kept.
  keep_solvers(dir.path(), {"smo"});
  EXPECT_EQ(message_of([&] { forget_extra_solver({&failing}, context(dir, {}), "liblinear-s2"); }),
            "--solver 'liblinear-s2': no such solver is kept in " +
                kept_solvers_path(dir.path()).string() +
                " (kept: smo) nor has a run in the experiments named");
}

}  // namespace
}  // namespace linrepro
