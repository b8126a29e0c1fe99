#pragma once
// The end of a sweep in the accelerated coordinate-descent solvers (primal_cd.h,
// dual_cd_logistic.h): LIBLINEAR's relative stopping rule for its CD solvers -- done once the
// sweep's largest optimality violation is at most eps times the first sweep's -- with the trace
// and the progress line every solver of this kind writes.
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/regularized_linear.h"
#include "solvers/fit_context.h"
#include "solvers/params.h"
#include "solvers/regularization.h"
#include "solvers/solver.h"

namespace linrepro {

// Defaults of every solver of this kind.
inline constexpr double kSweepStopEps = 1e-3;
inline constexpr int64_t kMaxSweeps = 1000;

// What they all declare: lambda (Table 1's value for the loss) or C, constant_feature, eps (the
// stopping rule's, on `violation`) and max_sweeps (over `units`: "rows" or "columns").
inline std::vector<ParamDecl> sweep_solver_params(double default_lambda,
                                                  const std::string& violation,
                                                  const std::string& units) {
  return join_params(
      {lambda_or_C_params(default_lambda, "lambda of (12): (1/n) sum f(w.x y) + lambda |w|^2",
                          "instead of lambda, SVM convention: C = 1/(2 lambda n)"),
       {non_negative_param("constant_feature", 1.0,
                           "A appended to every x; its weight is regularised"),
        positive_param("eps", kSweepStopEps,
                       "stop when " + violation + " over a sweep <= eps * its first-sweep value"),
        integer_param("max_sweeps", kMaxSweeps, 1, "sweeps over the " + units + " at most")}});
}

struct RelativeSweepStop {
  double eps = kSweepStopEps;
  std::string measure;  // the violation's name in the trace ("max_gradient", ...)
  double first = 0;     // the first sweep's violation
  int64_t sweeps = 0;   // done so far
  bool converged = false;

  // After sweep k (1-based): traces the objective and the violation, reports every 10th sweep,
  // and returns whether the run is done.
  template <class Objective>
  bool after_sweep(int64_t k, int64_t max_sweeps, double violation, const Objective& objective,
                   FitContext& ctx) {
    if (k == 1) first = violation;
    sweeps = k;
    const bool done = converged = violation <= eps * first;
    ctx.record(
        k,
        [&] {
          return std::map<std::string, double>{{"objective", objective()}, {measure, violation}};
        },
        done || k == max_sweeps);
    if (k % 10 == 0 || done) ctx.report("sweep {}: {} {:.3g}", k, measure, violation);
    return done;
  }

  // The fit of weights w over d columns plus the constant feature A (when w has d + 1), with the
  // stop reason and sweeps above. w becomes the model's (not copied); an `objective` computed from
  // w in the same call is evaluated before that.
  BinaryFit fit(std::vector<double>&& w, int32_t d, double A, double objective) const {
    BinaryFit f;
    f.model = model_from_weights(std::move(w), d, A);
    f.stop = converged ? StopReason::converged : StopReason::max_iterations;
    f.iterations = sweeps;
    f.objective = objective;
    return f;
  }
};

}  // namespace linrepro
