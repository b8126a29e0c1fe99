#pragma once
// A declared protocol's claims as data: which data set's runs decide a declared claim (its tests,
// harness/protocol/claim_comparisons.h) and what its evidence says, with no driver code. The keys
// and the evidence placeholders are in docs/PROTOCOL.md (kind protocol-claim, text form
// evidence).
// The measures: a binary data set's run_measures (and, with the claim's bound "after", the trace
// measures below), a task set's partition_measures and task_measures, and the driver's
// (ProtocolHooks::claim_measures) over them; a `per_task` claim reads run_measures and the
// driver's measures of one task's runs (ProtocolHooks::run_claim_measures: MLR-CG's objective
// gaps, experiments/mlrcg2003/objective_measures.h), task by task. A claim whose comparisons are
// not all measured (its data set is not here, a run failed) is left out, and so is every declared
// claim in the fast subset (it decides nothing from so few runs).
// Trace measures (a traced run, after `after` updates): "<value>_range", the largest minus the
// smallest trace value of <value> in points (x 100; train_error, test_error), and
// "<metric>_growth", the run's final metric minus its trace value at `after` (zeros; the trace
// point nearest `after`, as a value expression's " at ": protocol_cells.h trace_point_near).
#include <functional>
#include <map>
#include <string>

#include "harness/language/declared_protocol.h"
#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/protocol_cells.h"
#include "harness/results/result_file.h"

namespace linrepro {

// The driver's measures of data set `cls`'s runs (refer to `results`, which outlives them).
using ClaimMeasuresOf = std::function<ClaimMeasures(const ProtocolResults&, const std::string&)>;
// The driver's measures of one group's finished runs by method name: a binary data set's, or one
// task's for a `per_task` claim (refer to `runs`, which outlives them).
using RunClaimMeasures =
    std::function<ClaimMeasures(const std::map<std::string, const RunRecord*>& runs)>;
// The aggregates p's claims' evidence names (the hooks must supply those the harness lacks).
std::vector<std::string> claim_aggregates(const DeclaredProtocol& p);

// Adds p's declared claims of `paper` that its runs decide to rf.
void add_protocol_claims(ResultFile& rf, const DeclaredProtocol& p, const std::string& paper,
                         const ProtocolResults& results,
                         const std::map<std::string, TaskAggregate>& aggregates,
                         const ClaimMeasuresOf& driver, const RunClaimMeasures& of_runs = {});

}  // namespace linrepro
