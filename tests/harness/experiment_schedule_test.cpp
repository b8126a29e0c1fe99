// run_scheduled (`linrepro run --jobs N`): experiments side by side, dependencies first, timed
// ones alone. Concurrency is shown by rendezvous (two experiments each wait for the other to have
// started), not by measuring time.
#include "harness/experiment/experiment_schedule.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>

#include "core/atomic_file.h"
#include "harness/results/result_file.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

// The paper's name is copied from a string, not assigned from a literal: GCC 12 at -O3 warns a
// false -Wrestrict on the literal's assignment once this helper is inlined.
ExperimentInfo experiment(const std::string& id, std::vector<std::string> depends_on = {},
                          bool timed = false) {
  static const std::string paper = "p";
  ExperimentInfo e;
  e.paper = paper;
  e.id = id;
  e.depends_on = std::move(depends_on);
  e.timed = timed;
  return e;
}

std::vector<ScheduledExperiment> listed(const std::deque<ExperimentInfo>& infos,
                                        std::vector<double> costs = {}) {
  std::vector<ScheduledExperiment> list;
  for (size_t i = 0; i < infos.size(); ++i)
    list.push_back({&infos[i], i < costs.size() ? costs[i] : 0.0});
  return list;
}

// What the experiments did, as the scheduler's callbacks saw it.
struct Log {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::string> events;  // "start a", "end a"
  int running = 0, most_running = 0;
  std::set<std::string> started;

  void start(const std::string& id) {
    std::lock_guard lock(mutex);
    events.push_back("start " + id);
    started.insert(id);
    most_running = std::max(most_running, ++running);
    changed.notify_all();
  }
  void end(const std::string& id) {
    std::lock_guard lock(mutex);
    events.push_back("end " + id);
    --running;
    changed.notify_all();
  }
  // Waits (at most 20 s) until `id` has started; false if it never did.
  bool wait_started(const std::string& id) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, std::chrono::seconds(20), [&] { return started.contains(id); });
  }
  size_t at(const std::string& event) const {
    return static_cast<size_t>(std::find(events.begin(), events.end(), event) - events.begin());
  }
};

TEST(ExperimentSchedule, TwoIndependentExperimentsRunAtTheSameTime) {
  const std::deque<ExperimentInfo> infos = {experiment("a"), experiment("b")};
  Log log;
  bool met = true;
  run_scheduled(listed(infos), 2, [&](size_t i) {
    const std::string me = infos[i].id, other = i == 0 ? "b" : "a";
    log.start(me);
    met = log.wait_started(other) && met;  // each waits for the other: only concurrency ends it
    log.end(me);
  });
  EXPECT_TRUE(met);
  EXPECT_EQ(log.most_running, 2);
}

TEST(ExperimentSchedule, OneJobIsTheListInOrder) {
  const std::deque<ExperimentInfo> infos = {experiment("a"), experiment("b", {}, true),
                                            experiment("c")};
  Log log;
  run_scheduled(listed(infos, {1, 50, 100}), 1, [&](size_t i) {
    log.start(infos[i].id);
    log.end(infos[i].id);
  });
  EXPECT_EQ(log.events,
            (std::vector<std::string>{"start a", "end a", "start b", "end b", "start c", "end c"}));
}

TEST(ExperimentSchedule, AnExperimentStartsAfterWhatItDependsOn) {
  // c depends on a; b is free. With three workers c still waits for a's end.
  const std::deque<ExperimentInfo> infos = {experiment("a"), experiment("b"),
                                            experiment("c", {"p/a"})};
  Log log;
  run_scheduled(listed(infos), 3, [&](size_t i) {
    log.start(infos[i].id);
    if (infos[i].id == "a") log.wait_started("b");  // a is still running while b starts
    log.end(infos[i].id);
  });
  EXPECT_LT(log.at("end a"), log.at("start c"));
  EXPECT_EQ(log.events.size(), 6u);
}

TEST(ExperimentSchedule, ATimedExperimentRunsWithNothingBesideIt) {
  // Five workers for five experiments: only the rule keeps t from starting beside the others
  // (they linger a little so that a scheduler without it would be caught); d, which c's end makes
  // ready, still goes before t.
  const std::deque<ExperimentInfo> infos = {experiment("a"), experiment("t", {}, true),
                                            experiment("b"), experiment("c"),
                                            experiment("d", {"p/c"})};
  Log log;
  int beside_timed = 0;
  run_scheduled(listed(infos, {1, 100, 1, 1, 1}), 5, [&](size_t i) {
    log.start(infos[i].id);
    {
      std::lock_guard lock(log.mutex);
      if (infos[i].id == "t") beside_timed += log.running - 1;
    }
    if (infos[i].id != "t") std::this_thread::sleep_for(std::chrono::milliseconds(50));
    log.end(infos[i].id);
  });
  EXPECT_EQ(beside_timed, 0);
  // Nothing starts between the timed one's start and its end.
  EXPECT_EQ(log.at("end t"), log.at("start t") + 1);
  EXPECT_EQ(log.events.size(), 10u);
}

TEST(ExperimentSchedule, TheLongestPathAheadStartsFirst) {
  // Two workers; x (the longest) holds one until c has started, so a, c and b share the other one
  // and start one after another: a -> c (1 + 100 ahead) goes before b (50), even though b comes
  // first in the list.
  const std::deque<ExperimentInfo> infos = {experiment("x"), experiment("b"), experiment("a"),
                                            experiment("c", {"p/a"})};
  Log log;
  bool met = true;
  run_scheduled(listed(infos, {1000, 50, 1, 100}), 2, [&](size_t i) {
    log.start(infos[i].id);
    if (infos[i].id == "x") met = log.wait_started("c");
    log.end(infos[i].id);
  });
  EXPECT_TRUE(met);
  std::vector<std::string> others;
  for (const auto& e : log.events)
    if (e.starts_with("start ") && e != "start x") others.push_back(e);
  EXPECT_EQ(others, (std::vector<std::string>{"start a", "start c", "start b"}));
}

TEST(ExperimentSchedule, AnExperimentThatThrowsLetsTheOthersEndThenRethrows) {
  const std::deque<ExperimentInfo> infos = {experiment("a"), experiment("b"),
                                            experiment("c", {"p/a"})};
  Log log;
  EXPECT_THROW(run_scheduled(listed(infos), 2,
                             [&](size_t i) {
                               log.start(infos[i].id);
                               log.end(infos[i].id);
                               if (infos[i].id == "a") throw std::runtime_error("broken");
                             }),
               std::runtime_error);
  EXPECT_EQ(log.started, (std::set<std::string>{"a", "b", "c"}));
}

TEST(ExperimentSchedule, StoredCostIsTheSumOfTheRunsSeconds) {
  testing::TempDir dir;
  const auto file = dir.path() / "r.json";
  EXPECT_EQ(stored_cost_seconds(file), 0);  // no file yet: unknown
  ResultFile rf(file, {{"experiment", "x"}, {"paper", "p"}}, false);
  for (const auto& [key, train, test] : {std::tuple{"a", 1.5, 0.5}, std::tuple{"b", 2.0, 0.0}})
    rf.run_once(key, {{"k", key}}, [&] {
      RunRecord r;
      r.train_seconds = train;
      r.test_seconds = test;
      return r;
    });
  rf.save();
  EXPECT_DOUBLE_EQ(stored_cost_seconds(file), 4.0);
  // A file that does not read as a result file is unknown for the order (its experiment will
  // say what is wrong with it when it runs).
  write_file_atomic(dir.path() / "bad.json", "{not json");
  EXPECT_EQ(stored_cost_seconds(dir.path() / "bad.json"), 0);
}

}  // namespace
}  // namespace linrepro
