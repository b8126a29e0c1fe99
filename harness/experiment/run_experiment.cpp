#include "harness/experiment/run_experiment.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <map>
#include <set>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/file_lock.h"
#include "corpora/data_errors.h"
#include "harness/experiment/cell_matching.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/experiment/unavailable_cells.h"
#include "harness/results/environment.h"
#include "harness/results/result_store.h"

namespace linrepro {
namespace fs = std::filesystem;

Json experiment_header(const ExperimentInfo& info, const ExperimentContext& ctx) {
  Json header = {{"experiment", info.id},
                 {"paper", info.paper},
                 {"artifacts", info.artifacts},
                 {"description", info.description},
                 {"seed", ctx.seed}};
  if (info.config) header["config"] = info.config(ctx);
  if (info.figures && !ctx.fast) header["figures"] = info.figures(ctx);
  return header;
}

namespace {

// An experiment whose data is not here (DataUnavailable escaped its driver): the dataset is
// recorded as unavailable with the resolver's instructions, and every published cell of the
// experiment that the driver did not emit becomes data_unavailable with them, so compare shows how
// to get the data and regress skips the experiment with the reason instead of failing it.
void record_unavailable(const ExperimentInfo& info, const ExperimentContext& ctx, ResultFile& rf,
                        const DataUnavailable& e) {
  if (ctx.progress)
    fmt::print(stderr, "{}/{}: {} is not here: its published cells are marked data_unavailable\n",
               info.paper, info.id, e.dataset);
  rf.add_dataset({{"name", e.dataset}, {"status", "data_unavailable"}, {"reason", e.what()}});
  const fs::path file = ctx.published() / (info.paper + ".json");
  if (fs::exists(file))
    mark_unavailable_cells(
        rf, load_published(file), [](const PublishedCell&) { return true; }, e.what());
}

// The cells just emitted against the paper's published file (harness/experiment/cell_matching.h),
// before they are written: a misspelt key fails the run (its runs are stored already). A full run
// that summarised (every run stored, not the fast subset) must have produced each of its published
// cells; a paper with no published file (a test's scratch paper) has nothing to join.
void check_cells_joined(const ExperimentInfo& info, const ExperimentContext& ctx,
                        const ResultFile& rf) {
  const fs::path file = ctx.published() / (info.paper + ".json");
  if (!fs::exists(file)) return;
  const auto mode = ctx.selection.mode;
  const bool summarised =
      mode == RunSelection::Mode::execute || mode == RunSelection::Mode::summarise;
  check_cells_match_published(load_published(file), info.id, result_cells(rf.document()),
                              !ctx.fast && summarised && rf.complete());
}

}  // namespace

ExperimentOutcome run_experiment(const ExperimentInfo& info, const ExperimentContext& ctx) {
  check_extra_solvers_accepted(info, ctx);  // before any work: a refused option is an error
  ResultFile rf(result_file_path(ctx, info.paper, info.id), experiment_header(info, ctx), ctx.force,
                ctx.selection);
  try {
    try {
      info.run(ctx, rf);
    } catch (const DataUnavailable& e) {
      record_unavailable(info, ctx, rf, e);
    }
    check_cells_joined(info, ctx, rf);
  } catch (...) {
    // The runs finished before the failure go into the file (they are safe in its run journal
    // already); the cells stay those of the last complete run.
    try {
      rf.save_runs();
    } catch (const std::exception& e) {
      std::cerr << fmt::format("warning: {}: {}\n", rf.path().string(), e.what());
    }
    throw;
  }
  rf.save();
  ExperimentOutcome out;
  const auto mode = ctx.selection.mode;
  if (mode == RunSelection::Mode::execute || mode == RunSelection::Mode::plan)
    out.extra_unused = extra_solvers_unused(info, ctx, rf);
  for (const RunRecord& r : rf.runs())
    if (r.status == "failed" && is_extra_solver_run(r.config))
      out.extra_failures.push_back(fmt::format("run {}: {}", r.key, r.reason));
  out.path =
      ctx.selection.mode == RunSelection::Mode::subset ? ctx.selection.shard_path : rf.path();
  out.counts = rf.counts();
  out.pending = rf.pending();
  out.median_cost_seconds = rf.median_cost_seconds();
  const Json& doc = rf.document();
  for (const auto& c : doc["cells"]) {
    ++out.cells;
    if (c.value("status", "") == "data_unavailable") ++out.unavailable_cells;
  }
  out.claims = static_cast<int>(doc["claims"].size());
  return out;
}

Json plan_line(const ExperimentInfo& info, const PlannedRun& run, double median_cost_seconds) {
  const bool own = std::isfinite(run.cost_seconds), median = std::isfinite(median_cost_seconds);
  return {{"experiment", info.paper + "/" + info.id},
          {"key", run.key},
          {"config_hash", run.config_hash},
          {"solver", run.solver},
          {"dataset", run.dataset},
          {"cost_seconds", own      ? Json(run.cost_seconds)
                           : median ? Json(median_cost_seconds)
                                    : Json()},
          {"cost_from", own      ? "this key"
                        : median ? "the experiment's median"
                                 : "unknown"}};
}

fs::path shard_file_path(const ExperimentContext& ctx, const ExperimentInfo& info, int shard,
                         int shards) {
  return shard_file_in(result_file_path(ctx, info.paper, info.id).parent_path() / "shards", info.id,
                       shard, shards);
}

RunSelection subset_selection(const ExperimentInfo& info, const ExperimentContext& ctx,
                              const fs::path& plan_file, int shard, int shards) {
  RunSelection s;
  s.mode = RunSelection::Mode::subset;
  s.planned_hashes = plan_keys(plan_file, info.paper + "/" + info.id, shard, shards);
  for (const auto& [key, hash] : s.planned_hashes) s.keys.insert(key);
  s.shard_path = shard_file_path(ctx, info, shard, shards);
  return s;
}

int merge_shards(const ExperimentInfo& info, const ExperimentContext& ctx) {
  const fs::path main = result_file_path(ctx, info.paper, info.id);
  const fs::path dir = main.parent_path() / "shards";
  if (shard_files_in(dir, info.id).empty()) return 0;  // no lock (nor folder) for nothing to merge
  // Read-merge-write under the result file's lock: a `linrepro run` writing the same file, another
  // merge, or a task rewriting its shard waits; what it writes afterwards merges with ours.
  const FileLock lock = FileLock::acquire(lock_path_for(main));
  const std::vector<fs::path> shards = shard_files_in(dir, info.id);  // again, under the lock
  if (shards.empty()) return 0;
  remove_stale_temp_files(main);  // of a writer killed mid-write

  Json doc;
  if (fs::exists(main)) {
    doc = read_result_file(main);
  } else {
    doc = new_result_document(experiment_header(info, ctx));
    doc["environment"] = process_environment();
  }
  const int merged = merge_shard_runs(doc, shards, info.paper, info.id);
  write_file_atomic(main, doc.dump(2) + "\n");
  for (const fs::path& file : shards) fs::remove(file);
  std::error_code ec;
  fs::remove(dir, ec);  // only when empty
  return merged;
}

std::string experiment_name(const ExperimentInfo& e) { return e.paper + "/" + e.id; }

std::vector<const ExperimentInfo*> select_experiments(const std::vector<ExperimentInfo>& registry,
                                                      const std::string& target,
                                                      const ExperimentContext& ctx,
                                                      bool include_non_default) {
  std::map<std::string, const ExperimentInfo*> by_id;
  for (const auto& e : registry) by_id[experiment_name(e)] = &e;
  std::vector<const ExperimentInfo*> wanted;
  for (const auto& e : registry)
    if (target == experiment_name(e) ||
        ((e.in_default_set || include_non_default) && (target == "all" || target == e.paper)))
      wanted.push_back(&e);
  if (wanted.empty()) {
    std::vector<std::string> names;
    for (const auto& e : registry) names.push_back(experiment_name(e));
    throw ConfigError(
        fmt::format("no experiment matches '{}' (known: all, {})", target, fmt::join(names, ", ")));
  }
  std::vector<const ExperimentInfo*> order;
  std::set<std::string> placed, visiting;
  std::function<void(const ExperimentInfo*, bool)> place = [&](const ExperimentInfo* e,
                                                               bool selected) {
    const std::string id = experiment_name(*e);
    if (placed.contains(id)) return;
    if (!visiting.insert(id).second)
      throw ConfigError(fmt::format("experiment dependencies form a cycle through {}", id));
    for (const auto& d : e->depends_on) {
      const auto it = by_id.find(d);
      if (it == by_id.end())
        throw ConfigError(fmt::format("{} depends on unknown experiment {}", id, d));
      // A dependency outside the selection is only needed when its result file is missing.
      place(it->second, false);
    }
    placed.insert(id);
    const bool needed =
        selected || !std::filesystem::exists(result_file_path(ctx, e->paper, e->id));
    if (selected || needed) order.push_back(e);
  };
  for (const auto* e : wanted) place(e, true);
  return order;
}

}  // namespace linrepro
