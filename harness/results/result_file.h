#pragma once
// ResultFile: one experiment's run cache and result document (harness/results/result_file.cpp),
// what a driver talks to: runs reused by key and config hash, executed, or pending as the
// RunSelection says (harness/results/run_scheduler.h); cells, claims, ablations and datasets of the
// invocation; each finished run kept at once (in the run journal, harness/results/run_journal.h),
// the file written atomically when the driver is done, merged with what other writers stored
// (harness/results/result_store.h).
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "harness/results/ablation.h"
#include "harness/results/result_schema.h"
#include "harness/results/run_scheduler.h"

namespace linrepro {

class ResultFile {
 public:
  // Loads `path` if it exists (and is schema v1), else starts empty. `header` holds experiment,
  // paper, artifacts, description, seed, config; environment is filled in by the harness.
  // Only the stored runs are kept from an existing file (they are the cache); cells, claims and
  // datasets describe this invocation and are emitted afresh by the driver.
  // Throws ConfigError if the header lacks experiment/paper or the file belongs to another one.
  ResultFile(std::filesystem::path path, Json header, bool force, RunSelection selection = {});
  // The stored run with this key and the same config hash, if any (and not forced). Only runs with
  // status "ok" count: failed and data_unavailable runs are retried. Under `force`, only runs
  // produced by this ResultFile count (each stored run is redone once).
  std::optional<RunRecord> find(const std::string& key, const Json& config) const;
  // Runs `run` unless an identical run is stored; stores it, and before returning makes it survive
  // a kill of this process (its journal entry; the shard file in subset mode). Returns the record.
  // key/config/config_hash are set from the arguments; solver/class/params are taken from the
  // config when `run` leaves them empty. If `run` throws, a "failed" record with the message is
  // stored and kept, then the exception propagates. Thread-safe (`run` itself runs outside the
  // lock). When the selection does not execute the run, it is noted as pending and a record with
  // status "pending" (no metrics) is returned: drivers check complete() before summarising. In
  // subset mode a failed run is returned (status "failed"), not rethrown: the shard goes on; so is
  // a failed run of an extra solver (a config with "with_solver"), which also leaves complete()
  // true: the paper's runs are summarised, and counts().extra_failed tells the caller.
  RunRecord run_once(const std::string& key, const Json& config,
                     const std::function<RunRecord()>& run);
  // The --with-solver labels of the runs asked for so far (configs with a "with_solver" field).
  const std::set<std::string>& extra_solvers_asked() const { return extra_asked_; }
  // True while every run asked for so far is stored (none pending, none failed): the driver may
  // compute cells and claims.
  bool complete() const;
  // The runs asked for that are not stored (plan and subset modes), in key order.
  std::vector<PlannedRun> pending() const;
  // The median of the stored runs' measured seconds (train + test), NaN when none was measured:
  // what a scheduler assumes for a run of this experiment that has no cost hint of its own.
  double median_cost_seconds() const;
  // The summary: every text of it with this machine's directories named as any reader has them
  // (core/machine_paths.h: "$LINREPRO_ROOT/data/a9a", not "/home/me/linrepro/data/a9a").
  void add_dataset(const Json& dataset);        // name, source, sha256, rows, features ...
  void set_cell(const Cell& cell);              // replaces a cell with the same (table,row,column)
  void add_claim(const Claim& claim);           // replaces a claim with the same id (or text)
  void add_ablation(const Ablation& ablation);  // replaces one with the same id
  // The driver is done: writes the file (atomic; nothing in plan mode, the shard file in subset
  // mode) with every run of the journal folded in, then removes the entries it folded in. When
  // every run asked for is stored, this object is the summariser and its cells,
  // claims, datasets and ablations replace the file's; otherwise the file keeps those of the last
  // complete summariser.
  //
  // Concurrent writers (two `linrepro run`s, a `merge`, another machine on a shared filesystem):
  // each write holds the file's lock (flock on "<file>.lock", core/file_lock.h), reads what is on
  // disk when another writer changed it since and every journal entry (its own and other
  // writers'), and merges by key: runs this object computed win
  // (run_may_replace: never a failed one over a finished one), every other run is taken from the
  // disk, and runs only this object holds are kept. No writer's runs are lost.
  void save();
  // The driver threw: folds the journal into the file like save(), but keeps the file's summary
  // (this object's cells may be half made). Writes nothing when there is nothing to fold in.
  void save_runs();
  // Runs in key order: the stored ones, and those computed by this object.
  const std::vector<RunRecord>& runs() const;
  // The run stored under `key` (in the file, computed by this object, or in subset mode the main
  // file's), whatever its config or status; ConfigError naming the file and the key when there is
  // none. For a summary that reads a run asked for earlier without its config at hand.
  RunRecord stored_run(const std::string& key) const;
  const Json& document() const;
  const std::filesystem::path& path() const { return path_; }
  // What this object did: runs computed (ok / failed) and reused from the file.
  // extra_failed: extra solvers' runs that failed (not in `failed`: they do not block the summary).
  struct Counts {
    int computed = 0, reused = 0, failed = 0, pending = 0, extra_failed = 0;
  };
  Counts counts() const;

 private:
  // Into runs_ (key order) and doc_["runs"], mutex_ held; returns the run as stored there.
  const Json& store(RunRecord record);
  // Makes a finished run survive the process (mutex_ held): into the run journal
  // (harness/results/run_journal.h) when executing, the whole shard file in subset mode.
  void keep(const Json& run_json);
  // Writes the file under its file lock, merged with the disk (see save()), mutex_ held.
  // `summarising`: called by save(), after the driver.
  void write(bool summarising);
  // Takes the disk's runs in by the merge rule of save() (mutex_ held).
  void adopt_runs(const std::vector<RunRecord>& runs, const Json& runs_json);
  const RunRecord* stored(const std::string& key) const;

  std::filesystem::path path_;
  bool force_;
  RunSelection selection_;
  Json doc_;
  std::vector<RunRecord> runs_;      // key order; mirrored entry by entry in doc_["runs"]
  std::vector<RunRecord> borrowed_;  // subset mode: the main file's runs (read, never written)
  std::set<std::string> fresh_;      // keys run by this object (what `force` no longer redoes)
  std::set<std::string> computed_, reused_, failed_, extra_failed_;  // what counts() reports
  std::map<std::string, PlannedRun> pending_;
  std::map<std::string, double> last_cost_;  // key -> seconds it took when last computed
  std::set<std::string> extra_asked_;        // what extra_solvers_asked() returns
  // The result file as this object last read or wrote it: its identity (device, inode, size,
  // mtime; empty when there was none), so a write re-reads it only when another writer replaced
  // it; its environment; and its summary (datasets, cells, claims, ablations, with the config hash
  // and seed they belong to), which a write that does not summarise keeps.
  std::string disk_stamp_;
  Json disk_environment_;
  Json disk_summary_;
  std::unique_ptr<std::mutex> mutex_ = std::make_unique<std::mutex>();
};

}  // namespace linrepro
