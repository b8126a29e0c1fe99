#pragma once
// The cells of a declared protocol (harness/language/declared_protocol.h), as data: which run and
// metric fills each published cell, in which unit, with which sampling interval and evidence.
//
//   "cells": {
//     "values": [{"table": "table1", "row": "...", "column": "Value", "value": "$gamma",
//                 "unit": "epochs", "note": "..."}]      a setting ("$a9a.epochs": a data set's)
//     "columns": {"errors": [{"column": "Test error rate",
//                             "run": "sklearn-sgd-ridge",  optional: another run than the row's
//                             "metric": "test_error",      the run's metric ("train_seconds",
//                                                          "extra.a.b": those of the run; on a
//                                                          task set of one task, its run), or
//                             "record": "counts.docs",     a field of its task set's record, or
//                             "aggregate": "micro-bep",    the named aggregate of the method's
//                                                          runs over the tasks (task_sets.h): the
//                                                          driver's, or the harness's
//                                                          (partition_measures.h; "items":
//                                                          what its interval counts)
//                             "scale": 100,                optional (1); "per": 1e6 divides
//                             "over": {"run": "mcsvm", "metric": "train_seconds"},  optional: the
//                                                          metric over that run's, a ratio
//                             "optional": true,            optional: the cell is left out when
//                                                          the value (or divisor) is not there
//                             "options": {...},            optional: for the named aggregate
//                             "unit": "zeros of {dimensions}",  "{m}": the run's metric m
//                             "wilson": ["test_rows", "test rows"],  Wilson's interval of the
//                                                          share (scale 100, or a per cent:
//                                                          unit "%") over metric rows
//                             "note": "...",               optional
//                             "not_run": "why"}]},         optional: the cell's note when the
//                                                          run is not there ("not run")
//     "evidence": {"<id>": {"column": "Sparsity",          what explains that column's cell
//                                                          (or a list of columns; none: all)
//                           "peer": {"run": "exact", "metric": "zeros", "what": "..."},
//                                                          (on a task set: "aggregate" of the
//                                                          run's tasks instead of "metric")
//                           "ablation": "<declared ablation id>",
//                           "ablation_column": "...",    optional: its column (the cell's;
//                                                          "{row}": the cell's row)
//                           "data_difference": "...", "data_row": "...",  how the data differs
//                                                          and the ablation row reading it so
//                           "common_group": "...",       the cells sharing its documents
//                           "corpus": "..."}},           a documented difference of the corpus
//                                                          in a count (note placeholders)
//     "rows": [{"table": "table3", "row": "Naive", "class": "a9a", "run": "naive",
//               "columns": ["errors", "sparsity"], "evidence": "<id>",  (or a list of ids)
//               "note": "...",                             optional: the row's note, over the
//                                                          columns'; "{$name}": a declared value
//                                                          ({:g}; a declared text may hold the
//                                                          others), "{tasks}": the run's tasks,
//                                                          "{record.a.b}": its task set record's
//                                                          field a.b, "{params.a}": its first
//                                                          run's param a (JSON), "{aggregate.a}":
//                                                          the aggregate's note field a,
//                                                          "{run.extra.a}": its (first) run's
//               "prefix": "MMLR-CG",                       optional: "<prefix> <column>"
//               "in_fast": true,                           optional: also in the fast subset
//                                                          (the only rows it emits)
//               "task": "earn"}],                          optional: on a task set, that task's
//                                                          run only (a row of a task the fast
//                                                          subset does not run is left out; in
//                                                          the full run a task no run names is a
//                                                          ConfigError)
//     "extra_solver_rows": {"table": "table3", "class": "a9a", "columns": ["errors"]}
//                                                          a row "<label> (extra)" per solver
//                                                          added with --with-solver (or a list
//                                                          of such entries: one per data set);
//                                                          with "row": r, the columns
//                                                          "<label> (extra) <column>" of row r;
//                                                          "note": added to the cells' note
//                                                          (of the set's record); "prefix": p
//                                                          names the row "p <label> (extra)";
//                                                          "task": t, that task's run only;
//                                                          "runs": the extra solvers' run names
//                                                          but the label ("extra": a key
//                                                          "{task}/extra"; "table2/extra": a key
//                                                          "table2/{task}/extra")
//     "extra_solver_series": {"table": "figure7", "class": "reuters", "columns": ["figure7"],
//                             "points": [{"row": "100", "run": "extra-100"}, ...]}
//                                                          a column "<label> (extra)" per solver
//                                                          added with --with-solver, a series
//                                                          beside the paper's: at each row the
//                                                          set's one column from the runs of
//                                                          the extra_solvers entry "run" names
//                                                          (its "key")
//   }
// A row on a data set that is not here says why in each cell, unless the data set is
// "marked_unavailable" (its published cells are marked from the published file). A run that did
// not finish gives a "not_run" cell.
#include <map>
#include <string>
#include <vector>

#include "harness/language/declared_protocol.h"
#include "harness/protocol/task_sets.h"
#include "harness/results/result_file.h"

namespace linrepro {

// The finished and stored runs of each data set ("class"), by the name cells and claims call
// them (a method's name, "extra/<label>", a driver run's name).
using ProtocolOutcomes = std::map<std::string, std::map<std::string, RunRecord>>;

// Everything a protocol's runs gave, for its cells and its driver's summary.
struct ProtocolResults {
  ProtocolOutcomes runs;  // on binary data sets
  TaskOutcomes tasks;     // on task sets
  // On task sets: the dataset record of each method's prepared set (TaskSet::record), by class
  // and method.
  std::map<std::string, std::map<std::string, Json>> task_records;
  Json values;                                     // the declared values with the supplied ones
  uint64_t seed = 0;                               // the experiment's (cells' bootstrap seeds)
  std::map<std::string, std::string> unavailable;  // per data set, why it is not here
};

// The run `name` of data set `cls` if it finished ("ok"), else null.
const RunRecord* finished_run(const ProtocolOutcomes& runs, const std::string& cls,
                              const std::string& name);

// The aggregates p.cells and p.ablation_tables name.
std::vector<std::string> protocol_aggregates(const DeclaredProtocol& p);

// The declared value cells and rows (fast: the rows declared "in_fast" only).
void emit_protocol_cells(ResultFile& rf, const DeclaredProtocol& p, const ProtocolResults& results,
                         const std::map<std::string, TaskAggregate>& aggregates, bool fast);

// The rows of the solvers added with --with-solver, marked not part of the paper.
void emit_extra_solver_cells(ResultFile& rf, const DeclaredProtocol& p,
                             const ProtocolResults& results,
                             const std::map<std::string, TaskAggregate>& aggregates,
                             const std::vector<ExtraSolver>& extras, bool fast);

}  // namespace linrepro
