#pragma once
// The claim "reuters-lambda-transfers" of Table 5 (§4.2: "we simply use the lambda computed on the
// Reuters dataset ... the difference of using this choice and using the optimal value for each
// specific dataset is relatively small"): on split kTransferSplit of each collection, every method
// walks Table 1's grid from our Table 1 lambda while the test accuracy rises (lambda_walk.h).
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "experiments/zhangoles2001/lambda_walk.h"
#include "experiments/zhangoles2001/table5_protocol.h"

namespace linrepro::zo_table5 {

// "Close to the optimal value", fixed before any run: Table 1's lambda's test accuracy within the
// claim's declared bound "points" (1) of the best lambda's on the grid (about the split-to-split
// standard deviation of Table 5's accuracies, 0.5-1.5 points).
double transfer_points();

// (column, solver) -> one value per split, in split order
using PerSplitValues = std::map<std::pair<std::string, std::string>, std::vector<double>>;
using FitOrLoad =
    std::function<RunRecord(const Job&, const Params&, const std::string&, const char* part)>;

struct TransferWalk {
  SplitCollection* collection;
  const Method* method;
  LambdaWalk walk;
};

// Walks every method's lambda on split kTransferSplit of every loaded collection, asking
// `fit_or_load` for each fit; a walk whose start (accuracies, NaN while pending) or next fit is
// pending stops there, and the next round asks again. Releases split kTransferSplit's matrices.
std::vector<TransferWalk> walk_lambdas(LoadedCollections<SplitData>& loaded,
                                       const std::vector<Method>& methods,
                                       const std::map<std::string, double>& lambdas,
                                       const PerSplitValues& accuracies,
                                       const PerSplitValues& seconds, const FitOrLoad& fit_or_load,
                                       const ExperimentContext& ctx);

// Table "lambda-transfer" and the claim, from the finished walks.
void transfer_cells_and_claim(ResultFile& rf, const std::vector<TransferWalk>& walks);

}  // namespace linrepro::zo_table5
