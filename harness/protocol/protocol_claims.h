#pragma once
// A declared protocol's claims as data: which data set's runs decide a declared claim (its tests,
// harness/protocol/claim_comparisons.h) and what its evidence says, with no driver code.
//
//   "claims": [{"claim": "dual-lambda0",         a claim the experiment declares
//               "class": "reuters",              the data set whose runs it reads (or a list:
//                                                its tests on each that is here, grouped by its
//                                                name; the evidence reads the first)
//               "evidence": "primal BEP {micro-bep@cmls-primal-l0|:.2f}, ...",  optional
//               "args": {"suffix": "-rcv1"},     optional: the claim's placeholders
//               "per_task": true}]               optional: its tests on each task of the data
//                                                set's task set, grouped by task, and the
//                                                evidence the text for each ("{task}"; "@run":
//                                                that task's run), joined by "; "
// The measures: a binary data set's run_measures (and, with the claim's bound "after", the trace
// measures below), a task set's partition_measures and task_measures, and the driver's
// (ProtocolHooks::claim_measures) over them. A claim whose comparisons are not all measured (its
// data set is not here, a run failed) is left out, and so is every declared claim in the fast
// subset (it decides nothing from so few runs).
// Evidence placeholders: "{<value>@<run>|<scale>:<format>}" (scale and format optional: 1 and
// ".4g"): <value> is "metric:<name>" (the run's metric; a task set's run of one task), or an
// aggregate (the driver's or the harness's) over the run's tasks; "{<value>@<a> minus
// <value>@<b>|...}" is their difference (before the scale); "{bound.<name>}" is a declared bound
// of the claim.
// Trace measures (a traced run, after `after` updates): "<value>_range", the largest minus the
// smallest trace value of <value> in points (x 100; train_error, test_error), and
// "<metric>_growth", the run's final metric minus its trace value at `after` (zeros).
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
// The aggregates p's claims' evidence names (the hooks must supply those the harness lacks).
std::vector<std::string> claim_aggregates(const DeclaredProtocol& p);

// Adds p's declared claims of `paper` that its runs decide to rf.
void add_protocol_claims(ResultFile& rf, const DeclaredProtocol& p, const std::string& paper,
                         const ProtocolResults& results,
                         const std::map<std::string, TaskAggregate>& aggregates,
                         const ClaimMeasuresOf& driver);

// The trace value `name` at the first point with iteration >= at (NaN if none).
double trace_value_at(const Json& trace, const std::string& name, int64_t at);
// The trace measures of the finished runs after `after` updates (see above).
void add_trace_measures(ClaimMeasures& m, const std::map<std::string, const RunRecord*>& runs,
                        int64_t after);

}  // namespace linrepro
