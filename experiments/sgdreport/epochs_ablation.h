#pragma once
// Ablation "epochs-dataset1": the cumulative-penalty run on a9a read off its own trace after fewer
// epochs than Table 1's 200 (sparsity and the two error rates at each point). It adopts nothing:
// Table 1 gives 200 epochs as Dataset 1's "Max Iteration Times" and the report names no earlier
// stopping rule, so the cells keep the 200-epoch model. The rows show how the zero count still
// moves with the epochs, which is the evidence for a sparsity that differs
// (harness/judge/cell_cause.h).
#include <cstdint>

#include "harness/experiment/published.h"
#include "harness/results/ablation.h"
#include "harness/results/result_schema.h"

namespace linrepro {

inline constexpr const char* kEpochsAblation = "epochs-dataset1";

// `trace`: the run's trace (RunRecord::trace: points with "iteration" = updates and "values"
// with "zeros", "train_error", "test_error"), its last point at the end of epoch `epochs_run`.
// The reference row is Table 3's Cumulative row of `published`. Throws ConfigError for an empty
// trace.
Ablation epochs_ablation(const Json& trace, int64_t epochs_run, const PublishedPaper& published);

}  // namespace linrepro
