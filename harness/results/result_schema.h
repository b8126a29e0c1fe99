#pragma once
// The result file's schema (docs/RESULTS.md): cells, claims and run records, their JSON forms, the
// config hash that keys the run cache, and reading a result file back.
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/results/claim_verdict.h"
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
// What a driver measured beside a cell's value that can tell why it differs from the published
// one; `linrepro compare` turns it into the cause of a cell outside its tolerance
// (harness/judge/cell_cause.h). Each part is optional; JSON "evidence": {"interval": [lo, hi],
// "interval_method", "threshold_free", "threshold_free_what", "ablation": {"id", "column"},
// "peer": {"value", "what"}, "timing"}.
struct CellEvidence {
  std::optional<double> interval_lo, interval_hi;  // a 95 % sampling interval, the value's unit
  std::string interval_method;                     // how it was computed, in words
  std::optional<double> threshold_free;            // the measure without a decision threshold
  std::string threshold_free_what;                 // "break-even point"
  // The published cell with the paper's own threshold-free value of the same method (Z&O Table
  // 2's BEP beside its P and R), where it reports one: the threshold rule compares ours with it,
  // not with the cell's own published value, within that cell's tolerance. `linrepro compare`
  // looks both up into threshold_free_published and threshold_free_tolerance (not stored).
  struct CellRef {
    std::string table, row, column;
  };
  std::optional<CellRef> threshold_free_paper;
  std::optional<double> threshold_free_published, threshold_free_tolerance;
  // Ablations of the same paper whose named column measures this cell's number under other
  // readings (their rows; each one's chosen row is this cell's reading), in the order named.
  struct AblationRef {
    std::string id, column;
  };
  std::vector<AblationRef> ablations;
  // A peer (LIBLINEAR, scikit-learn) measured in the same protocol on the same data: the solver
  // is ruled out where it agrees with ours, and is the cause where it reproduces the paper.
  std::optional<double> peer;
  std::string peer_what;  // "LIBLINEAR -s 3 one-vs-rest on the same matrices"
  // A time (or a ratio of times) measured on this machine with these implementations: the times
  // it rests on, in words, against the paper's 2001-2002 machine and programs.
  std::string timing;
  bool empty() const {
    return !interval_lo && !threshold_free && ablations.empty() && !peer && timing.empty();
  }
};

struct Cell {
  std::string table;   // "table2", "figure6", "text-6.1"
  std::string row;     // "earn"
  std::string column;  // "MLR-CG error"
  double value = 0;
  std::string unit;           // "%", "s", "ratio", ""
  std::string status = "ok";  // ok | data_unavailable | not_run
  std::string note;           // e.g. "data unavailable: <how to get it>"
  CellEvidence evidence;
};

// Cells as drivers emit them (GCC 12 warns, so -Werror fails, on brace-initialising a Cell with
// fewer fields than it has, even with designated initialisers).
Cell value_cell(std::string table, std::string row, std::string column, double value,
                std::string unit, std::string note = "");
// Evidence of a time measured here (`times`: the seconds it rests on, in words).
CellEvidence timing_evidence(std::string times);
// status data_unavailable; `note` says how to get the data.
Cell unavailable_cell(std::string table, std::string row, std::string column, std::string note);

// `claim`: something the paper asserts, reproduced or not. `correctness_check`: a check that cannot
// fail unless our code is broken (a proven bound at the final iterate, two implementations of the
// same method agreeing); it is reported, but never counted as a reproduced claim.
enum class ClaimKind { claim, correctness_check };

// "claim", "correctness_check"; the parser throws ConfigError naming the text for anything else.
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
  // What "indistinguishable" was decided by, e.g. "relative difference < 1e-6 of O_svm"; for a
  // tested claim, its tests (tests_text).
  std::string resolution;
  // A tested claim (tested_claim): the comparisons whose intervals decide it by the rule of
  // harness/results/claim_verdict.h. Empty for a claim still decided by its driver's own criterion.
  std::vector<ClaimComparison> comparisons;

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
// A claim decided by the rule of harness/results/claim_verdict.h from its comparisons (at least
// one); the evidence gets each comparison's text after the driver's `evidence`.
Claim tested_claim(std::string id, std::string claim, std::vector<ClaimComparison> comparisons,
                   std::string evidence, ClaimKind kind = ClaimKind::claim);
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

}  // namespace linrepro
