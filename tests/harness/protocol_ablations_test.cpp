// A protocol's ablation tables as data (harness/protocol/protocol_ablations.h): each row's values
// are its runs' metrics (scaled), extra fields or aggregates (the harness's or the driver's), its
// description may name a field of its first run or of its task set's record, a row
// none of whose runs is there is left out, the reference row reads the published cells, and fast
// mode keeps only the tables declared "fast". The texts are a declared ablation's
// (graphsvm2002's "stoplist-{corpus}"). A malformed table is refused.
#include <gtest/gtest.h>

#include "core/error.h"
#include "harness/protocol/protocol_runner.h"
#include "harness_fixtures.h"
#include "protocol_refusal.h"

namespace linrepro {
namespace {

using testing::TempDir;

Json ablations_protocol() {
  return Json::parse(R"({
    "why": "test",
    "datasets": [{"class": "c", "tasks": "fake"}, {"class": "d", "unavailable": "never released"}],
    "methods": [
      {"name": "a", "key": "a", "solver": "liblinear-s2", "params": {}, "class": "c"},
      {"name": "b", "key": "b", "solver": "liblinear-s2", "params": {"who": 1}, "class": ["c"]},
      {"name": "gone", "key": "gone", "solver": "liblinear-s2", "params": {}, "class": "d"}
    ],
    "ablation_tables": [{
      "ablation": "stoplist-{corpus}", "args": {"corpus": "x", "corpus_title": "Xs"},
      "class": "c", "columns": ["A", "B"],
      "rows": [
        {"row": "one", "description": "width {run.extra.width}", "chosen": true, "allowed": true,
         "values": ["metric:v@a|100", "metric:extra.width@b"]},
        {"row": "never", "description": "its runs are not here", "allowed": false,
         "values": ["metric:v@gone", null]}
      ],
      "published": {"description": "the paper", "cells": [["table1", "MCNB", "Accuracy"], null]}
    }]
  })");
}

ProtocolHooks fake_hooks() {
  ProtocolHooks h;
  h.task_sources["fake"] = [](const ExperimentContext&) -> TaskPreparer {
    return [](const Json&) {
      TaskSet s;
      s.dataset = s.record = {{"name", "fake"}};
      s.tasks = {"t"};
      s.untrainable = [](size_t) -> std::optional<RunRecord> { return std::nullopt; };
      s.fit = [](size_t, const std::string&, const Params& params, uint64_t) {
        RunRecord r;
        r.metrics = {{"v", 0.25 * (1 + params.value("who", 0))}};  // a: 0.25, b: 0.5
        r.extra = {{"width", 7}};
        return r;
      };
      return s;
    };
  };
  h.aggregates["twice"] = [](std::span<const RunRecord> runs, const AggregateContext& at) {
    AggregateValue a;  // twice the run's v, plus b's (the other methods' runs are at hand)
    a.value = 2 * runs.front().metrics.at("v").get<double>() +
              at.by_method->at("b").front().metrics.at("v").get<double>();
    return a;
  };
  return h;
}

Json run_ablations(const TempDir& dir, const Json& declaration, bool fast) {
  testing::write_json(dir.path() / "published" / "graphsvm2002.json", {{"paper", "graphsvm2002"},
                                                                       {"title", "t"},
                                                                       {"source", "fixture"},
                                                                       {"default_tolerance", 0.5},
                                                                       {"cells",
                                                                        {{{"table", "table1"},
                                                                          {"row", "MCNB"},
                                                                          {"column", "Accuracy"},
                                                                          {"experiment", "y"},
                                                                          {"value", 85.27},
                                                                          {"unit", "%"}}}}});
  // The result file's paper (x) has no published cells: data set d marks none.
  testing::write_json(dir.path() / "published" / "x.json", {{"paper", "x"},
                                                            {"title", "t"},
                                                            {"source", "fixture"},
                                                            {"default_tolerance", 0.5},
                                                            {"cells", Json::array()}});
  const DeclaredProtocol p = parse_protocol(declaration, "f (graphsvm2002/y)");
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.progress = false;
  ctx.fast = fast;
  ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
  run_protocol(ctx, rf, p, "graphsvm2002/y", fake_hooks());
  return rf.document();
}

TEST(ProtocolAblations, RowsAreTheirRunsValuesAndTheReferenceThePublishedCells) {
  TempDir dir;
  const Json doc = run_ablations(dir, ablations_protocol(), false);
  ASSERT_EQ(doc.at("ablations").size(), 1u);
  const Json& a = doc.at("ablations")[0];
  EXPECT_EQ(a.at("id"), "stoplist-x");
  EXPECT_NE(a.at("title").get<std::string>().find("Xs"), std::string::npos);
  EXPECT_EQ(a.at("columns"), (Json{"A", "B"}));
  ASSERT_EQ(a.at("rows").size(), 2u);  // "never" left out: its run is on a data set not here
  const Json& one = a.at("rows")[0];
  EXPECT_EQ(one.at("variant"), "one");
  EXPECT_EQ(one.at("description"), "width 7");
  EXPECT_EQ(one.at("chosen"), true);
  EXPECT_EQ(one.at("allowed"), true);
  EXPECT_EQ(one.at("values"), (Json{25.0, 7.0}));
  const Json& paper = a.at("rows")[1];
  EXPECT_EQ(paper.at("reference"), true);
  EXPECT_EQ(paper.at("allowed"), false);
  EXPECT_EQ(paper.at("values"), (Json{85.27, nullptr}));
  // An aggregate of a run's tasks, or one of its fields; another data set's run by "class".
  Json agg = ablations_protocol();
  agg["ablation_tables"][0]["rows"][0]["values"] =
      Json::parse(R"(["split-mean:v@a|100", "split-mean:v#n@a"])");
  TempDir agg_dir;
  EXPECT_EQ(run_ablations(agg_dir, agg, false).at("ablations")[0].at("rows")[0].at("values"),
            (Json{25.0, 1.0}));
  // The driver's aggregate, and the first run's task set record in the description.
  Json driver = ablations_protocol();
  driver["ablation_tables"][0]["rows"][0]["values"][0] = "twice@a";
  driver["ablation_tables"][0]["rows"][0]["description"] = "on {record.name}";
  TempDir driver_dir;
  const Json row = run_ablations(driver_dir, driver, false).at("ablations")[0].at("rows")[0];
  EXPECT_EQ(row.at("values"), (Json{1.0, 7.0}));
  // One run's aggregate minus another's, before the scale.
  Json minus = ablations_protocol();
  minus["ablation_tables"][0]["rows"][0]["values"][0] = "split-mean:v@b minus split-mean:v@a|100";
  TempDir minus_dir;
  EXPECT_EQ(run_ablations(minus_dir, minus, false).at("ablations")[0].at("rows")[0].at("values"),
            (Json{25.0, 7.0}));
  // One run's metric minus another run's (b: 0.5, a: 0.25), before the scale.
  minus["ablation_tables"][0]["rows"][0]["values"][0] = "metric:v@a minus metric:v@b|100";
  TempDir metric_dir;
  EXPECT_EQ(run_ablations(metric_dir, minus, false).at("ablations")[0].at("rows")[0].at("values"),
            (Json{-25.0, 7.0}));
  EXPECT_EQ(row.at("description"), "on fake");
  // Draws of one protocol: every row's values, then their mean and sample sd; none until all are
  // there.
  Json spread = ablations_protocol();
  Json& t = spread["ablation_tables"][0];
  t.erase("published");
  t["spread"] = "splits";
  t["rows"] = Json::parse(R"([
      {"row": "split 0", "description": "ours", "values": ["metric:v@a", null]},
      {"row": "split 1", "description": "another",
       "values": ["metric:v@b|3", null]}])");
  t["columns"] = {"A", "B"};
  t["rows"][0]["values"][1] = "metric:extra.width@b";
  t["rows"][1]["values"][1] = "metric:extra.width@a";
  TempDir spread_dir;
  const Json s = run_ablations(spread_dir, spread, false).at("ablations")[0];
  ASSERT_EQ(s.at("rows").size(), 4u);
  EXPECT_EQ(s.at("rows")[2].at("variant"), "mean");
  EXPECT_EQ(s.at("rows")[2].at("values"), (Json{0.875, 7.0}));  // (0.25 + 1.5) / 2
  EXPECT_EQ(s.at("rows")[0].at("chosen"), true);
  EXPECT_EQ(s.at("rows")[1].at("allowed"), false);  // a draw is no variant
  t["rows"][1]["values"][0] = "metric:v@gone in d";
  TempDir partial_dir;
  EXPECT_TRUE(run_ablations(partial_dir, spread, false).at("ablations").empty());
  // Fast mode keeps only the tables declared "fast".
  TempDir fast_dir;
  EXPECT_TRUE(run_ablations(fast_dir, ablations_protocol(), true).at("ablations").empty());
  Json in_fast = ablations_protocol();
  in_fast["ablation_tables"][0]["fast"] = true;
  TempDir fast_dir2;
  EXPECT_EQ(run_ablations(fast_dir2, in_fast, true).at("ablations").size(), 1u);
}

TEST(ProtocolAblations, AMalformedTableIsRefused) {
  // A variant says whether the paper's text allows it; a draw of a spread table does not.
  Json j = ablations_protocol();
  j["ablation_tables"][0]["rows"][0].erase("allowed");
  testing::expect_protocol_refused(j, "each row says whether the paper's text allows it");
  j = ablations_protocol();
  j["ablation_tables"][0].erase("published");
  j["ablation_tables"][0]["spread"] = "splits";
  testing::expect_protocol_refused(j, "a row of a spread table is a draw");
  j = ablations_protocol();
  j["ablation_tables"][0]["rows"][0]["values"][0] = "metric:v@c|100";
  testing::expect_protocol_refused(j, "no method \"c\"");
  j = ablations_protocol();
  j["ablation_tables"][0]["rows"][0]["values"].push_back(nullptr);
  testing::expect_protocol_refused(j, "one value per column");
  j = ablations_protocol();
  j["ablation_tables"][0]["rows"][0]["values"][1] = "record:width@b";
  testing::expect_protocol_refused(j, "reads its run's \"metric:\" or an aggregate");
  j = ablations_protocol();
  j["ablation_tables"][0]["rows"][0]["values"][1] = "metric:width";
  testing::expect_protocol_refused(j, "a value names its run (\"@run\")");
  j = ablations_protocol();
  j["ablation_tables"][0]["rows"][0]["values"][1] = "split-mean:v@a minus fewest:v@b";
  testing::expect_protocol_refused(j, "another run's same aggregate on the same data");
  j["ablation_tables"][0]["rows"][0]["values"][1] = "metric:v@a minus split-mean:v@b";
  testing::expect_protocol_refused(j, "subtracts another run's metric");
  j = ablations_protocol();
  j["ablation_tables"][0]["rows"][0]["values"][1] = "metric:v@a|x";
  testing::expect_protocol_refused(j, "the scale \"x\" is not a number");
  j = ablations_protocol();
  j["ablation_tables"][0]["rows"][0]["values"][1] = Json{{"run", "a"}, {"metric", "v"}};
  testing::expect_protocol_refused(j, "/ablation_tables/0/rows/0/values/1: must be text | null");
  j = ablations_protocol();
  j["ablation_tables"][0]["rows"][0]["values"][0] = "nothing@a";
  try {  // an aggregate neither the harness nor the driver has
    check_protocol_hooks(parse_protocol(j, "f (graphsvm2002/y)"), fake_hooks(), "graphsvm2002/y");
    ADD_FAILURE() << "an unknown aggregate was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("aggregate \"nothing\""), std::string::npos) << e.what();
  }
  j = ablations_protocol();
  j["ablation_tables"][0]["rows"][0]["values"][0] = "metric:v@a in e";
  testing::expect_protocol_refused(j, "no data set \"e\"");
  j = ablations_protocol();
  j["ablation_tables"][0]["rows"][1]["values"][0] = "split-mean:v@gone in d";
  testing::expect_protocol_refused(j, "\"d\" is not one");
  j = ablations_protocol();
  j["ablation_tables"][0]["class"] = "e";
  testing::expect_protocol_refused(j, "no data set \"e\"");
  j = ablations_protocol();
  j["ablation_tables"][0]["published"]["cells"][0] = "table1";
  testing::expect_protocol_refused(j,
                                   "/ablation_tables/0/published/cells/0: must be [text] | null");
  j = ablations_protocol();
  j["ablation_tables"][0]["published"]["cells"][0] = {"table1", "MCNB"};
  testing::expect_protocol_refused(j, "[table, row, column]");
}

}  // namespace
}  // namespace linrepro
