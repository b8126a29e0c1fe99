#include "harness/cluster/cluster_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <set>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/file_lock.h"
#include "core/subprocess.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/experiment/run_experiment.h"
#include "harness/results/run_scheduler.h"

namespace linrepro {
namespace fs = std::filesystem;

namespace {

// Causes charged to a run by earlier rounds (and earlier invocations: <work>/attempts.json), reset
// when its config changes.
struct Attempt {
  std::string config_hash;
  std::vector<std::string> causes;
};
using Attempts = std::map<std::string, Attempt>;  // "paper/id key" -> attempts

Attempts load_attempts(const fs::path& file) {
  Attempts a;
  if (!fs::exists(file)) return a;
  std::ifstream in(file);
  Json j;
  try {
    j = Json::parse(in);
  } catch (const Json::parse_error& e) {
    throw DataError(file.string(), 0, fmt::format("not valid JSON: {}", e.what()));
  }
  for (const auto& [k, v] : j.items())
    a[k] = {v.value("config_hash", ""), v.value("causes", std::vector<std::string>{})};
  return a;
}

void save_attempts(const fs::path& file, const Attempts& a) {
  Json j = Json::object();
  for (const auto& [k, v] : a) j[k] = {{"config_hash", v.config_hash}, {"causes", v.causes}};
  write_file_atomic(file, j.dump(2) + "\n");
}

struct Pending {
  const ExperimentInfo* experiment;
  PlannedRun run;
  double cost_seconds;  // estimated_cost: its hint, else its experiment's median, else the default
};

// The bound on a task's --time (--max-time, the partition's MaxTime: the smaller) and its words.
struct TimeBound {
  std::optional<int64_t> seconds;
  std::string what;  // "partition batch's MaxTime", "--max-time"
};

TimeBound time_bound(const ClusterOptions& opt) {
  TimeBound b;
  if (opt.partition_limit && opt.partition_limit->max_seconds) {
    b.seconds = opt.partition_limit->max_seconds;
    b.what = fmt::format("partition {}'s MaxTime", opt.partition_limit->partition);
  }
  if (opt.max_time_seconds && (!b.seconds || *opt.max_time_seconds < *b.seconds)) {
    b.seconds = opt.max_time_seconds;
    b.what = "--max-time";
  }
  return b;
}

// Stored status of each run of an experiment's result file: key -> (status, reason, hash).
struct Stored {
  std::string status, reason, config_hash;
};
std::map<std::string, Stored> stored_runs(const fs::path& file) {
  std::map<std::string, Stored> out;
  if (!fs::exists(file)) return out;
  for (const auto& r : read_result_file(file).value("runs", Json::array()))
    out[r.value("key", "")] = {r.value("status", ""), r.value("reason", ""),
                               r.value("config_hash", "")};
  return out;
}

// Why a run that a task was given is still missing after the merge.
std::string cause_of(const Stored* stored, int task, const std::map<int, TaskRecord>& tasks,
                     const std::string& job_id) {
  if (stored && stored->status == "failed") return "failed: " + stored->reason;
  std::string cause;
  const auto t = tasks.find(task);
  if (t == tasks.end())
    cause = fmt::format("task {} left no exit record", task);
  else
    cause = fmt::format("task {} exited {}{}", task, t->second.exit,
                        t->second.signal.empty() ? "" : " (" + t->second.signal + ")");
  if (!job_id.empty())
    if (const auto state = slurm_task_state(job_id, task)) cause += "; Slurm: " + *state;
  return cause;
}

std::string shell_words(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

}  // namespace

Submission submit_with_sbatch(const fs::path& script, const BatchSettings&,
                              const std::vector<std::string>& sbatch_options) {
  std::vector<std::string> argv = {"sbatch", "--wait", "--parsable"};
  argv.insert(argv.end(), sbatch_options.begin(), sbatch_options.end());
  argv.push_back(script.string());
  const CommandResult res = run_command(argv);
  Submission s;
  s.exit_code = res.exit_code;
  // --parsable prints "<job id>" or "<job id>;<cluster>" first.
  s.job_id = res.out.substr(0, res.out.find_first_of(";\n"));
  s.message = res.err;
  if (s.job_id.empty())
    throw std::runtime_error(fmt::format("sbatch did not submit {} (exit {}): {}", script.string(),
                                         res.exit_code, res.err));
  return s;
}

namespace {

// A round's step 1: summarise what is finished and plan what is not (dependents wait); the runs
// to submit, those that failed opt.max_attempts times given up (summary).
std::vector<Pending> plan_round(const std::vector<const ExperimentInfo*>& order,
                                const ExperimentContext& ctx, const ClusterOptions& opt,
                                const fs::path& results, Attempts& attempts,
                                ClusterSummary& summary) {
  std::vector<Pending> pending;
  std::set<std::string> waiting;
  summary.complete.clear();
  summary.incomplete.clear();
  summary.given_up.clear();
  for (const ExperimentInfo* e : order) {
    const std::string name = experiment_name(*e);
    const bool blocked = std::any_of(e->depends_on.begin(), e->depends_on.end(),
                                     [&](const std::string& d) { return waiting.contains(d); });
    if (blocked) {
      waiting.insert(name);
      summary.incomplete.push_back(name);
      continue;
    }
    // Extra solvers join the experiments that take them (the others run without).
    ExperimentContext c = extra_solver_context(*e, opt.target, ctx, nullptr);
    c.results_dir = results;
    c.progress = false;
    c.selection = RunSelection{};
    c.selection.mode = RunSelection::Mode::summarise;
    const ExperimentOutcome o = run_experiment(*e, c);
    if (o.complete()) {
      summary.complete.push_back(name);
      continue;
    }
    // Dependents wait for the paper's runs alone: an extra solver's run (--with-solver), pending
    // or failing, never holds back the paper's runs of the experiments that read this one.
    if (std::any_of(o.pending.begin(), o.pending.end(),
                    [](const PlannedRun& p) { return !is_extra_solver_run(p.config); }))
      waiting.insert(name);
    summary.incomplete.push_back(name);
    for (const PlannedRun& p : o.pending) {
      Attempt& a = attempts[name + " " + p.key];
      if (a.config_hash != p.config_hash) a = {p.config_hash, {}};
      if (static_cast<int>(a.causes.size()) >= opt.max_attempts)
        summary.given_up.push_back({name, p.key, a.causes});
      else
        pending.push_back(
            {e, p,
             estimated_cost(p.cost_seconds, o.median_cost_seconds, opt.unknown_cost_seconds)});
    }
  }
  return pending;
}

// A round's step 2: its plan and batch script written under work/round-<round> and submitted.
struct SubmittedRound {
  fs::path dir;
  int tasks = 0;
  Submission submission;
};
SubmittedRound submit_round(int round, const std::vector<Pending>& pending,
                            const ExperimentContext& ctx, const ClusterOptions& opt,
                            const fs::path& results, const fs::path& work, const TimeBound& bound,
                            const Submitter& submit) {
  const fs::path dir = work / fmt::format("round-{}", round);
  fs::remove_all(dir);  // a round left by an interrupted invocation is planned afresh
  fs::create_directories(dir);
  const int tasks = std::min<int>(opt.shards, static_cast<int>(pending.size()));
  std::string plan_text;
  std::vector<double> task_seconds(static_cast<size_t>(tasks), 0.0);
  for (size_t j = 0; j < pending.size(); ++j) {
    plan_text += plan_line(*pending[j].experiment, pending[j].run).dump() + "\n";
    task_seconds[j % static_cast<size_t>(tasks)] += pending[j].cost_seconds;
  }
  BatchSettings s;
  s.target = opt.target;
  s.fast = ctx.fast;
  s.results = results;
  s.plan = dir / "plan.jsonl";
  s.round_dir = dir;
  s.program = opt.program.empty() ? fs::canonical("/proc/self/exe") : fs::absolute(opt.program);
  s.root = fs::absolute(fs::current_path());
  if (const char* root = std::getenv("LINREPRO_ROOT")) s.root = root;
  if (!opt.root.empty()) s.root = fs::absolute(opt.root);
  s.extra_solvers = ctx.extra_solvers;
  s.tasks = tasks;
  s.cpus_per_task = opt.cpus_per_task;
  s.mem = opt.mem;
  const TaskTime time = task_time_limit(task_seconds, bound.seconds);
  s.time = opt.time.empty() ? time.limit : opt.time;
  s.job_name = fmt::format("linrepro-r{}", round);
  write_file_atomic(s.plan, plan_text);
  const fs::path script = dir / "job.sbatch";
  write_file_atomic(script, batch_script(s));
  if (opt.time.empty() && time.bounded)
    fmt::print(stderr,
               "cluster: round {}: the largest task would want --time {} (3x its estimated "
               "{:.0f} s + 5 min); {} allows {}: a task that runs out of time leaves its runs "
               "pending for the next round (more --shards make tasks shorter)\n",
               round, format_slurm_time(time.wanted_seconds),
               *std::max_element(task_seconds.begin(), task_seconds.end()), bound.what, s.time);
  fmt::print(stderr, "cluster: round {}: {} runs in {} tasks ({} CPU, {}, --time {}{}) -> {}\n",
             round, pending.size(), tasks, s.cpus_per_task, s.mem, s.time,
             opt.sbatch_options.empty() ? "" : ", " + shell_words(opt.sbatch_options),
             script.string());
  const Submission sub = submit(script, s);
  fmt::print(stderr, "cluster: round {}: job {} ended (sbatch exit {})\n", round, sub.job_id,
             sub.exit_code);
  return {dir, tasks, sub};
}

// A round's step 3: merge the shards, then charge every run still missing with its cause.
void charge_round(const std::vector<const ExperimentInfo*>& order,
                  const std::vector<Pending>& pending, const ExperimentContext& ctx,
                  const fs::path& results, const SubmittedRound& round, Attempts& attempts) {
  const fs::path& dir = round.dir;
  const int tasks = round.tasks;
  const Submission& sub = round.submission;
  std::map<const ExperimentInfo*, std::map<std::string, Stored>> stored;
  for (const ExperimentInfo* e : order) {
    ExperimentContext c = ctx;
    c.results_dir = results;
    merge_shards(*e, c);
  }
  const auto records = read_task_records(dir, tasks);
  for (size_t j = 0; j < pending.size(); ++j) {
    const Pending& p = pending[j];
    if (!stored.contains(p.experiment)) {
      ExperimentContext c = ctx;
      c.results_dir = results;
      stored[p.experiment] =
          stored_runs(result_file_path(c, p.experiment->paper, p.experiment->id));
    }
    const auto& runs = stored[p.experiment];
    const auto it = runs.find(p.run.key);
    const Stored* s_run = it == runs.end() ? nullptr : &it->second;
    if (s_run && s_run->status == "ok" && s_run->config_hash == p.run.config_hash) continue;
    const std::string cause =
        cause_of(s_run, static_cast<int>(j % static_cast<size_t>(tasks)), records, sub.job_id);
    attempts[experiment_name(*p.experiment) + " " + p.run.key].causes.push_back(cause);
    fmt::print(stderr, "cluster: {} {}: not finished ({})\n", experiment_name(*p.experiment),
               p.run.key, cause);
  }
}

}  // namespace

ClusterSummary cluster_run(const std::vector<ExperimentInfo>& registry,
                           const ExperimentContext& ctx, const ClusterOptions& opt,
                           const Submitter& submit) {
  const auto order = select_experiments(registry, opt.target, ctx);
  const fs::path results = fs::absolute(ctx.results_dir);
  const fs::path work = fs::absolute(
      opt.work_dir.empty() ? results / (ctx.fast ? "cluster-fast" : "cluster") : opt.work_dir);
  // Two cluster runs on one results directory would plan the same runs twice and write the same
  // shard files (<id>.<i>-of-<N>.json): the second is refused, naming the first.
  const fs::path lock_file = lock_path_for(results / (ctx.fast ? "cluster-fast" : "cluster"));
  std::string holder;
  const std::optional<FileLock> lock = FileLock::try_acquire(lock_file, &holder);
  if (!lock)
    throw std::runtime_error(fmt::format(
        "another `linrepro cluster run` is using {} ({}; lock {}): wait for it to end, or stop it",
        results.string(), holder, lock_file.string()));
  const TimeBound bound = time_bound(opt);
  if (!opt.time.empty() && bound.seconds &&
      parse_slurm_time(opt.time).value_or(std::numeric_limits<int64_t>::max()) > *bound.seconds)
    throw ConfigError(fmt::format(
        "--time {} is beyond {} ({}): Slurm would hold the job forever (PartitionTimeLimit)",
        opt.time, bound.what, format_slurm_time(*bound.seconds)));
  fs::create_directories(work);
  Attempts attempts = load_attempts(work / "attempts.json");
  ClusterSummary summary;
  for (int round = 1;; ++round) {
    const std::vector<Pending> pending = plan_round(order, ctx, opt, results, attempts, summary);
    if (pending.empty()) break;
    if (round > opt.max_rounds)
      throw std::runtime_error(fmt::format("cluster: still {} runs pending after {} rounds",
                                           pending.size(), opt.max_rounds));
    summary.rounds = round;
    const SubmittedRound r = submit_round(round, pending, ctx, opt, results, work, bound, submit);
    summary.runs_submitted += static_cast<int>(pending.size());
    charge_round(order, pending, ctx, results, r, attempts);
    save_attempts(work / "attempts.json", attempts);
  }

  for (const auto& g : summary.given_up)
    fmt::print(stderr, "cluster: FAILED {} {} after {} attempts: {}\n", g.experiment, g.key,
               g.causes.size(), g.causes.empty() ? "" : g.causes.back());
  fmt::print(stderr, "cluster: {} rounds, {} runs submitted; {} experiments complete, {} not\n",
             summary.rounds, summary.runs_submitted, summary.complete.size(),
             summary.incomplete.size());
  return summary;
}

}  // namespace linrepro
