// A protocol as data (harness/language/declared_protocol.h, protocol_cells.h): a declaration
// expands into the runs of each data set with its values resolved (fast mode, classes, n, extra
// solvers in their declared place); its cells come from the declared runs and metrics, say why when
// a run or the data is not there, and carry the declared interval and evidence; a malformed
// declaration is refused naming the entry. A data set that cannot be had at all runs nothing and
// marks its published cells with the declared reason.
#include "harness/language/declared_protocol.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/protocol/protocol_cells.h"
#include "harness/protocol/protocol_runner.h"
#include "harness_fixtures.h"
#include "protocol_refusal.h"

namespace linrepro {
namespace {

using testing::TempDir;

Json protocol_json() {
  return Json::parse(R"json({
    "why": "test",
    "values": {"lambda": 0.01, "gamma": 0.5},
    "bias": "penalized",
    "datasets": [
      {"class": "one", "data": "a9a", "values": {"epochs": 10}, "fast": {"values": {"epochs": 1}}},
      {"class": "two", "data": "covtype.binary", "values": {"epochs": 3}, "fast": false,
       "missing": "marked_unavailable"}
    ],
    "traced": {"points": 5, "config": {"trace_points": 5}, "record": {"note": "traced"}},
    "methods": [
      {"name": "sgd", "key": "sgd-l1", "solver": "sgd-l1-logistic", "traced": true,
       "params": {"lambda": "$lambda", "gamma": "$gamma", "epochs": "$epochs"}},
      {"key": "extra", "solver": "--with-solver", "class": ["one"], "lambda": "$lambda"},
      {"name": "exact", "key": "ll", "solver": "liblinear-s6", "fast": false, "class": "one",
       "params": {"C": {"reciprocal": ["lambda", "n"]}, "bias": 1}},
      {"key": "peer", "solver": "liblinear-s2", "fast": false, "class": ["one"]}
    ],
    "cells": {
      "values": [{"table": "t1", "row": "epochs", "column": "Value", "value": "$two.epochs",
                  "unit": "epochs"}],
      "columns": {
        "errors": [{"column": "Test error", "value": "metric:test_error|100", "unit": "%",
                    "wilson": ["test_rows", "test rows"]}],
        "zeros": [{"column": "Zeros", "value": "metric:zeros", "unit": "of {dimensions}"}],
        "peer": [{"column": "Peer error", "value": "metric:test_error@peer|100",
                  "unit": "%", "note": "the peer", "not_run": "not run: no peer here"}]
      },
      "evidence": {"z": {"column": "Zeros", "peer": {"value": "metric:zeros@exact",
                                                     "what": "the exact one"}, "ablation": "abl"}},
      "rows": [
        {"table": "t2", "row": "One", "class": "one", "run": "sgd",
         "columns": ["errors", "zeros", "peer"], "evidence": "z"},
        {"table": "t2", "row": "Two", "class": "two", "run": "sgd", "columns": ["errors"]},
        {"table": "t2", "row": "{solver} (extra)", "class": "one", "run": "extra",
         "columns": ["errors"]}
      ]
}
})json");
}

// What a declaration could say but would never be read is refused, not dropped.
TEST(DeclaredProtocol, WhatWouldNotBeReadIsRefused) {
  Json j = protocol_json();
  j["methods"][1]["params"] = {{"C", 1}};  // the user's solvers take the user's parameters
  testing::expect_protocol_refused(j, "the --with-solver place takes no \"params\"");
  j = protocol_json();
  j["methods"][1]["fast"] = false;  // they run in every subset
  testing::expect_protocol_refused(j, "the --with-solver place takes no \"fast\"");
  j = protocol_json();
  j["methods"][1].erase("lambda");
  testing::expect_protocol_refused(j, "needs the \"lambda\" its solvers get");
  j = protocol_json();
  j["methods"][1]["lambda"] = {{"no-such-solver", 0.1}};
  testing::expect_protocol_refused(j, "no-such-solver");
  j = protocol_json();
  j["values"]["word"] = "ten";
  j["methods"][1]["lambda"] = "$word";
  testing::expect_protocol_refused(j, "the --with-solver place's \"lambda\" must give numbers");
  j = protocol_json();
  j["cells"]["columns"]["unread"] = j["cells"]["columns"]["zeros"];  // no row names it
  testing::expect_protocol_refused(j, "column set \"unread\" is read by no row");
  j = protocol_json();
  j["cells"]["rows"][2]["row"] = "extra";  // each solver's row would be the same one
  testing::expect_protocol_refused(j, "names each solver's cells apart");
  j = protocol_json();
  j["cells"]["rows"][2]["evidence"] = "z";
  testing::expect_protocol_refused(j, "takes no \"evidence\"");
  j = protocol_json();
  j["cells"]["rows"][0]["row"] = "One {solver}";  // a paper's row
  testing::expect_protocol_refused(j, "names the rows of the --with-solver place's runs only");
}

TEST(DeclaredProtocol, RunsExpandWithTheirValuesInDeclaredOrder) {
  const DeclaredProtocol p = parse_protocol(protocol_json(), "f (x/y)");
  const std::vector<ExtraSolver> extras = {parse_extra_solver("liblinear-s5")};
  const std::vector<ProtocolRun> full =
      protocol_runs(p, p.datasets[0], false, 200, Json::object(), extras, "x/y");
  ASSERT_EQ(full.size(), 4u);
  EXPECT_EQ(full[0].key, "one/sgd-l1");
  EXPECT_EQ(full[0].params.dump(), R"({"epochs":10,"gamma":0.5,"lambda":0.01})");
  EXPECT_EQ(full[0].trace_points, 5);
  EXPECT_EQ(full[0].config_fields.dump(), R"({"trace_points":5})");
  EXPECT_EQ(full[0].record_extra.dump(), R"({"note":"traced","variant":"sgd"})");
  EXPECT_EQ(full[1].name, "extra/liblinear-s5");  // in its declared place, before "exact"
  EXPECT_EQ(full[1].key, "one/extra/liblinear-s5");
  EXPECT_EQ(full[1].config_fields.dump(), R"({"with_solver":"liblinear-s5"})");
  EXPECT_EQ(full[2].key, "one/ll");
  EXPECT_EQ(full[2].params.at("C").get<double>(), 1.0 / (0.01 * 200.0));  // 1 / (lambda n)
  EXPECT_EQ(full[2].trace_points, 0);
  EXPECT_EQ(full[2].record_extra.dump(), R"({"variant":"exact"})");
  EXPECT_EQ(full[3].key, "one/peer");
  // Fast: the fast values, no method declared "fast": false; the extra solvers stay.
  const std::vector<ProtocolRun> fast =
      protocol_runs(p, p.datasets[0], true, 200, Json::object(), extras, "x/y");
  ASSERT_EQ(fast.size(), 2u);
  EXPECT_EQ(fast[0].params.at("epochs"), 1);
  EXPECT_EQ(fast[1].name, "extra/liblinear-s5");
  // Data set "two": its own epochs, and neither the extra solvers nor "exact" (classes).
  const std::vector<ProtocolRun> two =
      protocol_runs(p, p.datasets[1], false, 50, Json::object(), extras, "x/y");
  ASSERT_EQ(two.size(), 1u);
  EXPECT_EQ(two[0].key, "two/sgd-l1");
  EXPECT_EQ(two[0].params.at("epochs"), 3);
  EXPECT_EQ(p.value("two.epochs"), 3);
  EXPECT_EQ(p.value("lambda"), 0.01);
}

// {solver: lambda} gives an extra solver the lambda of the method with its loss; the entry
// "--with-solver" (a supplied {label: lambda}) gives the lambda the paper's protocol chose for that
// solver first (Z&O Tables 2, 3, 5: its own Table 1 CV), and one it has none for falls back.
TEST(DeclaredProtocol, AnExtraSolversOwnLambdaComesBeforeTheLambdaOfItsLoss) {
  Json j = protocol_json();
  j["supplied"] = {"own"};
  j["methods"][1]["lambda"] = {{"--with-solver", "$own"}, {"cmls", 0.001}, {"clg", 0.0001}};
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  const std::vector<ExtraSolver> extras = {parse_extra_solver("liblinear-s5"),
                                           parse_extra_solver("liblinear-s5:label=other")};
  const auto lambda_of = [&](const Json& supplied, size_t solver) {
    const auto runs = protocol_runs(p, p.datasets[0], false, 200, supplied, extras, "x/y");
    return runs.at(1 + solver).params.at("lambda").get<double>();
  };
  const Json own = {{"own", {{"liblinear-s5", 0.01}}}};
  EXPECT_EQ(lambda_of(own, 0), 0.01);   // its own
  EXPECT_EQ(lambda_of(own, 1), 0.001);  // none of its own: the squared hinge's (cmls)
  EXPECT_EQ(lambda_of({{"own", Json::object()}}, 0), 0.001);
  EXPECT_THROW(lambda_of({{"own", 0.5}}, 0), ConfigError);  // not a {label: lambda}
  j["methods"][1]["lambda"]["--with-solver"] = 0.5;
  testing::expect_protocol_refused(j, "\"--with-solver\" must be \"$name\"");
}

TEST(DeclaredProtocol, AMalformedDeclarationIsRefusedNamingTheEntry) {
  Json j = protocol_json();
  j["seed"] = 1;
  testing::expect_protocol_refused(j, "unknown key \"seed\"");
  j = protocol_json();
  j["methods"][0]["params"]["lambda"] = "$lamda";
  testing::expect_protocol_refused(j, "no value \"lamda\"");
  j = protocol_json();
  j["methods"][2]["class"] = {"three"};
  testing::expect_protocol_refused(j, "no data set \"three\"");
  j = protocol_json();
  j["cells"]["rows"][0]["run"] = "sdg";
  testing::expect_protocol_refused(j, "names a data set or run the protocol does not declare");
  j = protocol_json();
  j["cells"]["columns"]["errors"][0]["value"] = "metric:test_error";
  j["cells"]["columns"]["errors"][0]["unit"] = "share";  // neither a share in % nor a per cent
  testing::expect_protocol_refused(j, "\"wilson\" is [rows metric, what they are]");
  j = protocol_json();
  j["cells"]["rows"][1]["columns"] = {"error"};
  testing::expect_protocol_refused(j, "no column set \"error\"");
  j = protocol_json();
  j["cells"]["columns"]["peer"][0]["value"] = "metric:test_error@peers|100";
  testing::expect_protocol_refused(j, "no run \"peers\"");
  j = protocol_json();
  j["methods"][0]["params"].erase("epochs");
  testing::expect_protocol_refused(j, "an \"epochs\" param");
  j = protocol_json();
  j["cells"]["values"][0]["value"] = 3;
  testing::expect_protocol_refused(j, "/cells/values/0/value: must be text (is 3)");
  j = protocol_json();
  j["cells"]["values"][0]["value"] = "gamma";  // a text, not the value "$gamma"
  testing::expect_protocol_refused(j, "\"value\" must name a declared number");
  j = protocol_json();
  j["cells"]["values"][0]["value"] = "$nothing";
  testing::expect_protocol_refused(j, "no value \"nothing\"");
  j = protocol_json();
  j["cells"]["evidence"]["z"]["peer"]["value"] = "metric:zeros@exakt";
  testing::expect_protocol_refused(j, "its peer run is not declared");
  j = protocol_json();
  j["cells"]["evidence"]["z"]["peer"]["value"] = "metric:zeros@exact minus metric:zeros@sgd";
  testing::expect_protocol_refused(j, "a peer gives its run's \"metric:\" or an aggregate");
  j = protocol_json();
  j["cells"]["evidence"]["z"]["peer"]["value"] = "split-mean:zeros@exact";
  testing::expect_protocol_refused(j, "on a binary data set the peer gives its run's \"metric:\"");
  j = protocol_json();
  j["cells"]["columns"]["zeros"][0]["value"] = "metric:zeros in one";
  testing::expect_protocol_refused(j, "of its row's data set");
  j = protocol_json();
  j["cells"]["evidence"]["z"]["color"] = "red";
  testing::expect_protocol_refused(j, "color");
  j = protocol_json();
  j["cells"]["rows"][2]["columns"] = {"peer"};
  testing::expect_protocol_refused(j, "cannot show an extra solver's");
  j = protocol_json();
  j["bias"] = "free";
  testing::expect_protocol_refused(
      j, "/bias: must be \"penalized\" | \"unpenalized\" | \"none\" (is \"free\")");
}

RunRecord run_with(double test_error, int64_t zeros) {
  RunRecord r;
  r.metrics = {
      {"test_error", test_error}, {"test_rows", 1000}, {"zeros", zeros}, {"dimensions", 124}};
  return r;
}

// The cell (row, column) of `cells`, read back into `out`; null when there is none.
const Cell* cell_at(const Json& cells, const std::string& row, const std::string& column,
                    Cell& out) {
  for (const Json& c : cells)
    if (c.at("row") == row && c.at("column") == column) return &(out = cell_from_json(c));
  return nullptr;
}

ResultFile result_file(const TempDir& dir) {
  return testing::protocol_result_file(dir.path() / "x.json", "t2");
}

TEST(DeclaredProtocol, CellsComeFromTheDeclaredRunsAndSayWhyWhenOneIsMissing) {
  TempDir dir;
  const DeclaredProtocol p = parse_protocol(protocol_json(), "f (x/y)");
  ResultFile rf = result_file(dir);
  ProtocolResults results;
  auto& runs = results.runs;
  runs["one"]["sgd"] = run_with(0.25, 40);
  runs["one"]["exact"] = run_with(0.2, 50);
  runs["one"]["extra/liblinear-s5"] = run_with(0.3, 0);
  // "two" is not here and marked from the published file: its row is left out.
  results.unavailable = {{"one", ""}, {"two", "data unavailable: get it"}};
  emit_protocol_cells(rf, p, results, {}, false);
  emit_extra_solver_cells(rf, p, results, {}, {parse_extra_solver("liblinear-s5")}, false);
  const Json cells = rf.document().at("cells");
  Cell c;
  ASSERT_NE(cell_at(cells, "epochs", "Value", c), nullptr);
  EXPECT_EQ(c.value, 3);
  ASSERT_NE(cell_at(cells, "One", "Test error", c), nullptr);
  EXPECT_DOUBLE_EQ(c.value, 25);
  EXPECT_EQ(c.unit, "%");
  ASSERT_TRUE(c.evidence.interval_lo);
  EXPECT_NEAR(*c.evidence.interval_lo, 22.4, 0.1);  // Wilson, 250 of 1000
  ASSERT_NE(cell_at(cells, "One", "Zeros", c), nullptr);
  EXPECT_EQ(c.unit, "of 124");
  EXPECT_EQ(c.evidence.peer, 50);
  ASSERT_EQ(c.evidence.ablations.size(), 1u);
  EXPECT_EQ(c.evidence.ablations[0].id, "abl");
  ASSERT_NE(cell_at(cells, "One", "Peer error", c), nullptr);
  EXPECT_EQ(c.status, "not_run");
  EXPECT_EQ(c.note, "not run: no peer here");
  EXPECT_EQ(cell_at(cells, "Two", "Test error", c), nullptr);
  ASSERT_NE(cell_at(cells, "liblinear-s5 (extra)", "Test error", c), nullptr);
  EXPECT_DOUBLE_EQ(c.value, 30);
  EXPECT_EQ(c.note, kExtraSolverNote);
}

// mlrcg2003's Table 2 cells: a ratio of two runs' test errors on the same test documents gets the
// paired bootstrap interval of both runs' per-document outcomes, a ratio of training times says
// what was timed (what a miss is weighed against, harness/judge/cell_cause.h).
TEST(DeclaredProtocol, RatioCellsOfErrorsAndTimesCarryTheirEvidence) {
  const Json j = Json::parse(R"json({
    "why": "test",
    "datasets": [{"class": "one", "data": "a9a"}],
    "methods": [{"name": "a", "key": "a", "solver": "smo"}, {"name": "b", "key": "b", "solver": "smo"}],
    "cells": {
      "columns": {"ratios": [
        {"column": "A error % of B", "value": "metric:error over metric:error@b|100", "unit": "%"},
        {"column": "A time % of B", "value": "metric:train_seconds over metric:train_seconds@b|100",
         "unit": "%"}]},
      "rows": [{"table": "t", "row": "r", "class": "one", "run": "a", "columns": ["ratios"]}]}
  })json");
  ProtocolResults results;
  results.unavailable = {{"one", ""}};
  // a gets documents 0 and 1 wrong, b only document 0: in every resample a's errors are b's and
  // more, so the ratio is at least 1 wherever b has an error.
  const auto run = [](const std::string& key, std::vector<uint8_t> correct, double seconds) {
    RunRecord r;
    r.key = key;
    r.status = "ok";
    r.train_seconds = seconds;
    int64_t errors = 0;
    for (uint8_t c : correct) errors += c == 0;
    r.metrics = {{"error", errors / 10.0}, {"test_errors", errors}, {"test_rows", 10}};
    r.extra = {{"test_correct", outcomes_to_hex(correct)}};
    return r;
  };
  results.runs["one"]["a"] = run("a", {0, 0, 1, 1, 1, 1, 1, 1, 1, 1}, 2.0);
  results.runs["one"]["b"] = run("b", {0, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 1.0);
  TempDir dir;
  ResultFile rf = result_file(dir);
  emit_protocol_cells(rf, parse_protocol(j, "f (x/y)"), results, {}, false);
  const Json cells = rf.document().at("cells");
  Cell c;
  ASSERT_NE(cell_at(cells, "r", "A error % of B", c), nullptr);
  EXPECT_DOUBLE_EQ(c.value, 200);
  ASSERT_TRUE(c.evidence.interval_lo && c.evidence.interval_hi);
  EXPECT_GE(*c.evidence.interval_lo, 100);
  EXPECT_LE(*c.evidence.interval_lo, 200);
  EXPECT_GE(*c.evidence.interval_hi, 200);
  EXPECT_TRUE(c.evidence.interval_method.starts_with("paired bootstrap over the 10 test documents"))
      << c.evidence.interval_method;
  ASSERT_NE(cell_at(cells, "r", "A time % of B", c), nullptr);
  EXPECT_DOUBLE_EQ(c.value, 200);
  EXPECT_EQ(c.evidence.timing, "a 2 s / b 1 s; one timed fit each");
  // A run stored without its outcomes: an error naming it, not a cell without its interval.
  results.runs["one"]["a"].extra.erase("test_correct");
  ResultFile stale = testing::protocol_result_file(dir.path() / "stale.json", "t");
  EXPECT_THROW(emit_protocol_cells(stale, parse_protocol(j, "f (x/y)"), results, {}, false),
               ConfigError);
}

TEST(DeclaredProtocol, ARowOnMissingDataSaysWhyInEachCellUnlessMarkedFromThePublishedFile) {
  TempDir dir;
  Json j = protocol_json();
  j["datasets"][1].erase("missing");
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  ResultFile rf = result_file(dir);
  ProtocolResults results;
  results.unavailable = {{"two", "data unavailable: get it"}};
  emit_protocol_cells(rf, p, results, {}, false);
  Cell c;
  ASSERT_NE(cell_at(rf.document().at("cells"), "Two", "Test error", c), nullptr);
  EXPECT_EQ(c.status, "data_unavailable");
  EXPECT_EQ(c.note, "data unavailable: get it");
  ASSERT_NE(cell_at(rf.document().at("cells"), "One", "Test error", c), nullptr);
  EXPECT_EQ(c.status, "not_run");  // its run is not there
}

TEST(DeclaredProtocol, AnUnavailableDataSetRunsNothingAndMarksItsPublishedCellsInBothModes) {
  TempDir dir;
  Json published = testing::published_mlrcg();
  published["paper"] = "x";
  for (Json& c : published["cells"]) c["experiment"] = "y";
  published["cells"][0]["dataset"] = "as400";  // the other cells need other data
  testing::write_json(dir / "published/x.json", published);
  const Json j = Json::parse(R"({"why": "w", "methods": [
      {"name": "a", "key": "a", "solver": "liblinear-s2", "params": {}}],
      "datasets": [{"class": "as400", "unavailable": "data unavailable: never released"}]})");
  const DeclaredProtocol p = parse_protocol(j, "f (x/y)");
  for (const bool fast : {false, true}) {
    ExperimentContext ctx;
    ctx.results_dir = dir.path();
    ctx.fast = fast;
    ResultFile rf = testing::protocol_result_file(dir / (fast ? "fast.json" : "full.json"), "t");
    ::testing::internal::CaptureStderr();
    run_protocol(ctx, rf, p, "x/y", {});
    ::testing::internal::GetCapturedStderr();
    const Json doc = rf.document();
    EXPECT_TRUE(doc.value("runs", Json::array()).empty());
    ASSERT_EQ(doc.at("datasets").size(), 1u);
    EXPECT_EQ(doc.at("datasets")[0].at("status"), "data_unavailable");
    EXPECT_EQ(doc.at("datasets")[0].at("reason"), "data unavailable: never released");
    ASSERT_EQ(doc.at("cells").size(), 1u);
    EXPECT_EQ(doc.at("cells")[0].at("row"), "earn");
    EXPECT_EQ(doc.at("cells")[0].at("status"), "data_unavailable");
    EXPECT_EQ(doc.at("cells")[0].at("note"), "data unavailable: never released");
  }
  Json both = j;
  both["datasets"][0]["data"] = "a9a";
  testing::expect_protocol_refused(both, "one of \"data\", \"tasks\" or \"unavailable\"");
  Json missing = j;
  missing["datasets"][0]["missing"] = "marked_unavailable";
  testing::expect_protocol_refused(missing, "cells are marked: no \"missing\"");
}

}  // namespace
}  // namespace linrepro
