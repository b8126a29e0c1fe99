#pragma once
// The claim "reuters-lambda-transfers" of Table 5 (§4.2: "we simply use the lambda computed on the
// Reuters dataset ... the difference of using this choice and using the optimal value for each
// specific dataset is relatively small"): on split kTransferSplit of each collection, every paper
// method (a declared Table 5 row) walks Table 1's grid from our Table 1 lambda while the test
// accuracy rises (lambda_walk.h). The walk is the runner's adaptive step after a collection's
// declared runs (harness/protocol/task_set_runs.h AfterTaskSet); its runs are named
// "walk/<method>". Its cells (table "lambda-transfer") and the claim are declared; these are the
// named components they read.
#include <map>
#include <span>
#include <string>
#include <vector>

#include "harness/protocol/protocol_runner.h"

namespace linrepro::zo_table5 {

// The step "lambda-walk" the paper methods name ("after"): the walk of each of them on split
// kTransferSplit of the collection (not in fast mode); a walk whose start or next fit is pending
// stops there, and the next round asks again.
void walk_lambdas(const ExperimentContext& ctx, const ProtocolDataset& pd, const MoreTaskRuns& more,
                  std::map<std::string, std::vector<RunRecord>>& out);

// The aggregate "lambda-walk-gain" of a method's runs on one collection: test accuracy of the best
// lambda its walk found minus Table 1's, in points, with the paired bootstrap interval over split
// kTransferSplit's test documents; fields "walk" (each lambda's accuracy) and "summary" (where
// the best is, and where the paper's own Table 1 lambda stands).
AggregateValue lambda_walk_gain(std::span<const RunRecord> runs, const AggregateContext& at);

// The claim measure "transfer_accuracy" on collection `cls` (a: a method, b: "best"): accuracy at
// Table 1's lambda minus at the best lambda found, paired over split kTransferSplit's test
// documents; the claim's bound "points" says how close is close (fixed before any run: about the
// split-to-split standard deviation of Table 5's accuracies, 0.5-1.5 points).
ClaimMeasures transfer_measures(const ProtocolResults& results, const std::string& cls);

}  // namespace linrepro::zo_table5
