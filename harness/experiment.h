#pragma once
// The experiment API every paper's driver uses (experiments/<paper>/). A driver is a function that,
// given an ExperimentContext, plans runs and executes each through a ResultFile, which skips runs
// already present with the same config hash and writes the result file atomically after every run
// (a rerun never loses finished work). Cells for the published-vs-reproduced comparison are emitted
// with set_cell(...), the paper's claims with add_claim(...). Schema: docs/RESULTS.md.
//
// A driver, in short:
//   ResultFile rf(result_file_path(ctx, "mlrcg2003", "table2_reuters"),
//                 {{"experiment", "table2_reuters"}, {"paper", "mlrcg2003"},
//                  {"artifacts", {"table2"}}, {"description", "..."}, {"seed", ctx.seed},
//                  {"config", experiment_config}},
//                 ctx.force);
//   rf.add_dataset({{"name", "reuters21578"}, {"sha256", ...}, {"rows", ...}});
//   for (...) rf.run_once(key, run_config, [&] { RunRecord r; ...; return r; });
//   rf.set_cell(value_cell("table2", "earn", "MLR-CG error", 1.2, "%"));
//   rf.save();  // run_once saves by itself; cells, claims and datasets are written by save()
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

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

// One of the paper's claims, checked by the experiment ("MLR-CG is faster than SMO on all
// classes"). `id` (optional) joins it with the claim listed in the published file.
struct Claim {
  std::string id;
  std::string claim;
  bool holds = false;
  std::string evidence;  // the numbers that decide it, in words
};

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

class ResultFile {
 public:
  // Loads `path` if it exists (and is schema v1), else starts empty. `header` holds experiment,
  // paper, artifacts, description, seed, config; environment is filled in by the harness.
  // Only the stored runs are kept from an existing file (they are the cache); cells, claims and
  // datasets describe this invocation and are emitted afresh by the driver.
  // Throws ConfigError if the header lacks experiment/paper or the file belongs to another one.
  ResultFile(std::filesystem::path path, Json header, bool force);
  // The stored run with this key and the same config hash, if any (and not forced). Only runs with
  // status "ok" count: failed and data_unavailable runs are retried. Under `force`, only runs
  // produced by this ResultFile count (each stored run is redone once).
  std::optional<RunRecord> find(const std::string& key, const Json& config) const;
  // Runs `run` unless an identical run is stored; stores and writes atomically. Returns the record.
  // key/config/config_hash are set from the arguments; solver/class/params are taken from the
  // config when `run` leaves them empty. If `run` throws, a "failed" record with the message is
  // stored and saved, then the exception propagates. Thread-safe (`run` itself runs outside the
  // lock).
  RunRecord run_once(const std::string& key, const Json& config,
                     const std::function<RunRecord()>& run);
  void add_dataset(const Json& dataset);  // name, source, sha256, rows, features ...
  void set_cell(const Cell& cell);        // replaces a cell with the same (table,row,column)
  void add_claim(const Claim& claim);     // replaces a claim with the same id (or text)
  void save() const;                      // atomic
  const std::vector<RunRecord>& runs() const;
  const Json& document() const;
  const std::filesystem::path& path() const { return path_; }

 private:
  void rebuild_runs();  // doc_["runs"] from runs_
  void write() const;   // save() with the lock held

  std::filesystem::path path_;
  bool force_;
  Json doc_;
  std::vector<RunRecord> runs_;
  std::set<std::string> fresh_;  // keys run by this object (what `force` no longer redoes)
  std::unique_ptr<std::mutex> mutex_ = std::make_unique<std::mutex>();
};

struct ExperimentContext {
  std::filesystem::path results_dir;  // results/
  uint64_t seed = 20260101;
  bool force = false;  // redo runs even when stored
  bool fast = false;   // the regression subset: seconds, not minutes
  int threads = 2;
  bool progress = true;
};

// Where an experiment's result file goes: <results_dir>/<paper>/<id>.json, or
// <results_dir>/<paper>/fast/<id>.json when ctx.fast (the regression subset).
std::filesystem::path result_file_path(const ExperimentContext& ctx, const std::string& paper,
                                       const std::string& experiment_id);

struct ExperimentInfo {
  std::string paper;        // mlrcg2003 | zhangoles2001 | graphsvm2002 | sgdreport
  std::string id;           // experiment id within the paper, e.g. "table2_reuters"
  std::string description;  // one line
  // Writes results/<paper>/<id>.json (and, in fast mode, results/<paper>/fast/<id>.json).
  // In fast mode, emit only cells computed exactly as in the full run (the regression check holds
  // them to the published tolerance when the full run is within it).
  std::function<void(const ExperimentContext&)> run;
};

// The experiment registry: each paper's driver adds its experiments (experiments/register.cpp).
std::vector<ExperimentInfo>& experiment_registry();

}  // namespace linrepro
