#include "harness/results/result_schema.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <limits>
#include <type_traits>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/seed.h"
#include "harness/results/environment.h"

namespace linrepro {
namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// Canonical form and hash

namespace {

void append_canonical(const Json& v, std::string& out) {
  switch (v.type()) {
    case Json::value_t::object: {
      // nlohmann::json keeps objects in a std::map, so items() is already in byte order of keys;
      // sorting here anyway keeps the hash independent of that implementation detail.
      std::vector<const std::string*> keys;
      for (const auto& [k, x] : v.items()) keys.push_back(&k);
      std::sort(keys.begin(), keys.end(), [](auto* a, auto* b) { return *a < *b; });
      out += '{';
      for (size_t i = 0; i < keys.size(); ++i) {
        if (i) out += ',';
        out += Json(*keys[i]).dump();
        out += ':';
        append_canonical(v.at(*keys[i]), out);
      }
      out += '}';
      return;
    }
    case Json::value_t::array:
      out += '[';
      for (size_t i = 0; i < v.size(); ++i) {
        if (i) out += ',';
        append_canonical(v[i], out);
      }
      out += ']';
      return;
    case Json::value_t::number_integer:
      out += fmt::format("{}", v.get<int64_t>());
      return;
    case Json::value_t::number_unsigned:
      out += fmt::format("{}", v.get<uint64_t>());
      return;
    case Json::value_t::number_float:
      out += fmt::format("{:.17g}", v.get<double>());  // printf's %.17g: round-trips a double
      return;
    case Json::value_t::string:
    case Json::value_t::boolean:
    case Json::value_t::null:
      out += v.dump();
      return;
    default:
      throw ConfigError("config_hash: binary or discarded JSON values cannot be hashed");
  }
}

}  // namespace

std::string canonical_json(const Json& value) {
  std::string out;
  append_canonical(value, out);
  return out;
}

std::string config_hash(const Json& config) {
  // derive_seed is FNV-1a 64 over the text plus a splitmix64 finaliser: a good 64-bit hash, reused
  // rather than written twice.
  return fmt::format("{:016x}", derive_seed(0, canonical_json(config)));
}

// ---------------------------------------------------------------------------------------------
// JSON conversions

namespace {

// The field `name` of object `j`, or `fallback` when absent or null; ConfigError when mistyped.
template <class T>
T field(const Json& j, const char* name, T fallback, const std::string& what) {
  const auto it = j.find(name);
  if (it == j.end() || it->is_null()) return fallback;
  // nlohmann converts a float to an integer with a plain cast: 1e300 as int64 is undefined
  // behaviour (found by fuzz_result_file). An integer field must be stored as an integer.
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
    if (!it->is_number_integer())
      throw ConfigError(
          fmt::format("{}: field '{}' must be an integer, not {}", what, name, it->dump()));
  try {
    return it->get<T>();
  } catch (const Json::exception&) {
    throw ConfigError(
        fmt::format("{}: field '{}' has the wrong type ({})", what, name, it->type_name()));
  }
}

std::string required_string(const Json& j, const char* name, const std::string& what) {
  const auto it = j.find(name);
  if (it == j.end() || !it->is_string())
    throw ConfigError(fmt::format("{}: missing string field '{}'", what, name));
  return it->get<std::string>();
}

Json finite_or_null(double x) { return std::isfinite(x) ? Json(x) : Json(nullptr); }

Json json_or(const Json& j, const char* name, Json fallback) {
  const auto it = j.find(name);
  return it == j.end() || it->is_null() ? fallback : *it;
}

void check_cell_status(const std::string& status, const std::string& what) {
  if (status != "ok" && status != "data_unavailable" && status != "not_run")
    throw ConfigError(
        fmt::format("{}: status '{}' is not one of ok, data_unavailable, not_run", what, status));
}

}  // namespace

Json run_record_to_json(const RunRecord& r) {
  return {{"key", r.key},
          {"config_hash", config_hash(r.config)},
          {"config", r.config},
          {"solver", r.solver},
          {"params", r.params},
          {"class", r.class_name},
          {"metrics", r.metrics},
          {"train_seconds", finite_or_null(r.train_seconds)},
          {"test_seconds", finite_or_null(r.test_seconds)},
          {"peak_memory_bytes", r.peak_memory_bytes},
          {"iterations", r.iterations},
          {"stop", r.stop},
          {"objective", finite_or_null(r.objective)},
          {"trace", r.trace},
          {"status", r.status},
          {"reason", r.reason},
          {"extra", r.extra},
          {"created_at", r.created_at},
          {"git_commit", r.git_commit}};
}

RunRecord run_record_from_json(const Json& j) {
  if (!j.is_object()) throw ConfigError("run record is not a JSON object");
  RunRecord r;
  r.key = required_string(j, "key", "run");
  const std::string what = fmt::format("run '{}'", r.key);
  if (!j.contains("config")) throw ConfigError(fmt::format("{}: missing field 'config'", what));
  r.config = j.at("config");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  r.solver = field<std::string>(j, "solver", "", what);
  r.params = json_or(j, "params", Json::object());
  r.class_name = field<std::string>(j, "class", "", what);
  r.metrics = json_or(j, "metrics", Json::object());
  r.train_seconds = field<double>(j, "train_seconds", nan, what);
  r.test_seconds = field<double>(j, "test_seconds", nan, what);
  r.peak_memory_bytes = field<int64_t>(j, "peak_memory_bytes", 0, what);
  r.iterations = field<int64_t>(j, "iterations", 0, what);
  r.stop = field<std::string>(j, "stop", "", what);
  r.objective = field<double>(j, "objective", nan, what);
  r.trace = json_or(j, "trace", Json::array());
  r.status = field<std::string>(j, "status", "ok", what);
  r.reason = field<std::string>(j, "reason", "", what);
  r.extra = json_or(j, "extra", Json::object());
  r.created_at = field<std::string>(j, "created_at", "", what);
  r.git_commit = field<std::string>(j, "git_commit", "", what);
  return r;
}

Cell value_cell(std::string table, std::string row, std::string column, double value,
                std::string unit, std::string note) {
  return {std::move(table), std::move(row), std::move(column), value,
          std::move(unit),  "ok",           std::move(note),   {}};
}

Cell unavailable_cell(std::string table, std::string row, std::string column, std::string note) {
  return {std::move(table),
          std::move(row),
          std::move(column),
          0,
          "",
          "data_unavailable",
          std::move(note),
          {}};
}

CellEvidence timing_evidence(std::string times) {
  CellEvidence e;
  e.timing = std::move(times);
  return e;
}

Json cell_to_json(const Cell& c) {
  Json j = {{"table", c.table},   {"row", c.row},
            {"column", c.column}, {"value", finite_or_null(c.value)},
            {"unit", c.unit},     {"status", c.status},
            {"note", c.note}};
  if (c.evidence.empty()) return j;
  Json e = Json::object();
  if (c.evidence.interval_lo && c.evidence.interval_hi) {
    e["interval"] = {*c.evidence.interval_lo, *c.evidence.interval_hi};
    e["interval_method"] = c.evidence.interval_method;
  }
  if (c.evidence.threshold_free) {
    e["threshold_free"] = *c.evidence.threshold_free;
    e["threshold_free_what"] = c.evidence.threshold_free_what;
    if (const auto& r = c.evidence.threshold_free_paper)
      e["threshold_free_paper"] = {{"table", r->table}, {"row", r->row}, {"column", r->column}};
  }
  for (const CellEvidence::AblationRef& a : c.evidence.ablations)
    e["ablations"].push_back({{"id", a.id}, {"column", a.column}});
  if (c.evidence.peer) e["peer"] = {{"value", *c.evidence.peer}, {"what", c.evidence.peer_what}};
  if (!c.evidence.timing.empty()) e["timing"] = c.evidence.timing;
  j["evidence"] = e;
  return j;
}

Cell cell_from_json(const Json& j) {
  if (!j.is_object()) throw ConfigError("cell is not a JSON object");
  Cell c;
  c.table = required_string(j, "table", "cell");
  c.row = required_string(j, "row", "cell");
  c.column = required_string(j, "column", "cell");
  const std::string what = fmt::format("cell ({} / {} / {})", c.table, c.row, c.column);
  c.value = field<double>(j, "value", std::numeric_limits<double>::quiet_NaN(), what);
  c.unit = field<std::string>(j, "unit", "", what);
  c.status = field<std::string>(j, "status", "ok", what);
  check_cell_status(c.status, what);
  c.note = field<std::string>(j, "note", "", what);
  if (const auto e = j.find("evidence"); e != j.end()) {
    if (!e->is_object()) throw ConfigError(what + ": \"evidence\" is not an object");
    if (const auto i = e->find("interval"); i != e->end()) {
      if (!i->is_array() || i->size() != 2 || !(*i)[0].is_number() || !(*i)[1].is_number())
        throw ConfigError(what + ": evidence \"interval\" is not [lo, hi]");
      c.evidence.interval_lo = (*i)[0].get<double>();
      c.evidence.interval_hi = (*i)[1].get<double>();
      c.evidence.interval_method = field<std::string>(*e, "interval_method", "", what);
    }
    if (e->contains("threshold_free")) {
      c.evidence.threshold_free = field<double>(*e, "threshold_free", 0.0, what);
      c.evidence.threshold_free_what = field<std::string>(*e, "threshold_free_what", "", what);
      if (const auto r = e->find("threshold_free_paper"); r != e->end()) {
        if (!r->is_object())
          throw ConfigError(what + ": evidence \"threshold_free_paper\" is not an object");
        c.evidence.threshold_free_paper = CellEvidence::CellRef{
            required_string(*r, "table", what), required_string(*r, "row", what),
            required_string(*r, "column", what)};
      }
    }
    // "ablation": the one {id, column} that files summarised before the list held; read as a
    // list of one, so such a file is summarised again instead of refused.
    const Json one = e->contains("ablation") ? Json::array({e->at("ablation")}) : Json();
    if (const Json& list = one.is_null() ? e->value("ablations", Json()) : one; !list.is_null()) {
      if (!list.is_array())
        throw ConfigError(what + ": evidence \"ablations\" is not a list of {id, column}");
      for (const Json& a : list) {
        if (!a.is_object())
          throw ConfigError(what + ": evidence \"ablations\" is not a list of {id, column}");
        c.evidence.ablations.push_back(
            {required_string(a, "id", what), required_string(a, "column", what)});
      }
    }
    if (const auto p = e->find("peer"); p != e->end()) {
      if (!p->is_object() || !p->contains("value"))
        throw ConfigError(what + ": evidence \"peer\" is not {\"value\", \"what\"}");
      c.evidence.peer = field<double>(*p, "value", 0.0, what);
      c.evidence.peer_what = field<std::string>(*p, "what", "", what);
    }
    c.evidence.timing = field<std::string>(*e, "timing", "", what);
  }
  return c;
}

std::string claim_kind_name(ClaimKind k) {
  return k == ClaimKind::correctness_check ? "correctness_check" : "claim";
}

ClaimKind claim_kind_from_name(const std::string& name) {
  if (name == "claim") return ClaimKind::claim;
  if (name == "correctness_check") return ClaimKind::correctness_check;
  throw ConfigError(fmt::format("claim kind '{}' is not one of claim, correctness_check", name));
}

Claim indistinguishable_or(bool holds, double difference, double resolution,
                           std::string resolution_text, std::string id, std::string claim,
                           std::string evidence) {
  Claim c(std::move(id), std::move(claim), holds, std::move(evidence));
  c.resolution = std::move(resolution_text);
  if (std::fabs(difference) < resolution) {
    c.indistinguishable = true;
    c.holds = false;
  }
  return c;
}

Claim tested_claim(std::string id, std::string claim, std::vector<ClaimComparison> comparisons,
                   std::string evidence, ClaimKind kind) {
  const Verdict v = combined_verdict(comparisons);
  std::vector<std::string> parts;
  for (const ClaimComparison& c : comparisons) parts.push_back(comparison_text(c));
  if (!evidence.empty()) evidence += ". ";
  evidence += fmt::format("{}", fmt::join(parts, "; "));
  Claim c(std::move(id), std::move(claim), v == Verdict::holds, std::move(evidence), kind);
  c.indistinguishable = v == Verdict::indistinguishable;
  c.resolution = tests_text(comparisons);
  c.comparisons = std::move(comparisons);
  return c;
}

Claim correctness_check(std::string id, std::string claim, bool holds, std::string evidence) {
  return Claim(std::move(id), std::move(claim), holds, std::move(evidence),
               ClaimKind::correctness_check);
}

// "holds" stays in the file (true only for the verdict holds) so readers that predate "verdict"
// keep working; "resolution" appears only when set.
Json claim_to_json(const Claim& c) {
  Json j = {{"id", c.id},
            {"claim", c.claim},
            {"verdict", verdict_name(c.verdict())},
            {"holds", c.verdict() == Verdict::holds},
            {"kind", claim_kind_name(c.kind)},
            {"evidence", c.evidence}};
  if (!c.resolution.empty()) j["resolution"] = c.resolution;
  if (!c.comparisons.empty()) {
    j["comparisons"] = Json::array();
    for (const ClaimComparison& x : c.comparisons)
      j["comparisons"].push_back(comparison_to_json(x));
  }
  return j;
}

// Files written before "verdict" existed have only "holds"; both present must agree.
Claim claim_from_json(const Json& j) {
  if (!j.is_object()) throw ConfigError("claim is not a JSON object");
  Claim c;
  c.claim = required_string(j, "claim", "claim");
  const std::string what = fmt::format("claim '{}'", c.claim);
  c.id = field<std::string>(j, "id", "", what);
  c.holds = field<bool>(j, "holds", false, what);
  c.evidence = field<std::string>(j, "evidence", "", what);
  c.resolution = field<std::string>(j, "resolution", "", what);
  try {
    c.kind = claim_kind_from_name(field<std::string>(j, "kind", "claim", what));
    const std::string verdict = field<std::string>(j, "verdict", "", what);
    if (!verdict.empty()) {
      const Verdict v = verdict_from_name(verdict);
      if (j.contains("holds") && j["holds"].is_boolean() && c.holds != (v == Verdict::holds))
        throw ConfigError(fmt::format("'holds' {} contradicts verdict '{}'", c.holds, verdict));
      c.holds = v == Verdict::holds;
      c.indistinguishable = v == Verdict::indistinguishable;
    }
    // A tested claim's verdict follows from its comparisons; a file saying otherwise was edited.
    for (const auto& x : j.value("comparisons", Json::array()))
      c.comparisons.push_back(comparison_from_json(x));
    if (!c.comparisons.empty() && combined_verdict(c.comparisons) != c.verdict())
      throw ConfigError(fmt::format("verdict '{}' contradicts its comparisons ('{}')",
                                    verdict_name(c.verdict()),
                                    verdict_name(combined_verdict(c.comparisons))));
  } catch (const ConfigError& e) {
    throw ConfigError(fmt::format("{}: {}", what, e.what()));
  }
  return c;
}

Json trace_to_json(const std::vector<TracePoint>& trace) {
  Json out = Json::array();
  for (const auto& p : trace) {
    Json values = Json::object();
    for (const auto& [name, v] : p.values) values[name] = finite_or_null(v);
    out.push_back({{"iteration", p.iteration}, {"seconds", p.seconds}, {"values", values}});
  }
  return out;
}

Json read_result_file(const fs::path& path) {
  std::ifstream in(path);
  if (!in) throw DataError(path.string(), 0, "cannot open result file");
  Json doc;
  try {
    doc = Json::parse(in);
  } catch (const Json::exception& e) {  // a syntax error, or a number out of range (1e600)
    throw DataError(path.string(), 0, fmt::format("not valid JSON: {}", e.what()));
  }
  // A foreign JSON file may have any shape: look at "schema" without typed access that throws.
  const std::string schema =
      doc.is_object() && doc.contains("schema") && doc["schema"].is_string()
          ? doc["schema"].get<std::string>()
          : (doc.is_object() && doc.contains("schema") ? doc["schema"].dump() : std::string());
  if (schema != kResultSchema)
    throw DataError(path.string(), 0,
                    fmt::format("not a linrepro result file (schema '{}', expected '{}')", schema,
                                kResultSchema));
  return doc;
}

std::vector<Cell> result_cells(const Json& doc) {
  std::vector<Cell> cells;
  for (const auto& c : doc.value("cells", Json::array())) cells.push_back(cell_from_json(c));
  return cells;
}

std::vector<Claim> result_claims(const Json& doc) {
  std::vector<Claim> claims;
  for (const auto& c : doc.value("claims", Json::array())) claims.push_back(claim_from_json(c));
  return claims;
}

}  // namespace linrepro
