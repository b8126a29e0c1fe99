#pragma once
// Every solver the project has (the papers' methods and the baselines), in one registry: what
// experiments and the CLI look solvers up in.
#include "solvers/solver.h"

namespace linrepro {

// Built once on first use (thread-safe); baselines first, then the papers' algorithms, then the
// external solvers added below.
const SolverRegistry& solver_catalog();

// Adds a solver from outside the C++ registry (a cmd: or py: spec, baselines/external_solver.h)
// under its name, or returns the entry of that name when it is there already. Call it before
// fits start (the CLI resolves --with-solver first): the catalog is read without a lock.
const SolverInfo& add_external_solver(SolverInfo info);

}  // namespace linrepro
