#pragma once
// An experiment's protocol as data: its data sets, its methods with their parameters, and the
// cells, ablation tables and claims its runs fill, declared under "protocol" in
// experiments/<paper>/experiments.json (every key: docs/PROTOCOL.md, generated from the grammar
// of harness/language/grammar_table.cpp) and executed by harness/protocol/protocol_runner.h. This
// file reads and checks a declaration and expands it into runs; it runs nothing.
// A method whose "lambda" resolves to null does not run (a supplied value the hook leaves null:
// nothing to compare, e.g. a second lambda equal to the first). Every method's run records its
// name as extra.variant. A malformed declaration, an unknown key or an unknown "$name" is a
// ConfigError naming the file, the experiment and the entry.
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
  std::string key;       // "<class>/<method key>", "<task>/extra/<label>"
  std::string seed_key;  // the key whose seed it takes (its own, or its "seed_of")
  std::string solver;
  Params params;
  int64_t trace_points = 0;             // 0: not traced
  Json config_fields = Json::object();  // besides dataset, solver, params, seed and class
  Json record_extra = Json::object();   // merged into the run record's extra
  Json data_options = Json::object();   // on a task set: its options
  TaskSelection tasks;                  // on a task set: which of its tasks
  std::string stop_rule;                // on a sequential task set: the method's StopRule
  std::string after;                    // on a task set: the method's step after the set
  // An extra solver whose lambda each task gives ("lambda": "task"): params are set per task.
  std::optional<ExtraSolver> per_task_lambda;
};

// On a task set, a method key has the data set's class in place of kClassInKey and the task in
// place of kTaskInKey ("cv/{task}/clg", "{class}/{task}/smo": a protocol over several task sets);
// a key without kTaskInKey is "<key>/<task>" ("{task}/<key>" puts the task first). task_run_key
// gives a run's key (and a seed_of's) for `task`. The --with-solver place's runs are named
// "<its name>/<label>" ("extra/<label>") and keyed "<task>/.../extra/<label>": its key ends in
// "extra" and, on a task set, a key without kTaskInKey has the task first.
inline constexpr const char* kTaskInKey = "{task}";
inline constexpr const char* kClassInKey = "{class}";
std::string task_run_key(const ProtocolDataset& d, const std::string& key, const std::string& task);
// The name a method's runs go by when it declares none: its key without the placeholders
// ("{class}/{task}/extra" -> "extra").
std::string key_without_placeholders(std::string key);

// The runs of data set `d` in order (fast: the methods not declared "fast": false), with its values
// (its fast values in fast mode), the `supplied` ones and n = train_rows (a task set: none);
// `extras`: the solvers added with --with-solver, at the lambda the declaration names
// (extra_solver_lambda; `experiment` names it in errors).
std::vector<ProtocolRun> protocol_runs(const DeclaredProtocol& p, const ProtocolDataset& d,
                                       bool fast, int64_t train_rows, const Json& supplied,
                                       const std::vector<ExtraSolver>& extras,
                                       const std::string& experiment);

}  // namespace linrepro
