#pragma once
// The generic runner of a declared protocol (harness/language/declared_protocol.h): for each data
// set, its runs are fitted unless stored (ResultFile::run_once), each measured the same way; once
// every run is stored, the declared cells are emitted (harness/protocol/protocol_cells.h). The
// driver adds only what the declaration cannot say, as hooks: runs that are not a registered
// solver's (a peer's script), an adaptive step, and its summary (ablations, claims). The result
// file's experiment config is the declaration itself: {"fast", "protocol": the declared protocol,
// "extra_solvers": the
// --with-solver texts, when given}, so that it says exactly what ran and changes with it.
//
// Every run's config: {"dataset": {"name", "counts"}, "solver", "params", "seed", "class"} and
// the run's declared config fields; its seed derive_seed(ctx.seed, key). Its metrics: the error
// rates on the training and test documents, the zeros and dimensions of the weights as the
// protocol's "bias" counts them, the rows both were counted on; extra.train_correct and
// extra.test_correct hold which documents it got right (harness/protocol/document_outcomes.h). A
// traced run records ~points trace points with the test set as monitor; its train_seconds is the
// solver's clock (trace evaluation excluded), extra.cpu_seconds the thread's CPU time including it.
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "corpora/libsvm_sets.h"
#include "harness/protocol/protocol_cells.h"
#include "harness/protocol/protocol_claims.h"
#include "harness/protocol/task_set_runs.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

struct ProtocolHooks {
  // The declared "supplied" values, by name (another experiment's result).
  std::function<Json(const ExperimentContext&)> values;
  // The task sets and aggregates the declaration names (harness/protocol/task_sets.h).
  std::map<std::string, TaskSource> task_sources;
  std::map<std::string, TaskAggregate> aggregates;
  std::map<std::string, StopRule> stop_rules;  // by the name methods give as "stop_rule"
  // The driver's claim measures of a data set's runs, for the declared "claims"
  // (harness/protocol/protocol_claims.h).
  ClaimMeasuresOf claim_measures;
  // The driver's claim measures of one group's runs by method name (a binary data set's, or one
  // task's of a per_task claim).
  RunClaimMeasures run_claim_measures;
  // After a task set's declared runs: the driver's adaptive steps on it, by the name methods give
  // as "after" (task_set_runs.h).
  std::map<std::string, AfterTaskSet> after_steps;
  // Every run stored (the full run; in fast mode too where the protocol is declared "fast"),
  // after the declared cells: the driver's cells, ablations and claims. A data set that is not
  // here has its reason in results.unavailable and no runs.
  std::function<void(const ExperimentContext&, ResultFile&, const ProtocolResults&)> summarise;
  // The names of methods' "tags" that `summarise` reads; a method declaring any other is refused
  // (it would be dropped unread).
  std::set<std::string> summary_tags;
};

// The declared protocol of <paper>/<id> (ConfigError when it declares none), for a driver's hooks
// to read its values.
DeclaredProtocol declared_protocol(const std::string& paper, const std::string& id);

// `hooks` with the task sets `p` declares whole ("task_sources":
// harness/protocol/multiclass_partitions.h, harness/protocol/binary_categories.h) and the builtin
// stop rules its methods name (harness/protocol/size_series.h); throws ConfigError naming the
// declaration when the driver supplies one of them too.
ProtocolHooks with_declared_task_sources(const DeclaredProtocol& p, ProtocolHooks hooks);

// The C++ components `hooks` give the declaration `p` (the driver's own, before the declared task
// sets and builtin stop rules are added): {"task_sets", "aggregates", "stop_rules", "after_steps",
// "supplied": [names], "claim_measures", "summary_in_code": bool}, listed in
// docs/PROTOCOL.md (harness/protocol/protocol_components.h).
Json named_components(const DeclaredProtocol& p, const ProtocolHooks& hooks);

// Throws ConfigError naming the declaration when it names a task set, an aggregate or a supplied
// value the hooks lack, or a method tag they do not read (`name`: "<paper>/<id>").
void check_protocol_hooks(const DeclaredProtocol& p, const ProtocolHooks& hooks,
                          const std::string& name);

// A declared experiment (harness/language/experiment_declarations.h) made runnable: its protocol
// executed by run_protocol with `hooks`, checked against it (ConfigError naming the declaration
// when it declares no protocol or the hooks lack what it names). The result file's config is
// {"fast", "protocol": the declaration, "extra_solvers" when given}.
ExperimentInfo protocol_experiment(ExperimentInfo declared, ProtocolHooks hooks);

// Registers <paper>/<id>: its embedded declaration as protocol_experiment.
void register_protocol(std::vector<ExperimentInfo>& registry, const std::string& paper,
                       const std::string& id, ProtocolHooks hooks);

// Runs one experiment's protocol into `rf` (`experiment`: "<paper>/<id>", for messages).
void run_protocol(const ExperimentContext& ctx, ResultFile& rf, const DeclaredProtocol& p,
                  const std::string& experiment, const ProtocolHooks& hooks);

}  // namespace linrepro
