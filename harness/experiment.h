#pragma once
// The experiment API every paper's driver uses (experiments/<paper>/). An experiment is planned,
// executed and summarised: the driver asks its ResultFile for each run (run_once with the run's key
// and fully resolved config); a run already stored with the same config hash is reused, a missing
// one is executed or, when this process only plans or executes a subset of keys, reported as
// pending. Once every run it asked for is stored (rf.complete()), the driver emits the cells for
// the published-vs-reproduced comparison (set_cell) and the paper's claims (add_claim). Adaptive
// plans (a walk over lambda, anything whose next run depends on a result) simply stop asking while
// a result they need is pending: the harness executes the round and asks again
// (harness/run_experiment.h). Schema: docs/RESULTS.md.
//
// A driver, in short (registered with its header fields: artifacts, config, figures):
//   void run_table2(const ExperimentContext& ctx, ResultFile& rf) {
//     rf.add_dataset({{"name", "reuters21578"}, {"sha256", ...}, {"rows", ...}});
//     for (...) rf.run_once(key, run_config, [&] { return record_fit(...); });
//     if (!rf.complete()) return;  // runs pending: nothing to summarise yet
//     rf.set_cell(value_cell("table2", "earn", "MLR-CG error", 1.2, "%"));
//   }
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "harness/ablation.h"
#include "solvers/fit_context.h"

namespace linrepro {

using Json = nlohmann::json;

// The "schema" field of every result file this code writes and accepts.
inline constexpr const char* kResultSchema = "linrepro-result/1";

// The text config_hash hashes: keys sorted, no whitespace, floating numbers as %.17g, integers
// exact (so 1 and 1.0 hash alike, and 64-bit seeds never collide through rounding).
std::string canonical_json(const Json& value);
// Stable hash of a JSON value (keys sorted; numbers as %.17g): 16 hex digits.
std::string config_hash(const Json& config);

// One produced table cell, keyed like the published ones.
struct Cell {
  std::string table;   // "table2", "figure6", "text-6.1"
  std::string row;     // "earn"
  std::string column;  // "MLR-CG error"
  double value = 0;
  std::string unit;           // "%", "s", "ratio", ""
  std::string status = "ok";  // ok | data_unavailable | not_run
  std::string note;           // e.g. "data unavailable: <how to get it>"
};

// Cells as drivers emit them (GCC 12 warns, so -Werror fails, on brace-initialising a Cell with
// fewer fields than it has, even with designated initialisers).
Cell value_cell(std::string table, std::string row, std::string column, double value,
                std::string unit, std::string note = "");
// status data_unavailable; `note` says how to get the data.
Cell unavailable_cell(std::string table, std::string row, std::string column, std::string note);

// A claim's verdict. `indistinguishable`: the difference that decides it is below the stated
// resolution of the measurement (round-off, timer noise), so the data neither confirm nor refute
// it.
enum class Verdict { holds, does_not_hold, indistinguishable };
// `claim`: something the paper asserts, reproduced or not. `correctness_check`: a check that cannot
// fail unless our code is broken (a proven bound at the final iterate, two implementations of the
// same method agreeing); it is reported, but never counted as a reproduced claim.
enum class ClaimKind { claim, correctness_check };

// "holds", "does_not_hold", "indistinguishable" / "claim", "correctness_check"; the parsers throw
// ConfigError naming the text for anything else.
std::string verdict_name(Verdict v);
Verdict verdict_from_name(const std::string& name);
std::string claim_kind_name(ClaimKind k);
ClaimKind claim_kind_from_name(const std::string& name);

// One of the paper's claims, checked by the experiment ("MLR-CG is faster than SMO on all
// classes"). `id` joins it with the claim listed in the published file and must be unique within
// the paper (build_comparison rejects an empty or repeated id).
struct Claim {
  std::string id;
  std::string claim;
  bool holds = false;    // the verdict unless `indistinguishable`
  std::string evidence;  // the numbers that decide it, in words
  ClaimKind kind = ClaimKind::claim;
  bool indistinguishable = false;  // set through indistinguishable_or (it needs a resolution)
  // What "indistinguishable" was decided by, e.g. "relative difference < 1e-6 of O_svm".
  std::string resolution;

  Claim() = default;
  Claim(std::string id_, std::string claim_, bool holds_, std::string evidence_,
        ClaimKind kind_ = ClaimKind::claim)
      : id(std::move(id_)),
        claim(std::move(claim_)),
        holds(holds_),
        evidence(std::move(evidence_)),
        kind(kind_) {}
  Verdict verdict() const {
    return indistinguishable ? Verdict::indistinguishable
                             : (holds ? Verdict::holds : Verdict::does_not_hold);
  }
};

// A claim decided by a measured difference: when |difference| < resolution the measurement cannot
// tell the two sides apart and the verdict is indistinguishable (with `resolution_text` saying
// which resolution, and why it is the measurement's); otherwise `holds` decides.
Claim indistinguishable_or(bool holds, double difference, double resolution,
                           std::string resolution_text, std::string id, std::string claim,
                           std::string evidence);
// A correctness check (ClaimKind::correctness_check): reported, never counted as a claim.
Claim correctness_check(std::string id, std::string claim, bool holds, std::string evidence);

// One executed (or skipped-as-unavailable) run. Fields beyond these go in `extra`.
struct RunRecord {
  std::string key;  // unique within the experiment, e.g. "earn/smo"
  Json config;      // fully resolved: solver, params, dataset, class, ... (hashed)
  std::string solver;
  Json params = Json::object();
  std::string class_name;
  Json metrics = Json::object();  // {"error": 0.012, "f1": ...}
  double train_seconds = 0;
  double test_seconds = 0;
  int64_t peak_memory_bytes = 0;
  int64_t iterations = 0;
  std::string stop;  // solver's StopReason
  double objective = 0;
  Json trace = Json::array();  // [{"iteration":..,"seconds":..,"values":{..}}]
  std::string status = "ok";   // ok | data_unavailable | failed
  std::string reason;
  Json extra = Json::object();
  // Set by ResultFile::run_once: when and by which commit the run was computed (a later rerun
  // that skips it keeps these, so a file mixing commits shows it).
  std::string created_at;
  std::string git_commit;
};

// Whether a record of a run may replace the stored record of the same key: any may, except that a
// finished run (status "ok") is never replaced by one that did not finish (a failed retry, a
// machine without the data). Every writer of a result file merges by this rule.
bool run_may_replace(const std::string& incoming_status, const std::string& stored_status);

// RunRecord <-> its JSON form in the "runs" array (adds "config_hash"; NaN objectives are null).
Json run_record_to_json(const RunRecord& run);
// Throws ConfigError naming the missing or mistyped field.
RunRecord run_record_from_json(const Json& j);
Json cell_to_json(const Cell& cell);
Cell cell_from_json(const Json& j);
Json claim_to_json(const Claim& claim);
Claim claim_from_json(const Json& j);
// A FitContext's trace as the "trace" array of a RunRecord.
Json trace_to_json(const std::vector<TracePoint>& trace);

// Reads a result file and checks it is schema v1 (DataError naming the file otherwise).
Json read_result_file(const std::filesystem::path& path);
// The cells / claims of a result document (as read_result_file returns it).
std::vector<Cell> result_cells(const Json& doc);
std::vector<Claim> result_claims(const Json& doc);

// How a ResultFile treats a run that is not stored yet (see harness/run_experiment.h).
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
  // Runs `run` unless an identical run is stored; stores and writes atomically. Returns the record.
  // key/config/config_hash are set from the arguments; solver/class/params are taken from the
  // config when `run` leaves them empty. If `run` throws, a "failed" record with the message is
  // stored and saved, then the exception propagates. Thread-safe (`run` itself runs outside the
  // lock). When the selection does not execute the run, it is noted as pending and a record with
  // status "pending" (no metrics) is returned: drivers check complete() before summarising. In
  // subset mode a failed run is returned (status "failed"), not rethrown: the shard goes on.
  RunRecord run_once(const std::string& key, const Json& config,
                     const std::function<RunRecord()>& run);
  // True while every run asked for so far is stored (none pending, none failed): the driver may
  // compute cells and claims.
  bool complete() const;
  // The runs asked for that are not stored (plan and subset modes), in key order.
  std::vector<PlannedRun> pending() const;
  // The median of the stored runs' measured seconds (train + test), NaN when none was measured:
  // what a scheduler assumes for a run of this experiment that has no cost hint of its own.
  double median_cost_seconds() const;
  void add_dataset(const Json& dataset);        // name, source, sha256, rows, features ...
  void set_cell(const Cell& cell);              // replaces a cell with the same (table,row,column)
  void add_claim(const Claim& claim);           // replaces a claim with the same id (or text)
  void add_ablation(const Ablation& ablation);  // replaces one with the same id
  // Every published cell of this paper whose "dataset" is `dataset` (results/published/<paper>.json
  // in `published_dir`) becomes data_unavailable with `reason`, unless the driver set it already.
  // Returns how many cells were marked.
  int mark_unavailable(const std::filesystem::path& published_dir, const std::string& dataset,
                       const std::string& reason);
  // The driver is done: writes the file (atomic; nothing in plan mode, the shard file in subset
  // mode). When every run asked for is stored, this object is the summariser and its cells,
  // claims, datasets and ablations replace the file's; otherwise the file keeps those of the last
  // complete summariser (as every write after a run does).
  //
  // Concurrent writers (two `linrepro run`s, a `merge`, another machine on a shared filesystem):
  // each write holds the file's lock (flock on "<file>.lock", core/file_lock.h), reads what is on
  // disk when another writer changed it since, and merges by key: runs this object computed win
  // (run_may_replace: never a failed one over a finished one), every other run is taken from the
  // disk, and runs only this object holds are kept. No writer's runs are lost.
  void save();
  // Runs in key order: the stored ones, and those computed by this object.
  const std::vector<RunRecord>& runs() const;
  const Json& document() const;
  const std::filesystem::path& path() const { return path_; }
  // What this object did: runs computed (ok / failed) and reused from the file.
  struct Counts {
    int computed = 0, reused = 0, failed = 0, pending = 0;
  };
  Counts counts() const;

 private:
  void store(RunRecord record);  // into runs_ (key order) and doc_["runs"], lock held
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
  std::set<std::string> computed_, reused_, failed_;  // what counts() reports
  std::map<std::string, PlannedRun> pending_;
  std::map<std::string, double> last_cost_;  // key -> seconds it took when last computed
  // The result file as this object last read or wrote it: its identity (device, inode, size,
  // mtime; empty when there was none), so a write re-reads it only when another writer replaced
  // it; its environment; and its summary (datasets, cells, claims, ablations, with the config hash
  // and seed they belong to), which a write that does not summarise keeps.
  std::string disk_stamp_;
  Json disk_environment_;
  Json disk_summary_;
  std::unique_ptr<std::mutex> mutex_ = std::make_unique<std::mutex>();
};

struct ExperimentContext {
  std::filesystem::path results_dir;  // results/
  // Where results/published/<paper>.json are read (mark_unavailable); empty: results_dir/published.
  std::filesystem::path published_dir;
  uint64_t seed = 20260101;
  bool force = false;  // redo runs even when stored
  bool fast = false;   // the regression subset: seconds, not minutes
  int threads = 2;
  bool progress = true;
  RunSelection selection;  // execute everything (default), plan only, or a subset of keys
  // Solvers a user adds beside a paper's methods (`linrepro run --with-solver`), as
  // "name" or "name:k=v,k=v". Drivers that accept extra solvers run each like their own methods
  // and mark its runs, cells and series as not part of the paper.
  std::vector<std::string> extra_solvers;

  std::filesystem::path published() const {
    return published_dir.empty() ? results_dir / "published" : published_dir;
  }
};

// The published numbers a run reads (ablations' reference rows, data_unavailable marks, the run's
// end line): <results_dir>/published when that directory exists, else
// <project_root>/results/published, so `linrepro run --results /tmp/x` on a fresh scratch
// directory still reads the project's own published files.
std::filesystem::path published_dir_for(const std::filesystem::path& results_dir,
                                        const std::filesystem::path& project_root);

// Where an experiment's result file goes: <results_dir>/<paper>/<id>.json, or
// <results_dir>/<paper>/fast/<id>.json when ctx.fast (the regression subset).
std::filesystem::path result_file_path(const ExperimentContext& ctx, const std::string& paper,
                                       const std::string& experiment_id);

struct ExperimentInfo {
  std::string paper;                   // mlrcg2003 | zhangoles2001 | graphsvm2002 | sgdreport
  std::string id;                      // experiment id within the paper, e.g. "table2_reuters"
  std::string description;             // one line
  std::vector<std::string> artifacts;  // the tables and figures it reproduces ("table2", ...)
  // Experiments ("paper/id") whose finished results this one reads (Table 5 reads Table 1's
  // lambda): they are run, and summarised, first.
  std::vector<std::string> depends_on;
  // false: too costly for the default set, so `linrepro run all` and `run <paper>` (and `plan` and
  // cluster runs of those targets) skip it; naming it (`run <paper>/<id>`) runs it. `merge` and a
  // plan file (`run --keys-from`) take it whatever the target, and `regress` checks its fast
  // subset like any other. The paper's time budget covers the default set only.
  bool in_default_set = true;
  // The experiment-level config of the result file's header (hashed as config_hash); may be empty.
  std::function<Json(const ExperimentContext&)> config;
  // Optional: the figures the plot driver draws from the runs (header "figures", full mode only).
  std::function<Json(const ExperimentContext&)> figures;
  // The driver: asks `rf` for its runs (rf.run_once), then, once rf.complete(), emits cells and
  // claims. The harness opens the result file from the fields above and saves it afterwards
  // (harness/run_experiment.h). In fast mode, emit only cells computed exactly as in the full run
  // (the regression check holds them to the published tolerance when the full run is within it).
  std::function<void(const ExperimentContext&, ResultFile&)> run;
};

// The experiment registry: each paper's driver adds its experiments (experiments/register.cpp).
std::vector<ExperimentInfo>& experiment_registry();

}  // namespace linrepro
