#pragma once
// An experiment's protocol as the parser gives it (harness/language/declared_protocol.h reads and
// checks it): its data sets, its methods, its cells, ablation tables and claims, and the
// expressions inside their values ("$name", {"reciprocal": [...]}, evidence placeholders).
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/sgd_common.h"
#include "harness/experiment/with_data.h"

namespace linrepro {

// Which tasks of a task set: the first `first` (0: no limit), and of those only the `names`
// (empty: every one). A method's "tasks" and a data set's fast "tasks" (an integer or a list).
struct TaskSelection {
  int64_t first = 0;
  std::vector<std::string> names;
  bool selects(size_t index, const std::string& task) const;
};

struct ProtocolDataset {
  std::string cls;   // "class"
  std::string data;  // load_binary_dataset's name
  Json values = Json::object(), fast_values = Json::object();
  std::string tasks;         // or the name of a task set (harness/protocol/task_sets.h)
  std::string unavailable;   // or why its data cannot be had (nothing runs on it)
  TaskSelection fast_tasks;  // tasks: the ones the fast mode runs
  bool sequential = false;   // tasks: one run at a time, task by task
  bool in_fast = true;
  MissingCells missing = MissingCells::left_to_the_experiment;
};

// The solver of a method that is the place of the solvers added with --with-solver: its runs are
// "<name>/<label>", one per solver, at the lambda its "lambda" gives them (kExtraSolverPlace's
// forms in declared_protocol.h).
inline constexpr const char* kExtraSolverPlace = "--with-solver";

// A declared method, or (extra) the place of the solvers added with --with-solver.
struct ProtocolMethod {
  std::string name, key, solver;
  Json params = Json::object();
  bool traced = false, in_fast = true;
  std::vector<std::string> classes;  // "class": empty: every data set
  bool extra = false;                // solver kExtraSolverPlace
  // On a task set: lambda in the solver's own convention (null: none); on the extra-solver place
  // the lambda its solvers get. The task set's options, and which of its tasks.
  Json lambda, data = Json::object();
  TaskSelection tasks;
  Json tags = Json::object();    // for the driver's summary
  std::string seed_of;           // the method key whose run's seed it takes (empty: its own)
  Json record = Json::object();  // added to its runs' extra
  std::string stop_rule;         // the driver's StopRule that may end its series (empty: none)
  std::string after;             // the driver's named step after its task set's runs (empty: none)
};

struct DeclaredProtocol {
  std::string where;  // the file and experiment, for errors
  Json values = Json::object();
  std::vector<std::string> supplied;  // values the driver's hook supplies
  BiasMode bias = BiasMode::penalized;
  std::vector<ProtocolDataset> datasets;
  Json traced = Json::object();
  std::vector<ProtocolMethod> methods;
  bool fast_summary = false;
  Json cells = Json::object();
  // Task sets declared whole, by name (harness/protocol/multiclass_partitions.h), beside the
  // driver's.
  Json task_sources = Json::object();
  Json ablation_tables = Json::array();  // harness/protocol/protocol_ablations.h
  Json claims = Json::array();           // harness/protocol/protocol_claims.h

  // The declared value `name` (a global one, or "<class>.<name>" of a data set's full run).
  Json value(const std::string& name) const;
};

// Whether a declared cell row reads the --with-solver place's runs: a row per solver added with
// --with-solver, "{solver}" (kSolverInRow) in its row, prefix and columns replaced by its label.
inline constexpr const char* kSolverInRow = "{solver}";
bool is_extra_solver_row(const DeclaredProtocol& p, const Json& row);

// The column specs of a cell row's column sets, in order, each "{row}" in a column's value the
// row's name (one set serves rows that read one run at several points: a grid's).
std::vector<Json> cell_columns(const DeclaredProtocol& p, const Json& row);

// The evidence ids a cell row names: one, or a list.
std::vector<std::string> evidence_ids(const Json& row);

// One entry, or a list of them (one per data set).
std::vector<Json> entries_of(const Json& x);

// `v` with every "$name" and {"reciprocal": [...]} replaced from `scope` (an object of values).
Json resolve_protocol_value(const Json& v, const Json& scope, const std::string& where);

}  // namespace linrepro
