// A new paper is one folder of experiments (their declarations in experiments.json, their code),
// one registration and its published file: the minimal example below is a whole paper (no list of
// paper ids to extend anywhere). Its one experiment
// fits SMO on synthetic text, emits the published cell and takes extra solvers; compare judges
// the cell and lists the extra solver's cell as produced without a published value.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/synthetic_data.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/experiment/record_fit.h"
#include "harness/experiment/run_experiment.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/judge/compare.h"
#include "harness/language/experiment_declarations.h"
#include "harness_fixtures.h"
#include "solvers/regularization.h"

namespace linrepro {
namespace {

using testing::TempDir;

// experiments/examplepaper/table1.cpp would hold this, experiments/register.cpp one line.
double test_error(const std::string& solver, const Params& params, const SyntheticData& train,
                  const SyntheticData& test) {
  FitContext ctx;
  const BinaryFit fit = solver_catalog().fit_binary(solver, {train.X, train.y}, params, ctx);
  int wrong = 0;
  for (int32_t i = 0; i < test.X.rows; ++i)
    wrong += (fit.model.decision(test.X, i) >= 0 ? 1.0 : -1.0) != test.y[static_cast<size_t>(i)];
  return 100.0 * wrong / test.X.rows;
}

// experiments/examplepaper/experiments.json (harness/language/experiment_declarations.h).
const char* kExampleDeclarations = R"({
  "paper": "examplepaper",
  "experiments": {
    "table1": {
      "description": "the example paper's Table 1: SMO's test error on synthetic text",
      "artifacts": ["table1"],
      "extra_solvers": {"tasks": "binary", "why": "one binary problem"}
    }
  }
})";

ExperimentInfo example_table1() {
  ExperimentInfo e = parse_experiment_declarations(Json::parse(kExampleDeclarations),
                                                   "experiments/examplepaper/experiments.json")
                         .at(0);
  e.run = [](const ExperimentContext& ctx, ResultFile& rf) {
    SyntheticSpec spec;
    spec.rows = 600;
    spec.features = 300;
    spec.seed = 7;
    const SyntheticData all = make_synthetic_text(spec);
    std::vector<int32_t> head, tail;
    for (int32_t i = 0; i < all.X.rows; ++i) (i < 400 ? head : tail).push_back(i);
    SyntheticData train{all.X.select_rows(head), {}}, test{all.X.select_rows(tail), {}};
    for (int32_t i : head) train.y.push_back(all.y[static_cast<size_t>(i)]);
    for (int32_t i : tail) test.y.push_back(all.y[static_cast<size_t>(i)]);
    const double lambda = 1e-3;
    std::map<std::string, double> error;
    auto run = [&](const std::string& key, const std::string& solver, const Params& params,
                   const ExtraSolver* extra) {
      Json config = {{"solver", solver}, {"params", params}, {"data", "synthetic seed 7"}};
      if (extra) config["with_solver"] = extra->label;
      const RunRecord r = rf.run_once(key, config, [&] {
        RunRecord out;
        out.metrics = {{"error", test_error(solver, params, train, test)}};
        if (extra) out.extra = extra_solver_tag(*extra);
        return out;
      });
      error[key] = r.metrics.value("error", std::nan(""));
    };
    run("smo", "smo", {{"lambda", lambda}}, nullptr);
    for (const ExtraSolver& x : extra_solvers(ctx)) {
      const ExtraLambda l =
          extra_solver_lambda(x, {{Loss::unspecified, Penalty::l2, lambda, "SMO"}}, "example");
      run("extra/" + x.label, x.solver, extra_solver_params(x, l.lambda), &x);
    }
    if (!rf.complete()) return;
    rf.set_cell(value_cell("table1", "synthetic", "SMO error", error["smo"], "%"));
    for (const ExtraSolver& x : extra_solvers(ctx))
      rf.set_cell(value_cell("table1", "synthetic", x.label + " error (extra)",
                             error["extra/" + x.label], "%", kExtraSolverNote));
  };
  return e;
}

// results/published/examplepaper.json: one cell, SMO's error, whose column is `column`.
void write_published(const TempDir& dir, const std::string& column) {
  std::filesystem::create_directories(dir.path() / "published");
  testing::write_json(dir.path() / "published" / "examplepaper.json",
                      {{"paper", "examplepaper"},
                       {"title", "An example paper"},
                       {"source", "tests/harness/example_paper_test.cpp"},
                       {"default_tolerance", 100.0},
                       {"cells",
                        {{{"table", "table1"},
                          {"row", "synthetic"},
                          {"column", column},
                          {"experiment", "table1"},
                          {"value", 20.0},
                          {"unit", "%"}}}}});
}

TEST(ExamplePaper, OneFolderOneRegistrationAndItsPublishedFileMakeAPaper) {
  TempDir dir;
  write_published(dir, "SMO error");
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.progress = false;
  ctx.extra_solvers = {"liblinear-s2"};
  const ExperimentOutcome o = run_experiment(example_table1(), ctx);
  EXPECT_EQ(o.cells, 2);
  EXPECT_TRUE(o.extra_unused.empty()) << o.extra_unused;

  const Comparison c = build_comparison(dir.path());
  EXPECT_EQ(c.paper_order(), std::vector<std::string>{"examplepaper"});
  const auto counts = c.counts("examplepaper");
  EXPECT_EQ(counts.at("within"), 1);
  const std::string report = render_report(c, dir.path());
  EXPECT_NE(report.find("liblinear-s2 error (extra)"), std::string::npos);
}

// A driver whose cell key is misspelt: the run fails naming the published cell and the
// misspelling, and its runs are kept (the next run reuses them).
TEST(ExamplePaper, AMisspeltCellFailsTheRunAndKeepsItsRuns) {
  TempDir dir;
  write_published(dir, "SMO Error");  // the driver writes "SMO error"
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.progress = false;
  try {
    run_experiment(example_table1(), ctx);
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("table1 / synthetic / SMO Error (it produced table1 / synthetic / SMO "
                        "error: misspelt?)"),
              std::string::npos)
        << what;
  }
  const Json doc = read_result_file(dir.path() / "examplepaper" / "table1.json");
  ASSERT_EQ(doc["runs"].size(), 1u);
  EXPECT_EQ(doc["runs"][0]["status"], "ok");
}

}  // namespace
}  // namespace linrepro
