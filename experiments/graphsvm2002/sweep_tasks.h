#pragma once
// The scalability sweeps of graphsvm2002 (sweeps.cpp) as sequential task sets
// (harness/protocol/task_set_runs.h, declared in experiments.json): each point of a sweep is a
// task, prepared by the first run that needs it (its config names its data) and kept until the next
// point. Options {"draw": s} is the spread's draw s > 0 (split_spread.h: the seed of another
// 70/30 split and class order); config "sweep" is then "<sweep>-draw", which the figures' filters
// leave out, and config "draw" is s. A run fits a paper method by name (sweeps_methods.h: MCNB,
// MCSVM, GraphSVM, Hier-SVM) or a solver added with --with-solver as one flat multiclass fit at
// the lambda of its loss on the point's data (methods.h extra_solver_lambdas_on).
//   class_sweep_tasks("20ng" | "reuters")  "K=05", "K=10", ... and every class last: the first K
//        classes of a seeded random class order (restrict_to_classes); 20NG draws its split anew
//        per draw, Reuters keeps ModApte and only the order changes
//   share_sweep_tasks()  "share=10" ... "share=70": 20NG's nested seeded subsets of share / 0.7
//        of the documents, split 70:30, features reselected on each training side
#include <string>
#include <vector>

#include "experiments/graphsvm2002/sweeps_methods.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

// Figure 11's training-set shares of the whole data (the paper: 10% to 70%), 70:30 at each.
inline const std::vector<double> kShares = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7};
inline constexpr double kTrainFraction = 0.7;
// "We started with 5 randomly picked classes, and added 5 randomly picked classes at a time".
inline constexpr int32_t kClassStep = 5;

TaskSource class_sweep_tasks(const std::string& corpus);
TaskSource share_sweep_tasks();

// Draw s's points of `methods` (x: config `x_field` / x_scale) from a sweep's runs by method
// name (draw s > 0: "draw<s>/<method>"), for every draw that ran.
std::vector<SweepPoints> sweep_draws(const std::map<std::string, std::vector<RunRecord>>& runs,
                                     const std::vector<std::string>& methods,
                                     const std::string& x_field, double x_scale);

}  // namespace linrepro
