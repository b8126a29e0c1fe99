#pragma once
// An experiment's protocol as data: its data sets, its methods with their parameters, and the
// cells its runs fill, declared under "protocol" in experiments/<paper>/experiments.json and
// executed by harness/protocol/protocol_runner.h. This file reads and checks a declaration and
// expands it into runs; it runs nothing.
//
//   "protocol": {
//     "why": "...",                                   the settings' source, for the reader
//     "values": {"lambda": 1e-4, ...},                named numbers (or texts, for notes) the rest
//                                                     refers to as "$lambda"
//     "bias": "penalized",                            optional (penalized): what a binary data
//     set's
//                                                     run's sparsity counts: beta = (b; w)
//                                                     (algorithms/sgd_common.h BiasMode)
//     "supplied": ["lambda_clg"],                     values the driver's hook supplies at run time
//                                                     (another experiment's result)
//     "datasets": [{"class": "a9a",                   names its runs ("<class>/<key>") and rows
//                   "data": "a9a",                    a binary data set (load_binary_dataset), or
//                                                     "tasks": a task set
//                                                     (harness/protocol/task_sets.h), or
//                                                     "unavailable": why its data cannot be had
//                                                     (never released): nothing runs, its published
//                                                     cells are marked with that reason
//                   "values": {"epochs": 200},        its own values ("$epochs"; "$a9a.epochs"
//                                                     from a cell)
//                   "fast_values": {"epochs": 2},     optional: replace them in fast mode
//                   "in_fast": false,                 optional (true): run in fast mode
//                   "fast_tasks": 1,                  optional, tasks: the first 1 in fast mode
//                                                     (or ["corn"]: these tasks by name)
//                   "task_first_keys": true,          optional, tasks: run keys "<task>/<key>"
//                                                     (a task's runs side by side) instead of
//                                                     "<key>/<task>"
//                   "sequential": true,               optional, tasks: one run at a time, task
//                                                     by task (each task's methods in declared
//                                                     order; each "data" options in turn):
//                                                     timings measured alone, one task's data at
//                                                     a time, and "stop_rule" below
//                   "missing": "marked_unavailable"}] optional: when the data is not here, its
//                                                     published cells are marked from the
//                                                     published file
//                                                     (harness/experiment/with_data.h); by default
//                                                     its declared cells say why
//     "traced": {"points": N, "config": {...}, "extra": {...}}
//                                                     a traced method's trace (~N points over its
//                                                     n x "epochs" updates, the test set as
//                                                     monitor), config fields and extras
//     "methods": [{"name": "naive",                   what cells and claims call its runs
//                  "key": "sgd-l1-logistic-naive",    run key "<class>/<key>" (a task set's:
//                                                     task_run_key below)
//                  "solver": "sgd-l1-logistic",       a registered solver
//                  "params": {"lambda": "$lambda", "C": {"reciprocal": ["lambda", "n"]}, ...},
//                  "traced": true, "in_fast": false,  optional (false, true)
//                  "classes": ["a9a"]},               optional: only on these data sets
//                  "lambda": "$l", "data": {...}, "top": 10 only on a task set:
//                                                     harness/protocol/task_sets.h
//                  "tags": {"lambda": 1e-6},          optional: what the driver's summary groups
//                                                     the method's runs by
//                  "seed_of": "cls",                  optional: the seed of that method key's run
//                                                     (on the same data set or task): a run that
//                                                     differs from it by what it evaluates or by
//                                                     lambda only
//                  "record": {"part": "cv-best"},     optional: fields of its runs' extra
//                  "stop_rule": "time-cap:60"},       optional, a sequential task set: the
//                                                     rule (task_sets.h StopRule: the driver's,
//                                                     or size_series.h's) that ends the
//                                                     method's series before a task
//                 {"extra_solvers": {"classes": [...], "lambda": "$lambda", "penalty": "l1",
//                                    "method": "whose lambda it is"}}]
//                                                     where solvers added with --with-solver run
//                                                     (harness/experiment/extra_solvers.h), in run
//                                                     order; or "lambdas": [{"solver": "clg",
//                                                     "lambda":
//                                                     "$l", "method": "Logistic Reg"}, ...]: by
//                                                     the loss each named solver declares, or
//                                                     "lambdas": "task": by loss from each task
//                                                     (TaskSet::extra_lambdas); on a
//                                                     task set "data" as a method's; optional
//                                                     "key" ("extra": runs "<key>/<label>"),
//                                                     "seed_of" (another entry's "key") and
//                                                     "stop_rule"
//     "fast_summary": true,                           optional (false): the driver's summary also
//                                                     in fast mode (its cells, ablation rows)
//     "driver_runs": ["sklearn-sgd-ridge"],           names the driver's own hook adds (a peer that
//                                                     is not a registered solver)
//     "cells": {...},                                 harness/protocol/protocol_cells.h
//     "task_sources": {"webkb-univ6": {...}},         task sets declared whole, by the name a
//                                                     data set's "tasks" gives
//                                                     (harness/protocol/multiclass_partitions.h,
//                                                     harness/protocol/binary_categories.h)
//     "ablation_tables": [...]                        ablations filled from the runs
//                                                     (harness/protocol/protocol_ablations.h)
//     "claims": [...]                                 claims decided and evidenced from the
//                                                     runs (harness/protocol/protocol_claims.h)
//   }
// A method whose "lambda" resolves to null does not run (a supplied value the hook leaves null:
// nothing to compare, e.g. a second lambda equal to the first). A value is a number, a text,
// "$name" (a declared value, or "n": the data set's training rows), or {"reciprocal": [names]}: 1 /
// their product. Every method's run records its name as extra.variant. A malformed declaration, an
// unknown key or an unknown "$name" is a ConfigError naming the file, the experiment and the entry.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/experiment/extra_solvers.h"
#include "harness/language/protocol_declaration.h"
#include "solvers/params.h"

namespace linrepro {

// Reads and checks one experiment's "protocol".
DeclaredProtocol parse_protocol(const Json& j, const std::string& where);

// One run of a data set, resolved.
struct ProtocolRun {
  std::string name;      // a method's name, or "extra/<label>"
  std::string key;       // "<class>/<method key>", "<class>/extra/<label>"
  std::string seed_key;  // the key whose seed it takes (its own, or its "seed_of")
  std::string solver;
  Params params;
  int64_t trace_points = 0;             // 0: not traced
  Json config_fields = Json::object();  // besides dataset, solver, params, seed and class
  Json record_extra = Json::object();   // merged into the run record's extra
  Json data_options = Json::object();   // on a task set: its options
  int64_t top = 0;                      // on a task set: the first `top` tasks (0: all)
  std::string stop_rule;                // on a sequential task set: the method's StopRule
  // An extra solver whose lambda each task gives ("lambdas": "task"): params are set per task.
  std::optional<ExtraSolver> per_task_lambda;
};

// On a task set, a method key has the data set's class in place of kClassInKey and the task in
// place of kTaskInKey ("cv/{task}/clg", "{class}/{task}/smo": a protocol over several task sets);
// a key without kTaskInKey is "<key>/<task>", or "<task>/<key>" where `d` says
// "task_first_keys". task_run_key gives a run's key (and a seed_of's) for `task`. An extra-solver
// entry's runs are named by its key without the placeholders ("extra/<label>").
inline constexpr const char* kTaskInKey = "{task}";
inline constexpr const char* kClassInKey = "{class}";
std::string task_run_key(const ProtocolDataset& d, const std::string& key, const std::string& task);

// The runs of data set `d` in order (fast: the methods in_fast), with its values (fast_values in
// fast mode), the `supplied` ones and n = train_rows (a task set: none); `extras`: the solvers
// added with --with-solver, at the lambda the declaration names (extra_solver_lambda; `experiment`
// names it in errors).
std::vector<ProtocolRun> protocol_runs(const DeclaredProtocol& p, const ProtocolDataset& d,
                                       bool fast, int64_t train_rows, const Json& supplied,
                                       const std::vector<ExtraSolver>& extras,
                                       const std::string& experiment);

}  // namespace linrepro
