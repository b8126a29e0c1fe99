#pragma once
// graphsvm2002/main's data sets as task sets of one task each (harness/protocol/task_sets.h),
// declared in experiments.json: the task is the data set itself, named by its run-key prefix
// ("20ng", "reuters", "20ng-split1", ...), prepared once. Every run of a set takes the set's seed
// (derive_seed(its draw's seed, "graphsvm2002/<prefix>"): NB's validation split is the same for
// every method, as before), and its config the data, SVMlight's default C on it and the
// hierarchy's groups. A run fits the method its "solver" names (main_runs.h's keys: mcnb, mcsvm,
// mcsvm-liblinear-s3, hier-nb, hier-nb-node-features, hier-svm, hier-svm-g<N>, hier-svm-l1svm,
// graphsvm-t<t>) or, for a solver added with --with-solver, one flat multiclass fit at the lambda
// of its loss on the data (methods.h extra_solver_lambdas_on). The set's record carries the
// cells' note ("note") and the collection's sizes ("sizes", main_cells.h) the declared cells read.
#include <map>
#include <string>

#include "experiments/graphsvm2002/main_cells.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

// The hierarchy of 20NG: the 7 groups of the paper's Figure 2 (main.cpp says why).
inline constexpr int32_t k20ngGroups = 7;

// Every data set's task source, by task-set name.
std::map<std::string, TaskSource> main_task_sources();

}  // namespace linrepro
