#pragma once
// `linrepro compare`: joins the produced cells (results/<paper>/*.json) with the published ones
// (results/published/<paper>.json) on (paper, table, row, column) and writes
// results/comparison.json and results/REPORT.md (docs/RESULTS.md describes both).
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "harness/experiment/experiment.h"
#include "harness/experiment/published.h"
#include "harness/results/ablation.h"

namespace linrepro {

// The verdict on one published cell:
//   input            the cell is a setting the paper chose (PublishedCell::kind "input"): shown
//                    beside our configuration, never counted as reproduced; reason: "matches the
//                    configuration" or "differs from the configuration" (or why it was not
//                    produced)
//   within           |reproduced - published| <= tolerance (up to floating rounding)
//   outside          reproduced, but further off; reason: the produced note, else the published
//                    note (the known cause), else "cause not yet explained"
//   not_run          no produced cell (or the experiment marked it not_run)
//   data_unavailable the experiment could not get the data; reason: its note (how to get it)
struct CellVerdict {
  std::string status;
  std::optional<double> delta;  // reproduced - published, when reproduced
  std::string reason;
};
CellVerdict judge_cell(const PublishedCell& published, const Cell* produced);

// The cell statuses, in the order tables show them.
const std::vector<std::string>& cell_statuses();

struct ComparedCell {
  std::string paper, table, row, column, unit;
  double published = 0;
  std::optional<double> reproduced;
  std::optional<double> delta;
  double tolerance = 0;
  std::string status, reason;
  std::string experiment;    // the experiment that produced it ("" if none)
  std::string duplicate_of;  // "<table>/<row>/<column>" of the primary: not counted here
  // Outside cells: the cause (harness/judge/cell_cause.h): measured (by threshold, peer or
  // ablation), statistical or unexplained; "" for every other status.
  std::string cause, cause_by, cause_evidence;
  // Within and outside cells whose produced cell carries a 95 % sampling interval: "inside" when
  // the published value lies in it (the difference is within the sampling noise), "beyond" when
  // not; "" without an interval. The interval itself and how it was computed.
  std::string noise;
  std::optional<double> interval_lo, interval_hi;
  std::string interval_method;
};

// What a published table's compared cells of one unit (within or outside, repeats left out) show
// together (a table of counts, accuracies and times gives one observation per unit):
// how many have a 95 % interval and how many of those exclude the published value, against the
// 0.05 N expected by chance alone; the median and range of their deltas (a shared offset). An
// observation about the table, never a cell's cause (docs/RESULTS.md, "cause").
struct TableObservation {
  std::string paper, table, unit;
  int cells = 0, with_interval = 0, beyond = 0;
  double median_delta = 0, min_delta = 0, max_delta = 0;
  double expected_beyond() const { return 0.05 * with_interval; }
};

// A produced cell the paper does not print: the published file's own_cells say why (or it is an
// extra solver's).
struct UnmatchedCell {
  std::string paper, experiment;
  Cell cell;
  std::string why;
};

struct ComparedClaim {
  std::string paper, id, claim, where;
  // holds | does_not_hold | indistinguishable | not_checked (a published claim no experiment
  // checked)
  std::string verdict = "not_checked";
  std::string kind = "claim";  // claim | correctness_check
  std::string resolution;      // what decided "indistinguishable"; a tested claim's tests
  // The comparisons a tested claim was decided by (harness/results/claim_verdict.h); a claim
  // checked in parts is tested when every part is.
  std::vector<ClaimComparison> comparisons;
  bool tested = false;
  std::string evidence, experiment;
  // The published claim this one checks a part of (PublishedClaim::checked_by): the part is shown,
  // and listed when it fails, but counted once, in its published claim.
  std::string part_of;
};

// One result file that took part (for the report's provenance lines).
struct ProducedExperiment {
  std::string paper, experiment, description;
  std::filesystem::path file;
  nlohmann::json git_commit, git_dirty;
  std::string created_at;
  int runs = 0, failed_runs = 0, unavailable_runs = 0;
  std::vector<Ablation>
      ablations;  // the protocol variants it compared (harness/results/ablation.h)
};

struct Comparison {
  std::vector<PublishedPaper> papers;
  std::vector<ComparedCell> cells;  // in published order, paper by paper
  std::vector<UnmatchedCell> unmatched;
  std::vector<ComparedClaim> claims;
  std::vector<ProducedExperiment> experiments;
  std::vector<TableObservation> tables;  // (table, unit)s with a compared cell, published order
  // One paper's counts, every key present (possibly 0): the cell statuses (input, within,
  // outside, not_run, data_unavailable; duplicates are skipped and counted in "duplicates") and
  // the claims (claims_hold, claims_do_not_hold, claims_indistinguishable, claims_not_checked:
  // kind "claim", parts skipped; correctness_checks and correctness_checks_failed); the outside
  // cells by the kind of their cause (outside_measured, outside_statistical,
  // outside_unexplained).
  std::map<std::string, int> counts(const std::string& paper) const;
  // The papers present (published or produced), by id.
  std::vector<std::string> paper_order() const;
};

using CellKey =
    std::tuple<std::string, std::string, std::string, std::string>;  // paper,table,row,col

// Reads results/published/*.json and results/<paper>/*.json (not the fast/ subfolder). Throws
// DataError for an invalid published file, a cell produced by two result files, and a claim whose
// id is empty or repeated within its paper (naming the result files).
Comparison build_comparison(const std::filesystem::path& results_dir);
nlohmann::json comparison_to_json(const Comparison& comparison);
std::string render_report(const Comparison& comparison, const std::filesystem::path& results_dir);

// The entry point of `linrepro compare`: builds the comparison and writes
// <results_dir>/comparison.json and <results_dir>/REPORT.md atomically, and the status table
// (harness/judge/status_table.h) into `readme` when that file has the markers (an empty path:
// none).
Comparison compare_results(const std::filesystem::path& results_dir,
                           const std::filesystem::path& readme = {});

// One experiment's cells against the published file (the end line of `linrepro run`): the
// judge_cell status of each produced cell that has a published value, every status key present
// (possibly 0); a repeat of a published number (duplicate_of) is skipped, as in the comparison,
// and a produced cell with no published value counts under "unmatched".
std::map<std::string, int> experiment_cell_counts(const PublishedPaper& paper,
                                                  const std::vector<Cell>& cells);

// The status of every cell in a comparison.json (empty map if the file does not exist).
std::map<CellKey, std::string> load_comparison_statuses(
    const std::filesystem::path& comparison_json);

}  // namespace linrepro
