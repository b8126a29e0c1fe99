// results/REPORT.md: the comparison as markdown (harness/judge/compare.h render_report), per paper
// its experiments, cells with their figures, claims, ablations, misses and unavailable data.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/escape.h"
#include "harness/judge/compare.h"

namespace linrepro {
namespace fs = std::filesystem;

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
  return markdown_cell(text);
}

// The observations about one table (compare.h's TableObservation), one line per unit of its
// cells, under them: a description of the table, not a cause of any cell.
std::string table_observation_text(const Comparison& c, const std::string& paper,
                                   const std::string& table) {
  std::string out;
  for (const TableObservation& t : c.tables) {
    if (t.paper != paper || t.table != table || t.cells < 2) continue;
    out += fmt::format(
        "\nObserved over the table's {} compared cells{} (not a cause of any): deltas median {}, "
        "from {} to {}",
        t.cells, t.unit.empty() ? "" : fmt::format(" in {}", t.unit),
        format_number(t.median_delta, true), format_number(t.min_delta, true),
        format_number(t.max_delta, true));
    if (t.with_interval)
      out += fmt::format(
          "; {} of the {} with a 95 % interval exclude the published value, where "
          "{:.2g} would by chance alone",
          t.beyond, t.with_interval, t.expected_beyond());
    out += ".\n";
  }
  return out;
}

// How the intervals of one table's cells were computed, each method once with its cells' count.
std::string interval_methods_text(const Comparison& c, const std::string& paper,
                                  const std::string& table) {
  std::vector<std::pair<std::string, int>> methods;
  for (const ComparedCell& x : c.cells) {
    if (x.paper != paper || x.table != table || !x.interval_lo) continue;
    const auto it = std::find_if(methods.begin(), methods.end(),
                                 [&](const auto& m) { return m.first == x.interval_method; });
    if (it == methods.end())
      methods.emplace_back(x.interval_method, 1);
    else
      ++it->second;
  }
  if (methods.empty()) return "";
  std::string out = "\nIntervals (95 % unless the method says otherwise):";
  for (const auto& [method, n] : methods)
    out += fmt::format(" {} ({} cell{});", markdown_cell(method), n, n == 1 ? "" : "s");
  out.back() = '.';
  return out + "\n";
}

// One Markdown row per paper: its link and the numbers `row` reads off its counts.
std::string per_paper_rows(
    const Comparison& c, const std::vector<std::string>& papers,
    const std::function<std::vector<int>(const std::map<std::string, int>&)>& row) {
  std::string out;
  for (const auto& paper : papers)
    out +=
        fmt::format("| [{}](#{}) | {} |\n", paper, paper, fmt::join(row(c.counts(paper)), " | "));
  return out;
}

std::string counts_sentence(const std::map<std::string, int>& n) {
  std::string out = fmt::format(
      "Cells: {} input, {} within, {} outside ({} with a measured cause, {} statistical, {} "
      "unexplained), {} not run, {} data unavailable",
      n.at("input"), n.at("within"), n.at("outside"), n.at("outside_measured"),
      n.at("outside_statistical"), n.at("outside_unexplained"), n.at("not_run"),
      n.at("data_unavailable"));
  if (n.at("duplicates"))
    out += fmt::format(" ({} more repeat a number counted once, at its first cell)",
                       n.at("duplicates"));
  out += fmt::format(
      ". Against the sampling noise (the published value in or beyond the cell's 95 % interval): "
      "outside {} within the noise, {} beyond it, {} without an interval; within {} inside the "
      "noise, {} beyond it, {} without an interval",
      n.at("outside_within_noise"), n.at("outside_beyond_noise"),
      n.at("outside") - n.at("outside_within_noise") - n.at("outside_beyond_noise"),
      n.at("within_within_noise"), n.at("within_beyond_noise"),
      n.at("within") - n.at("within_within_noise") - n.at("within_beyond_noise"));
  out += fmt::format(
      ". Claims: {} hold, {} do not hold, {} indistinguishable, {} not checked ({} of them "
      "decided by a named test); correctness checks: {} ({} failed).\n",
      n.at("claims_hold"), n.at("claims_do_not_hold"), n.at("claims_indistinguishable"),
      n.at("claims_not_checked"), n.at("claims_tested"), n.at("correctness_checks"),
      n.at("correctness_checks_failed"));
  return out;
}

// The cells the paper does not print, one block per reason its own_cells give (an extra solver's
// note being one), so a reader sees why each exists before its numbers.
void render_own_cells(const Comparison& c, const std::string& paper, std::string& out) {
  std::vector<std::string> reasons;
  for (const auto& u : c.unmatched)
    if (u.paper == paper && std::find(reasons.begin(), reasons.end(), u.why) == reasons.end())
      reasons.push_back(u.why);
  if (reasons.empty()) return;
  out += "\n### Our own measurements (cells the paper does not print)\n";
  for (const std::string& why : reasons) {
    std::vector<std::string> cells;
    for (const auto& u : c.unmatched)
      if (u.paper == paper && u.why == why)
        cells.push_back(
            fmt::format("{} / {} / {} = {} (from `{}`)", u.cell.table, u.cell.row, u.cell.column,
                        with_unit(format_number(u.cell.value), u.cell.unit), u.experiment));
    out += fmt::format("\n**{} cell{}.** {}\n\n", cells.size(), cells.size() == 1 ? "" : "s",
                       markdown_cell(why));
    for (const auto& cell : cells) out += fmt::format("- {}\n", cell);
  }
}

// The paper's heading, source and experiments (each with its runs, commit and result file).
void render_paper_head(std::string& out, const Comparison& c, const std::string& paper) {
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
}

// One published table or figure: its figures and full tables (marked used), then its cells.
void render_artifact(std::string& out, const Comparison& c, const std::string& paper,
                     const std::string& artifact, const std::vector<std::string>& reasons,
                     const std::vector<std::string>& figures, std::vector<bool>& figure_used,
                     const std::vector<std::string>& tables, std::vector<bool>& table_used) {
  out += fmt::format("\n### {}\n\n", artifact);
  for (size_t i = 0; i < figures.size(); ++i)
    if (belongs_to(figures[i], artifact)) {
      figure_used[i] = true;
      out += fmt::format("![{}]({}/figures/{})\n\n", figures[i], paper, figures[i]);
    }
  for (size_t i = 0; i < tables.size(); ++i)
    if (belongs_to(tables[i], artifact)) {
      table_used[i] = true;
      out +=
          fmt::format("Full reproduced table: [{}]({}/tables/{})\n\n", tables[i], paper, tables[i]);
    }
  out += "| row | column | published | reproduced | Δ | tol | interval | status |\n";
  out += "|---|---|---:|---:|---:|---:|---:|---|\n";
  for (const auto& x : c.cells) {
    if (x.paper != paper || x.table != artifact) continue;
    const std::string interval =
        x.interval_lo
            ? fmt::format("[{}, {}]", format_number(*x.interval_lo), format_number(*x.interval_hi))
            : "—";
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} |\n", markdown_cell(x.row),
                       markdown_cell(x.column), with_unit(fmt::format("{}", x.published), x.unit),
                       x.reproduced ? with_unit(format_number(*x.reproduced), x.unit) : "—",
                       x.delta ? format_number(*x.delta, true) : "—",
                       fmt::format("{}", x.tolerance), interval, cell_status_text(x, reasons));
  }
  out += table_observation_text(c, paper, artifact);
  out += interval_methods_text(c, paper, artifact);
}

// Every published table and figure in published order, then the figures and tables none of them
// names.
void render_artifacts(std::string& out, const Comparison& c, const std::string& paper,
                      const std::vector<std::string>& reasons, const fs::path& results_dir) {
  const auto figures = files_in(results_dir / paper / "figures", ".png");
  const auto tables = files_in(results_dir / paper / "tables", ".md");
  std::vector<bool> figure_used(figures.size(), false), table_used(tables.size(), false);
  std::vector<std::string> artifacts;  // table/figure ids in published order
  for (const auto& x : c.cells)
    if (x.paper == paper &&
        std::find(artifacts.begin(), artifacts.end(), x.table) == artifacts.end())
      artifacts.push_back(x.table);
  for (const auto& artifact : artifacts)
    render_artifact(out, c, paper, artifact, reasons, figures, figure_used, tables, table_used);

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
}

// The paper's claims, then every protocol variant considered (issue 15): the cells use the marked
// one.
void render_claims_and_ablations(std::string& out, const Comparison& c, const std::string& paper) {
  out += "\n### Claims\n\n";
  bool any = false;
  for (const auto& x : c.claims) {
    if (x.paper != paper) continue;
    if (!any)
      out += "| id | claim | verdict | kind | decided by | evidence |\n|---|---|---|---|---|---|\n";
    any = true;
    // A tested claim names its tests; an untested one its own criterion (and resolution if any).
    const std::string decided_by =
        x.tested ? (x.resolution.empty() ? "its parts' tests" : x.resolution)
                 : (x.resolution.empty() ? "the driver's criterion (no named test yet)"
                                         : "resolution: " + x.resolution);
    out += fmt::format("| `{}` | {}{} | **{}** | {} | {} | {} |\n", markdown_cell(x.id),
                       markdown_cell(x.claim),
                       x.where.empty() ? "" : markdown_cell(fmt::format(" ({})", x.where)),
                       verdict_text(x.verdict), kind_text(x), markdown_cell(decided_by),
                       markdown_cell(x.evidence));
  }
  if (!any) out += "None listed.\n";

  bool header = false;
  for (const auto& e : c.experiments) {
    if (e.paper != paper) continue;
    for (const Ablation& a : e.ablations) {
      if (!header) out += "\n### Ablations\n";
      header = true;
      out += fmt::format("\nFrom `{}` ([table]({}/tables/ablation_{}.md)).\n\n{}", e.experiment,
                         paper, a.id, ablation_markdown(a));
    }
  }
}

// The misses: their causes (harness/judge/cell_cause.h) counted by kind, then every miss with its
// cause and its driver's note.
void render_misses(std::string& out, const Comparison& c, const std::string& paper) {
  out += "\n### Misses\n\n";
  std::map<std::string, int> causes;
  int outside = 0;
  for (const auto& x : c.cells)
    if (x.paper == paper && x.status == "outside" && x.duplicate_of.empty()) {  // as the summary
      ++outside;
      ++causes[x.cause_by.empty() ? x.cause : x.cause + " by " + x.cause_by];
    }
  if (outside) {
    std::vector<std::string> parts;
    for (const auto& [cause, n] : causes) parts.push_back(fmt::format("{} {}", cause, n));
    out += fmt::format("Causes of the {} misses (a repeated cell counted once): {}.\n\n", outside,
                       fmt::join(parts, ", "));
  }
  bool any = false;
  for (const auto& x : c.cells) {
    if (x.paper != paper || x.status != "outside") continue;
    any = true;
    const std::string cause =
        fmt::format("Cause: {}{}: {}. ", x.cause, x.cause_by.empty() ? "" : " (" + x.cause_by + ")",
                    x.cause_evidence);
    out += fmt::format(
        "- {} / {} / {}: published {}, reproduced {} (Δ {}, tolerance {}). {}Note: {}\n", x.table,
        x.row, x.column, x.published, x.reproduced ? format_number(*x.reproduced) : "not a number",
        x.delta ? format_number(*x.delta, true) : "—", x.tolerance, cause, x.reason);
  }
  if (!any) out += "None.\n";
}

// The cells not run, then one block per distinct reason a data set is not here (usually one data
// set), listing its cells: the reason says how to get the data, printed once however many cells it
// stops.
void render_not_run(std::string& out, const Comparison& c, const std::string& paper,
                    const std::vector<std::string>& reasons) {
  bool header = false;
  for (const auto& x : c.cells) {
    if (x.paper != paper || x.status != "not_run") continue;
    if (!header) out += "\n### Not run\n\n";
    header = true;
    out += fmt::format("- {} / {} / {}: {}\n", x.table, x.row, x.column, x.reason);
  }
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
}

void render_paper(std::string& out, const Comparison& c, const std::string& paper,
                  const fs::path& results_dir) {
  render_paper_head(out, c, paper);
  out += '\n';  // (not "\n" + ...: GCC 12's -Wrestrict false positive on that concatenation)
  out += counts_sentence(c.counts(paper));
  const auto reasons = unavailable_reasons(c, paper);
  render_artifacts(out, c, paper, reasons, results_dir);
  render_claims_and_ablations(out, c, paper);
  render_misses(out, c, paper);
  render_not_run(out, c, paper, reasons);
  render_own_cells(c, paper, out);
}

}  // namespace

namespace {

// Each paper's counts: a row per paper of the summary table.
void render_count_rows(std::string& out, const Comparison& c,
                       const std::vector<std::string>& papers) {
  for (const auto& paper : papers) {
    const auto n = c.counts(paper);
    out += fmt::format(
        "| [{}](#{}) | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} ({}) |\n", paper,
        paper, n.at("input"), n.at("within"), n.at("outside"), n.at("not_run"),
        n.at("data_unavailable"), n.at("duplicates"), n.at("claims_hold"),
        n.at("claims_do_not_hold"), n.at("claims_indistinguishable"), n.at("claims_not_checked"),
        n.at("claims_tested"), n.at("correctness_checks"), n.at("correctness_checks_failed"));
  }
}

// The outside and within cells against their sampling noise, and the outside ones by cause.
void render_noise_and_causes(std::string& out, const Comparison& c,
                             const std::vector<std::string>& papers) {
  // The same cells against their sampling noise (docs/RESULTS.md): the status stays decided by
  // the tolerance; this says which differences another test set of the same size could give.
  out +=
      "\nAgainst the sampling noise: *within the noise* when the published value lies in the "
      "cell's 95 % sampling interval, *beyond* when not, *no interval* when the cell has none "
      "(times, counts, cells not yet given one).\n\n"
      "| paper | outside: beyond the noise | outside: within the noise | outside: no interval | "
      "within: beyond the noise | within: within the noise | within: no interval |\n"
      "|---|---:|---:|---:|---:|---:|---:|\n";
  out += per_paper_rows(c, papers, [](const std::map<std::string, int>& n) {
    return std::vector<int>{
        n.at("outside_beyond_noise"),
        n.at("outside_within_noise"),
        n.at("outside") - n.at("outside_beyond_noise") - n.at("outside_within_noise"),
        n.at("within_beyond_noise"),
        n.at("within_within_noise"),
        n.at("within") - n.at("within_beyond_noise") - n.at("within_within_noise")};
  });
  // The outside cells by the kind of their cause (docs/RESULTS.md, "cause").
  out +=
      "\nThe outside cells by cause: *measured* when a run here (our break-even point, a peer, "
      "an ablation row the paper's text allows) comes within the tolerance of the published "
      "value, *statistical* when the published value lies in the cell's 95 % interval, "
      "*unexplained* otherwise (each miss below says what was tried).\n\n"
      "| paper | outside | measured | statistical | unexplained |\n|---|---:|---:|---:|---:|\n";
  out += per_paper_rows(c, papers, [](const std::map<std::string, int>& n) {
    return std::vector<int>{n.at("outside"), n.at("outside_measured"), n.at("outside_statistical"),
                            n.at("outside_unexplained")};
  });
}

// Every claim (and correctness check, and part of a claim) that does not hold or cannot be told
// apart, with the numbers that decide it.
void render_undecided_claims(std::string& out, const Comparison& c,
                             const std::vector<std::string>& papers) {
  // The summary must not quote only the claims that hold.
  const auto list = [&](const std::string& verdict, const std::string& title) {
    out += fmt::format("\n## {}\n\n", title);
    bool any = false;
    for (const auto& paper : papers)
      for (const auto& x : c.claims) {
        if (x.paper != paper || x.verdict != verdict) continue;
        any = true;
        out += fmt::format("- {} `{}` ({}): {}{}", paper, x.id, kind_text(x), x.claim,
                           x.claim.ends_with('.') ? "" : ".");
        if (!x.evidence.empty())
          out += fmt::format(" Evidence: {}{}", x.evidence, x.evidence.ends_with('.') ? "" : ".");
        if (!x.resolution.empty())
          out += fmt::format(" {}: {}.", x.tested ? "Decided by" : "Resolution", x.resolution);
        out += "\n";
      }
    if (!any) out += "None.\n";
  };
  list("does_not_hold", "Claims that do not hold");
  list("indistinguishable",
       "Indistinguishable within the measurement's resolution or its test's interval");
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
      "hold | do not hold | indistinguishable | not checked | claims by a named test | "
      "correctness checks (failed) |\n"
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  const auto papers = c.paper_order();
  render_count_rows(out, c, papers);
  render_noise_and_causes(out, c, papers);
  render_undecided_claims(out, c, papers);
  for (const auto& paper : papers) render_paper(out, c, paper, results_dir);
  return out;
}

}  // namespace linrepro
