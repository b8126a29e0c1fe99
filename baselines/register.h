#pragma once
// The baseline solvers: smo, liblinear-s0/1/2/3/5/6/7, libsvm-linear (and naive Bayes, later).
#include "solvers/solver.h"

namespace linrepro {

void register_baseline_solvers(SolverRegistry& registry);

}  // namespace linrepro
