#pragma once
// One way to turn a solver's fit into a run record: every driver times its fit with timed_fit and
// copies it with record_fit, instead of filling RunRecord fields by hand.
#include <utility>

#include "core/stopwatch.h"
#include "harness/experiment/experiment.h"
#include "solvers/solver.h"

namespace linrepro {

// Wall time (Stopwatch) and CPU time of the calling thread around one fit.
struct FitTime {
  double wall_seconds = 0;
  double cpu_seconds = 0;
};

// Calls `fit()` and measures it. The CPU time is the calling thread's: a fit that spreads over
// workers (FitContext::threads > 1) should be measured with process_cpu_seconds instead.
template <class Fn>
auto timed_fit(Fn&& fit, FitTime& time) {
  const double cpu0 = thread_cpu_seconds();
  const Stopwatch wall;
  auto result = std::forward<Fn>(fit)();
  time.wall_seconds = wall.seconds();
  time.cpu_seconds = thread_cpu_seconds() - cpu0;
  return result;
}

// The fit's stop reason, iterations, objective and extra facts, train_seconds = wall time,
// extra.cpu_seconds, the process's peak memory so far, and the solver and its params. Metrics,
// test time and the trace are the driver's to add.
RunRecord record_fit(const std::string& solver, const Params& params, const BinaryFit& fit,
                     const FitTime& time);
RunRecord record_fit(const std::string& solver, const Params& params, const MulticlassFit& fit,
                     const FitTime& time);

}  // namespace linrepro
