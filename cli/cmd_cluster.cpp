// cluster run: the experiment grid on Slurm (harness/cluster/cluster_run.h).
#include <fmt/format.h>

#include <sstream>

#include "cli/commands.h"
#include "core/error.h"
#include "corpora/data_resolver.h"
#include "experiments/register.h"
#include "harness/cluster/cluster_run.h"
#include "harness/cluster/slurm_time.h"
#include "harness/experiment/extra_solvers.h"

namespace linrepro::cli {

namespace {

// "--partition=x --qos=y" -> words (no quoting rules: sbatch options have no spaces in them).
std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

}  // namespace

void add_cluster_commands(CLI::App& app) {
  auto* cluster = app.add_subcommand("cluster", "run the experiment grid on a Slurm cluster");
  cluster->require_subcommand(1);
  static ClusterOptions opt;
  static ExperimentContext ctx;
  static std::string results = "results", sbatch_opts, work_dir, max_time;
  static bool fast = false;
  auto* run = cluster->add_subcommand(
      "run",
      "plan, submit one Slurm job array per round (sbatch --wait), merge, until nothing is "
      "pending; then summarise (cells, claims)");
  run->add_option("target", opt.target, "all, a paper id or paper/experiment")
      ->capture_default_str();
  run->add_option("--results", results, "results directory (shared by every node)")
      ->capture_default_str();
  run->add_flag("--fast", fast, "the fast regression subset");
  run->add_option("--seed", ctx.seed, "experiment seed")->capture_default_str();
  run->add_option("--shards", opt.shards, "array tasks per round")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  run->add_option("--cpus-per-task", opt.cpus_per_task, "CPUs (and worker threads) per task")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  run->add_option("--mem", opt.mem, "memory per task (sbatch --mem)")->capture_default_str();
  run->add_option("--time", opt.time,
                  "time limit per task (default: 3x the largest shard's cost hints + 5 min, at "
                  "most the partition's MaxTime and --max-time)");
  run->add_option("--max-time", max_time,
                  "upper bound on the computed --time (Slurm format: MM, HH:MM:SS, D-HH:MM:SS); "
                  "the partition's MaxTime bounds it too");
  run->add_option("--slurm-opts", sbatch_opts,
                  "more sbatch options, e.g. \"--partition=short --qos=normal\"");
  run->add_option("--max-attempts", opt.max_attempts, "attempts before a run is reported as failed")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  run->add_option("--work-dir", work_dir,
                  "where plans, batch scripts and task logs go (default <results>/cluster)");
  run->add_option("--with-solver", ctx.extra_solvers, "as for `linrepro run`");
  run->callback([] {
    register_experiments();
    use_results_dir(ctx, results);  // as `run`, `plan` and `merge`
    ctx.fast = fast;
    extra_solvers(ctx);  // a bad --with-solver fails before anything is submitted
    opt.work_dir = work_dir;
    opt.root = repo_root();
    opt.sbatch_options = split_words(sbatch_opts);
    if (!max_time.empty()) {
      opt.max_time_seconds = parse_slurm_time(max_time);
      if (!opt.max_time_seconds)
        throw ConfigError(fmt::format("--max-time {}: give a finite time", max_time));
    }
    // The partition the job goes to: the one --slurm-opts names, else $SBATCH_PARTITION (which
    // sbatch reads), else the cluster's default.
    std::string partition = partition_from_options(opt.sbatch_options);
    if (const char* env = std::getenv("SBATCH_PARTITION"); partition.empty() && env)
      partition = env;
    opt.partition_limit = query_partition_max_time(partition);
    const auto submit = [](const std::filesystem::path& script, const BatchSettings& s) {
      return submit_with_sbatch(script, s, opt.sbatch_options);
    };
    const ClusterSummary s = cluster_run(experiment_registry(), ctx, opt, submit);
    if (s.exit_code() != 0)
      throw std::runtime_error(fmt::format("cluster run: {} runs failed, {} experiments incomplete",
                                           s.given_up.size(), s.incomplete.size()));
  });
}

}  // namespace linrepro::cli
