#include "harness/judge/regress.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/scratch_dir.h"
#include "core/stopwatch.h"
#include "harness/experiment/experiment_schedule.h"
#include "harness/experiment/published.h"
#include "harness/experiment/run_experiment.h"
#include "harness/judge/compare.h"
#include "harness/judge/provenance.h"

namespace linrepro {
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

constexpr size_t kMaxProblemsShown = 12;

bool selected(const ExperimentInfo& e, const std::vector<std::string>& only) {
  if (only.empty()) return true;
  return std::any_of(only.begin(), only.end(), [&](const std::string& o) {
    return o == e.paper || o == e.paper + "/" + e.id;
  });
}

using PublishedIndex = std::map<CellKey, PublishedCell>;

PublishedIndex index_published(const fs::path& published_dir) {
  PublishedIndex index;
  for (const auto& paper : load_all_published(published_dir))
    for (const auto& c : paper.cells) index[{paper.paper, c.table, c.row, c.column}] = c;
  return index;
}

// Rule 2 of regress.h: cells that were within the published tolerance must stay within it.
void check_cells(const std::string& paper, const Json& now, const Json* reference,
                 const PublishedIndex& published, const std::map<CellKey, std::string>& committed,
                 ExperimentCheck& check) {
  std::map<std::tuple<std::string, std::string, std::string>, Cell> reference_cells;
  if (reference)
    for (const auto& c : result_cells(*reference)) reference_cells[{c.table, c.row, c.column}] = c;
  for (const auto& cell : result_cells(now)) {
    if (cell.status != "ok") continue;
    const CellKey key{paper, cell.table, cell.row, cell.column};
    const auto status = committed.find(key);
    const auto pub = published.find(key);
    if (status == committed.end() || status->second != "within" || pub == published.end()) continue;
    ++check.tolerance_cells;
    const CellVerdict verdict = judge_cell(pub->second, &cell);
    if (verdict.status == "within") continue;
    const std::string name = fmt::format("cell {} / {} / {}", cell.table, cell.row, cell.column);
    const auto ref = reference_cells.find({cell.table, cell.row, cell.column});
    if (ref != reference_cells.end() && ref->second.status == "ok" &&
        judge_cell(pub->second, &ref->second).status != "within") {
      check.notes.push_back(
          fmt::format("{}: outside the published tolerance in the reference fast run too "
                      "(fast mode, not a regression)",
                      name));
      continue;
    }
    check.problems.push_back(
        fmt::format("{} left its published tolerance: reproduced {:.17g}, published {} ± {} "
                    "(within in comparison.json)",
                    name, cell.value, pub->second.value, pub->second.tolerance));
  }
}

const char* outcome_name(RegressOutcome o) {
  switch (o) {
    case RegressOutcome::pass:
      return "PASS";
    case RegressOutcome::skip:
      return "SKIP";
    case RegressOutcome::fail:
      break;
  }
  return "FAIL";
}

void print_check(std::ostream& err, const ExperimentCheck& c) {
  err << fmt::format(
      "regress {}/{}: {} ({} runs compared, {} cells checked, {} against the "
      "published tolerance{}; {:.1f} s)\n",
      c.paper, c.id, outcome_name(c.outcome), c.runs_compared, c.cells_checked, c.tolerance_cells,
      c.reference_written ? "; reference written" : "", c.seconds);
  if (c.outcome == RegressOutcome::skip) err << "  skipped: " << c.skip_reason << "\n";
  for (size_t i = 0; i < c.problems.size() && i < kMaxProblemsShown; ++i)
    err << "  - " << c.problems[i] << "\n";
  if (c.problems.size() > kMaxProblemsShown)
    err << fmt::format("  ... and {} more differences\n", c.problems.size() - kMaxProblemsShown);
  for (const auto& w : c.provenance) err << "  warning: reference provenance: " << w << "\n";
  for (const auto& n : c.notes) err << "  note: " << n << "\n";
}

// Why nothing could be compared, when the cause is data that is not here: the runs and cells
// the fast subset marked data_unavailable, with the first reason given. Empty: another cause.
std::string unavailable_reason(const Json& now) {
  int runs = 0, cells = 0;
  std::string reason;
  for (const Json& r : now.value("runs", Json::array()))
    if (r.value("status", "") == "data_unavailable") {
      ++runs;
      if (reason.empty()) reason = r.value("reason", "");
    }
  for (const Cell& c : result_cells(now))
    if (c.status == "data_unavailable") {
      ++cells;
      if (reason.empty()) reason = c.note;
    }
  int datasets = 0;  // an experiment with no cells (a study) records its missing dataset
  for (const Json& d : now.value("datasets", Json::array()))
    if (d.is_object() && d.value("status", "") == "data_unavailable") {
      ++datasets;
      if (reason.empty()) reason = d.value("reason", "");
    }
  if (runs + cells + datasets == 0) return "";
  return fmt::format("{} runs, {} cells and {} datasets data_unavailable: {}", runs, cells,
                     datasets, reason.empty() ? "no reason recorded" : reason);
}

// PASS, SKIP or FAIL (regress.h), once every comparison is done.
void decide_outcome(const std::optional<Json>& now, ExperimentCheck& check) {
  if (!check.problems.empty()) {
    check.outcome = RegressOutcome::fail;
    return;
  }
  if (check.runs_compared + check.cells_checked + check.tolerance_cells > 0) {
    check.outcome = RegressOutcome::pass;
    return;
  }
  check.skip_reason = now ? unavailable_reason(*now) : "";
  if (!check.skip_reason.empty()) {
    check.outcome = RegressOutcome::skip;
    return;
  }
  check.outcome = RegressOutcome::fail;
  check.problems.push_back(
      "compared nothing: the fast subset produced no run and no cell to hold against the "
      "reference, and no data is missing. A check that cannot fail must not pass: give the "
      "experiment a fast subset (ExperimentContext::fast) that computes at least one run and one "
      "cell, then record it with `linrepro regress --update --only <paper>/<id>`");
}

// The committed reference, if there is a readable one (an unreadable one is a problem, or under
// --update only a note since it is about to be replaced).
std::optional<Json> load_reference(const fs::path& path, bool update, ExperimentCheck& check) {
  try {
    if (fs::exists(path)) return read_result_file(path);
  } catch (const DataError& e) {
    (update ? check.notes : check.problems).push_back(e.what());
  }
  return std::nullopt;
}

// Runs the fast subset into `dir` with the reference's seed; nullopt (and a problem) when it
// threw or wrote nothing.
std::optional<Json> run_fast_subset(const ExperimentInfo& info, const RegressOptions& opt,
                                    const std::optional<Json>& reference, const fs::path& dir,
                                    ExperimentCheck& check) {
  ExperimentContext ctx;
  ctx.results_dir = dir;
  ctx.published_dir = opt.results_dir / "published";
  ctx.fast = true;
  ctx.threads = opt.threads;
  ctx.progress = opt.progress;
  if (reference && reference->contains("seed") && (*reference)["seed"].is_number_integer() &&
      (*reference)["seed"] >= 0)
    ctx.seed = (*reference)["seed"].get<uint64_t>();  // same seed, same numbers
  try {
    run_experiment(info, ctx);
    const fs::path produced = result_file_path(ctx, info.paper, info.id);
    if (fs::exists(produced)) return read_result_file(produced);
    check.problems.push_back(fmt::format("the experiment wrote no fast result (expected {})",
                                         fs::relative(produced, dir).string()));
  } catch (const std::exception& e) {
    check.problems.push_back(fmt::format("the experiment threw: {}", e.what()));
  }
  return std::nullopt;
}

// --update: writes the new fast result as the reference. The counts say what later checks will
// compare (the new result against itself), so an update that records nothing still fails.
void write_reference(const Json& now, const std::string& text, const fs::path& path,
                     const std::optional<Json>& reference, ExperimentCheck& check) {
  if (reference) {
    std::vector<std::string> differences, ignored;
    diff_fast_results(*reference, now, differences, ignored);
    diff_fast_cells(*reference, now, differences, ignored);
    check.notes.push_back(differences.empty()
                              ? "the new reference equals the old one"
                              : fmt::format("the new reference differs from the old one in {} "
                                            "places (first: {})",
                                            differences.size(), differences.front()));
  }
  write_file_atomic(path, text);
  check.reference_written = true;
  std::vector<std::string> none;
  check.runs_compared = diff_fast_results(now, now, none, none);
  check.cells_checked = diff_fast_cells(now, now, none, none);
  check.provenance = provenance_warnings(now);
}

void print_summary(std::ostream& out, const RegressSummary& s) {
  out << fmt::format("{} passed, {} failed, {} skipped", s.passed, s.failed, s.skipped)
      << std::endl;
  std::vector<std::string> dirty;
  for (const auto& c : s.checks)
    if (!c.provenance.empty()) dirty.push_back(c.paper + "/" + c.id);
  if (!dirty.empty())
    out << fmt::format("warning: dirty provenance in {} reference(s): {}", dirty.size(),
                       fmt::join(dirty, ", "))
        << std::endl;
}

// One experiment's check: its fast subset run into a directory of its own and held against its
// reference and the published tolerances (see regress.h).
ExperimentCheck check_experiment(const ExperimentInfo& info, const RegressOptions& opt,
                                 const PublishedIndex& published,
                                 const std::map<CellKey, std::string>& committed) {
  ExperimentCheck check;
  check.paper = info.paper;
  check.id = info.id;
  ExperimentContext probe;
  probe.results_dir = opt.results_dir;
  probe.fast = true;
  const fs::path reference_path = result_file_path(probe, info.paper, info.id);
  const std::optional<Json> reference = load_reference(reference_path, opt.update, check);
  if (reference && !opt.update) check.provenance = provenance_warnings(*reference);

  ScratchDir tmp("linrepro-regress");
  const Stopwatch clock;
  const std::optional<Json> now = run_fast_subset(info, opt, reference, tmp.path, check);
  check.seconds = clock.seconds();

  if (now) {
    if (opt.update) {
      ExperimentContext where;
      where.results_dir = tmp.path;
      where.fast = true;
      write_reference(*now, read_file_bytes(result_file_path(where, info.paper, info.id)),
                      reference_path, reference, check);
    } else if (reference) {
      check.runs_compared = diff_fast_results(*reference, *now, check.problems, check.notes);
      check.cells_checked = diff_fast_cells(*reference, *now, check.problems, check.notes);
    } else if (check.problems.empty()) {
      check.problems.push_back(
          fmt::format("no committed reference {}: record one with `linrepro regress "
                      "--update`",
                      reference_path.string()));
    }
    check_cells(info.paper, *now, reference ? &*reference : nullptr, published, committed, check);
  }
  decide_outcome(now, check);
  return check;
}

}  // namespace

RegressSummary regression_check(const RegressOptions& opt) {
  const auto& experiments = opt.experiments ? *opt.experiments : experiment_registry();
  const PublishedIndex published = index_published(opt.results_dir / "published");
  const auto committed = load_comparison_statuses(opt.results_dir / "comparison.json");
  std::ostream& err = *opt.err;
  if (committed.empty())
    err << fmt::format("regress: no {} yet: published tolerances are not checked\n",
                       (opt.results_dir / "comparison.json").string());

  // The experiments' fast subsets run side by side (opt.jobs; each into a directory of its own),
  // by the rules of `run --jobs`. Each line is printed as its experiment ends; the checks of the
  // summary keep the registry's order, whatever ran first.
  std::vector<ScheduledExperiment> chosen;
  for (const auto& info : experiments)
    if (selected(info, opt.only)) chosen.push_back({&info, 0.0});
  std::vector<ExperimentCheck> checks(chosen.size());
  std::mutex print;
  run_scheduled(chosen, opt.jobs, [&](size_t i) {
    const ExperimentInfo& info = *chosen[i].info;
    {
      std::lock_guard lock(print);
      err << fmt::format("regress {}/{}: running the fast subset...\n", info.paper, info.id)
          << std::flush;
    }
    checks[i] = check_experiment(info, opt, published, committed);
    std::lock_guard lock(print);
    print_check(err, checks[i]);
  });
  RegressSummary summary;
  for (auto& check : checks) {
    switch (check.outcome) {
      case RegressOutcome::pass:
        ++summary.passed;
        break;
      case RegressOutcome::skip:
        ++summary.skipped;
        break;
      case RegressOutcome::fail:
        ++summary.failed;
        break;
    }
    summary.checks.push_back(std::move(check));
  }
  print_summary(*opt.out, summary);
  return summary;
}

}  // namespace linrepro
