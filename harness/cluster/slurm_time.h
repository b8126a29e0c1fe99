#pragma once
// How long a round's array tasks may run (`linrepro cluster run`, harness/cluster/cluster_run.h):
// Slurm's time strings, the partition's MaxTime as `scontrol show partition` prints it, and the
// --time asked of sbatch. A --time above the partition's MaxTime is not an error Slurm reports: the
// job waits forever (reason PartitionTimeLimit), and `sbatch --wait` with it; so --time is bounded.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace linrepro {

// Seconds of a Slurm time string: "MM", "MM:SS", "HH:MM:SS", "D-HH", "D-HH:MM", "D-HH:MM:SS";
// nullopt for "UNLIMITED", "INFINITE" (any case) and "NONE". ConfigError naming the text otherwise.
std::optional<int64_t> parse_slurm_time(const std::string& text);

// "HH:MM:SS", or "D-HH:MM:SS" from one day on (rounded up to whole minutes, Slurm's unit).
std::string format_slurm_time(int64_t seconds);

// The partition the sbatch options name (--partition=P, --partition P, -p P, -pP), or "".
std::string partition_from_options(const std::vector<std::string>& sbatch_options);

struct PartitionLimit {
  std::string partition;               // the partition whose MaxTime this is
  std::optional<int64_t> max_seconds;  // nullopt: UNLIMITED
};

// The MaxTime of `partition` (its first, for a list "a,b" the largest of them) in the output of
// `scontrol show partition` (several partitions, one block or one line each); "" means the default
// partition (Default=YES). nullopt when the partition is not in the text.
std::optional<PartitionLimit> partition_max_time(const std::string& scontrol_output,
                                                 const std::string& partition);

// Runs `scontrol show partition` and reads it as above; nullopt when scontrol fails (no Slurm
// here) or does not list the partition.
std::optional<PartitionLimit> query_partition_max_time(const std::string& partition);

// A round's --time and how it was arrived at.
struct TaskTime {
  std::string limit;           // what goes to sbatch --time
  int64_t wanted_seconds = 0;  // 3x the largest task's estimated seconds + 5 minutes
  bool bounded = false;        // `limit` is the bound, below what was wanted
};

// 3x the largest shard's summed cost estimates plus 5 minutes for loading data, in whole minutes,
// at most `bound_seconds` (the partition's MaxTime and --max-time, the smaller; none: unbounded).
TaskTime task_time_limit(const std::vector<double>& shard_seconds,
                         std::optional<int64_t> bound_seconds = std::nullopt);

// Each pending run's cost estimate: its own hint (the seconds it took when last computed) when it
// has one, else the median of its experiment's measured runs, else `fallback_seconds`.
double estimated_cost(double hint_seconds, double experiment_median_seconds,
                      double fallback_seconds);

}  // namespace linrepro
