#pragma once
// Solvers a user adds to a paper's experiment without editing its driver:
//   linrepro run zhangoles2001/table2 --with-solver liblinear-s5 --with-solver sgd-ridge:epochs=20
// A driver that accepts extra solvers runs each one through the paper's protocol exactly as its
// own methods (same data, features, splits, thresholds, metrics), at the paper's lambda unless the
// user sets lambda or C, and marks every run, cell and figure series "not part of the paper".
#include <cstdint>
#include <string>
#include <vector>

#include "harness/experiment.h"
#include "solvers/params.h"

namespace linrepro {

inline constexpr const char* kExtraSolverNote =
    "not part of the paper: a solver added with --with-solver, run through the paper's protocol";

struct ExtraSolver {
  std::string solver;  // registry name
  Params params;       // what the user set (may be empty)
  std::string label;   // as given: "liblinear-s5" or "liblinear-s5:C=2"
};

// ctx.extra_solvers parsed: "name" or "name:k=v,k=v". Throws ConfigError for an unknown solver
// (listing the registered ones) or a malformed assignment.
std::vector<ExtraSolver> extra_solvers(const ExperimentContext& ctx);

// The params an extra solver runs with under a protocol whose regularisation is `lambda` (the
// papers' (1/n) sum loss + lambda ||w||^2): regularization_params (lambda where the solver takes it,
// its intercept switch, e.g. LIBLINEAR's constant feature), overridden by what the user set (a
// user's C replaces lambda).
Params extra_solver_params(const ExtraSolver& extra, double lambda);

// The result-file tag of an extra solver's runs (RunRecord::extra): {"part": "extra", "note": ...}.
Json extra_solver_tag(const ExtraSolver& extra);

}  // namespace linrepro
