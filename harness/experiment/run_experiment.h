#pragma once
// Plan, execute, summarise: how the harness runs a registered experiment
// (harness/experiment/experiment.h).
//
//   run_experiment   opens the experiment's result file from its registration, lets the driver ask
//                    for its runs and, once all are stored, emit cells and claims; saves the file.
//                    ctx.selection decides what happens to a run that is not stored: executed
//                    (`linrepro run`), listed as pending (`linrepro plan`), or executed only when
//                    its key is in a given subset, into a shard file (`linrepro run --keys-from`).
//   merge_shards     folds shard files into the experiment's result file (`linrepro merge`).
// A round = plan, execute the pending runs (one process or N shards), merge; an adaptive driver
// (whose next runs depend on results) has pending runs again after a round, and rounds repeat
// until none is pending; then a last run_experiment summarises.
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "harness/experiment/experiment.h"

namespace linrepro {

// The result file header of an experiment, from its registration (experiment, paper,
// description, artifacts, seed, config, figures).
Json experiment_header(const ExperimentInfo& info, const ExperimentContext& ctx);

struct ExperimentOutcome {
  std::filesystem::path path;  // the result file (or, for a subset, the shard file written)
  ResultFile::Counts counts;
  std::vector<PlannedRun> pending;  // runs asked for and not stored, in key order
  int cells = 0, unavailable_cells = 0, claims = 0;
  // Failed runs of extra solvers (--with-solver), "run <key>: <reason>": the round went on.
  std::vector<std::string> extra_failures;
  // Extra solvers the experiment asked no run of, and why (harness/experiment/extra_solvers.h); ""
  // if none.
  std::string extra_unused;
  // The median seconds of the experiment's measured runs (NaN when none): the cost assumed for a
  // pending run without a hint of its own.
  double median_cost_seconds = std::numeric_limits<double>::quiet_NaN();
  bool complete() const { return pending.empty(); }
};

// Runs one experiment as ctx.selection says (see above). Throws what the driver throws.
ExperimentOutcome run_experiment(const ExperimentInfo& info, const ExperimentContext& ctx);

// One line of a plan (`linrepro plan`): {"experiment": "paper/id", "key", "config_hash",
// "solver", "dataset", "cost_seconds", "cost_from"}: the seconds the same key took when last
// computed, else (a run never computed, an extra solver's) `median_cost_seconds`, the median of
// the experiment's measured runs, else null; "cost_from" says which ("this key", "the
// experiment's median", "unknown").
Json plan_line(const ExperimentInfo& info, const PlannedRun& run,
               double median_cost_seconds = std::numeric_limits<double>::quiet_NaN());

// The shard file of `shard` of `shards` for an experiment:
// <results>/<paper>[/fast]/shards/<id>.<shard>-of-<shards>.json.
std::filesystem::path shard_file_path(const ExperimentContext& ctx, const ExperimentInfo& info,
                                      int shard, int shards);

// Folds every shard file of the experiment (shard_file_path's folder and pattern) into its result
// file: a run replaces the stored run of the same key unless the stored one is ok and the shard's
// is not (a failed retry never erases finished work); runs stay in key order. Merged shard files
// are removed. The read-merge-write holds the result file's lock (core/file_lock.h), as every
// writer of it does, so runs another process writes meanwhile are kept. Returns the number of
// runs taken from the shards.
int merge_shards(const ExperimentInfo& info, const ExperimentContext& ctx);

// `ctx.selection` for "execute the keys of shard i/N of this plan file".
RunSelection subset_selection(const ExperimentInfo& info, const ExperimentContext& ctx,
                              const std::filesystem::path& plan_file, int shard, int shards);

// "paper/id".
std::string experiment_name(const ExperimentInfo& e);

// The experiments `target` names ("all", a paper id or "paper/id"; "all" and a paper id only those
// in_default_set), in dependency order: each
// after the experiments it depends_on (then registration order), with those dependencies added
// whose result file is missing in ctx.results_dir. ConfigError for an unknown target (listing the
// known ones), an unknown dependency or a cycle. "all" and a paper id leave out the experiments
// outside the default set (ExperimentInfo::in_default_set) unless include_non_default: a plan file
// (`run --keys-from`) and `merge` name their experiments through the plan's lines and the shard
// files, so there everything registered is a candidate.
std::vector<const ExperimentInfo*> select_experiments(const std::vector<ExperimentInfo>& registry,
                                                      const std::string& target,
                                                      const ExperimentContext& ctx,
                                                      bool include_non_default = false);

}  // namespace linrepro
