// ResultFile: the run cache and result document of one experiment (harness/results/result_file.h).
#include "harness/results/result_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/file_lock.h"
#include "core/machine_paths.h"
#include "core/statistics.h"
#include "harness/results/environment.h"
#include "harness/results/result_store.h"
#include "harness/results/run_journal.h"

namespace linrepro {
namespace fs = std::filesystem;

ResultFile::ResultFile(fs::path path, Json header, bool force, RunSelection selection)
    : path_(std::move(path)), force_(force), selection_(std::move(selection)) {
  if (!header.is_object() || !header.contains("experiment") || !header["experiment"].is_string() ||
      !header.contains("paper") || !header["paper"].is_string())
    throw ConfigError(fmt::format(
        "{}: the result header needs string fields 'experiment' and 'paper'", path_.string()));
  check_selection(path_, force_, selection_);
  doc_ = new_result_document(std::move(header));

  Json environment;
  if (selection_.mode == RunSelection::Mode::subset) {
    borrowed_ = read_stored(path_, doc_).runs;  // the experiment's file: read, never written here
    // this shard's earlier runs (a resumed task)
    StoredRuns shard = read_stored(selection_.shard_path, doc_);
    runs_ = std::move(shard.runs);
    environment = shard.environment;
    sort_by_key(borrowed_);
  } else {
    // The stamp first: a file replaced between the stamp and the read only makes the first write
    // read it again.
    disk_stamp_ = file_stamp(path_);
    StoredRuns disk = read_stored(path_, doc_);
    runs_ = std::move(disk.runs);
    environment = disk_environment_ = disk.environment;
    disk_summary_ = disk.summary;
  }
  sort_by_key(runs_);
  // The environment that computed the stored runs stays until this process computes one
  // (run_once): resuming with every run reused changes nothing about who computed them.
  doc_["environment"] = environment.is_object() ? environment : process_environment();
  note_mixed_commits(doc_, runs_);
  for (const auto* list : {&borrowed_, &runs_})
    for (const auto& r : *list)
      if (std::isfinite(run_cost_seconds(r))) last_cost_[r.key] = run_cost_seconds(r);
  for (const auto& r : runs_) doc_["runs"].push_back(run_record_to_json(r));
}

const RunRecord* ResultFile::stored(const std::string& key) const {
  if (const RunRecord* r = find_by_key(runs_, key)) return r;
  return find_by_key(borrowed_, key);
}

std::optional<RunRecord> ResultFile::find(const std::string& key, const Json& config) const {
  std::lock_guard lock(*mutex_);
  if (force_ && !fresh_.contains(key)) return std::nullopt;
  const RunRecord* r = stored(key);
  if (r && r->status == "ok" && config_hash(r->config) == config_hash(config)) return *r;
  return std::nullopt;
}

namespace {

// A run's record before it is fitted: its key and config, and the solver, class and parameters
// the config names.
RunRecord record_from_config(const std::string& key, const Json& config) {
  RunRecord record;
  record.key = key;
  record.config = config;
  if (config.is_object()) {
    if (config.contains("solver") && config["solver"].is_string())
      record.solver = config["solver"].get<std::string>();
    if (config.contains("class") && config["class"].is_string())
      record.class_name = config["class"].get<std::string>();
    if (config.contains("params")) record.params = config["params"];
  }
  return record;
}

// `run()`'s record, or a failed one saying why (`failure`: its exception); stamped with the key,
// config, time and commit, and with `planned`'s solver, class and parameters where it has none.
RunRecord fitted_record(const RunRecord& planned, const std::function<RunRecord()>& run,
                        std::exception_ptr& failure) {
  RunRecord record;
  try {
    record = run();
  } catch (const std::exception& e) {
    record = RunRecord{};
    record.status = "failed";
    record.reason = e.what();
    failure = std::current_exception();
  }
  record.key = planned.key;
  record.config = planned.config;
  if (record.solver.empty()) record.solver = planned.solver;
  if (record.class_name.empty()) record.class_name = planned.class_name;
  if (record.params.empty()) record.params = planned.params;
  record.created_at = utc_timestamp();
  const Json& commit = process_environment()["git_commit"];
  record.git_commit = commit.is_string() ? commit.get<std::string>() : "";
  return record;
}

}  // namespace

RunRecord ResultFile::run_once(const std::string& key, const Json& config,
                               const std::function<RunRecord()>& run) {
  // An extra solver's run (--with-solver, harness/experiment/extra_solvers.h): its failure is
  // reported, but neither stops the round nor keeps the paper's own cells from being summarised.
  const bool extra = is_extra_solver_run(config);
  if (extra) {
    std::lock_guard lock(*mutex_);
    extra_asked_.insert(config["with_solver"].get<std::string>());
  }
  if (auto found = find(key, config)) {
    std::lock_guard lock(*mutex_);
    if (!fresh_.contains(key)) reused_.insert(key);
    return *found;
  }

  RunRecord record = record_from_config(key, config);

  if (!executes(selection_, key)) {
    std::lock_guard lock(*mutex_);
    const auto cost = last_cost_.find(key);
    pending_[key] = planned_run(key, config, cost == last_cost_.end() ? NAN : cost->second);
    record.status = "pending";
    return record;
  }

  std::exception_ptr failure;
  record = fitted_record(
      record,
      [&] {
        check_planned_hash(selection_, key, config);
        return run();
      },
      failure);

  {
    std::lock_guard lock(*mutex_);
    (record.status != "failed" ? computed_ : (extra ? extra_failed_ : failed_)).insert(key);
    const Json& stored_json = store(record);
    doc_["environment"] = process_environment();  // the last machine and commit that computed
    note_mixed_commits(doc_, runs_);
    fresh_.insert(key);
    keep(stored_json);
  }
  // A shard goes on past a failed run (its other runs are not the failed one's hostages): the run
  // counts as not stored, so the driver does not summarise, and the caller sees counts().failed.
  if (failure && (selection_.mode == RunSelection::Mode::subset || extra)) return record;
  if (failure) std::rethrow_exception(failure);
  return record;
}

const Json& ResultFile::store(RunRecord record) {
  const size_t at = key_position(runs_, record.key);
  const auto it = runs_.begin() + static_cast<std::ptrdiff_t>(at);
  // doc_["runs"] mirrors runs_ entry by entry, so only the changed entry is re-serialised.
  Json json = run_record_to_json(record);
  auto& list = doc_["runs"].get_ref<Json::array_t&>();
  if (it != runs_.end() && it->key == record.key) {
    *it = std::move(record);
    list[at] = std::move(json);
  } else {
    runs_.insert(it, std::move(record));
    list.insert(list.begin() + static_cast<std::ptrdiff_t>(at), std::move(json));
  }
  return list[at];
}

void ResultFile::keep(const Json& run_json) {
  switch (keeping(selection_)) {
    case Keeping::nothing:
      return;
    case Keeping::shard_file:  // one writer: the whole shard, which `merge` reads alone
      write(false);
      return;
    case Keeping::journal: {  // only the run; save() folds the journal into the file
      const FileLock file_lock = FileLock::acquire(lock_path_for(path_));
      journal_append(path_, run_json, doc_["environment"]);
      return;
    }
  }
}

bool ResultFile::complete() const {
  std::lock_guard lock(*mutex_);
  return pending_.empty() && failed_.empty();
}

std::vector<PlannedRun> ResultFile::pending() const {
  std::lock_guard lock(*mutex_);
  std::vector<PlannedRun> out;
  for (const auto& [key, p] : pending_) out.push_back(p);
  return out;
}

double ResultFile::median_cost_seconds() const {
  std::lock_guard lock(*mutex_);
  std::vector<double> costs;
  for (const auto& [key, seconds] : last_cost_) costs.push_back(seconds);
  return costs.empty() ? NAN : median(costs);
}

ResultFile::Counts ResultFile::counts() const {
  std::lock_guard lock(*mutex_);
  Counts c;
  c.computed = static_cast<int>(computed_.size());
  c.reused = static_cast<int>(reused_.size());
  c.failed = static_cast<int>(failed_.size());
  c.extra_failed = static_cast<int>(extra_failed_.size());
  c.pending = static_cast<int>(pending_.size());
  return c;
}

void ResultFile::add_dataset(const Json& dataset) {
  if (!dataset.is_object() || !dataset.contains("name") || !dataset["name"].is_string())
    throw ConfigError(fmt::format("{}: a dataset record needs a string 'name'", path_.string()));
  const Json portable = portable_paths_in(dataset);
  std::lock_guard lock(*mutex_);
  auto& list = doc_["datasets"];
  for (auto& d : list)
    if (d["name"] == portable["name"]) {
      d = portable;
      return;
    }
  list.push_back(portable);
}

void ResultFile::set_cell(const Cell& cell) {
  const std::string what =
      fmt::format("{}: cell ({} / {} / {})", path_.string(), cell.table, cell.row, cell.column);
  if (cell.table.empty() || cell.row.empty() || cell.column.empty())
    throw ConfigError(fmt::format("{}: table, row and column must be non-empty", what));
  if (cell.status != "ok" && cell.status != "data_unavailable" && cell.status != "not_run")
    throw ConfigError(fmt::format("{}: status '{}' is not one of ok, data_unavailable, not_run",
                                  what, cell.status));
  const Json portable = portable_paths_in(cell_to_json(cell));
  std::lock_guard lock(*mutex_);
  auto& list = doc_["cells"];
  for (auto& c : list)
    if (c["table"] == cell.table && c["row"] == cell.row && c["column"] == cell.column) {
      c = portable;
      return;
    }
  list.push_back(portable);
}

void ResultFile::add_claim(const Claim& claim) {
  if (claim.claim.empty())
    throw ConfigError(fmt::format("{}: a claim needs its text", path_.string()));
  const Json portable = portable_paths_in(claim_to_json(claim));
  std::lock_guard lock(*mutex_);
  auto& list = doc_["claims"];
  for (auto& c : list) {
    const bool same = claim.id.empty() ? c["claim"] == claim.claim : c["id"] == claim.id;
    if (same) {
      c = portable;
      return;
    }
  }
  list.push_back(portable);
}

void ResultFile::add_ablation(const Ablation& ablation) {
  if (ablation.id.empty())
    throw ConfigError(fmt::format("{}: an ablation needs an id", path_.string()));
  const Json portable = portable_paths_in(ablation_to_json(ablation));
  std::lock_guard lock(*mutex_);
  auto& list = doc_["ablations"];
  for (auto& a : list)
    if (a["id"] == ablation.id) {
      a = portable;
      return;
    }
  list.push_back(portable);
}

void ResultFile::save() {
  std::lock_guard lock(*mutex_);
  write(true);
}

void ResultFile::save_runs() {
  std::lock_guard lock(*mutex_);
  // No run finished (the data was damaged, say): the file stays as it is, whatever it holds.
  const bool ran = !computed_.empty() || !failed_.empty() || !extra_failed_.empty();
  if (ran || fs::exists(journal_dir(path_))) write(false);
}

void ResultFile::write(bool summarising) {
  if (selection_.mode == RunSelection::Mode::plan) return;  // planning writes nothing
  // Shard files have one writer each; the experiment's lock keeps `merge` from reading a shard
  // and removing it while its task rewrites it with one more run.
  const FileLock file_lock = FileLock::acquire(lock_path_for(path_));
  if (selection_.mode == RunSelection::Mode::subset) {
    remove_stale_temp_files(selection_.shard_path);  // of this task killed before
    write_file_atomic(selection_.shard_path, doc_.dump(2) + "\n");
    return;
  }
  remove_stale_temp_files(path_);  // of a writer killed mid-write
  // Another writer replaced the file since we last read or wrote it: merge with what it wrote.
  const std::string stamp = file_stamp(path_);
  if (stamp != disk_stamp_) {
    StoredRuns disk = read_stored_file(path_, doc_);
    adopt_runs(disk.runs, disk.runs_json);
    disk_environment_ = std::move(disk.environment);
    disk_summary_ = std::move(disk.summary);
  }
  // The journal: the runs of this object, and of any other writer since the file was written
  // (also one killed before it could fold them in), oldest first.
  const std::vector<JournalEntry> journal = read_journal(path_);
  {
    StoredRuns entries;
    fold_in(entries, journal);
    adopt_runs(entries.runs, entries.runs_json);
    if (entries.environment.is_object()) disk_environment_ = std::move(entries.environment);
  }
  // The environment names the process that last computed a run.
  if (computed_.empty() && failed_.empty() && disk_environment_.is_object())
    doc_["environment"] = disk_environment_;
  note_mixed_commits(doc_, runs_);

  // The summary (cells, claims, datasets, ablations) is the last complete summariser's: ours when
  // the driver is done with every run stored, else the file's, when it is for this config.
  const bool summariser = summarising && pending_.empty() && failed_.empty();
  const bool ours = summariser || !summary_fits(disk_summary_, doc_);
  const char* lists[] = {"datasets", "cells", "claims", "ablations"};
  std::string text;
  if (ours) {
    text = doc_.dump(2) + "\n";
  } else {
    for (const char* list : lists) std::swap(doc_[list], disk_summary_[list]);
    try {
      text = doc_.dump(2) + "\n";
    } catch (...) {
      for (const char* list : lists) std::swap(doc_[list], disk_summary_[list]);
      throw;
    }
    for (const char* list : lists) std::swap(doc_[list], disk_summary_[list]);
  }
  write_file_atomic(path_, text);
  clear_journal(path_, journal);  // in the file now; entries added since stay
  disk_stamp_ = file_stamp(path_);
  disk_environment_ = doc_["environment"];
  // Lists written only for want of a summary on disk are no summariser's: the next write still
  // writes this object's own, as they are then.
  if (summariser) disk_summary_ = summary_of(doc_);
}

void ResultFile::adopt_runs(const std::vector<RunRecord>& runs, const Json& runs_json) {
  for (size_t i = 0; i < runs.size(); ++i) {
    const RunRecord& theirs = runs[i];
    const size_t at = key_position(runs_, theirs.key);
    const auto it = runs_.begin() + static_cast<std::ptrdiff_t>(at);
    if (it == runs_.end() || it->key != theirs.key) {  // a run only the other writer has
      runs_.insert(it, theirs);
      auto& list = doc_["runs"].get_ref<Json::array_t&>();
      list.insert(list.begin() + static_cast<std::ptrdiff_t>(at), runs_json[i]);
      continue;
    }
    // A run this object computed stays, unless it failed where the other writer finished it; a
    // run it only read is the other writer's now, unless that would undo a finished one.
    const bool take = fresh_.contains(theirs.key) ? !run_may_replace(it->status, theirs.status)
                                                  : run_may_replace(theirs.status, it->status);
    if (take && doc_["runs"][at] != runs_json[i]) {
      *it = theirs;
      doc_["runs"][at] = runs_json[i];
    }
  }
}

const std::vector<RunRecord>& ResultFile::runs() const { return runs_; }

RunRecord ResultFile::stored_run(const std::string& key) const {
  std::lock_guard lock(*mutex_);
  if (const RunRecord* r = stored(key)) return *r;
  throw ConfigError(fmt::format("{}: no stored run {}", path_.string(), key));
}

const Json& ResultFile::document() const { return doc_; }

}  // namespace linrepro
