#pragma once
// The join of an experiment's cells with its paper's published file, checked when the experiment
// has run (harness/experiment/run_experiment.cpp), so a misspelt key fails the run instead of
// leaving a published cell "not run" beside an extra cell nobody asked for.
//
// Each published cell names the experiment whose full run produces it (PublishedCell::experiment).
// A produced cell that matches no published cell is either the experiment's own measurement (a
// peer, a figure's curve, a column the paper does not print), declared with its reason in the
// published file's own_cells (harness/experiment/published.h), or an extra solver's (--with-solver,
// its note says so); compare lists both as not part of the paper. Any other is an error.
#include <string>
#include <vector>

#include "harness/experiment/published.h"
#include "harness/results/result_schema.h"

namespace linrepro {

// What is wrong with `produced`, the cells one run of `experiment` emitted, against `paper`:
// - a produced cell that is a published cell of another experiment;
// - a produced cell that is neither published, nor declared in own_cells, nor an extra solver's;
// - when `full_run` (not the fast subset, every run stored): a published cell of `experiment` that
//   was not produced, with the nearest produced cell of the same table that matches nothing, the
//   likely misspelling;
// - when `full_run` and no produced cell is data_unavailable: an own_cells entry of `experiment`
//   that covers no produced cell (stale).
// Empty when the join holds. Each entry is one sentence naming the cell "<table> / <row> /
// <column>".
std::vector<std::string> cell_matching_problems(const PublishedPaper& paper,
                                                const std::string& experiment,
                                                const std::vector<Cell>& produced, bool full_run);

// A cell of a solver added with --with-solver (its note begins with kExtraSolverNote).
bool extra_solver_cell(const Cell& cell);

// Throws ConfigError naming the experiment, the published file and every problem above.
void check_cells_match_published(const PublishedPaper& paper, const std::string& experiment,
                                 const std::vector<Cell>& produced, bool full_run);

}  // namespace linrepro
