#include "harness/run_experiment.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <regex>
#include <set>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/file_lock.h"
#include "corpora/data_errors.h"
#include "harness/cell_matching.h"
#include "harness/environment.h"
#include "harness/extra_solvers.h"
#include "harness/unavailable_cells.h"

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

// The cells just emitted against the paper's published file (harness/cell_matching.h), before
// they are written: a misspelt key fails the run (its runs are stored already). A full run that
// summarised (every run stored, not the fast subset) must have produced each of its published
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
    if (r.status == "failed" && r.config.is_object() && r.config.contains("with_solver"))
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

Json plan_line(const ExperimentInfo& info, const PlannedRun& run) {
  return {{"experiment", info.paper + "/" + info.id},
          {"key", run.key},
          {"config_hash", run.config_hash},
          {"solver", run.solver},
          {"dataset", run.dataset},
          {"cost_seconds", std::isfinite(run.cost_seconds) ? Json(run.cost_seconds) : Json()}};
}

std::map<std::string, std::string> plan_keys(const fs::path& plan_file,
                                             const std::string& experiment, int shard, int shards) {
  if (shards < 1 || shard < 0 || shard >= shards)
    throw ConfigError(fmt::format("shard {}/{}: need 0 <= shard < shards", shard, shards));
  std::ifstream in(plan_file);
  if (!in) throw DataError(plan_file.string(), 0, "cannot open the plan file");
  std::map<std::string, std::string> keys;
  std::string line;
  int64_t number = 0, index = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    Json j;
    try {
      j = Json::parse(line);
    } catch (const Json::parse_error& e) {
      throw DataError(plan_file.string(), number, fmt::format("not a JSON line: {}", e.what()));
    }
    if (!j.is_object() || !j.contains("experiment") || !j["experiment"].is_string() ||
        !j.contains("key") || !j["key"].is_string())
      throw DataError(plan_file.string(), number,
                      "a plan line needs string fields 'experiment' and 'key'");
    if (index++ % shards != shard) continue;
    if (j["experiment"] == experiment)
      keys[j["key"].get<std::string>()] = j.value("config_hash", std::string());
  }
  return keys;
}

fs::path shard_file_path(const ExperimentContext& ctx, const ExperimentInfo& info, int shard,
                         int shards) {
  return result_file_path(ctx, info.paper, info.id).parent_path() / "shards" /
         fmt::format("{}.{}-of-{}.json", info.id, shard, shards);
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

namespace {

// The shard files of experiment `id` in `dir`, sorted: <id>.<i>-of-<N>.json.
std::vector<fs::path> shard_files(const fs::path& dir, const std::string& id) {
  std::vector<fs::path> shards;
  if (fs::is_directory(dir))
    for (const auto& entry : fs::directory_iterator(dir)) {
      // Another experiment's id may share this one as a prefix.
      const std::string name = entry.path().filename().string();
      static const std::regex pattern(R"(\.[0-9]+-of-[0-9]+\.json)");
      if (name.starts_with(id) && std::regex_match(name.substr(id.size()), pattern))
        shards.push_back(entry.path());
    }
  std::sort(shards.begin(), shards.end());
  return shards;
}

}  // namespace

int merge_shards(const ExperimentInfo& info, const ExperimentContext& ctx) {
  const fs::path main = result_file_path(ctx, info.paper, info.id);
  const fs::path dir = main.parent_path() / "shards";
  if (shard_files(dir, info.id).empty()) return 0;  // no lock (nor folder) for nothing to merge
  // Read-merge-write under the result file's lock: a `linrepro run` writing the same file, another
  // merge, or a task rewriting its shard waits; what it writes afterwards merges with ours.
  const FileLock lock = FileLock::acquire(lock_path_for(main));
  const std::vector<fs::path> shards = shard_files(dir, info.id);  // again, under the lock
  if (shards.empty()) return 0;
  remove_stale_temp_files(main);  // of a writer killed mid-write

  Json doc = fs::exists(main) ? read_result_file(main) : experiment_header(info, ctx);
  if (!fs::exists(main)) {
    doc["schema"] = kResultSchema;
    if (doc.contains("config")) doc["config_hash"] = config_hash(doc["config"]);
    doc["environment"] = process_environment();
    for (const char* list : {"datasets", "cells", "claims", "ablations", "runs"})
      doc[list] = Json::array();
  }
  std::map<std::string, Json> runs;
  for (const auto& r : doc.value("runs", Json::array())) runs[r.value("key", "")] = r;
  int merged = 0;
  for (const fs::path& file : shards) {
    const Json shard = read_result_file(file);
    if (shard.value("experiment", "") != info.id || shard.value("paper", "") != info.paper)
      throw DataError(file.string(), 0,
                      fmt::format("a shard of {}/{}, not of {}/{}", shard.value("paper", ""),
                                  shard.value("experiment", ""), info.paper, info.id));
    for (const auto& r : shard.value("runs", Json::array())) {
      const RunRecord run = run_record_from_json(r);  // validates the record
      const auto it = runs.find(run.key);
      if (it != runs.end() && !run_may_replace(run.status, it->second.value("status", "")))
        continue;
      runs[run.key] = r;
      ++merged;
    }
  }
  Json list = Json::array();
  for (auto& [key, r] : runs) list.push_back(std::move(r));  // std::map: key order
  doc["runs"] = std::move(list);
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
