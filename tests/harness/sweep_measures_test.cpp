// Claims over a sweep (harness/protocol/sweep_measures.h), known answers: a's time growing as
// rows^1.5 has log-log slope 1.5; a gap a - b growing by 2 s per point has slope 2; the last
// point's time ratio is a's over b's there; a claim's point tests run at every point of the named
// method with the caller's measures beside the runs', each group named by its x; the evidence lists
// every method's values by x.
#include "harness/protocol/sweep_measures.h"

#include <gtest/gtest.h>

#include <cmath>

namespace linrepro {
namespace {

// a: 3 points, rows 1000 x, time 1e-3 rows^1.5; b: a's time minus 2 x s.
SweepPoints sweep() {
  SweepPoints p;
  for (double x : {1.0, 2.0, 4.0}) {
    RunRecord a, b;
    a.status = b.status = "ok";
    a.extra["train_rows"] = b.extra["train_rows"] = 1000 * x;
    a.train_seconds = 1e-3 * std::pow(1000 * x, 1.5);
    b.train_seconds = a.train_seconds - 2 * x;
    a.metrics["v"] = x;
    b.metrics["v"] = 1;
    p["a"][x] = a;
    p["b"][x] = b;
  }
  return p;
}

DeclaredClaim claim_with(const Json& tests) {
  return DeclaredClaim{std::string("c"), std::string("claim"), ClaimKind::claim, {}, tests};
}

TEST(SweepMeasures, SlopesAndRatiosOverTheSweep) {
  const SweepPoints p = sweep();
  const ClaimMeasures m = sweep_measures(p, "train_rows");
  EXPECT_NEAR(m.at("loglog_slope")("s", "a", "", 1, true, true)->value, 1.5, 1e-9);
  EXPECT_NEAR(m.at("time_gap_slope")("g", "a", "b", 0, true, true)->value, 2, 1e-9);
  const ClaimComparison last = *m.at("last_time_ratio")("r", "a", "b", 1, true, true);
  EXPECT_NEAR(last.value, p.at("a").at(4).train_seconds / p.at("b").at(4).train_seconds, 1e-9);
  EXPECT_FALSE(m.at("loglog_slope")("s", "nobody", "", 1, true, true));
  EXPECT_EQ(
      sweep_values_text(p, "v", [](const RunRecord& r) { return r.metrics.at("v").get<double>(); },
                        {"a", "b", "c"}),
      "v: a 1: 1.00, 2: 2.00, 4: 4.00; b 1: 1.00, 2: 1.00, 4: 1.00; c -");
}

TEST(SweepMeasures, PointTestsRunAtEveryPointWithTheCallersMeasures) {
  const DeclaredClaim c = claim_with(Json::parse(
      R"([{"measure": "metric:v", "a": "a", "b": "b", "side": ">=", "bound": 0,
           "what": "{group}: v"},
          {"measure": "doubled", "a": "a", "side": ">", "bound": 0, "what": "{group}: 2v"}])"));
  const std::vector<ClaimComparison> out =
      point_tests(c, sweep(), "a", "x = {:g}", [](ClaimMeasures& m, const auto& runs) {
        m["doubled"] = [&runs](std::string what, const std::string& a, const std::string&,
                               double bound, bool above, bool strict) {
          return std::optional<ClaimComparison>(exact_comparison(
              std::move(what), 2 * runs.at(a)->metrics.at("v").template get<double>(), bound, above,
              strict));
        };
      });
  ASSERT_EQ(out.size(), 6u);  // two tests at each of three points
  EXPECT_EQ(out[0].what, "x = 1: v");
  EXPECT_EQ(out[0].value, 0);  // a's v minus b's at x = 1
  EXPECT_EQ(out[5].what, "x = 4: 2v");
  EXPECT_EQ(out[5].value, 8);
}

}  // namespace
}  // namespace linrepro
