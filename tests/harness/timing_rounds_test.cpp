// Timings from interleaved rounds (harness/results/timing_rounds.h, docs/RESULTS.md): a run's time
// is the median of its rounds and a ratio of two runs' times the median of the per-round ratios,
// with their range as interval (known answers); a timed task set fits its runs in rounds, every
// run once a round before the next round, each round stored as a run of its own; and a timed
// claim decided twice from fresh runs gets the same verdict.
#include "harness/results/timing_rounds.h"

#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <vector>

#include "core/stopwatch.h"
#include "harness/language/declared_protocol.h"
#include "harness/protocol/protocol_runner.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::TempDir;

RunRecord timed(double train, double cpu) {
  RunRecord r;
  r.train_seconds = train;
  r.extra["cpu_seconds"] = cpu;
  return r;
}

TEST(TimingRounds, AFoldedRunTakesItsRoundsMediansAndKeepsThemAll) {
  RunRecord first = timed(3, 30);
  const std::vector<RunRecord> rounds = {timed(1, 10), timed(5, 50), timed(2, 20), timed(4, 40)};
  fold_rounds(first, rounds);
  EXPECT_DOUBLE_EQ(first.train_seconds, 3);
  EXPECT_DOUBLE_EQ(first.extra.at("cpu_seconds").get<double>(), 30);
  EXPECT_EQ(first.extra.at("rounds").at("train_seconds"), (Json{3, 1, 5, 2, 4}));
  EXPECT_EQ(round_times(first), (std::vector<double>{3, 1, 5, 2, 4}));
  // A round still to be fitted (a plan, a shard): nothing folded.
  RunRecord waiting = timed(3, 30);
  std::vector<RunRecord> pending = rounds;
  pending[2].status = "pending";
  fold_rounds(waiting, pending);
  EXPECT_FALSE(waiting.extra.contains("rounds"));
  EXPECT_DOUBLE_EQ(waiting.train_seconds, 3);
  EXPECT_EQ(round_key("earn/smo", 4), "earn/smo/round4");
  // A round keeps the fit's times, nothing it predicted.
  RunRecord fit = timed(2, 2.5);
  fit.metrics = {{"accuracy", 90}};
  const RunRecord kept = round_record(fit);
  EXPECT_TRUE(kept.metrics.empty());
  EXPECT_DOUBLE_EQ(kept.train_seconds, 2);
  EXPECT_DOUBLE_EQ(kept.extra.at("cpu_seconds").get<double>(), 2.5);
}

// a = 2, 4, 6, 8, 10 s and b = 1, 2, 3, 4, 4 s by round: ratios 2, 2, 2, 2, 2.5.
TEST(TimingRounds, ARatioIsTheMedianPerRoundRatioWithTheirRange) {
  RunRecord a = timed(2, 2), b = timed(1, 1);
  fold_rounds(a, std::vector<RunRecord>{timed(4, 4), timed(6, 6), timed(8, 8), timed(10, 10)});
  fold_rounds(b, std::vector<RunRecord>{timed(2, 2), timed(3, 3), timed(4, 4), timed(4, 4)});
  const std::optional<RoundSpread> s = time_ratio_spread(a, b);
  ASSERT_TRUE(s);
  EXPECT_DOUBLE_EQ(s->median, 2);
  EXPECT_DOUBLE_EQ(s->lo, 2);
  EXPECT_DOUBLE_EQ(s->hi, 2.5);
  EXPECT_NE(s->method().find("5 interleaved rounds (covers their median with probability 93.75 %)"),
            std::string::npos)
      << s->method();
  const std::optional<RoundSpread> t = time_spread(a);
  ASSERT_TRUE(t);
  EXPECT_DOUBLE_EQ(t->median, 6);
  EXPECT_DOUBLE_EQ(t->lo, 2);
  EXPECT_DOUBLE_EQ(t->hi, 10);
  // The verdict from the rounds' range: above 1.5 holds; 2.2 lies inside it.
  EXPECT_EQ(comparison_verdict(time_ratio_comparison("a / b", a, b, 1.5, true)), Verdict::holds);
  EXPECT_EQ(comparison_verdict(time_ratio_comparison("a / b", a, b, 2.2, true)),
            Verdict::indistinguishable);
  EXPECT_EQ(comparison_verdict(time_ratio_comparison("a / b", a, b, 3, true)),
            Verdict::does_not_hold);
  // Without rounds on both sides: the single times at the stated resolution.
  const RunRecord once = timed(1, 1);
  EXPECT_FALSE(time_ratio_spread(a, once));
  const ClaimComparison c = time_ratio_comparison("a / once", a, once, 1.5, true);
  EXPECT_NE(c.test.find("kTimeRatioResolution"), std::string::npos) << c.test;
  EXPECT_DOUBLE_EQ(c.value, 6);  // a's median over once's time
}

// CPU work in proportion to `units` (a fixed amount of arithmetic, so its time varies with the
// machine's state as a solver's does), its thread CPU time as the training time.
RunRecord work(int units) {
  const double t0 = thread_cpu_seconds();
  volatile double x = 1;
  for (int64_t i = 0; i < int64_t{units} * 2'000'000; ++i) x = x * 1.0000001 + 1e-9;
  RunRecord r;
  r.train_seconds = thread_cpu_seconds() - t0;
  r.metrics = {{"accuracy", 50}};
  return r;
}

// One timed task set of one task: "mcsvm" does 8 units of work, "graphsvm-t0.05" 1; `order`
// receives the methods in the order they are fitted.
ProtocolHooks timed_hooks(std::vector<std::string>& order, std::mutex& m) {
  ProtocolHooks h;
  h.task_sources["fake"] = [&](const ExperimentContext&) -> TaskPreparer {
    return [&](const Json&) {
      TaskSet s;
      s.dataset = s.record = {{"name", "fake"}};
      s.tasks = {"20ng"};
      s.timed = true;
      s.untrainable = [](size_t) -> std::optional<RunRecord> { return std::nullopt; };
      s.fit = [&](size_t, const std::string& solver, const Params&, uint64_t) {
        {
          const std::lock_guard lock(m);
          order.push_back(solver);
        }
        return work(solver == "mcsvm" ? 8 : 1);
      };
      return s;
    };
  };
  return h;
}

Json timed_protocol() {
  return Json::parse(R"({
    "why": "test",
    "datasets": [{"class": "20ng", "tasks": "fake"}],
    "methods": [
      {"name": "mcsvm", "key": "mcsvm", "solver": "mcsvm", "params": {}},
      {"name": "graphsvm-t0.05", "key": "graphsvm-t0.05", "solver": "graphsvm-t0.05",
       "params": {}}
    ],
    "cells": {
      "columns": {"time": [
        {"column": "Training time / MCSVM",
         "value": "metric:train_seconds over metric:train_seconds@mcsvm", "unit": "ratio"}]},
      "rows": [{"table": "t", "row": "GraphSVM", "class": "20ng", "run": "graphsvm-t0.05",
                "columns": ["time"]}]
    },
    "claims": [{"claim": "graphsvm-3x-faster", "class": ["20ng"], "evidence": "e"}]
  })");
}

Json run_timed(const TempDir& dir, std::vector<std::string>& order) {
  std::mutex m;
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.progress = false;
  ctx.threads = 1;
  ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
  run_protocol(ctx, rf, parse_protocol(timed_protocol(), "f (graphsvm2002/main)"),
               "graphsvm2002/main", timed_hooks(order, m));
  return rf.document();
}

TEST(TimingRounds, ATimedTaskSetFitsEveryRunOnceARoundAndStoresEachRound) {
  TempDir dir;
  std::vector<std::string> order;
  const Json doc = run_timed(dir, order);
  std::vector<std::string> interleaved;
  for (int round = 1; round <= kTimingRounds; ++round)
    interleaved.insert(interleaved.end(), {"mcsvm", "graphsvm-t0.05"});
  EXPECT_EQ(order, interleaved);
  std::vector<std::string> keys;
  for (const Json& r : doc.at("runs")) keys.push_back(r.at("key"));
  EXPECT_EQ(keys.size(), 2u * kTimingRounds);
  for (const char* key : {"mcsvm/20ng", "mcsvm/20ng/round2", "graphsvm-t0.05/20ng/round5"})
    EXPECT_NE(std::ranges::find(keys, key), keys.end()) << key;
  for (const Json& r : doc.at("runs"))
    if (r.at("key") == "mcsvm/20ng/round3") {
      EXPECT_EQ(r.at("config").at("timing_round"), 3);
      EXPECT_FALSE(r.at("metrics").contains("accuracy"));
    }
  // The ratio cell: the median per-round ratio inside the rounds' range.
  ASSERT_EQ(doc.at("cells").size(), 1u);
  const Json& cell = doc.at("cells")[0];
  const Json& interval = cell.at("evidence").at("interval");
  EXPECT_LE(interval[0].get<double>(), cell.at("value").get<double>());
  EXPECT_GE(interval[1].get<double>(), cell.at("value").get<double>());
  EXPECT_NE(cell.at("evidence").at("interval_method").get<std::string>().find("interleaved rounds"),
            std::string::npos);
  // Run again on the stored file: every round is reused, nothing fitted.
  std::vector<std::string> again;
  const Json same = [&] {
    std::mutex m;
    ExperimentContext ctx;
    ctx.results_dir = dir.path();
    ctx.progress = false;
    ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
    run_protocol(ctx, rf, parse_protocol(timed_protocol(), "f (graphsvm2002/main)"),
                 "graphsvm2002/main", timed_hooks(again, m));
    return rf.document();
  }();
  EXPECT_TRUE(again.empty());
  EXPECT_EQ(same.at("cells"), doc.at("cells"));
}

// Issue 60: an extra solver's rounds carry its tag like its first round, so a figure draws one
// bar for it (GraphSVM Figures 5-6 drew its rounds as a second, untagged series).
TEST(TimingRounds, AnExtraSolversRoundsKeepItsTag) {
  TempDir dir;
  std::vector<std::string> order;
  std::mutex m;
  Json p = timed_protocol();
  p["methods"].push_back({{"key", "{task}/extra"}, {"solver", "--with-solver"}, {"lambda", 0.01}});
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ctx.progress = false;
  ctx.threads = 1;
  ctx.extra_solvers = {"liblinear-s5"};
  ResultFile rf = testing::protocol_result_file(dir.path() / "r.json", "t");
  run_protocol(ctx, rf, parse_protocol(p, "f (graphsvm2002/main)"), "graphsvm2002/main",
               timed_hooks(order, m));
  int rounds = 0;
  for (const Json& r : rf.document().at("runs")) {
    const std::string key = r.at("key");
    const Json extra = r.value("extra", Json::object());
    if (key.starts_with("20ng/extra/liblinear-s5")) {
      rounds += key.find("/round") != std::string::npos;
      EXPECT_EQ(extra.value("part", ""), "extra") << key;
      EXPECT_EQ(extra.value("with_solver", ""), "liblinear-s5") << key;
    } else {
      EXPECT_FALSE(extra.contains("with_solver")) << key;  // the paper's rounds stay as they were
    }
  }
  EXPECT_EQ(rounds, kTimingRounds - 1);
}

// Issue 59 item 3: the same timed claim decided from two fresh sets of runs, each timed in rounds,
// gets the same verdict (MCSVM does 8 times GraphSVM's work; the claim's bound is 3).
TEST(TimingRounds, TwoFreshRunsDecideATimedClaimAlike) {
  std::vector<std::string> verdicts;
  for (int run = 0; run < 2; ++run) {
    TempDir dir;
    std::vector<std::string> order;
    const Json doc = run_timed(dir, order);
    ASSERT_EQ(doc.at("claims").size(), 1u);
    const Json& claim = doc.at("claims")[0];
    verdicts.push_back(claim.at("verdict"));
    ASSERT_FALSE(claim.at("comparisons").empty());
    EXPECT_NE(claim.at("comparisons")[0].at("test").get<std::string>().find("interleaved rounds"),
              std::string::npos)
        << claim.dump();
  }
  EXPECT_EQ(verdicts[0], "holds");
  EXPECT_EQ(verdicts[1], verdicts[0]);
}

}  // namespace
}  // namespace linrepro
