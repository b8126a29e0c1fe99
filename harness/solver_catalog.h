#pragma once
// Every solver the project has (the papers' methods and the baselines), in one registry: what
// experiments and the CLI look solvers up in.
#include "solvers/solver.h"

namespace linrepro {

// Built once on first use (thread-safe); baselines first, then the papers' algorithms.
const SolverRegistry& solver_catalog();

}  // namespace linrepro
