// A "metric:" read at a trace point (harness/protocol/protocol_cells.h run_value with " at "):
// the point nearest that many updates (epochs: times the run's train_rows, the earlier of two as
// near), none when the trace lacks it; without " at " the run's end.
#include <gtest/gtest.h>

#include "harness/language/value_expression.h"
#include "harness/protocol/protocol_cells.h"

namespace linrepro {
namespace {

// 20 epochs of 10 updates, traced every 13 updates and at the end: zeros = the iteration / 10.
RunRecord traced_run() {
  RunRecord r;
  r.metrics = {{"zeros", 21}, {"train_rows", 10}};
  r.iterations = 200;
  for (int it = 0; it < 200; it += 13)
    r.trace.push_back({{"iteration", it}, {"values", {{"zeros", it / 10}}}});
  r.trace.push_back({{"iteration", 200}, {"values", {{"zeros", 20}}}});
  return r;
}

std::optional<double> value(const RunRecord& r, const std::string& text) {
  return run_value(r, parse_value_expression(text, "w").term);
}

TEST(TraceValue, AtReadsTheNearestTracePointAndWithoutItTheRunsEnd) {
  const RunRecord r = traced_run();
  EXPECT_EQ(value(r, "metric:zeros"), 21.0);               // the run's metric, not its trace
  EXPECT_EQ(value(r, "metric:iterations"), 200.0);         // the record's updates
  EXPECT_EQ(value(r, "metric:zeros at 50"), 5.0);          // iteration 52 is nearest 50
  EXPECT_EQ(value(r, "metric:zeros at 1 epochs"), 1.0);    // 10 updates: iteration 13
  EXPECT_EQ(value(r, "metric:zeros at 10 epochs"), 10.0);  // 100 updates: iteration 104
  EXPECT_EQ(value(r, "metric:zeros at 20 epochs"), 20.0);  // the last point
  EXPECT_EQ(value(r, "metric:zeros at 1e9"), 20.0);        // beyond the trace: its last point
  // 19.5 is as near to 13 as to 26: the earlier point.
  EXPECT_EQ(value(r, "metric:zeros at 19.5"), 1.0);
  EXPECT_FALSE(value(r, "metric:test_error at 50"));  // not traced
  RunRecord untraced = r;
  untraced.trace = Json::array();
  EXPECT_FALSE(value(untraced, "metric:zeros at 50"));
  untraced = r;
  untraced.metrics.erase("train_rows");
  EXPECT_FALSE(value(untraced, "metric:zeros at 1 epochs"));  // no rows to count epochs in
}

TEST(TraceValue, AtIsATracePointOfAMetric) {
  const ValueExpression e =
      parse_value_expression("metric:zeros@cumulative in a9a at 5 epochs|1", "w");
  EXPECT_EQ(e.term.run, "cumulative");
  EXPECT_EQ(e.term.cls, "a9a");
  EXPECT_EQ(e.term.at, 5.0);
  EXPECT_TRUE(e.term.at_epochs);
  EXPECT_LT(parse_value_expression("metric:zeros@x", "w").term.at, 0);
  for (const char* bad : {"metric:zeros@x at", "metric:zeros@x at -1", "metric:zeros@x at five",
                          "metric:zeros@x at 5 weeks"})
    EXPECT_THROW(parse_value_expression(bad, "w"), ConfigError) << bad;
  EXPECT_THROW(parse_value_expression("split-mean:accuracy@x at 5", "w"), ConfigError);
}

}  // namespace
}  // namespace linrepro
