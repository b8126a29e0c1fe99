#pragma once
// The claim "reuters-lambda-transfers" of Table 5 (§4.2: "we simply use the lambda computed on the
// Reuters dataset ... the difference of using this choice and using the optimal value for each
// specific dataset is relatively small"): on split kTransferSplit of each collection, every paper
// method (a declared Table 5 row) walks Table 1's grid from our Table 1 lambda while the test
// accuracy rises (lambda_walk.h). The walk is the runner's adaptive step after a collection's
// declared runs (harness/protocol/task_set_runs.h AfterTaskSet); its runs are named
// "walk/<method>".
#include <map>
#include <string>
#include <vector>

#include "harness/protocol/protocol_runner.h"

namespace linrepro::zo_table5 {

// "Close to the optimal value", fixed before any run: Table 1's lambda's test accuracy within the
// claim's declared bound "points" (1) of the best lambda's on the grid (about the split-to-split
// standard deviation of Table 5's accuracies, 0.5-1.5 points).
double transfer_points();

// The step "lambda-walk" the paper methods name ("after"): the walk of each of them on split
// kTransferSplit of the collection (not in fast mode); a walk whose start or next fit is pending
// stops there, and the next round asks again.
void walk_lambdas(const ExperimentContext& ctx, const ProtocolDataset& pd, const MoreTaskRuns& more,
                  std::map<std::string, std::vector<RunRecord>>& out);

// A Table 5 column's caveat, by column (its cells' notes).
using Caveats = std::map<std::string, std::string>;
// Table "lambda-transfer" and the claim, from the finished walks of every collection.
void transfer_cells_and_claim(ResultFile& rf, const DeclaredProtocol& p,
                              const ProtocolResults& results, const Caveats& caveats);

}  // namespace linrepro::zo_table5
