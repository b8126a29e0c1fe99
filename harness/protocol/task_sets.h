#pragma once
// The second kind of data a declared protocol (harness/language/declared_protocol.h) can run on: a
// corpus split into tasks prepared and evaluated the paper's way: one binary task per category
// (zhangoles2001's Reuters sets), one cross-validation per category (its Table 1), one
// multi-class task per fold or random split of a collection (partition_tasks.h). A paper
// supplies each kind of task set by name through its ProtocolHooks, or declares it whole
// ("task_sources"); the runner fits every declared method on every task of it and aggregates the
// runs into cells by named aggregates. A method's keys on a task set ("lambda" in the solver's
// own convention, "data", "tasks") are in docs/PROTOCOL.md (kind method).
// The set fits what a method's "solver" names: a registered solver, or a method of the paper
// that the set knows (graphsvm2002/features: "MCNB", "MCSVM", "GraphSVM", fitted by the paper's
// code; such a method takes no "lambda").
//
// A run's key is "<method key>/<task>" (a key holding "{task}" and "{class}" has them filled in:
// task_run_key), its
// config {"dataset", "class": task, "solver", "params", "seed"} and the
// task set's config fields (those of the set, then those of the task); its seed derive_seed(the
// experiment's, its key), or the set's own (TaskSet::seed).
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/experiment/experiment.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/experiment/task_data.h"
#include "solvers/params.h"

namespace linrepro {

// One prepared set of tasks.
struct TaskSet {
  Json dataset;                                  // every run's config "dataset"
  Json record;                                   // ResultFile::add_dataset
  Json config_fields = Json::object();           // added to every run's config
  std::function<Json(size_t task)> task_fields;  // optional: added to that task's runs' configs
  std::vector<std::string> tasks;                // task names, in run order
  // The record of a task no classifier can be trained for (what the paper counts it as), or
  // nothing when the task is trainable.
  std::function<std::optional<RunRecord>(size_t task)> untrainable;
  // Fits `solver` on task `task` and evaluates it: the run record with its metrics.
  std::function<RunRecord(size_t task, const std::string& solver, const Params& params,
                          uint64_t seed)>
      fit;
  // Optional: the matrices, labels and feature names `fit` uses on task `task` (TaskData's
  // description is filled in by the caller); empty where the kind of set does not give them.
  std::function<TaskData(size_t task)> data;
  // Optional: the protocol's lambda of each loss on task `task`, where it depends on the task's
  // data (an SVM's default C on its rows); the --with-solver place declaring "lambda": "task"
  // takes its lambda from here.
  std::function<std::vector<ProtocolLambda>(size_t task)> extra_lambdas;
  // Optional: the seed of every run of the set, where its methods share one seeded step of the
  // data (a validation split), instead of each run key's.
  std::optional<uint64_t> seed;
  // Whether the set's times are published (a cell or claim reads them): each of its runs is then
  // fitted in kTimingRounds interleaved rounds (harness/results/timing_rounds.h).
  bool timed = false;
};

// Prepares the task set of the options a method declares ("data"); called once per distinct
// options.
using TaskPreparer = std::function<TaskSet(const Json& options)>;
// Opens a kind of task set once per experiment (the corpus read and tokenised once). Throws
// DataUnavailable (corpora/data_errors.h) when its corpus is not here.
using TaskSource = std::function<TaskPreparer(const ExperimentContext&)>;

// A cell's value from one method's runs over the tasks (untrainable tasks included), and the
// evidence that goes with it (a sampling interval).
struct AggregateValue {
  double value = 0;
  CellEvidence evidence;
  std::string not_measured;      // why the runs give no value (too few finished): a not_run cell
  Json fields = Json::object();  // what the cell's note may say of it ("{aggregate.<name>}")
  bool scaled = false;           // value already in the column's "scale" (not multiplied again)
};
// Field `field` of aggregate `aggregate`'s value `a` (a value expression's "#field"); a
// ConfigError naming both when it has no such number.
double aggregate_field(const AggregateValue& a, const std::string& aggregate,
                       const std::string& field);
// Where an aggregate is computed: the scale of its value expression (an aggregate that applies it
// says `scaled`), what a combined F1's interval counts (a cell column's "items"), the seed of its
// sampling interval's bootstrap, derive_seed(the experiment's, "bootstrap/<table>/<row>/<run>"),
// and the data set's runs by method (null where there are none), for an aggregate that relates a
// method's runs to another's (a time as a ratio to a reference method's).
struct AggregateContext {
  double scale = 1;
  std::string items = "documents";
  uint64_t seed = 0;
  const std::map<std::string, std::vector<RunRecord>>* by_method = nullptr;
};
using TaskAggregate =
    std::function<AggregateValue(std::span<const RunRecord> runs, const AggregateContext& at)>;

// An aggregate named "<prefix><argument>" ("median-gap-to:optimum-cmls"): the member of `family`
// whose prefix `name` starts with, given the argument; none when no prefix is there.
using ArgumentAggregate = AggregateValue (*)(std::span<const RunRecord> runs,
                                             const std::string& argument,
                                             const AggregateContext& at);
std::optional<TaskAggregate> aggregate_with_argument(
    const std::string& name,
    std::initializer_list<std::pair<std::string_view, ArgumentAggregate>> family);

// Whether a method's series over a sequential task set (declared_protocol.h "sequential") ends
// before the next task (its TaskSet::task_fields), given the method's finished runs on the earlier
// tasks: the reason, or nothing to run it. An adaptive protocol's hook (a time cap).
using StopRule = std::function<std::optional<std::string>(
    const ExperimentContext&, std::span<const RunRecord> done, const Json& next_task)>;

// One method's runs over the tasks, in task order: finished runs, untrainable tasks' records,
// tasks its stop rule left out (status "stopped", extra.reason; not stored) and (while a round is
// pending) runs not stored yet (status "pending").
using TaskOutcomes = std::map<std::string, std::map<std::string, std::vector<RunRecord>>>;

// The runs of method `name` (of one data set's, by method) when every one is there (finished,
// untrainable or stopped), else nullptr.
const std::vector<RunRecord>* finished_tasks(
    const std::map<std::string, std::vector<RunRecord>>& by_method, const std::string& name);
// The same on data set `cls`.
const std::vector<RunRecord>* finished_tasks(const TaskOutcomes& outcomes, const std::string& cls,
                                             const std::string& name);

}  // namespace linrepro
