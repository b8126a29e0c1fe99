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

namespace linrepro {
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

const std::vector<std::string> kStatuses = {"within", "outside", "not_run", "data_unavailable"};

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

}  // namespace

CellVerdict judge_cell(const PublishedCell& published, const Cell* produced) {
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
  for (const auto& s : kStatuses) n[s] = 0;
  for (const auto& c : cells)
    if (c.paper == paper) ++n[c.status];
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

// A published claim checked in parts (PublishedClaim::checked_by): it holds when every part holds,
// does not when any part does not, and stays unchecked while a part is missing and none failed.
// The parts keep their own entries in the report; the evidence here names their verdicts.
void judge_by_parts(const PublishedClaim& pc, const std::string& paper,
                    const std::vector<std::pair<std::string, Claim>>& produced, ComparedClaim& c) {
  std::vector<std::string> verdicts;
  bool all_hold = true, any_fails = false, any_missing = false;
  for (const auto& id : pc.checked_by) {
    const auto it = std::find_if(produced.begin(), produced.end(), [&](const auto& p) {
      return p.first == paper && p.second.id == id;
    });
    if (it == produced.end()) {
      any_missing = true;
      all_hold = false;
      verdicts.push_back(fmt::format("{}: not checked", id));
      continue;
    }
    all_hold = all_hold && it->second.holds;
    any_fails = any_fails || !it->second.holds;
    verdicts.push_back(fmt::format("{}: {}", id, it->second.holds ? "holds" : "does not hold"));
  }
  if (any_fails || !any_missing) c.holds = all_hold;
  c.evidence = fmt::format("checked in parts (each listed below): {}", fmt::join(verdicts, "; "));
}

}  // namespace

Comparison build_comparison(const fs::path& results_dir) {
  Comparison out;
  out.papers = load_all_published(results_dir / "published");

  std::map<CellKey, ProducedCell> produced;
  std::vector<std::pair<std::string, Claim>> produced_claims;  // (paper, claim) + experiment below
  std::vector<std::string> produced_claim_experiments;
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
    for (auto& claim : claims) {
      produced_claims.emplace_back(exp.paper, std::move(claim));
      produced_claim_experiments.push_back(exp.experiment);
    }
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
      out.cells.push_back(std::move(c));
    }
  }
  for (const auto& [key, prod] : produced)
    if (!matched.contains(key))
      out.unmatched.push_back({std::get<0>(key), prod.experiment, prod.cell});

  // Claims: the published ones first (checked or not), then those only an experiment states.
  std::vector<bool> used(produced_claims.size(), false);
  for (const auto& paper : out.papers) {
    for (const auto& pc : paper.claims) {
      ComparedClaim c{paper.paper, pc.id, pc.claim, pc.where, std::nullopt, "", ""};
      for (size_t i = 0; i < produced_claims.size(); ++i) {
        const auto& [pp, claim] = produced_claims[i];
        const bool same =
            !pc.id.empty() && !claim.id.empty() ? pc.id == claim.id : pc.claim == claim.claim;
        if (pp != paper.paper || !same) continue;
        used[i] = true;
        c.holds = claim.holds;
        c.evidence = claim.evidence;
        c.experiment = produced_claim_experiments[i];
        break;
      }
      if (!c.holds && !pc.checked_by.empty()) judge_by_parts(pc, paper.paper, produced_claims, c);
      out.claims.push_back(std::move(c));
    }
  }
  for (size_t i = 0; i < produced_claims.size(); ++i) {
    if (used[i]) continue;
    const auto& [paper, claim] = produced_claims[i];
    out.claims.push_back({paper, claim.id, claim.claim, "", claim.holds, claim.evidence,
                          produced_claim_experiments[i]});
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
  for (const auto& x : c.cells)
    cells.push_back({{"paper", x.paper},
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
                     {"experiment", x.experiment.empty() ? Json(nullptr) : Json(x.experiment)}});
  Json unmatched = Json::array();
  for (const auto& u : c.unmatched) {
    Json cell = cell_to_json(u.cell);
    cell["paper"] = u.paper;
    cell["experiment"] = u.experiment;
    unmatched.push_back(cell);
  }
  Json claims = Json::array();
  for (const auto& x : c.claims)
    claims.push_back({{"paper", x.paper},
                      {"id", x.id},
                      {"claim", x.claim},
                      {"where", x.where},
                      {"holds", x.holds ? Json(*x.holds) : Json(nullptr)},
                      {"evidence", x.evidence},
                      {"experiment", x.experiment.empty() ? Json(nullptr) : Json(x.experiment)}});
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

  const auto counts = c.counts(paper);
  out += fmt::format("\nCells: {} within, {} outside, {} not run, {} data unavailable.\n",
                     counts.at("within"), counts.at("outside"), counts.at("not_run"),
                     counts.at("data_unavailable"));

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
                         fmt::format("{}", x.tolerance), status_text(x.status));
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
    any = true;
    const std::string verdict = !x.holds   ? "not checked"
                                : *x.holds ? "**holds**"
                                           : "**does not hold**";
    out += fmt::format("- {}{}: {}", x.claim, x.where.empty() ? "" : fmt::format(" ({})", x.where),
                       verdict);
    if (!x.evidence.empty()) out += fmt::format(". {}", x.evidence);
    out += "\n";
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
    if (x.paper != paper || (x.status != "not_run" && x.status != "data_unavailable")) continue;
    if (!header) out += "\n### Not reproduced\n\n";
    header = true;
    // Experiments often word the reason "data unavailable: ..." already; say the status once.
    const std::string status = status_text(x.status);
    const bool worded = x.reason.starts_with(status);
    out += fmt::format("- {} / {} / {}: {}\n", x.table, x.row, x.column,
                       worded ? x.reason : fmt::format("{}: {}", status, x.reason));
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
  out += "| paper | within | outside | not run | data unavailable |\n|---|---:|---:|---:|---:|\n";
  const auto papers = all_papers(c);
  for (const auto& paper : papers) {
    const auto n = c.counts(paper);
    out += fmt::format("| [{}](#{}) | {} | {} | {} | {} |\n", paper, paper, n.at("within"),
                       n.at("outside"), n.at("not_run"), n.at("data_unavailable"));
  }
  for (const auto& paper : papers) render_paper(out, c, paper, results_dir);
  return out;
}

Comparison compare_results(const fs::path& results_dir) {
  Comparison c = build_comparison(results_dir);
  write_file_atomic(results_dir / "comparison.json", comparison_to_json(c).dump(2) + "\n");
  write_file_atomic(results_dir / "REPORT.md", render_report(c, results_dir));
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
