// ResultFile: the run cache and result document of one experiment (harness/result_file.h).
#include "harness/result_file.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <set>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/file_lock.h"
#include "core/statistics.h"
#include "harness/environment.h"
#include "harness/run_journal.h"

namespace linrepro {
namespace fs = std::filesystem;

namespace {

// What a result file on disk holds that a writer reuses or merges with.
struct OnDisk {
  std::vector<RunRecord> runs;     // as in the file (not yet in key order)
  Json runs_json = Json::array();  // the same runs as stored, entry by entry
  Json environment;                // null when none
  Json summary;                    // null when there is no file; see summary_of
};

// The lists a summariser writes and the experiment config they were computed for.
Json summary_of(const Json& doc) {
  Json s = Json::object();
  for (const char* key : {"config_hash", "seed"})
    if (doc.contains(key)) s[key] = doc[key];
  for (const char* key : {"datasets", "cells", "claims", "ablations"})
    s[key] = doc.contains(key) && doc[key].is_array() ? doc[key] : Json::array();
  return s;
}

// A summary belongs to this experiment config (another config's cells would describe other runs).
bool summary_fits(const Json& summary, const Json& doc) {
  return summary.is_object() &&
         summary.value("config_hash", Json()) == doc.value("config_hash", Json()) &&
         summary.value("seed", Json()) == doc.value("seed", Json());
}

// An existing result file, or nothing when it is absent or not reusable. `header` names the
// experiment and paper the file must belong to. Its run journal is not read (see read_on_disk).
OnDisk read_file_on_disk(const fs::path& path, const Json& header) {
  OnDisk out;
  if (!fs::exists(path)) return out;
  Json old;
  try {
    old = read_result_file(path);
  } catch (const DataError& e) {
    // An older schema (or a foreign file) holds nothing reusable: start afresh, say so, and let the
    // first save replace it.
    std::cerr << fmt::format("warning: {}; its runs are not reused and it will be overwritten\n",
                             e.what());
    return out;
  }
  for (const char* key : {"experiment", "paper"})
    if (old.value(key, "") != header[key].get<std::string>())
      throw ConfigError(
          fmt::format("{}: holds {} '{}', not '{}' (two experiments writing one file?)",
                      path.string(), key, old.value(key, ""), header[key].get<std::string>()));
  for (auto& r : old.value("runs", Json::array())) {
    try {
      out.runs.push_back(run_record_from_json(r));
    } catch (const ConfigError& e) {
      throw DataError(path.string(), 0, e.what());
    }
    out.runs_json.push_back(std::move(r));
  }
  if (old.contains("environment")) out.environment = old["environment"];
  out.summary = summary_of(old);
  return out;
}

// Journal entries are newer than the file they sit beside: each replaces the file's run of its
// key by the merge rule (never a failed run over a finished one), and the environment becomes the
// last one that computed a run.
void fold_in(OnDisk& disk, const std::vector<JournalEntry>& entries) {
  std::map<std::string, size_t> at;
  for (size_t i = 0; i < disk.runs.size(); ++i) at[disk.runs[i].key] = i;
  for (const auto& e : entries) {
    const auto it = at.find(e.run.key);
    if (it == at.end()) {
      at[e.run.key] = disk.runs.size();
      disk.runs.push_back(e.run);
      disk.runs_json.push_back(e.run_json);
    } else if (run_may_replace(e.run.status, disk.runs[it->second].status)) {
      disk.runs[it->second] = e.run;
      disk.runs_json[it->second] = e.run_json;
    }
    if (e.environment.is_object()) disk.environment = e.environment;
  }
}

// The file and its run journal: every run a writer has finished, also one killed before it
// rewrote the file.
OnDisk read_on_disk(const fs::path& path, const Json& header) {
  OnDisk out = read_file_on_disk(path, header);
  fold_in(out, read_journal(path));
  return out;
}

// The identity of the file now at `path` (device, inode, size, modification time), "" when there
// is none: a writer that finds the one it wrote last knows nobody else has written since.
std::string file_stamp(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "";
  return fmt::format("{}:{}:{}:{}.{}", st.st_dev, st.st_ino, st.st_size, st.st_mtim.tv_sec,
                     st.st_mtim.tv_nsec);
}

// A file resumed under another commit holds runs of several: each run keeps its own git_commit
// (and created_at); the top level lists them all, so nobody reads the file as one program's.
void note_mixed_commits(Json& doc, const std::vector<RunRecord>& runs) {
  std::set<std::string> commits;
  for (const auto& r : runs)
    if (!r.git_commit.empty()) commits.insert(r.git_commit);
  if (commits.size() > 1)
    doc["mixed_commits"] = commits;
  else
    doc.erase("mixed_commits");
}

bool key_less(const RunRecord& a, const RunRecord& b) { return a.key < b.key; }

// Runs are kept in key order, so a file's content does not depend on which thread, shard or round
// computed a run first: one process and N merged shards write the same file.
void sort_by_key(std::vector<RunRecord>& runs) {
  std::stable_sort(runs.begin(), runs.end(), key_less);
  // A file written before runs were unique by key keeps the last one of each key.
  std::vector<RunRecord> unique;
  for (auto& r : runs) {
    if (!unique.empty() && unique.back().key == r.key)
      unique.back() = std::move(r);
    else
      unique.push_back(std::move(r));
  }
  runs = std::move(unique);
}

const RunRecord* find_key(const std::vector<RunRecord>& runs, const std::string& key) {
  const auto it =
      std::lower_bound(runs.begin(), runs.end(), key,
                       [](const RunRecord& r, const std::string& k) { return r.key < k; });
  return it != runs.end() && it->key == key ? &*it : nullptr;
}

double seconds_of(const RunRecord& r) {
  const double t = (std::isfinite(r.train_seconds) ? r.train_seconds : 0) +
                   (std::isfinite(r.test_seconds) ? r.test_seconds : 0);
  return t > 0 ? t : NAN;
}

}  // namespace

bool run_may_replace(const std::string& incoming_status, const std::string& stored_status) {
  return stored_status != "ok" || incoming_status == "ok";
}

ResultFile::ResultFile(fs::path path, Json header, bool force, RunSelection selection)
    : path_(std::move(path)), force_(force), selection_(std::move(selection)) {
  if (!header.is_object() || !header.contains("experiment") || !header["experiment"].is_string() ||
      !header.contains("paper") || !header["paper"].is_string())
    throw ConfigError(fmt::format(
        "{}: the result header needs string fields 'experiment' and 'paper'", path_.string()));
  if (force_ && selection_.mode != RunSelection::Mode::execute)
    throw ConfigError(fmt::format(
        "{}: --force redoes every run in one process; it cannot be combined with planning or a "
        "subset of keys (remove the result file instead)",
        path_.string()));
  if (selection_.mode == RunSelection::Mode::subset && selection_.shard_path.empty())
    throw ConfigError(fmt::format("{}: a subset of keys needs a shard file", path_.string()));
  doc_ = std::move(header);
  doc_["schema"] = kResultSchema;
  if (doc_.contains("config")) doc_["config_hash"] = config_hash(doc_["config"]);
  doc_["datasets"] = Json::array();
  doc_["cells"] = Json::array();
  doc_["claims"] = Json::array();
  doc_["ablations"] = Json::array();
  doc_["runs"] = Json::array();

  Json environment;
  if (selection_.mode == RunSelection::Mode::subset) {
    borrowed_ = read_on_disk(path_, doc_).runs;  // the experiment's file: read, never written here
    // this shard's earlier runs (a resumed task)
    OnDisk shard = read_on_disk(selection_.shard_path, doc_);
    runs_ = std::move(shard.runs);
    environment = shard.environment;
    sort_by_key(borrowed_);
  } else {
    // The stamp first: a file replaced between the stamp and the read only makes the first write
    // read it again.
    disk_stamp_ = file_stamp(path_);
    OnDisk disk = read_on_disk(path_, doc_);
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
      if (std::isfinite(seconds_of(r))) last_cost_[r.key] = seconds_of(r);
  for (const auto& r : runs_) doc_["runs"].push_back(run_record_to_json(r));
}

const RunRecord* ResultFile::stored(const std::string& key) const {
  if (const RunRecord* r = find_key(runs_, key)) return r;
  return find_key(borrowed_, key);
}

std::optional<RunRecord> ResultFile::find(const std::string& key, const Json& config) const {
  std::lock_guard lock(*mutex_);
  if (force_ && !fresh_.contains(key)) return std::nullopt;
  const RunRecord* r = stored(key);
  if (r && r->status == "ok" && config_hash(r->config) == config_hash(config)) return *r;
  return std::nullopt;
}

RunRecord ResultFile::run_once(const std::string& key, const Json& config,
                               const std::function<RunRecord()>& run) {
  // An extra solver's run (--with-solver, harness/extra_solvers.h): its failure is reported, but
  // neither stops the round nor keeps the paper's own cells from being summarised.
  const bool extra =
      config.is_object() && config.contains("with_solver") && config["with_solver"].is_string();
  if (extra) {
    std::lock_guard lock(*mutex_);
    extra_asked_.insert(config["with_solver"].get<std::string>());
  }
  if (auto found = find(key, config)) {
    std::lock_guard lock(*mutex_);
    if (!fresh_.contains(key)) reused_.insert(key);
    return *found;
  }

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

  const bool execute =
      selection_.mode == RunSelection::Mode::execute ||
      (selection_.mode == RunSelection::Mode::subset && selection_.keys.contains(key));
  if (!execute) {
    PlannedRun p;
    p.key = key;
    p.config = config;
    p.config_hash = config_hash(config);
    p.solver = record.solver;
    if (config.is_object() && config.contains("dataset")) {
      const Json& d = config["dataset"];
      p.dataset = d.is_string() ? d.get<std::string>()
                                : (d.is_object() ? d.value("name", std::string()) : std::string());
    }
    std::lock_guard lock(*mutex_);
    const auto cost = last_cost_.find(key);
    p.cost_seconds = cost == last_cost_.end() ? NAN : cost->second;
    pending_[key] = std::move(p);
    record.status = "pending";
    return record;
  }

  const RunRecord defaults = record;
  std::exception_ptr failure;
  try {
    const auto planned = selection_.planned_hashes.find(key);
    if (planned != selection_.planned_hashes.end() && !planned->second.empty() &&
        planned->second != config_hash(config))
      throw ConfigError(
          fmt::format("run '{}': its config hashes to {} here but to {} where it was planned: this "
                      "machine's data or program differs from the planner's",
                      key, config_hash(config), planned->second));
    record = run();
  } catch (const std::exception& e) {
    record = RunRecord{};
    record.status = "failed";
    record.reason = e.what();
    failure = std::current_exception();
  }
  record.key = key;
  record.config = config;
  if (record.solver.empty()) record.solver = defaults.solver;
  if (record.class_name.empty()) record.class_name = defaults.class_name;
  if (record.params.empty()) record.params = defaults.params;
  record.created_at = utc_timestamp();
  const Json& commit = process_environment()["git_commit"];
  record.git_commit = commit.is_string() ? commit.get<std::string>() : "";

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
  const auto it = std::lower_bound(runs_.begin(), runs_.end(), record, key_less);
  const size_t at = static_cast<size_t>(it - runs_.begin());
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
  switch (selection_.mode) {
    case RunSelection::Mode::plan:
    case RunSelection::Mode::summarise:
      return;  // they run nothing
    case RunSelection::Mode::subset:
      // A shard holds one task's share of a round and has one writer: rewritten whole, so that
      // `merge` reads every finished run of a killed task from the shard file alone.
      write(false);
      return;
    case RunSelection::Mode::execute: {
      // Only the run is written, into the journal; save() folds the journal into the file.
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
  std::lock_guard lock(*mutex_);
  auto& list = doc_["datasets"];
  for (auto& d : list)
    if (d["name"] == dataset["name"]) {
      d = dataset;
      return;
    }
  list.push_back(dataset);
}

void ResultFile::set_cell(const Cell& cell) {
  const std::string what =
      fmt::format("{}: cell ({} / {} / {})", path_.string(), cell.table, cell.row, cell.column);
  if (cell.table.empty() || cell.row.empty() || cell.column.empty())
    throw ConfigError(fmt::format("{}: table, row and column must be non-empty", what));
  if (cell.status != "ok" && cell.status != "data_unavailable" && cell.status != "not_run")
    throw ConfigError(fmt::format("{}: status '{}' is not one of ok, data_unavailable, not_run",
                                  what, cell.status));
  std::lock_guard lock(*mutex_);
  auto& list = doc_["cells"];
  for (auto& c : list)
    if (c["table"] == cell.table && c["row"] == cell.row && c["column"] == cell.column) {
      c = cell_to_json(cell);
      return;
    }
  list.push_back(cell_to_json(cell));
}

void ResultFile::add_claim(const Claim& claim) {
  if (claim.claim.empty())
    throw ConfigError(fmt::format("{}: a claim needs its text", path_.string()));
  std::lock_guard lock(*mutex_);
  auto& list = doc_["claims"];
  for (auto& c : list) {
    const bool same = claim.id.empty() ? c["claim"] == claim.claim : c["id"] == claim.id;
    if (same) {
      c = claim_to_json(claim);
      return;
    }
  }
  list.push_back(claim_to_json(claim));
}

void ResultFile::add_ablation(const Ablation& ablation) {
  if (ablation.id.empty())
    throw ConfigError(fmt::format("{}: an ablation needs an id", path_.string()));
  std::lock_guard lock(*mutex_);
  auto& list = doc_["ablations"];
  for (auto& a : list)
    if (a["id"] == ablation.id) {
      a = ablation_to_json(ablation);
      return;
    }
  list.push_back(ablation_to_json(ablation));
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
    OnDisk disk = read_file_on_disk(path_, doc_);
    adopt_runs(disk.runs, disk.runs_json);
    disk_environment_ = std::move(disk.environment);
    disk_summary_ = std::move(disk.summary);
  }
  // The journal: the runs of this object, and of any other writer since the file was written
  // (also one killed before it could fold them in), oldest first.
  const std::vector<JournalEntry> journal = read_journal(path_);
  {
    OnDisk entries;
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
    const auto it = std::lower_bound(runs_.begin(), runs_.end(), theirs, key_less);
    const size_t at = static_cast<size_t>(it - runs_.begin());
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

const Json& ResultFile::document() const { return doc_; }

}  // namespace linrepro
