#pragma once
// What `linrepro cluster run` hands to Slurm: the batch script of one round (a job array, each
// task executing its shard of the round's plan) and what comes back (each task's exit record and
// Slurm's view of it). Slurm schedules, runs and retries nodes; we plan, submit and merge.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/experiment/experiment.h"

namespace linrepro {

struct BatchSettings {
  std::string target;  // what `linrepro run` gets: all, a paper, paper/experiment
  bool fast = false;
  std::filesystem::path results;           // absolute: every node reads and writes here
  std::filesystem::path plan;              // the round's plan file (absolute)
  std::filesystem::path round_dir;         // task logs and exit records go here (absolute)
  std::filesystem::path program;           // the linrepro binary (absolute, visible to every node)
  std::filesystem::path root;              // the project root (LINREPRO_ROOT on the nodes)
  std::vector<std::string> extra_solvers;  // --with-solver, passed through
  int tasks = 1;                           // array size: shards of the plan
  int cpus_per_task = 1;
  std::string mem = "2G";         // --mem per task
  std::string time = "01:00:00";  // --time per task
  std::string job_name = "linrepro";
};

// The sbatch script (#SBATCH lines, then the task's command). Each task writes
// <round_dir>/task-<i>.exit ({"task", "exit", "signal", "host"}) when its command ends or it is
// terminated (scancel, time limit), so a failure has a cause even without an accounting database.
std::string batch_script(const BatchSettings& s);

struct TaskRecord {
  int task = -1;
  int exit = -1;       // -1: the task wrote no record (killed before it could, or never started)
  std::string signal;  // "TERM" when terminated
  std::string host;
};
// <round_dir>/task-<i>.exit for every task i < tasks that wrote one.
std::map<int, TaskRecord> read_task_records(const std::filesystem::path& round_dir, int tasks);

// Slurm's state and reason of array task `task` of job `job_id` (`scontrol show job`), e.g.
// "CANCELLED", "TIMEOUT", "OUT_OF_MEMORY", "NODE_FAIL"; nullopt when Slurm no longer knows it.
std::optional<std::string> slurm_task_state(const std::string& job_id, int task);

}  // namespace linrepro
