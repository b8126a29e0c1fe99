#include "harness/experiment/experiment_schedule.h"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "harness/experiment/run_experiment.h"
#include "harness/results/result_schema.h"

namespace linrepro {
namespace fs = std::filesystem;

namespace {

// The indices of the experiments each one waits for (its depends_on within the list).
std::vector<std::vector<size_t>> prerequisites(const std::vector<ScheduledExperiment>& list) {
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < list.size(); ++i) index[experiment_name(*list[i].info)] = i;
  std::vector<std::vector<size_t>> before(list.size());
  for (size_t i = 0; i < list.size(); ++i)
    for (const auto& d : list[i].info->depends_on)
      if (const auto it = index.find(d); it != index.end()) before[i].push_back(it->second);
  return before;
}

// Each experiment's cost plus that of its longest chain of dependents (the list is in dependency
// order, so every dependent comes later and is done first, walking backwards).
std::vector<double> path_ahead(const std::vector<ScheduledExperiment>& list,
                               const std::vector<std::vector<size_t>>& before) {
  std::vector<double> ahead(list.size(), 0);
  for (size_t i = list.size(); i-- > 0;) {
    ahead[i] += list[i].cost_seconds;
    for (size_t p : before[i]) ahead[p] = std::max(ahead[p], ahead[i]);
  }
  return ahead;
}

struct Board {
  std::vector<std::vector<size_t>> before;
  std::vector<double> ahead;
  std::vector<bool> started, ended;
  int running = 0;
  bool timed_running = false;
  size_t left = 0;  // not started yet

  bool ready(size_t i) const {
    return !started[i] &&
           std::all_of(before[i].begin(), before[i].end(), [&](size_t p) { return ended[p]; });
  }
};

// The experiment to start now, or nothing: an untimed one while no timed one runs (the longest
// path ahead first, then list order); a timed one only on an idle machine.
std::optional<size_t> next(const Board& b, const std::vector<ScheduledExperiment>& list) {
  if (b.timed_running) return std::nullopt;
  std::optional<size_t> best, timed;
  for (size_t i = 0; i < list.size(); ++i) {
    if (!b.ready(i)) continue;
    if (list[i].info->timed) {
      if (!timed || b.ahead[i] > b.ahead[*timed]) timed = i;
    } else if (!best || b.ahead[i] > b.ahead[*best]) {
      best = i;
    }
  }
  if (best) return best;
  if (timed && b.running == 0) return timed;
  return std::nullopt;
}

}  // namespace

void run_scheduled(const std::vector<ScheduledExperiment>& list, int jobs,
                   const std::function<void(size_t)>& run) {
  if (jobs <= 1) {  // the serial loop, in list order
    for (size_t i = 0; i < list.size(); ++i) run(i);
    return;
  }
  Board b;
  b.before = prerequisites(list);
  b.ahead = path_ahead(list, b.before);
  b.started.assign(list.size(), false);
  b.ended.assign(list.size(), false);
  b.left = list.size();
  std::mutex mutex;
  std::condition_variable changed;
  std::exception_ptr first_error;

  const auto worker = [&] {
    std::unique_lock lock(mutex);
    for (;;) {
      std::optional<size_t> i;
      changed.wait(lock, [&] { return b.left == 0 || (i = next(b, list)).has_value(); });
      if (!i) return;  // everything has started: the rest belongs to other workers
      b.started[*i] = true;
      --b.left;
      ++b.running;
      b.timed_running = list[*i].info->timed;
      lock.unlock();
      try {
        run(*i);
      } catch (...) {
        std::lock_guard error_lock(mutex);
        if (!first_error) first_error = std::current_exception();
      }
      lock.lock();
      b.ended[*i] = true;
      --b.running;
      if (list[*i].info->timed) b.timed_running = false;
      changed.notify_all();
    }
  };
  std::vector<std::thread> workers;
  const size_t n = std::min(list.size(), static_cast<size_t>(jobs));
  for (size_t w = 1; w < n; ++w) workers.emplace_back(worker);
  if (n > 0) worker();
  for (auto& t : workers) t.join();
  if (first_error) std::rethrow_exception(first_error);
}

double stored_cost_seconds(const fs::path& result_file) {
  if (!fs::exists(result_file)) return 0;
  double total = 0;
  try {
    for (const auto& r : read_result_file(result_file).value("runs", Json::array()))
      for (const char* field : {"train_seconds", "test_seconds"})
        if (r.contains(field) && r[field].is_number() && std::isfinite(r[field].get<double>()))
          total += r[field].get<double>();
  } catch (const std::exception&) {
    return 0;  // an unreadable file is the experiment's own business; for the order, unknown
  }
  return total;
}

}  // namespace linrepro
