#include "harness/experiment/record_fit.h"

namespace linrepro {

namespace {

template <class Fit>
RunRecord record_of(const std::string& solver, const Params& params, const Fit& fit,
                    const FitTime& time) {
  RunRecord r;
  r.solver = solver;
  r.params = params;
  r.train_seconds = time.wall_seconds;
  r.peak_memory_bytes = peak_rss_bytes();
  r.iterations = fit.iterations;
  r.stop = to_string(fit.stop);
  r.objective = fit.objective;
  r.extra = fit.extra;
  r.extra["cpu_seconds"] = time.cpu_seconds;
  return r;
}

}  // namespace

RunRecord record_fit(const std::string& solver, const Params& params, const BinaryFit& fit,
                     const FitTime& time) {
  return record_of(solver, params, fit, time);
}

RunRecord record_fit(const std::string& solver, const Params& params, const MulticlassFit& fit,
                     const FitTime& time) {
  return record_of(solver, params, fit, time);
}

}  // namespace linrepro
