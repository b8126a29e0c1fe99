// Claims as data (harness/protocol/claim_comparisons.h): a claim's declared tests expand into
// comparisons in a fixed order, each decided by its measure against the declared side and bound; a
// test whose runs are not there leaves the claim undecided unless it is optional; a malformed
// declaration is an error naming the claim's test.
#include "harness/protocol/claim_comparisons.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"
#include "harness/protocol/document_outcomes.h"

namespace linrepro {
namespace {

DeclaredClaim claim_with(const Json& tests) {
  DeclaredClaim c{
      std::string("c"), std::string("claim"), ClaimKind::claim, {{"within", 2.0}}, tests};
  return c;
}

// A measure that reports what it was asked: value = the number of letters in a + b.
ClaimMeasures echo_measures(const std::vector<std::string>& known) {
  const ClaimMeasure echo = [known](std::string what, const std::string& a, const std::string& b,
                                    double bound, bool above,
                                    bool strict) -> std::optional<ClaimComparison> {
    for (const std::string& name : {a, b})
      if (!name.empty() && std::find(known.begin(), known.end(), name) == known.end())
        return std::nullopt;
    ClaimComparison c = exact_comparison(std::move(what), static_cast<double>(a.size() + b.size()),
                                         bound, above, strict);
    return c;
  };
  return {{"m", echo}, {"n", echo}};
}

TEST(DeclaredTests, PairsMeasuresAndSidesExpandInDeclaredOrder) {
  const DeclaredClaim c = claim_with(Json::parse(R"([
    {"measure": ["m", "n"], "a": ["x", "yy"], "b": "z", "side": "within", "bound": "within",
     "what": "{group}: {a} - {b} by {measure}"},
    {"measure": "m", "a": ["p", "q", "r"], "b": "each later a", "side": [">", "<="],
     "bound": [0, "-within"], "what": "{a}/{b}"},
    {"measure": "m", "a": "x", "side": ">=", "bound": 1, "what": "{a} alone"}])"));
  const auto parts = declared_comparisons(c, echo_measures({"x", "yy", "z", "p", "q", "r"}), "g");
  ASSERT_TRUE(parts);
  std::vector<std::string> got;
  for (const ClaimComparison& p : *parts)
    got.push_back(
        fmt::format("{} {}{}{}", p.what, p.above ? '>' : '<', p.strict ? "" : "=", p.bound));
  const std::vector<std::string> want = {"g: x - z by m >=-2",
                                         "g: x - z by m <=2",
                                         "g: x - z by n >=-2",
                                         "g: x - z by n <=2",
                                         "g: yy - z by m >=-2",
                                         "g: yy - z by m <=2",
                                         "g: yy - z by n >=-2",
                                         "g: yy - z by n <=2",
                                         "p/q >0",
                                         "p/q <=-2",
                                         "p/r >0",
                                         "p/r <=-2",
                                         "q/r >0",
                                         "q/r <=-2",
                                         "x alone >=1"};
  EXPECT_EQ(got, want);
  EXPECT_EQ(parts->back().value, 1);  // "x" alone: the measure read a without b
}

TEST(DeclaredTests, AMissingRunLeavesTheClaimUndecidedUnlessTheTestIsOptional) {
  const Json tests = Json::parse(R"([
    {"measure": "m", "a": "x", "b": "z", "side": ">", "bound": 0, "what": "{a}"},
    {"measure": "m", "a": "w", "b": "z", "side": ">", "bound": 0, "what": "{a}"}])");
  EXPECT_FALSE(declared_comparisons(claim_with(tests), echo_measures({"x", "z"})));
  Json optional = tests;
  optional[1]["optional"] = true;
  const auto parts = declared_comparisons(claim_with(optional), echo_measures({"x", "z"}));
  ASSERT_TRUE(parts);
  ASSERT_EQ(parts->size(), 1u);
  EXPECT_EQ(parts->front().what, "x");
}

TEST(DeclaredTests, ATestNamingGroupsAppliesToThoseAlone) {
  const DeclaredClaim c = claim_with(Json::parse(R"([
    {"measure": "m", "a": "x", "side": ">", "bound": 0, "what": "one", "groups": ["reuters"]},
    {"measure": "m", "a": "x", "side": ">", "bound": 0, "what": "two"}])"));
  EXPECT_EQ(declared_comparisons(c, echo_measures({"x"}), "reuters")->size(), 2u);
  EXPECT_EQ(declared_comparisons(c, echo_measures({"x"}), "20ng")->size(), 1u);
  // A pattern: every point of a sweep, not the sweep as a whole.
  const DeclaredClaim s = claim_with(Json::parse(R"([
    {"measure": "m", "a": "x", "side": ">", "bound": 0, "what": "{group}", "groups": ["K = *"]},
    {"measure": "m", "a": "x", "side": ">", "bound": 0, "what": "{group}", "groups": ["sweep"]}])"));
  EXPECT_EQ(declared_comparisons(s, echo_measures({"x"}), "K = 5")->front().what, "K = 5");
  EXPECT_EQ(declared_comparisons(s, echo_measures({"x"}), "sweep")->front().what, "sweep");
  EXPECT_EQ(declared_comparisons(s, echo_measures({"x"}), "K5")->size(), 0u);
}

TEST(DeclaredTests, AMeasuredBoundIsTheMeasuresOwnPerGroupAndAMeasureWithoutOneIsAnError) {
  const DeclaredClaim c = claim_with(Json::parse(R"([
    {"measure": "own", "a": "x", "side": "<=", "bound": "measured", "what": "{group}: {a}"}])"));
  // A bound that differs per group (the category's ln2/gamma): the measure gets NaN.
  const ClaimMeasure own = [](std::string what, const std::string&, const std::string&,
                              double bound, bool above,
                              bool strict) -> std::optional<ClaimComparison> {
    return exact_comparison(std::move(what), 1.0, std::isnan(bound) ? 1.5 : bound, above, strict);
  };
  const auto parts = declared_comparisons(c, {{"own", own}}, "g");
  ASSERT_TRUE(parts);
  ASSERT_EQ(parts->size(), 1u);
  EXPECT_EQ((*parts)[0].bound, 1.5);
  EXPECT_EQ((*parts)[0].what, "g: x");
  const DeclaredClaim m = claim_with(Json::parse(R"([
    {"measure": "m", "a": "x", "side": "<=", "bound": "measured", "what": "{a}"}])"));
  try {
    declared_comparisons(m, echo_measures({"x"}));
    ADD_FAILURE() << "a NaN bound was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("gives no bound of its own"), std::string::npos);
  }
  check_declared_tests(c.tests, Json::object(), "f");  // "measured" needs no declared bound
}

TEST(DeclaredTests, AMeasureTheDriverLacksIsAnErrorNamingIt) {
  const DeclaredClaim c = claim_with(
      Json::parse(R"([{"measure": "nope", "a": "x", "side": ">", "bound": 0, "what": "{a}"}])"));
  try {
    (void)declared_comparisons(c, echo_measures({"x"}));
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("measure \"nope\""), std::string::npos) << e.what();
  }
}

// A metric no finished run carries is a run that is not there, not a driver's missing measure:
// the claim stays undecided (an optional test is left out).
TEST(DeclaredTests, AMetricNoRunCarriesLeavesTheClaimUndecided) {
  RunRecord a;
  a.metrics = {{"zeros", 3}};
  const std::map<std::string, const RunRecord*> runs = {{"a", &a}};
  const ClaimMeasures m = run_measures(runs);
  const Json test = {
      {"measure", "metric:dimensions"}, {"a", "a"}, {"side", ">"}, {"bound", 0}, {"what", "{a}"}};
  EXPECT_FALSE(declared_comparisons(claim_with(Json::array({test})), m));
  Json optional = test;
  optional["optional"] = true;
  Json carried = test;
  carried["measure"] = "metric:zeros";
  const auto c = declared_comparisons(claim_with(Json::array({optional, carried})), m);
  ASSERT_TRUE(c);
  ASSERT_EQ(c->size(), 1u);
  EXPECT_DOUBLE_EQ((*c)[0].value, 3);
}

TEST(DeclaredTests, RunMeasuresCompareOutcomesTimesAndMetrics) {
  RunRecord a, b;
  a.key = "a";
  b.key = "b";
  // a gets 3 of 4 test documents right, b 1 of 4: accuracy a - b = +50 points, error -50.
  a.extra["test_correct"] = outcomes_to_hex({1, 1, 1, 0});
  b.extra["test_correct"] = outcomes_to_hex({1, 0, 0, 0});
  a.metrics = {{"test_rows", 4}, {"zeros", 7}};
  b.metrics = {{"test_rows", 4}, {"zeros", 3}};
  a.train_seconds = 10;
  b.train_seconds = 2;
  const std::map<std::string, const RunRecord*> runs = {{"a", &a}, {"b", &b}};
  const ClaimMeasures m = run_measures(runs);
  EXPECT_DOUBLE_EQ(m.at("accuracy")("", "a", "b", 0, true, true)->value, 50);
  EXPECT_DOUBLE_EQ(m.at("error")("", "a", "b", 0, true, true)->value, -50);
  EXPECT_EQ(m.at("error")("", "a", "b", 0, true, true)->test,
            "paired bootstrap over 4 test documents (2000 resamples, 95 %, alpha 0.05)");
  // On the training documents, the test says so.
  a.extra["train_correct"] = outcomes_to_hex({0, 1});
  b.extra["train_correct"] = outcomes_to_hex({1, 1});
  a.metrics["train_rows"] = b.metrics["train_rows"] = 2;
  const auto train = m.at("train_error")("", "a", "b", 0, true, true);
  EXPECT_DOUBLE_EQ(train->value, 50);
  EXPECT_EQ(train->test,
            "paired bootstrap over 2 training documents (2000 resamples, 95 %, alpha 0.05)");
  EXPECT_DOUBLE_EQ(m.at("time_ratio")("", "a", "b", 3, true, true)->value, 5);
  EXPECT_DOUBLE_EQ(m.at("metric:zeros")("", "a", "", 0, true, true)->value, 7);
  EXPECT_DOUBLE_EQ(m.at("metric:zeros")("", "a", "b", 0, true, true)->value, 4);
  EXPECT_FALSE(m.at("accuracy")("", "a", "gone", 0, true, true));
  b.metrics.erase("zeros");  // b not measured there: no comparison rather than an exception
  EXPECT_FALSE(m.at("metric:zeros")("", "a", "b", 0, true, true));
  // The side and strictness are the declared ones.
  const auto c = m.at("time_ratio")("", "a", "b", 3, false, false);
  EXPECT_FALSE(c->above);
  EXPECT_FALSE(c->strict);
  EXPECT_EQ(comparison_verdict(*c), Verdict::does_not_hold);  // 5 [4.5, 5.5] is not <= 3
}

// The message of check_declared_tests on `tests` ("" when it accepts them).
std::string check_error(const std::string& tests) {
  try {
    check_declared_tests(Json::parse(tests), Json{{"within", 1}}, "f.json claim \"c\"");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(DeclaredTests, AMalformedDeclarationIsRejectedNamingTheTest) {
  EXPECT_EQ(check_error(R"([{"measure": "m", "a": "x", "side": "within", "bound": "within",
                             "what": "{a} {b} {measure} {group}"}])"),
            "");
  const std::vector<std::pair<std::string, std::string>> bad = {
      {R"([{"measure": "m", "a": "x", "side": ">", "bound": 0, "what": "", "colour": 1}])",
       "test 1: unknown key \"colour\""},
      {R"([{"measure": "m", "a": "x", "side": ">", "what": ""}])", "a claim-test needs \"bound\""},
      {R"([{"measure": "m", "a": "x", "side": "!=", "bound": 0, "what": ""}])", "a side must be"},
      {R"([{"measure": "m", "a": "x", "side": ">", "bound": "below", "what": ""}])",
       "bound \"below\" is not one the claim declares"},
      {R"([{"measure": "m", "a": "x", "side": [">", "<"], "bound": 0, "what": ""}])",
       "lists of one length"},
      {R"([{"measure": "m", "a": [], "side": ">", "bound": 0, "what": ""}])",
       "\"a\" must be a name or a list of names"},
      {R"([{"measure": "m", "a": "x", "side": ">", "bound": 0, "what": "{c}"}])",
       "its placeholders"},
      {R"([{"measure": "m", "a": "x", "side": ">", "bound": 0, "what": "", "optional": 1}])",
       "/optional: must be boolean (is 1)"}};
  for (const auto& [tests, message] : bad) {
    const std::string e = check_error(tests);
    EXPECT_NE(e.find(message), std::string::npos) << tests << " gave: " << e;
    EXPECT_NE(e.find("f.json claim \"c\""), std::string::npos) << e;
  }
}

}  // namespace
}  // namespace linrepro
