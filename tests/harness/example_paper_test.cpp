// A new paper is one folder of experiments (their declarations in experiments.json), one
// registration and its published file: the minimal example below is a whole paper, declared with
// no code of its own (no list of paper ids to extend anywhere). Its one experiment fits a linear
// SVM on a9a, emits the published cell and takes extra solvers; compare judges the cell and lists
// the extra solver's cell as produced without a published value.
#include <gtest/gtest.h>

#include "core/error.h"
#include "harness/experiment/run_experiment.h"
#include "harness/judge/compare.h"
#include "harness/language/experiment_declarations.h"
#include "harness/protocol/protocol_runner.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::TempDir;

// experiments/examplepaper/experiments.json (docs/PROTOCOL.md); experiments/examplepaper/
// experiments.h would hold `register_protocol(registry, "examplepaper", "table1", {})` and
// experiments/register.cpp one line calling it.
const char* kExampleDeclarations = R"json({
  "paper": "examplepaper",
  "experiments": {
    "table1": {
      "description": "the example paper's Table 1: a linear SVM's test error on a9a",
      "artifacts": ["table1"],
      "extra_solvers": {"tasks": "binary", "why": "one binary problem"},
      "protocol": {
        "why": "the example paper's setting: lambda 1e-4 on the whole a9a training set",
        "values": {"lambda": 0.0001},
        "bias": "penalized",
        "datasets": [{"class": "a9a", "data": "a9a"}],
        "methods": [
          {"name": "svm", "key": "svm", "solver": "liblinear-s3",
           "params": {"C": {"reciprocal": ["lambda", "n"]}, "bias": 1}},
          {"key": "extra", "solver": "--with-solver", "lambda": "$lambda"}
        ],
        "cells": {
          "columns": {"error": [{"column": "Test error", "value": "metric:test_error|100",
                                 "unit": "%"}]},
          "rows": [
            {"table": "table1", "row": "a9a", "class": "a9a", "run": "svm", "columns": ["error"]},
            {"table": "table1", "row": "{solver} (extra)", "class": "a9a", "run": "extra",
             "columns": ["error"]}
          ]
        }
      }
    }
  }
})json";

ExperimentInfo example_table1() {
  return protocol_experiment(
      parse_experiment_declarations(Json::parse(kExampleDeclarations),
                                    "experiments/examplepaper/experiments.json")
          .at(0),
      {});
}

// results/published/examplepaper.json: one cell, the SVM's test error, whose column is `column`.
void write_published(const TempDir& dir, const std::string& column) {
  std::filesystem::create_directories(dir.path() / "published");
  testing::write_json(dir.path() / "published" / "examplepaper.json",
                      {{"paper", "examplepaper"},
                       {"title", "An example paper"},
                       {"source", "tests/harness/example_paper_test.cpp"},
                       {"default_tolerance", 100.0},
                       {"cells",
                        {{{"table", "table1"},
                          {"row", "a9a"},
                          {"column", column},
                          {"experiment", "table1"},
                          {"value", 15.0},
                          {"unit", "%"}}}}});
}

TEST(ExamplePaper, OneFolderOneRegistrationAndItsPublishedFileMakeAPaper) {
  TempDir dir;
  write_published(dir, "Test error");
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
  EXPECT_NE(report.find("liblinear-s2 (extra)"), std::string::npos);
}

// A published cell whose key is misspelt: the run fails naming the published cell and the
// misspelling, and its runs are kept (the next run reuses them).
TEST(ExamplePaper, AMisspeltCellFailsTheRunAndKeepsItsRuns) {
  TempDir dir;
  write_published(dir, "Test Error");  // the declaration says "Test error"
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.progress = false;
  try {
    run_experiment(example_table1(), ctx);
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("table1 / a9a / Test Error (it produced table1 / a9a / Test error: "
                        "misspelt?)"),
              std::string::npos)
        << what;
  }
  const Json doc = read_result_file(dir.path() / "examplepaper" / "table1.json");
  ASSERT_EQ(doc["runs"].size(), 1u);
  EXPECT_EQ(doc["runs"][0]["status"], "ok");
}

}  // namespace
}  // namespace linrepro
