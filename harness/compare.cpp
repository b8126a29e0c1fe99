#include "harness/compare.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <set>

#include "core/atomic_file.h"
#include "core/error.h"
#include "harness/status_table.h"

namespace linrepro {
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

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
  if (!produced) return {"not_run", std::nullopt, "no experiment produced this cell"};
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
  for (const char* key :
       {"duplicates", "claims_hold", "claims_do_not_hold", "claims_indistinguishable",
        "claims_not_checked", "correctness_checks", "correctness_checks_failed"})
    n[key] = 0;
  for (const auto& c : cells)
    if (c.paper == paper) ++n[c.duplicate_of.empty() ? c.status : "duplicates"];
  for (const auto& c : claims) {
    if (c.paper != paper || !c.part_of.empty()) continue;
    if (c.kind == "correctness_check") {
      ++n["correctness_checks"];
      n["correctness_checks_failed"] += c.verdict != "holds";
    } else {
      ++n[claim_count_key(c.verdict)];
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
std::vector<fs::path> result_files(const fs::path& results_dir) {
  std::vector<fs::path> files;
  if (!fs::is_directory(results_dir)) return files;
  for (const auto& dir : fs::directory_iterator(results_dir)) {
    const std::string name = dir.path().filename().string();
    if (!dir.is_directory() || name == "published" || name.starts_with(".")) continue;
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
  bool any_fails = false, any_missing = false, any_tie = false;
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
    any_fails = any_fails || v == Verdict::does_not_hold;
    any_tie = any_tie || v == Verdict::indistinguishable;
    verdicts.push_back(fmt::format("{}: {}", id, verdict_name(v)));
  }
  c.verdict = any_fails     ? "does_not_hold"
              : any_missing ? "not_checked"
              : any_tie     ? "indistinguishable"
                            : "holds";
  c.evidence = fmt::format("checked in parts (each listed below): {}", fmt::join(verdicts, "; "));
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
  c.evidence = p.claim.evidence;
  c.experiment = p.experiment;
  return c;
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
    out.experiments.push_back(exp);

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
        throw DataError(
            file.string(), 0,
            fmt::format("cell ({} / {} / {}) is also produced by {}; each cell must come "
                        "from one experiment",
                        cell.table, cell.row, cell.column, it->second.file.string()));
    }
    for (auto& claim : claims)
      produced_claims.push_back({exp.paper, std::move(claim), exp.experiment, file});
  }

  // Published cells, in the order the published files list them.
  std::set<CellKey> matched;
  for (const auto& paper : out.papers) {
    for (const auto& p : paper.cells) {
      const CellKey key{paper.paper, p.table, p.row, p.column};
      const auto it = produced.find(key);
      const ProducedCell* prod = it == produced.end() ? nullptr : &it->second;
      if (prod) matched.insert(key);
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
      out.cells.push_back(std::move(c));
    }
  }
  for (const auto& [key, prod] : produced)
    if (!matched.contains(key))
      out.unmatched.push_back({std::get<0>(key), prod.experiment, prod.cell});

  // Claims: the published ones first (checked or not), joined on id, then those only an
  // experiment states (the parts of a published claim among them).
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
  return out;
}

// ---------------------------------------------------------------------------------------------
// comparison.json

namespace {

Json optional_number(const std::optional<double>& x) { return x ? Json(*x) : Json(nullptr); }

std::vector<std::string> all_papers(const Comparison& c) {
  std::set<std::string> present;
  for (const auto& p : c.papers) present.insert(p.paper);
  for (const auto& e : c.experiments) present.insert(e.paper);
  std::vector<std::string> papers;
  for (const auto& id : paper_ids())  // the canonical order first, then anything else
    if (present.erase(id)) papers.push_back(id);
  papers.insert(papers.end(), present.begin(), present.end());
  return papers;
}

}  // namespace

Json comparison_to_json(const Comparison& c) {
  Json summary = Json::object();
  for (const auto& paper : all_papers(c)) summary[paper] = c.counts(paper);
  Json cells = Json::array();
  for (const auto& x : c.cells) {
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
    cells.push_back(std::move(cell));
  }
  Json unmatched = Json::array();
  for (const auto& u : c.unmatched) {
    Json cell = cell_to_json(u.cell);
    cell["paper"] = u.paper;
    cell["experiment"] = u.experiment;
    unmatched.push_back(cell);
  }
  Json claims = Json::array();
  for (const auto& x : c.claims) {
    // "holds" as before "verdict" existed: null when nobody checked the claim.
    Json claim = {
        {"paper", x.paper},
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
    claims.push_back(std::move(claim));
  }
  return {{"schema", "linrepro-comparison/1"},
          {"summary", summary},
          {"cells", cells},
          {"unmatched", unmatched},
          {"claims", claims}};
}

// ---------------------------------------------------------------------------------------------
// REPORT.md

namespace {

// Four significant digits without exponents for everyday magnitudes.
std::string format_number(double x, bool sign = false) {
  if (!std::isfinite(x)) return fmt::format("{}", x);
  const double a = std::abs(x);
  if (a != 0 && (a < 1e-3 || a >= 1e6))
    return sign ? fmt::format("{:+.3e}", x) : fmt::format("{:.3e}", x);
  const int decimals = a == 0 ? 0 : std::max(0, 3 - static_cast<int>(std::floor(std::log10(a))));
  return sign ? fmt::format("{:+.{}f}", x, decimals) : fmt::format("{:.{}f}", x, decimals);
}

std::string with_unit(const std::string& number, const std::string& unit) {
  return unit.empty() ? number : fmt::format("{} {}", number, unit);
}

// Markdown table cells must not contain a bare '|' or a newline.
std::string md(std::string s) {
  std::string out;
  for (char ch : s) {
    if (ch == '|')
      out += "\\|";
    else if (ch == '\n')
      out += ' ';
    else
      out += ch;
  }
  return out;
}

std::vector<std::string> files_in(const fs::path& dir, const std::string& extension) {
  std::vector<std::string> names;
  if (!fs::is_directory(dir)) return names;
  for (const auto& f : fs::directory_iterator(dir))
    if (f.is_regular_file() && f.path().extension() == extension)
      names.push_back(f.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// "figure6.png", "figure6_reuters.png" and "figure6-a.png" belong to artifact "figure6";
// "figure60.png" does not.
bool belongs_to(const std::string& filename, const std::string& artifact) {
  const std::string stem = fs::path(filename).stem().string();
  if (stem == artifact) return true;
  return stem.size() > artifact.size() && stem.starts_with(artifact) &&
         (stem[artifact.size()] == '_' || stem[artifact.size()] == '-' ||
          stem[artifact.size()] == '.');
}

std::string status_text(const std::string& status) {
  if (status == "not_run") return "not run";
  if (status == "data_unavailable") return "data unavailable";
  return status;
}

std::string verdict_text(const std::string& verdict) {
  if (verdict == "does_not_hold") return "does not hold";
  if (verdict == "not_checked") return "not checked";
  return verdict;
}

std::string kind_text(const ComparedClaim& c) {
  std::string kind = c.kind == "correctness_check" ? "correctness check" : "claim";
  if (!c.part_of.empty()) kind += fmt::format(" (part of `{}`)", c.part_of);
  return kind;
}

// The data-unavailable reasons of one paper, each once, in the order its cells first give them:
// the report prints each reason once, with the list of its cells.
std::vector<std::string> unavailable_reasons(const Comparison& c, const std::string& paper) {
  std::vector<std::string> reasons;
  for (const auto& x : c.cells)
    if (x.paper == paper && x.status == "data_unavailable" &&
        std::find(reasons.begin(), reasons.end(), x.reason) == reasons.end())
      reasons.push_back(x.reason);
  return reasons;
}

// An input whose data is missing carries the data-unavailable reason: it is listed with it.
bool stopped_by(const ComparedCell& x, const std::string& reason) {
  return x.reason == reason &&
         (x.status == "data_unavailable" || (x.status == "input" && !x.reproduced));
}

// The status column of a cell row.
std::string cell_status_text(const ComparedCell& x, const std::vector<std::string>& reasons) {
  std::string text = status_text(x.status);
  const auto i = std::find(reasons.begin(), reasons.end(), x.reason) - reasons.begin();
  const bool unavailable = static_cast<size_t>(i) < reasons.size() && stopped_by(x, x.reason);
  if (x.status == "input")
    text += unavailable ? ": not reported, data unavailable" : fmt::format(": {}", x.reason);
  if (unavailable) text += fmt::format(" ([see {}](#{}-unavailable-{}))", i + 1, x.paper, i + 1);
  if (!x.duplicate_of.empty()) text += fmt::format("; repeats {} (counted there)", x.duplicate_of);
  return md(text);
}

std::string counts_sentence(const std::map<std::string, int>& n) {
  std::string out = fmt::format(
      "Cells: {} input, {} within, {} outside, {} not run, {} data unavailable", n.at("input"),
      n.at("within"), n.at("outside"), n.at("not_run"), n.at("data_unavailable"));
  if (n.at("duplicates"))
    out += fmt::format(" ({} more repeat a number counted once, at its first cell)",
                       n.at("duplicates"));
  out += fmt::format(
      ". Claims: {} hold, {} do not hold, {} indistinguishable, {} not checked; correctness "
      "checks: {} ({} failed).\n",
      n.at("claims_hold"), n.at("claims_do_not_hold"), n.at("claims_indistinguishable"),
      n.at("claims_not_checked"), n.at("correctness_checks"), n.at("correctness_checks_failed"));
  return out;
}

void render_paper(std::string& out, const Comparison& c, const std::string& paper,
                  const fs::path& results_dir) {
  const auto pub = std::find_if(c.papers.begin(), c.papers.end(),
                                [&](const PublishedPaper& p) { return p.paper == paper; });
  out += fmt::format("\n<a id=\"{}\"></a>\n", paper);  // the summary table links here
  out += pub != c.papers.end() ? fmt::format("\n## {}: {}\n\n", paper, pub->title)
                               : fmt::format("\n## {}\n\n", paper);
  if (pub != c.papers.end() && !pub->source.empty())
    out += fmt::format("Source: {}\n\n", pub->source);
  if (pub == c.papers.end())
    out += "No published values (results/published/" + paper + ".json is missing).\n\n";

  out += "Experiments:\n";
  bool any = false;
  for (const auto& e : c.experiments) {
    if (e.paper != paper) continue;
    any = true;
    const std::string commit = e.git_commit.is_string()
                                   ? e.git_commit.get<std::string>().substr(0, 12)
                                   : std::string("unknown");
    const std::string dirty = e.git_dirty.is_boolean() && e.git_dirty.get<bool>() ? " (dirty)" : "";
    out += fmt::format("- `{}`: {} ({} run{}", e.experiment, e.description, e.runs,
                       e.runs == 1 ? "" : "s");
    if (e.failed_runs) out += fmt::format(", {} failed", e.failed_runs);
    if (e.unavailable_runs) out += fmt::format(", {} without data", e.unavailable_runs);
    out += fmt::format("; commit {}{}, {}) [{}]({})\n", commit, dirty, e.created_at,
                       e.file.filename().string(), e.file.generic_string());
  }
  if (!any) out += "- none has run yet\n";

  out += "\n" + counts_sentence(c.counts(paper));
  const auto reasons = unavailable_reasons(c, paper);

  const auto figures = files_in(results_dir / paper / "figures", ".png");
  const auto tables = files_in(results_dir / paper / "tables", ".md");
  std::vector<bool> figure_used(figures.size(), false), table_used(tables.size(), false);

  std::vector<std::string> artifacts;  // table/figure ids in published order
  for (const auto& x : c.cells)
    if (x.paper == paper &&
        std::find(artifacts.begin(), artifacts.end(), x.table) == artifacts.end())
      artifacts.push_back(x.table);
  for (const auto& artifact : artifacts) {
    out += fmt::format("\n### {}\n\n", artifact);
    for (size_t i = 0; i < figures.size(); ++i)
      if (belongs_to(figures[i], artifact)) {
        figure_used[i] = true;
        out += fmt::format("![{}]({}/figures/{})\n\n", figures[i], paper, figures[i]);
      }
    for (size_t i = 0; i < tables.size(); ++i)
      if (belongs_to(tables[i], artifact)) {
        table_used[i] = true;
        out += fmt::format("Full reproduced table: [{}]({}/tables/{})\n\n", tables[i], paper,
                           tables[i]);
      }
    out += "| row | column | published | reproduced | Δ | tol | status |\n";
    out += "|---|---|---:|---:|---:|---:|---|\n";
    for (const auto& x : c.cells) {
      if (x.paper != paper || x.table != artifact) continue;
      out += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", md(x.row), md(x.column),
                         with_unit(fmt::format("{}", x.published), x.unit),
                         x.reproduced ? with_unit(format_number(*x.reproduced), x.unit) : "—",
                         x.delta ? format_number(*x.delta, true) : "—",
                         fmt::format("{}", x.tolerance), cell_status_text(x, reasons));
    }
  }

  bool header = false;
  for (size_t i = 0; i < figures.size(); ++i) {
    if (figure_used[i]) continue;
    if (!header) out += "\n### Other figures\n\n";
    header = true;
    out += fmt::format("![{}]({}/figures/{})\n\n", figures[i], paper, figures[i]);
  }
  header = false;
  for (size_t i = 0; i < tables.size(); ++i) {
    if (table_used[i]) continue;
    if (!header) out += "\n### Other tables\n\n";
    header = true;
    out += fmt::format("- [{}]({}/tables/{})\n", tables[i], paper, tables[i]);
  }

  out += "\n### Claims\n\n";
  any = false;
  for (const auto& x : c.claims) {
    if (x.paper != paper) continue;
    if (!any) out += "| id | claim | verdict | kind | evidence |\n|---|---|---|---|---|\n";
    any = true;
    std::string evidence = x.evidence;
    if (!x.resolution.empty()) evidence += fmt::format(" (resolution: {})", x.resolution);
    out += fmt::format("| `{}` | {}{} | **{}** | {} | {} |\n", md(x.id), md(x.claim),
                       x.where.empty() ? "" : md(fmt::format(" ({})", x.where)),
                       verdict_text(x.verdict), kind_text(x), md(evidence));
  }
  if (!any) out += "None listed.\n";

  out += "\n### Misses\n\n";
  any = false;
  for (const auto& x : c.cells) {
    if (x.paper != paper || x.status != "outside") continue;
    any = true;
    out += fmt::format(
        "- {} / {} / {}: published {}, reproduced {} (Δ {}, tolerance {}). Cause: {}\n", x.table,
        x.row, x.column, x.published, x.reproduced ? format_number(*x.reproduced) : "not a number",
        x.delta ? format_number(*x.delta, true) : "—", x.tolerance, x.reason);
  }
  if (!any) out += "None.\n";

  header = false;
  for (const auto& x : c.cells) {
    if (x.paper != paper || x.status != "not_run") continue;
    if (!header) out += "\n### Not run\n\n";
    header = true;
    out += fmt::format("- {} / {} / {}: {}\n", x.table, x.row, x.column, x.reason);
  }
  // One block per distinct reason (usually one dataset), listing its cells: the reason says how to
  // get the data, and is printed once however many cells it stops.
  if (!reasons.empty()) out += "\n### Data unavailable\n";
  for (size_t i = 0; i < reasons.size(); ++i) {
    std::vector<std::string> keys;
    for (const auto& x : c.cells)
      if (x.paper == paper && stopped_by(x, reasons[i]))
        keys.push_back(fmt::format("{} / {} / {}{}", x.table, x.row, x.column,
                                   x.status == "input" ? " (input)" : ""));
    out +=
        fmt::format("\n<a id=\"{}-unavailable-{}\"></a>\n**{}.** {} cell{}: {}.\n\n", paper, i + 1,
                    i + 1, keys.size(), keys.size() == 1 ? "" : "s", fmt::join(keys, "; "));
    std::string quoted;
    for (char ch : reasons[i]) quoted += ch == '\n' ? std::string("\n> ") : std::string(1, ch);
    out += fmt::format("> {}\n", quoted);
  }
  header = false;
  for (const auto& u : c.unmatched) {
    if (u.paper != paper) continue;
    if (!header) out += "\n### Produced cells with no published value\n\n";
    header = true;
    out += fmt::format("- {} / {} / {} = {} (from `{}`)\n", u.cell.table, u.cell.row, u.cell.column,
                       with_unit(format_number(u.cell.value), u.cell.unit), u.experiment);
  }
}

}  // namespace

std::string render_report(const Comparison& c, const fs::path& results_dir) {
  std::string out = "# linrepro: published vs reproduced\n\n";
  out +=
      "Written by `linrepro compare` from results/<paper>/*.json and results/published/*.json "
      "(schema: docs/RESULTS.md). A cell is *within* when |reproduced − published| ≤ tol.\n\n";
  out +=
      "An *input* is a setting the paper chose (shown beside our configuration, never counted as "
      "reproduced); a number the paper prints in several places is counted once (*duplicates*: "
      "the repeats). A claim is *indistinguishable* when the difference deciding it is below the "
      "stated resolution of the measurement; *correctness checks* cannot fail unless our code is "
      "broken and are not counted as claims.\n\n";
  out +=
      "| paper | input | within | outside | not run | data unavailable | duplicates | claims "
      "hold | do not hold | indistinguishable | not checked | correctness checks (failed) |\n"
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  const auto papers = all_papers(c);
  for (const auto& paper : papers) {
    const auto n = c.counts(paper);
    out += fmt::format(
        "| [{}](#{}) | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} ({}) |\n", paper, paper,
        n.at("input"), n.at("within"), n.at("outside"), n.at("not_run"), n.at("data_unavailable"),
        n.at("duplicates"), n.at("claims_hold"), n.at("claims_do_not_hold"),
        n.at("claims_indistinguishable"), n.at("claims_not_checked"), n.at("correctness_checks"),
        n.at("correctness_checks_failed"));
  }
  // Every claim (and correctness check, and part of a claim) that does not hold, with the numbers
  // that decide it: the summary must not quote only the claims that hold.
  auto list = [&](const std::string& verdict, const std::string& title) {
    out += fmt::format("\n## {}\n\n", title);
    bool any = false;
    for (const auto& paper : papers)
      for (const auto& x : c.claims) {
        if (x.paper != paper || x.verdict != verdict) continue;
        any = true;
        out += fmt::format("- {} `{}` ({}): {}{}", paper, x.id, kind_text(x), x.claim,
                           x.claim.ends_with('.') ? "" : ".");
        if (!x.evidence.empty()) out += fmt::format(" Evidence: {}", x.evidence);
        if (!x.resolution.empty()) out += fmt::format(" Resolution: {}.", x.resolution);
        out += "\n";
      }
    if (!any) out += "None.\n";
  };
  list("does_not_hold", "Claims that do not hold");
  list("indistinguishable", "Indistinguishable within the measurement's resolution");
  for (const auto& paper : papers) render_paper(out, c, paper, results_dir);
  return out;
}

Comparison compare_results(const fs::path& results_dir, const fs::path& readme) {
  Comparison c = build_comparison(results_dir);
  const Json doc = comparison_to_json(c);
  write_file_atomic(results_dir / "comparison.json", doc.dump(2) + "\n");
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
