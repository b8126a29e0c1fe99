#pragma once
// `linrepro forget --solver SPEC`: a solver added with --with-solver taken out of a results
// directory again. It is no longer kept (harness/experiment/kept_solvers.h), its runs leave the
// result files (full and fast) of the experiments named, and each file that lost runs is
// summarised again from its stored runs (nothing is computed), so its rows, figures' series and
// failures go with it.
#include <string>
#include <vector>

#include "harness/experiment/experiment.h"

namespace linrepro {

struct ForgetOutcome {
  bool was_kept = false;                  // it was in the solvers file
  int runs_removed = 0;                   // over every result file
  std::vector<std::string> resummarised;  // "paper/id" or "paper/id (fast)"
};

// Forgets `spec` (its --with-solver text, or its label) in ctx.results_dir over `experiments`.
// ConfigError when it is neither kept nor has a run there (listing the kept ones).
ForgetOutcome forget_extra_solver(const std::vector<const ExperimentInfo*>& experiments,
                                  const ExperimentContext& ctx, const std::string& spec);

}  // namespace linrepro
