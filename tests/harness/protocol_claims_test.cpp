// A protocol's declared claims (harness/protocol/protocol_claims.h), on sgdreport's declared claim
// "ridge-settles" (its tests read the trace after its bound "after" and the run's zeros): the
// claim is decided from the runs, its evidence filled from their metrics (a difference of two as
// well) and its bounds; a driver's measure of the same name is the one used; a claim whose run is
// not there, or whose data set is not, is left out; a malformed declaration is refused.
#include "harness/protocol/protocol_claims.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/protocol/partition_measures.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::TempDir;

Json claims_protocol(const std::string& evidence) {
  return {{"why", "test"},
          {"datasets", {{{"class", "d"}, {"data", "a9a"}}}},
          {"methods",
           {{{"name", "L2"}, {"key", "L2"}, {"solver", "sgd-ridge"}, {"params", Json::object()}}}},
          {"claims", {{{"claim", "ridge-settles"}, {"class", "d"}, {"evidence", evidence}}}}};
}

// L2's run: errors 0.2 then within 0.1 points after 350,000 updates, no zero weight.
ProtocolResults ridge_results() {
  ProtocolResults r;
  RunRecord l2;
  l2.status = "ok";
  l2.metrics = {{"test_error", 0.1543}, {"zeros", 0}};
  for (const auto& [at, e] : {std::pair{0, 0.2}, {400000, 0.151}, {600000, 0.152}})
    l2.trace.push_back({{"iteration", at}, {"values", {{"train_error", e}, {"test_error", e}}}});
  r.runs["d"]["L2"] = l2;
  r.unavailable["d"] = "";
  return r;
}

std::vector<Json> claims_of(const Json& declaration, const ProtocolResults& results,
                            const ClaimMeasuresOf& driver = {}) {
  TempDir dir;
  ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
  add_protocol_claims(rf, parse_protocol(declaration, "f (sgdreport/tables)"), "sgdreport", results,
                      {}, driver);
  return rf.document().value("claims", Json::array()).get<std::vector<Json>>();
}

TEST(ProtocolClaims, DecidedFromTheRunsWithTheirEvidence) {
  const auto claims = claims_of(
      claims_protocol("test {metric:test_error@L2|100:.2f} % (settled: {bound.settled} points; "
                      "{metric:test_error@L2 minus metric:zeros@L2|100:+.1f})"),
      ridge_results());
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].at("id"), "ridge-settles");
  EXPECT_EQ(claims[0].at("verdict"), "holds");  // ranges 0.1 points, no zero weight
  EXPECT_EQ(claims[0].at("evidence").get<std::string>().substr(0, 45),
            "test 15.43 % (settled: 0.5 points; +15.4). tr");
}

TEST(ProtocolClaims, TheDriversMeasureIsUsedAndAClaimWithoutItsRunIsLeftOut) {
  const ClaimMeasuresOf driver = [](const ProtocolResults&, const std::string&) {
    return ClaimMeasures{{"metric:zeros",
                          [](std::string what, const std::string&, const std::string&, double bound,
                             bool above, bool strict) -> std::optional<ClaimComparison> {
                            return exact_comparison(std::move(what), 9, bound, above, strict);
                          }}};
  };
  const auto claims = claims_of(claims_protocol("e"), ridge_results(), driver);
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].at("verdict"), "does_not_hold");  // 9 zero weights, by the driver's count
  ProtocolResults none = ridge_results();
  none.runs["d"].erase("L2");
  EXPECT_TRUE(claims_of(claims_protocol("e"), none).empty());
  ProtocolResults away = ridge_results();
  away.unavailable["d"] = "not here";
  EXPECT_TRUE(claims_of(claims_protocol("e"), away).empty());
}

// mlrcg2003's "mlr-error-as-svm{suffix}" tested on each task (category) of a task set: its
// placeholders filled from "args", a group per task, the evidence the text for each task.
TEST(ProtocolClaims, PerTaskTestsAndEvidence) {
  const Json declaration = {
      {"why", "test"},
      {"datasets", {{{"class", "c"}, {"tasks", "cats"}}}},
      {"methods",
       {{{"name", "smo"}, {"key", "{task}/smo"}, {"solver", "smo"}, {"params", Json::object()}},
        {{"name", "mlr-cg"},
         {"key", "{task}/mlr-cg"},
         {"solver", "mlr-cg"},
         {"params", Json::object()}}}},
      {"claims",
       {{{"claim", "mlr-error-as-svm{suffix}"},
         {"class", "c"},
         {"args", {{"suffix", "-x"}, {"collection", "X"}}},
         {"per_task", true},
         {"evidence", "{task}: {metric:error@mlr-cg|100:.3g}% vs {metric:error@smo|100:.3g}%"}}}}};
  ProtocolResults results;
  results.unavailable["c"] = "";
  for (const std::string task : {"earn", "acq"})
    for (const std::string method : {"smo", "mlr-cg"}) {
      RunRecord r;
      r.status = "ok";
      r.class_name = task;
      r.metrics = {{"error", 0.25}, {"test_rows", 8}};  // the same two of eight wrong
      r.extra["test_correct"] = outcomes_to_hex({0, 0, 1, 1, 1, 1, 1, 1});
      results.tasks["c"][method].push_back(r);
    }
  TempDir dir;
  ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
  add_protocol_claims(rf, parse_protocol(declaration, "f (mlrcg2003/y)"), "mlrcg2003", results, {},
                      {});
  const Json claims = rf.document().at("claims");
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].at("id"), "mlr-error-as-svm-x");
  EXPECT_EQ(claims[0].at("evidence").get<std::string>().substr(0, 33),
            "earn: 25% vs 25%; acq: 25% vs 25%");
  ASSERT_EQ(claims[0].at("comparisons").size(), 4u);  // "within": two sides on each task
  EXPECT_EQ(claims[0].at("comparisons")[2].at("what").get<std::string>().substr(0, 4), "acq:");
  // A task decided but whose evidence names a metric its runs lack: an error, not a task dropped.
  Json missing = declaration;
  missing["claims"][0]["evidence"] = "{task}: {metric:nothing@smo}";
  ResultFile rf2 = testing::protocol_result_file(dir.path() / "r2.json", "t");
  EXPECT_THROW(add_protocol_claims(rf2, parse_protocol(missing, "f (mlrcg2003/y)"), "mlrcg2003",
                                   results, {}, {}),
               ConfigError);
}

// A per-task claim reads the driver's measures of each task's runs (mlrcg2003's
// "approximation-bound{suffix}": a's O_gamma - O_svm, here the driver's).
TEST(ProtocolClaims, PerTaskClaimsReadTheDriversMeasuresOfEachTasksRuns) {
  Json declaration = {{"why", "test"},
                      {"datasets", {{{"class", "c"}, {"tasks", "cats"}}}},
                      {"methods",
                       {{{"name", "mlr-cg"},
                         {"key", "{task}/mlr-cg"},
                         {"solver", "mlr-cg"},
                         {"params", Json::object()}}}},
                      {"claims",
                       {{{"claim", "approximation-bound{suffix}"},
                         {"class", "c"},
                         {"args", {{"suffix", ""}}},
                         {"per_task", true},
                         {"evidence", "{task}"}}}}};
  ProtocolResults results;
  results.unavailable["c"] = "";
  for (const std::string task : {"earn", "acq"}) {
    RunRecord r;
    r.status = "ok";
    r.class_name = task;
    r.extra["gap"] = task == "earn" ? 0.5 : -1.0;  // acq breaks the bound
    results.tasks["c"]["mlr-cg"].push_back(r);
  }
  // The driver's measure, of the task's own runs.
  const RunClaimMeasures of_runs = [](const std::map<std::string, const RunRecord*>& runs) {
    return ClaimMeasures{
        {"o_gamma_minus_o_svm",
         [&runs](std::string what, const std::string& a, const std::string&, double bound,
                 bool above, bool strict) -> std::optional<ClaimComparison> {
           const double gap = runs.at(a)->extra.at("gap");
           return exact_comparison(std::move(what), gap, std::isnan(bound) ? 1.0 : bound, above,
                                   strict);
         }}};
  };
  TempDir dir;
  ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
  add_protocol_claims(rf, parse_protocol(declaration, "f (mlrcg2003/table2_reuters)"), "mlrcg2003",
                      results, {}, {}, of_runs);
  Json claims = rf.document().at("claims");
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].at("verdict"), "does_not_hold");  // acq's -1 < 0
  EXPECT_EQ(claims[0].at("evidence").get<std::string>().substr(0, 9), "earn; acq");
  ASSERT_EQ(claims[0].at("comparisons").size(), 4u);  // ">= 0" and "<= measured" per task
  // Without the driver's measure the claim names a measure nothing gives: an error.
  ResultFile rf2 = testing::protocol_result_file(dir.path() / "r2.json", "t");
  EXPECT_THROW(add_protocol_claims(rf2, parse_protocol(declaration, "f (mlrcg2003/table2_reuters)"),
                                   "mlrcg2003", results, {}, {}),
               ConfigError);
}

// mlrcg2003's "scaling-mlr-linear" on a sequential task set: decided by the size series' slope
// measure with no driver; its evidence reads a text field as it is, a number on another data set
// (" in "), and says "n/a" of one that is not here.
TEST(ProtocolClaims, ASizeSeriesClaimReadsTheSeriesMeasuresAndTexts) {
  const auto series = [](const std::string& cls) {
    return Json{{"class", cls}, {"tasks", "sizes"}, {"sequential", true}};
  };
  Json declaration = {
      {"why", "test"},
      {"datasets", {series("s"), series("t"), series("u")}},
      {"methods",
       {{{"name", "mlr-cg"}, {"key", "mlr-cg"}, {"solver", "mlr-cg"}, {"params", Json::object()}}}},
      {"claims",
       {{{"claim", "scaling-mlr-linear"},
         {"class", "s"},
         {"evidence",
          "{cpu-slope@mlr-cg|:.2f} over {cpu-slope#range@mlr-cg}; t {cpu-slope@mlr-cg in "
          "t|:.1f}; u {cpu-slope@mlr-cg in u|:.1f}"}}}}};
  ProtocolResults results;
  for (const auto& [cls, a] : {std::pair{"s", 1.0}, {"t", 2.0}}) {
    results.unavailable[cls] = "";
    for (double n : {1e3, 2e3, 4e3}) {
      RunRecord r;
      r.status = "ok";
      r.config = {{"n", n}};
      r.train_seconds = std::pow(n, a) / 1e3;
      r.extra["cpu_seconds"] = r.train_seconds;
      results.tasks[cls]["mlr-cg"].push_back(r);
    }
  }
  results.unavailable["u"] = "no such data";
  TempDir dir;
  ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
  add_protocol_claims(rf, parse_protocol(declaration, "f (mlrcg2003/scaling)"), "mlrcg2003",
                      results, {}, {});
  const Json claims = rf.document().at("claims");
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].at("verdict"), "holds");  // slope 1 exactly: within 0.8..1.2
  EXPECT_EQ(claims[0].at("evidence").get<std::string>().substr(0, 49),
            "1.00 over 1,000..4,000; t 2.0; u n/a (u not here)");
  // A text field takes no format.
  declaration["claims"][0]["evidence"] = "{cpu-slope#range@mlr-cg|:.2f}";
  ResultFile rf2 = testing::protocol_result_file(dir.path() / "r2.json", "t");
  EXPECT_THROW(add_protocol_claims(rf2, parse_protocol(declaration, "f (mlrcg2003/scaling)"),
                                   "mlrcg2003", results, {}, {}),
               ConfigError);
}

// zhangoles2001's "table5-nb1-matches-sklearn" on a list of collections: its test
// ("largest-difference:accuracy", the largest per-split |a - b|) made on each collection that is
// here and whose runs are all there, its evidence given for each of them ("{class}").
TEST(ProtocolClaims, AClaimOnAListOfDataSetsIsTestedAndEvidencedOnEach) {
  const Json declaration = {
      {"why", "test"},
      {"datasets",
       {{{"class", "A"}, {"tasks", "a"}},
        {{"class", "B"}, {"tasks", "b"}},
        {{"class", "C"}, {"tasks", "c"}}}},
      {"methods",
       {{{"name", "nb"}, {"key", "{task}/nb"}, {"solver", "nb"}, {"params", Json::object()}},
        {{"name", "sklearn-nb"},
         {"key", "{task}/sk"},
         {"solver", "nb"},
         {"params", Json::object()}}}},
      {"claims",
       {{{"claim", "table5-nb1-matches-sklearn"},
         {"class", {"A", "B", "C"}},
         {"evidence",
          "{class}: {split-mean:accuracy@nb|100:.2f} vs "
          "{split-mean:accuracy@sklearn-nb|100:.2f}"}}}}};
  ProtocolResults results;
  results.unavailable = {{"A", ""}, {"B", ""}, {"C", "not here"}};
  const auto add = [&](const std::string& cls, const std::string& method,
                       std::vector<double> accuracies) {
    for (double a : accuracies) {
      RunRecord r;
      r.status = "ok";
      r.metrics = {{"accuracy", a}};
      results.tasks[cls][method].push_back(r);
    }
  };
  add("A", "nb", {0.9, 0.9});
  add("A", "sklearn-nb", {0.9, 0.9});
  add("B", "nb", {0.8, 0.8});
  add("B", "sklearn-nb", {0.8, 0.81});  // one split a point apart
  const std::map<std::string, TaskAggregate> aggregates = {
      {"split-mean:accuracy", *builtin_aggregate("split-mean:accuracy")}};
  const auto decided = [&](const ProtocolResults& r) {
    TempDir dir;
    ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
    add_protocol_claims(rf, parse_protocol(declaration, "f (zhangoles2001/table5)"),
                        "zhangoles2001", r, aggregates, {});
    return rf.document().at("claims").at(0);
  };
  const Json claim = decided(results);
  EXPECT_EQ(claim.at("evidence").get<std::string>().substr(0, 36),
            "A: 90.00 vs 90.00; B: 80.00 vs 80.50");
  ASSERT_EQ(claim.at("comparisons").size(), 2u);
  EXPECT_EQ(claim.at("comparisons")[0].at("value"), 0.0);
  EXPECT_NEAR(claim.at("comparisons")[1].at("value").get<double>(), 1.0, 1e-9);
  EXPECT_EQ(claim.at("verdict"), "does_not_hold");
  // A failed run leaves its collection unmeasured (not a difference of 0): B alone decides.
  ProtocolResults failed = results;
  failed.tasks["A"]["sklearn-nb"][1].status = "failed";
  const Json b_only = decided(failed);
  ASSERT_EQ(b_only.at("comparisons").size(), 1u);
  EXPECT_EQ(b_only.at("evidence").get<std::string>().substr(0, 3), "B: ");
}

TEST(ProtocolClaims, AMalformedDeclarationIsRefused) {
  Json j = claims_protocol("e");
  j["claims"][0]["class"] = "nowhere";
  EXPECT_THROW(parse_protocol(j, "f (sgdreport/tables)"), ConfigError);
  j = claims_protocol("e");
  j["claims"][0]["extra"] = 1;
  EXPECT_THROW(parse_protocol(j, "f (sgdreport/tables)"), ConfigError);
  // Evidence naming a run the protocol does not declare, or a format no number takes.
  EXPECT_THROW(parse_protocol(claims_protocol("{metric:zeros@L3}"), "f (sgdreport/tables)"),
               ConfigError);
  EXPECT_THROW(parse_protocol(claims_protocol("{metric:zeros@L2|:s}"), "f (sgdreport/tables)"),
               ConfigError);
  // A value without its run, or the task of a claim not tested per task: nothing to fill it with.
  EXPECT_THROW(parse_protocol(claims_protocol("{metric:zeros}"), "f (sgdreport/tables)"),
               ConfigError);
  EXPECT_THROW(parse_protocol(claims_protocol("{task}: e"), "f (sgdreport/tables)"), ConfigError);
  EXPECT_THROW(parse_protocol(claims_protocol("{class}: e"), "f (sgdreport/tables)"), ConfigError);
  // Decided, but its evidence names a metric the run lacks: an error, not a claim left out.
  EXPECT_THROW(claims_of(claims_protocol("{metric:nothing@L2}"), ridge_results()), ConfigError);
}

}  // namespace
}  // namespace linrepro
