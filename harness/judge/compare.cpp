#include "harness/judge/compare.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <set>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/statistics.h"
#include "harness/experiment/cell_matching.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/judge/cell_cause.h"
#include "harness/judge/status_table.h"
#include "harness/results/run_journal.h"

namespace linrepro {
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

// The rows of the ablations a cell's evidence names (same paper), each in its named column.
std::vector<AblationReading> ablation_readings(const std::vector<ProducedExperiment>& experiments,
                                               const std::string& paper, const CellEvidence& e) {
  std::vector<AblationReading> out;
  for (const CellEvidence::AblationRef& named : e.ablations)
    for (const ProducedExperiment& x : experiments) {
      if (x.paper != paper) continue;
      for (const Ablation& a : x.ablations) {
        if (a.id != named.id) continue;
        const auto col = std::find(a.columns.begin(), a.columns.end(), named.column);
        if (col == a.columns.end()) continue;
        const auto j = static_cast<size_t>(col - a.columns.begin());
        for (const AblationRow& r : a.rows)
          if (!r.reference && j < r.values.size() && r.values[j])
            out.push_back({a.id, r.variant, *r.values[j], r.chosen, r.allowed});
      }
    }
  return out;
}

// The claim counts of Comparison::counts, by verdict.
std::string claim_count_key(const std::string& verdict) {
  if (verdict == "holds") return "claims_hold";
  if (verdict == "does_not_hold") return "claims_do_not_hold";
  if (verdict == "indistinguishable") return "claims_indistinguishable";
  return "claims_not_checked";
}

// Published values are decimals; 1e-9 relative slack keeps "1.2 ± 0.5 vs 1.7" within.
bool within_tolerance(double published, double reproduced, double tolerance) {
  const double slack = 1e-9 * std::max(1.0, std::abs(published));
  return std::abs(reproduced - published) <= tolerance + slack;
}

std::string first_nonempty(std::initializer_list<std::string> texts, std::string fallback) {
  for (const auto& t : texts)
    if (!t.empty()) return t;
  return fallback;
}

// An input is a setting, not a result: the question is only whether our configuration used it.
CellVerdict judge_input(const PublishedCell& published, const Cell* produced) {
  if (!produced)
    return {"input", std::nullopt, "not produced: no experiment reported this setting"};
  if (produced->status != "ok")
    return {"input", std::nullopt,
            first_nonempty({produced->note}, fmt::format("not produced ({})", produced->status))};
  if (!std::isfinite(produced->value))
    return {"input", std::nullopt, "differs from the configuration (not a finite number)"};
  const bool same = within_tolerance(published.value, produced->value, published.tolerance);
  return {"input", produced->value - published.value,
          same ? "matches the configuration" : "differs from the configuration"};
}

}  // namespace

const std::vector<std::string>& cell_statuses() {
  static const std::vector<std::string> statuses = {"input", "within", "outside", "not_run",
                                                    "data_unavailable"};
  return statuses;
}

CellVerdict judge_cell(const PublishedCell& published, const Cell* produced) {
  if (published.kind == "input") return judge_input(published, produced);
  if (!produced)
    return {"not_run", std::nullopt,
            published.experiment.empty()
                ? std::string("no experiment produced this cell")
                : fmt::format("no result of {} holds this cell (run it)", published.experiment)};
  if (produced->status == "data_unavailable")
    return {"data_unavailable", std::nullopt, first_nonempty({produced->note}, "data unavailable")};
  if (produced->status == "not_run")
    return {"not_run", std::nullopt,
            first_nonempty({produced->note}, "the experiment did not run it")};
  if (!std::isfinite(produced->value))
    return {"outside", std::nullopt,
            first_nonempty({produced->note}, "the reproduced value is not a finite number")};
  const double delta = produced->value - published.value;
  if (within_tolerance(published.value, produced->value, published.tolerance))
    return {"within", delta, produced->note};
  return {"outside", delta,
          first_nonempty({produced->note, published.note}, "cause not yet explained")};
}

std::map<std::string, int> Comparison::counts(const std::string& paper) const {
  std::map<std::string, int> n;
  for (const auto& s : cell_statuses()) n[s] = 0;
  for (const char* key : {"duplicates", "claims_tested", "claims_hold", "claims_do_not_hold",
                          "claims_indistinguishable", "claims_not_checked", "correctness_checks",
                          "correctness_checks_failed", "within_within_noise", "within_beyond_noise",
                          "outside_within_noise", "outside_beyond_noise", "outside_measured",
                          "outside_statistical", "outside_unexplained"})
    n[key] = 0;
  for (const auto& c : cells) {
    if (c.paper != paper) continue;
    ++n[c.duplicate_of.empty() ? c.status : "duplicates"];
    if (c.duplicate_of.empty() && !c.cause.empty()) ++n["outside_" + c.cause];
    if (c.duplicate_of.empty() && !c.noise.empty())
      ++n[c.status + (c.noise == "inside" ? "_within_noise" : "_beyond_noise")];
  }
  for (const auto& c : claims) {
    if (c.paper != paper || !c.part_of.empty()) continue;
    if (c.kind == "correctness_check") {
      ++n["correctness_checks"];
      n["correctness_checks_failed"] += c.verdict != "holds";
    } else {
      ++n[claim_count_key(c.verdict)];
      n["claims_tested"] += c.tested;
    }
  }
  return n;
}

std::map<std::string, int> experiment_cell_counts(const PublishedPaper& paper,
                                                  const std::vector<Cell>& cells) {
  std::map<std::string, int> n;
  for (const auto& s : cell_statuses()) n[s] = 0;
  n["unmatched"] = 0;
  for (const auto& cell : cells) {
    const PublishedCell* p = find_published_cell(paper, cell.table, cell.row, cell.column);
    if (!p)
      ++n["unmatched"];
    else if (p->duplicate_of.empty())
      ++n[judge_cell(*p, &cell).status];
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Building

namespace {

struct ProducedCell {
  Cell cell;
  std::string experiment;
  fs::path file;
};

// Result files directly in results/<paper>/ (fast/, figures/, tables/ are subfolders: skipped).
// Not papers: published/ (the papers' numbers) and bench/ (make bench's Google Benchmark files).
std::vector<fs::path> result_files(const fs::path& results_dir) {
  std::vector<fs::path> files;
  if (!fs::is_directory(results_dir)) return files;
  for (const auto& dir : fs::directory_iterator(results_dir)) {
    const std::string name = dir.path().filename().string();
    if (!dir.is_directory() || name == "published" || name == "bench" || name.starts_with("."))
      continue;
    for (const auto& f : fs::directory_iterator(dir.path()))
      if (f.is_regular_file() && f.path().extension() == ".json") files.push_back(f.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

struct ProducedClaim {
  std::string paper;
  Claim claim;
  std::string experiment;
  fs::path file;
};

// A published claim checked in parts (PublishedClaim::checked_by): it does not hold when any part
// does not, holds when every part holds, is indistinguishable when the others hold and the rest
// are, and stays not_checked while a part is missing and none failed. The parts keep their own
// entries in the report; the evidence here names their verdicts.
void judge_by_parts(const PublishedClaim& pc, const std::string& paper,
                    const std::vector<ProducedClaim>& produced, ComparedClaim& c) {
  std::vector<std::string> verdicts;
  bool any_fails = false, any_missing = false, any_tie = false, all_tested = true;
  for (const auto& id : pc.checked_by) {
    const auto it = std::find_if(produced.begin(), produced.end(), [&](const ProducedClaim& p) {
      return p.paper == paper && p.claim.id == id;
    });
    if (it == produced.end()) {
      any_missing = true;
      verdicts.push_back(fmt::format("{}: not checked", id));
      continue;
    }
    const Verdict v = it->claim.verdict();
    all_tested = all_tested && !it->claim.comparisons.empty();
    any_fails = any_fails || v == Verdict::does_not_hold;
    any_tie = any_tie || v == Verdict::indistinguishable;
    verdicts.push_back(fmt::format("{}: {}", id, verdict_name(v)));
  }
  c.verdict = any_fails     ? "does_not_hold"
              : any_missing ? "not_checked"
              : any_tie     ? "indistinguishable"
                            : "holds";
  c.evidence = fmt::format("checked in parts (each listed below): {}", fmt::join(verdicts, "; "));
  c.tested = !any_missing && all_tested;
}

// Every claim needs an id, unique within its paper: the id is how the published claim, the README
// and the report name it (two claims under one id once showed opposite verdicts as one).
void check_claim_ids(const std::vector<PublishedPaper>& papers,
                     const std::vector<ProducedClaim>& produced) {
  std::map<std::pair<std::string, std::string>, const ProducedClaim*> seen;
  for (const auto& p : produced) {
    if (p.claim.id.empty())
      throw DataError(p.file.string(), 0,
                      fmt::format("claim '{}' has an empty id; every claim needs an id unique "
                                  "within its paper",
                                  p.claim.claim));
    const auto [it, inserted] = seen.emplace(std::pair{p.paper, p.claim.id}, &p);
    if (!inserted)
      throw DataError(p.file.string(), 0,
                      fmt::format("claim id '{}' is also used by {} (paper {}); claim ids must be "
                                  "unique within a paper",
                                  p.claim.id, it->second->file.string(), p.paper));
  }
  for (const auto& paper : papers) {
    std::set<std::string> ids;
    for (const auto& pc : paper.claims) {
      if (pc.id.empty())
        throw DataError(paper.file.string(), 0,
                        fmt::format("claim '{}' has an empty id", pc.claim));
      if (!ids.insert(pc.id).second)
        throw DataError(paper.file.string(), 0, fmt::format("claim id '{}' appears twice", pc.id));
    }
  }
}

ComparedClaim compared_from(const ProducedClaim& p) {
  ComparedClaim c;
  c.paper = p.paper;
  c.id = p.claim.id;
  c.claim = p.claim.claim;
  c.verdict = verdict_name(p.claim.verdict());
  c.kind = claim_kind_name(p.claim.kind);
  c.resolution = p.claim.resolution;
  c.comparisons = p.claim.comparisons;
  c.tested = !c.comparisons.empty();
  c.evidence = p.claim.evidence;
  c.experiment = p.experiment;
  return c;
}

// A produced cell with no published value, with the reason its paper's own_cells gives for it
// (or an extra solver's note). Throws DataError naming the result file for any other: a cell the
// experiment's run would now refuse (harness/experiment/cell_matching.h), from an older program or
// misspelt.
UnmatchedCell own_cell(const std::vector<PublishedPaper>& papers, const std::string& paper_id,
                       const ProducedCell& prod) {
  UnmatchedCell u{paper_id, prod.experiment, prod.cell, ""};
  const Cell& c = prod.cell;
  if (extra_solver_cell(c)) {
    u.why = kExtraSolverNote;
    return u;
  }
  for (const auto& paper : papers) {
    if (paper.paper != paper_id) continue;
    const OwnCells* o = find_own_cells(paper, prod.experiment, c.table, c.row, c.column);
    if (!o)
      throw DataError(prod.file.string(), 0,
                      fmt::format("cell ({} / {} / {}) is neither a cell of {} nor declared in its "
                                  "own_cells: re-run the experiment, or declare the cell there "
                                  "with the reason",
                                  c.table, c.row, c.column, paper.file.string()));
    u.why = o->why;
  }
  return u;
}

// The cell's evidence with the paper's own threshold-free value of the method looked up where the
// cell names one (CellEvidence::threshold_free_paper); a name the published file lacks is an error
// of the result file.
CellEvidence with_paper_threshold_free(const PublishedPaper& paper, const PublishedCell& p,
                                       const ProducedCell& prod) {
  CellEvidence evidence = prod.cell.evidence;
  const auto& r = evidence.threshold_free_paper;
  if (!r) return evidence;
  for (const auto& q : paper.cells)
    if (q.table == r->table && q.row == r->row && q.column == r->column) {
      evidence.threshold_free_published = q.value;
      evidence.threshold_free_tolerance = q.tolerance;
    }
  if (!evidence.threshold_free_published)
    throw DataError(
        prod.file.string(), 0,
        fmt::format("cell ({} / {} / {}) compares its threshold-free value with the "
                    "published cell ({} / {} / {}), which {}'s published values do "
                    "not have",
                    p.table, p.row, p.column, r->table, r->row, r->column, paper.paper));
  return evidence;
}

// One published cell against the cell produced for it (if any): its verdict, interval and, when
// outside, its cause.
ComparedCell compared_cell(const PublishedPaper& paper, const PublishedCell& p,
                           const ProducedCell* prod,
                           const std::vector<ProducedExperiment>& experiments) {
  const CellVerdict v = judge_cell(p, prod ? &prod->cell : nullptr);
  ComparedCell c;
  c.paper = paper.paper;
  c.table = p.table;
  c.row = p.row;
  c.column = p.column;
  c.unit = p.unit;
  c.published = p.value;
  if (prod && prod->cell.status == "ok" && std::isfinite(prod->cell.value))
    c.reproduced = prod->cell.value;
  c.delta = v.delta;
  c.tolerance = p.tolerance;
  c.status = v.status;
  c.reason = v.reason;
  c.experiment = prod ? prod->experiment : "";
  c.duplicate_of = p.duplicate_of;
  if (prod && (c.status == "within" || c.status == "outside") && prod->cell.evidence.interval_lo &&
      prod->cell.evidence.interval_hi) {
    c.interval_lo = prod->cell.evidence.interval_lo;
    c.interval_hi = prod->cell.evidence.interval_hi;
    c.interval_method = prod->cell.evidence.interval_method;
    c.noise = p.value >= *c.interval_lo && p.value <= *c.interval_hi ? "inside" : "beyond";
  }
  const CellEvidence evidence = prod ? with_paper_threshold_free(paper, p, *prod) : CellEvidence{};
  if (prod && c.status == "outside" && !std::isfinite(prod->cell.value)) {
    c.cause = "unexplained";
    c.cause_evidence = "the reproduced value is not a finite number";
  } else if (prod && c.status == "outside") {
    const CellCause cause =
        cell_cause(p.value, prod->cell.value, p.tolerance, evidence,
                   ablation_readings(experiments, paper.paper, prod->cell.evidence));
    c.cause = cause.category;
    c.cause_by = cause.by;
    c.cause_evidence = cause.evidence;
  }
  return c;
}

// The observations of each published table over its compared cells of each unit, repeats left
// out.
std::vector<TableObservation> table_observations(const std::vector<ComparedCell>& cells) {
  std::vector<TableObservation> out;
  std::map<std::tuple<std::string, std::string, std::string>, std::vector<double>> deltas;
  for (const ComparedCell& c : cells) {
    if (!c.duplicate_of.empty() || (c.status != "within" && c.status != "outside") || !c.delta ||
        !std::isfinite(*c.delta))
      continue;
    auto& d = deltas[{c.paper, c.table, c.unit}];
    if (d.empty()) out.push_back({c.paper, c.table, c.unit});
    d.push_back(*c.delta);
    TableObservation& t = *std::find_if(out.begin(), out.end(), [&](const TableObservation& x) {
      return x.paper == c.paper && x.table == c.table && x.unit == c.unit;
    });
    ++t.cells;
    t.with_interval += !c.noise.empty();
    t.beyond += c.noise == "beyond";
  }
  for (TableObservation& t : out) {
    const std::vector<double>& d = deltas.at({t.paper, t.table, t.unit});
    t.median_delta = median(d);
    t.min_delta = *std::min_element(d.begin(), d.end());
    t.max_delta = *std::max_element(d.begin(), d.end());
  }
  return out;
}

// What the report says of one result file's experiment: its texts, commit, run counts and
// ablations (DataError naming the file for an ablation it cannot read).
ProducedExperiment produced_experiment(const Json& doc, const fs::path& file,
                                       const fs::path& results_dir) {
  ProducedExperiment exp;
  exp.paper = doc.value("paper", "");
  exp.experiment = doc.value("experiment", "");
  exp.description = doc.value("description", "");
  exp.file = fs::relative(file, results_dir);
  const Json env = doc.value("environment", Json::object());
  exp.git_commit = env.value("git_commit", Json(nullptr));
  exp.git_dirty = env.value("git_dirty", Json(nullptr));
  exp.created_at = env.value("created_at", "");
  for (const auto& r : doc.value("runs", Json::array())) {
    ++exp.runs;
    const std::string status = r.value("status", "ok");
    exp.failed_runs += status == "failed";
    exp.unavailable_runs += status == "data_unavailable";
  }
  try {
    for (const auto& a : doc.value("ablations", Json::array()))
      exp.ablations.push_back(ablation_from_json(a));
  } catch (const ConfigError& e) {
    throw DataError(file.string(), 0, e.what());
  }
  return exp;
}

// The cells and claims of one result file added to those of the files before it (DataError
// naming the file for a cell another experiment produces too, or one it cannot read).
void add_produced(const Json& doc, const fs::path& file, const ProducedExperiment& exp,
                  std::map<CellKey, ProducedCell>& produced,
                  std::vector<ProducedClaim>& produced_claims) {
  std::vector<Cell> cells;
  std::vector<Claim> claims;
  try {
    cells = result_cells(doc);
    claims = result_claims(doc);
  } catch (const ConfigError& e) {
    throw DataError(file.string(), 0, e.what());
  }
  for (auto& cell : cells) {
    CellKey key{exp.paper, cell.table, cell.row, cell.column};
    const auto [it, inserted] = produced.emplace(key, ProducedCell{cell, exp.experiment, file});
    if (!inserted)
      throw DataError(file.string(), 0,
                      fmt::format("cell ({} / {} / {}) is also produced by {}; each cell must "
                                  "come from one experiment",
                                  cell.table, cell.row, cell.column, it->second.file.string()));
  }
  for (auto& claim : claims)
    produced_claims.push_back({exp.paper, std::move(claim), exp.experiment, file});
}

// The claims of `out`: the published ones first (checked or not), joined on id, then those only
// an experiment states (the parts of a published claim among them).
void compare_claims(Comparison& out, const std::vector<ProducedClaim>& produced_claims) {
  check_claim_ids(out.papers, produced_claims);
  std::vector<bool> used(produced_claims.size(), false);
  std::map<std::pair<std::string, std::string>, std::string> part_of;  // (paper, id) -> claim
  for (const auto& paper : out.papers) {
    for (const auto& pc : paper.claims) {
      for (const auto& part : pc.checked_by) part_of[{paper.paper, part}] = pc.id;
      ComparedClaim c;
      for (size_t i = 0; i < produced_claims.size(); ++i) {
        const auto& p = produced_claims[i];
        if (p.paper != paper.paper || p.claim.id != pc.id) continue;
        used[i] = true;
        c = compared_from(p);
        break;
      }
      c.paper = paper.paper;
      c.id = pc.id;
      c.claim = pc.claim;
      c.where = pc.where;
      if (c.experiment.empty() && !pc.checked_by.empty())
        judge_by_parts(pc, paper.paper, produced_claims, c);
      out.claims.push_back(std::move(c));
    }
  }
  for (size_t i = 0; i < produced_claims.size(); ++i) {
    if (used[i]) continue;
    ComparedClaim c = compared_from(produced_claims[i]);
    if (const auto it = part_of.find({c.paper, c.id}); it != part_of.end()) c.part_of = it->second;
    out.claims.push_back(std::move(c));
  }
}

}  // namespace

Comparison build_comparison(const fs::path& results_dir) {
  Comparison out;
  out.papers = load_all_published(results_dir / "published");

  std::map<CellKey, ProducedCell> produced;
  std::vector<ProducedClaim> produced_claims;
  for (const auto& file : result_files(results_dir)) {
    Json doc;
    try {
      doc = read_result_file(file);
    } catch (const DataError& e) {
      std::cerr << fmt::format("compare: skipping {}\n", e.what());
      continue;
    }
    // A writer stopped before it folded its finished runs in (harness/results/run_journal.h): the
    // file's cells are those of its last complete run, which the report shows; say how to bring
    // them in.
    if (fs::exists(journal_dir(file)))
      std::cerr << fmt::format(
          "compare: {} has runs in {} that are not in the file yet (a run was interrupted): "
          "`linrepro run {}/{}` folds them in without recomputing them\n",
          file.string(), journal_dir(file).filename().string(), doc.value("paper", ""),
          doc.value("experiment", ""));
    const ProducedExperiment exp = produced_experiment(doc, file, results_dir);
    out.experiments.push_back(exp);

    add_produced(doc, file, exp, produced, produced_claims);
  }

  // Published cells, in the order the published files list them.
  std::set<CellKey> matched;
  for (const auto& paper : out.papers) {
    for (const auto& p : paper.cells) {
      const CellKey key{paper.paper, p.table, p.row, p.column};
      const auto it = produced.find(key);
      const ProducedCell* prod = it == produced.end() ? nullptr : &it->second;
      if (prod) matched.insert(key);
      out.cells.push_back(compared_cell(paper, p, prod, out.experiments));
    }
  }
  out.tables = table_observations(out.cells);
  for (const auto& [key, prod] : produced)
    if (!matched.contains(key))
      out.unmatched.push_back(own_cell(out.papers, std::get<0>(key), prod));

  compare_claims(out, produced_claims);
  return out;
}

// ---------------------------------------------------------------------------------------------
// comparison.json

namespace {

Json optional_number(const std::optional<double>& x) { return x ? Json(*x) : Json(nullptr); }

}  // namespace

std::vector<std::string> Comparison::paper_order() const {
  const Comparison& c = *this;
  std::set<std::string> present;
  for (const auto& p : c.papers) present.insert(p.paper);
  for (const auto& e : c.experiments) present.insert(e.paper);
  // By id (the README status table's order): no list of papers to keep in step.
  return {present.begin(), present.end()};
}

namespace {

// One compared cell in comparison.json.
Json compared_cell_json(const ComparedCell& x) {
  Json cell = {{"paper", x.paper},
               {"table", x.table},
               {"row", x.row},
               {"column", x.column},
               {"unit", x.unit},
               {"published", x.published},
               {"reproduced", optional_number(x.reproduced)},
               {"delta", optional_number(x.delta)},
               {"tolerance", x.tolerance},
               {"status", x.status},
               {"reason", x.reason},
               {"experiment", x.experiment.empty() ? Json(nullptr) : Json(x.experiment)}};
  if (!x.duplicate_of.empty()) cell["duplicate_of"] = x.duplicate_of;
  if (!x.cause.empty()) {
    cell["cause"] = {{"category", x.cause}, {"evidence", x.cause_evidence}};
    if (!x.cause_by.empty()) cell["cause"]["by"] = x.cause_by;
  }
  if (!x.noise.empty()) {
    cell["noise"] = x.noise;
    cell["interval"] = {*x.interval_lo, *x.interval_hi};
    cell["interval_method"] = x.interval_method;
  }
  return cell;
}

// One compared claim in comparison.json.
Json compared_claim_json(const ComparedClaim& x) {
  // "holds" as before "verdict" existed: null when nobody checked the claim.
  Json claim = {{"paper", x.paper},
                {"id", x.id},
                {"claim", x.claim},
                {"where", x.where},
                {"verdict", x.verdict},
                {"holds", x.verdict == "not_checked" ? Json(nullptr) : Json(x.verdict == "holds")},
                {"kind", x.kind},
                {"evidence", x.evidence},
                {"experiment", x.experiment.empty() ? Json(nullptr) : Json(x.experiment)}};
  if (!x.resolution.empty()) claim["resolution"] = x.resolution;
  if (!x.part_of.empty()) claim["part_of"] = x.part_of;
  claim["tested"] = x.tested;
  if (!x.comparisons.empty()) {
    claim["comparisons"] = Json::array();
    for (const ClaimComparison& k : x.comparisons)
      claim["comparisons"].push_back(comparison_to_json(k));
  }
  return claim;
}

}  // namespace

Json comparison_to_json(const Comparison& c) {
  Json summary = Json::object();
  for (const auto& paper : c.paper_order()) summary[paper] = c.counts(paper);
  Json cells = Json::array();
  for (const auto& x : c.cells) {
    cells.push_back(compared_cell_json(x));
  }
  Json unmatched = Json::array();
  for (const auto& u : c.unmatched) {
    Json cell = cell_to_json(u.cell);
    cell["paper"] = u.paper;
    cell["experiment"] = u.experiment;
    cell["why"] = u.why;
    unmatched.push_back(cell);
  }
  Json claims = Json::array();
  for (const auto& x : c.claims) {
    claims.push_back(compared_claim_json(x));
  }
  Json ablations = Json::array();
  for (const auto& e : c.experiments)
    for (const Ablation& a : e.ablations) {
      Json j = ablation_to_json(a);
      j["paper"] = e.paper;
      j["experiment"] = e.experiment;
      ablations.push_back(std::move(j));
    }
  Json tables = Json::array();
  for (const TableObservation& t : c.tables)
    tables.push_back({{"paper", t.paper},
                      {"table", t.table},
                      {"unit", t.unit},
                      {"cells", t.cells},
                      {"with_interval", t.with_interval},
                      {"beyond", t.beyond},
                      {"expected_beyond", t.expected_beyond()},
                      {"median_delta", t.median_delta},
                      {"min_delta", t.min_delta},
                      {"max_delta", t.max_delta}});
  return {{"schema", "linrepro-comparison/1"},
          {"summary", summary},
          {"cells", cells},
          {"tables", tables},
          {"unmatched", unmatched},
          {"claims", claims},
          {"ablations", ablations}};
}

Comparison compare_results(const fs::path& results_dir, const fs::path& readme) {
  Comparison c = build_comparison(results_dir);
  const Json doc = comparison_to_json(c);
  write_file_atomic(results_dir / "comparison.json", doc.dump(2) + "\n");
  // Each ablation as a table of its own beside the paper's other tables; written before
  // REPORT.md, whose list of each paper's tables must already hold them.
  for (const auto& e : c.experiments)
    for (const Ablation& a : e.ablations)
      write_file_atomic(results_dir / e.paper / "tables" / ("ablation_" + a.id + ".md"),
                        ablation_markdown(a));
  write_file_atomic(results_dir / "REPORT.md", render_report(c, results_dir));
  if (!readme.empty()) update_status_table(readme, doc);
  return c;
}

std::map<CellKey, std::string> load_comparison_statuses(const fs::path& comparison_json) {
  std::map<CellKey, std::string> statuses;
  if (!fs::exists(comparison_json)) return statuses;
  std::ifstream in(comparison_json);
  Json doc;
  try {
    doc = Json::parse(in);
  } catch (const Json::parse_error& e) {
    throw DataError(comparison_json.string(), 0, fmt::format("not valid JSON: {}", e.what()));
  }
  for (const auto& c : doc.value("cells", Json::array()))
    statuses[{c.value("paper", ""), c.value("table", ""), c.value("row", ""),
              c.value("column", "")}] = c.value("status", "");
  return statuses;
}

}  // namespace linrepro
