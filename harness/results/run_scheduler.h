#pragma once
// Which of the runs an experiment asks for this process computes
// (harness/results/run_scheduler.cpp): the scheduling half of a ResultFile. A run that is not
// stored yet is executed now, listed as pending for a plan, executed only when it is one of a
// shard's keys, or left alone while the stored runs are summarised. `linrepro run`, `plan`, `run
// --keys-from` and `cluster run` choose the mode (harness/experiment/run_experiment.h); ResultFile
// (harness/results/result_file.h) asks this file per run.
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "harness/results/result_schema.h"

namespace linrepro {

//   execute: run it now (single-machine `linrepro run`).
//   plan:    run nothing; the run is "pending" (`linrepro plan` lists the pending runs).
//   subset:  run it only if its key is in `keys`, writing it to `shard_path` (a shard of a
//            planned round, `linrepro run --keys-from`); every other missing run is pending.
//   summarise: run nothing (the run is pending), but write the result file: cells and claims of
//            an experiment whose runs are all stored (`linrepro cluster run`'s last step).
struct RunSelection {
  enum class Mode { execute, plan, subset, summarise };
  Mode mode = Mode::execute;
  std::set<std::string> keys;        // subset: the keys this process executes
  std::filesystem::path shard_path;  // subset: the file the executed runs go to
  // subset: the config hash the planner saw for each key (from the plan file). A run whose config
  // hashes differently here (other data, other binary) fails instead of running under the key.
  std::map<std::string, std::string> planned_hashes;
};

// True for the run of a solver added with --with-solver (its config names it, "with_solver"):
// its failure is reported but never holds back the paper's own runs and cells.
bool is_extra_solver_run(const Json& config);

// A run that is not stored yet, as `linrepro plan` lists it.
struct PlannedRun {
  std::string key;
  Json config;
  std::string config_hash;
  std::string solver;
  std::string dataset;
  // Seconds the same key took when last computed (any config), or NaN: the cost hint a
  // scheduler sizes its tasks from.
  double cost_seconds = 0;
};

// Refuses, with a ConfigError naming the result file, a selection that cannot apply: --force
// (it redoes every run in one process) with anything but execute, a subset without a shard file.
void check_selection(const std::filesystem::path& result_file, bool force, const RunSelection& s);

// Whether this process computes the missing run `key` now.
bool executes(const RunSelection& s, const std::string& key);

// Throws ConfigError when the plan file hashed `key`'s config otherwise: this machine's data or
// program differs from the planner's, and the run would be stored under a key it does not match.
void check_planned_hash(const RunSelection& s, const std::string& key, const Json& config);

// The pending run as `linrepro plan` lists it (solver from the config, dataset from its name).
PlannedRun planned_run(const std::string& key, const Json& config, double cost_seconds);

// How a finished run survives a kill of this process before run_once returns.
enum class Keeping {
  nothing,     // plan, summarise: they compute no run
  shard_file,  // subset: the shard is rewritten whole; `merge` reads it alone
  journal,     // execute: one journal entry; save() folds the journal into the file
};
Keeping keeping(const RunSelection& s);

// The keys of `experiment` ("paper/id") in a plan file (JSON lines) that shard `shard` of `shards`
// executes: line i of the file (counting every experiment's lines) belongs to shard i mod shards,
// so shards of one plan are disjoint and together cover it. shards = 1: every key.
// Throws DataError naming the file and line for a malformed line.
// Returns key -> the config hash the plan lists for it (empty when the line has none).
std::map<std::string, std::string> plan_keys(const std::filesystem::path& plan_file,
                                             const std::string& experiment, int shard, int shards);

// Shard `shard` of `shards` of experiment `id` in `dir`: <dir>/<id>.<shard>-of-<shards>.json.
std::filesystem::path shard_file_in(const std::filesystem::path& dir, const std::string& id,
                                    int shard, int shards);
// Every shard file of experiment `id` in `dir` (the names shard_file_in gives), sorted.
std::vector<std::filesystem::path> shard_files_in(const std::filesystem::path& dir,
                                                  const std::string& id);

// The seconds a stored run took (train + test), NaN when it measured none: a cost hint.
double run_cost_seconds(const RunRecord& r);

}  // namespace linrepro
