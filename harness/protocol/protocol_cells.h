#pragma once
// The cells of a declared protocol, as data: which run and metric fills each published cell, in
// which unit, with which sampling interval and evidence. The keys ("cells": column sets, rows,
// evidence, setting values, extra-solver rows and series) and the note and unit placeholders
// are in docs/PROTOCOL.md (kinds cells, cell-column, cell-row, cell-evidence, extra-solver-cells);
// harness/language/protocol_checks.h checks them against the rest of the declaration.
// A row on a data set that is not here says why in each cell, unless the data set is
// "marked_unavailable" (its published cells are marked from the published file). A run that did
// not finish gives a "not_run" cell. A row of a task the fast subset does not run is left out; in
// the full run a task no run names is a ConfigError.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/language/declared_protocol.h"
#include "harness/language/value_expression.h"
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

// A "metric:" term's value on run `r`: its name is "train_seconds", "iterations", "extra.a.b"
// (field a.b of its extra) or a metric's name, read at the end or, with " at ", off the trace
// point nearest that update (trace_point_near); none when it is not there (absent, null or not
// a number).
std::optional<double> run_value(const RunRecord& r, const ValueTerm& t);

// `text` with each "{$name}" replaced by the declared value `name` of `values` (a string as it is,
// an integer in full, any other number {:g}); a ConfigError when it names none.
std::string with_declared_values(const std::string& text, const Json& values);

// The point of `trace` (a run's, {"iteration", "values"}) nearest `updates`, the earlier of two
// as near; null when the trace is empty.
const Json* trace_point_near(const Json& trace, double updates);

// The aggregates p.cells and p.ablation_tables name.
std::vector<std::string> protocol_aggregates(const DeclaredProtocol& p);

// The declared value cells and rows (fast: the rows declared "fast" only).
void emit_protocol_cells(ResultFile& rf, const DeclaredProtocol& p, const ProtocolResults& results,
                         const std::map<std::string, TaskAggregate>& aggregates, bool fast);

// The rows of the solvers added with --with-solver, marked not part of the paper.
void emit_extra_solver_cells(ResultFile& rf, const DeclaredProtocol& p,
                             const ProtocolResults& results,
                             const std::map<std::string, TaskAggregate>& aggregates,
                             const std::vector<ExtraSolver>& extras, bool fast);

}  // namespace linrepro
