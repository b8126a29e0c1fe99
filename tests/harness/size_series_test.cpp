// A size series (harness/protocol/size_series.h), known answers: the "cpu-slope" aggregate of times
// c n^a is a (with its interval from 3 sizes on, and the stop rule's reason when fewer than 2
// sizes ran); the stop rule "time-cap:<s>" stops a series whose power law predicts a fit over s
// seconds, in the full run only, and refuses a cap that is not a positive number; the claim
// measures give a's slope and the slope of a's time over b's; the task set builds each size's
// data once and names each run's class by its size.
#include "harness/protocol/size_series.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "core/error.h"
#include "harness/protocol/partition_measures.h"

namespace linrepro {
namespace {

// Finished runs at the sizes `ns` whose CPU time is c n^a (wall time twice that).
std::vector<RunRecord> power_law_runs(std::vector<double> ns, double c, double a) {
  std::vector<RunRecord> runs;
  for (double n : ns) {
    RunRecord r;
    r.status = "ok";
    r.config = {{"n", n}};
    r.extra["cpu_seconds"] = c * std::pow(n, a);
    r.train_seconds = 2 * c * std::pow(n, a);
    runs.push_back(r);
  }
  return runs;
}

TEST(SizeSeries, CpuSlopeIsThePowerLawsExponent) {
  const TaskAggregate slope = builtin_aggregate("cpu-slope").value();
  const AggregateValue three = slope(power_law_runs({1e3, 2e3, 4e3}, 1e-6, 1.5), {});
  EXPECT_NEAR(three.value, 1.5, 1e-12);
  EXPECT_NEAR(three.evidence.interval_lo.value(), 1.5, 1e-9);
  EXPECT_NEAR(three.evidence.interval_hi.value(), 1.5, 1e-9);
  EXPECT_NE(three.evidence.interval_method.find("n = 1,000..4,000 (3 sizes)"), std::string::npos);
  const AggregateValue two = slope(power_law_runs({1e3, 2e3}, 1e-6, 2), {});
  EXPECT_NEAR(two.value, 2, 1e-12);
  EXPECT_FALSE(two.evidence.interval_lo);  // no interval from two points

  std::vector<RunRecord> one = power_law_runs({1e3}, 1, 1);
  RunRecord stopped;
  stopped.status = "stopped";
  stopped.extra["reason"] = "not run above n = 1,000";
  one.push_back(stopped);
  EXPECT_EQ(slope(one, {}).not_measured, "fewer than 2 sizes ran: not run above n = 1,000");
}

// What an evidence text reads of a series: the wall-time slope, the sizes, each size's times and
// why it stopped; a slope over the sizes another method reached, and the share of its time.
TEST(SizeSeries, TheSeriesAggregatesFieldsAndRelations) {
  std::vector<RunRecord> a = power_law_runs({1e3, 2e3, 4e3}, 1e-3, 1);
  for (RunRecord& r : a) r.class_name = fmt::format("synth n={}", r.config.at("n").get<double>());
  RunRecord stopped;
  stopped.status = "stopped";
  stopped.extra = {{"variant", "a"}, {"reason", "not run above n = 4,000"}};
  a.push_back(stopped);
  const AggregateValue s = builtin_aggregate("cpu-slope").value()(a, {});
  EXPECT_NEAR(s.fields.at("wall").get<double>(), 1, 1e-12);
  EXPECT_EQ(s.fields.at("range"), "1,000..4,000");
  EXPECT_EQ(s.fields.at("times").get<std::string>().substr(0, 30),
            "1,000: 2.00 s (CPU 1.00 s), 2,");
  EXPECT_EQ(s.fields.at("stopped"), "a on synth: not run above n = 4,000; ");
  // A solver added with --with-solver has no variant: its label names it.
  a.back().extra = {{"with_solver", "mine"}, {"reason", "not run above n = 4,000"}};
  EXPECT_EQ(builtin_aggregate("cpu-slope").value()(a, {}).fields.at("stopped"),
            "mine on synth: not run above n = 4,000; ");
  EXPECT_EQ(
      builtin_aggregate("cpu-slope").value()(power_law_runs({1, 2}, 1, 1), {}).fields.at("stopped"),
      "");
  // b ran 1,000 and 2,000 at twice a's time, slope 2: a's slope within b's sizes, a's share.
  const std::map<std::string, std::vector<RunRecord>> by_method = {
      {"a", a}, {"b", power_law_runs({1e3, 2e3}, 2e-6, 2)}};
  AggregateContext at;
  at.by_method = &by_method;
  const AggregateValue within = builtin_aggregate("cpu-slope-within:b").value()(a, at);
  EXPECT_NEAR(within.value, 1, 1e-12);
  EXPECT_EQ(within.fields.at("range"), "1,000..2,000");
  const AggregateValue share = builtin_aggregate("cpu-percent-of:b").value()(a, at);
  EXPECT_NEAR(share.value, 2.0 / 8.0, 1e-12);  // 2 s / 8 s at n = 2,000
  EXPECT_EQ(share.fields.at("shares"), "n = 1,000: 50%, n = 2,000: 25%");
  EXPECT_FALSE(builtin_aggregate("cpu-percent-of:c").value()(a, at).not_measured.empty());
}

TEST(SizeSeries, TimeCapStopsWhenThePredictedFitIsOverTheCap) {
  const StopRule cap = series_stop_rule("time-cap:60").value();
  ExperimentContext ctx;
  // 10 s at n = 1,000 and 40 s at 2,000: a power law of slope 2 predicts 160 s at 4,000.
  std::vector<RunRecord> done = power_law_runs({1000, 2000}, 1e-5, 2);
  done[0].train_seconds = 10;
  done[1].train_seconds = 40;
  EXPECT_EQ(cap(ctx, done, Json{{"n", 4000}}).value(),
            "not run above n = 2,000 (time cap 60 s per fit: 160 s predicted at n = 4,000)");
  EXPECT_FALSE(cap(ctx, done, Json{{"n", 2400}}));  // 57.6 s predicted: under the cap
  ctx.fast = true;                                  // timings decide nothing in the fast subset
  EXPECT_FALSE(cap(ctx, done, Json{{"n", 4000}}));

  EXPECT_FALSE(series_stop_rule("two"));
  EXPECT_THROW(series_stop_rule("time-cap:"), ConfigError);
  EXPECT_THROW(series_stop_rule("time-cap:-5"), ConfigError);
  EXPECT_EQ(group_digits(800000), "800,000");
  EXPECT_EQ(group_digits(999), "999");
}

TEST(SizeSeries, SlopeMeasuresReadEachMethodsSeries) {
  const std::vector<RunRecord> a_runs = power_law_runs({1e3, 2e3, 4e3, 8e3}, 1e-6, 1),
                               b_runs = power_law_runs({1e3, 2e3, 4e3}, 1e-6, 2);
  const ClaimMeasures m = series_slope_measures(
      [&](const std::string& name) { return series_points(name == "a" ? a_runs : b_runs); });
  const ClaimComparison slope = m.at("loglog_slope")("a", "a", "", 1.2, false, false).value();
  EXPECT_NEAR(slope.value, 1, 1e-9);
  EXPECT_FALSE(slope.above);
  // a over b at the three sizes both ran: n / n^2, slope -1.
  EXPECT_NEAR(m.at("ratio_slope")("r", "a", "b", 0, false, true).value().value, -1, 1e-9);
  const std::vector<RunRecord> two = power_law_runs({1e3, 2e3}, 1, 1);
  const ClaimMeasures short_series =
      series_slope_measures([&](const std::string&) { return series_points(two); });
  EXPECT_FALSE(short_series.at("loglog_slope")("s", "a", "", 1, true, true));  // 3 points at least
}

TEST(SizeSeries, TaskSetBuildsEachSizeOnce) {
  int made = 0;
  SizeSeries s;
  s.dataset = "toy";
  s.record = {{"name", "toy"}};
  s.sizes = {10, 20};
  s.data_config = [](int32_t n) { return Json{{"n", n}}; };
  s.make = [&made](int32_t n) {
    ++made;
    BinaryDataset d;
    d.X_train.rows = n;
    return d;
  };
  s.fit = [](const BinaryDataset& d, const std::string& solver, const Params&, uint64_t) {
    RunRecord r;
    r.status = "ok";
    r.metrics["rows"] = d.X_train.rows;
    r.solver = solver;
    return r;
  };
  const TaskSet t = size_series_preparer(s, false)(Json::object());
  ASSERT_EQ(t.tasks, (std::vector<std::string>{"n=10", "n=20"}));
  EXPECT_EQ(t.task_fields(1), (Json{{"n", 20}}));
  EXPECT_EQ(t.fit(0, "x", Params{}, 1).metrics.at("rows"), 10);
  EXPECT_EQ(t.fit(0, "y", Params{}, 1).class_name, "toy n=10");
  EXPECT_EQ(made, 1);  // both solvers on the one n = 10 draw
  EXPECT_EQ(t.fit(1, "x", Params{}, 1).metrics.at("rows"), 20);
  EXPECT_EQ(made, 2);
}

}  // namespace
}  // namespace linrepro
