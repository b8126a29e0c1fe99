#pragma once
// MLR-CG's optimiser (Zhang, Jin, Yang & Hauptmann, ICML 2003, §3.3, Algorithm 1): nonlinear
// conjugate gradient on O_gamma with gamma raised on a schedule, over any SmoothedObjective oracle
// (binary MLR-CG and multiclass MMLR-CG share it).
//
//   Algorithm 1
//   1. Start with w = 0, gamma = 1.0, l = 10 and delta = 10
//   2. Repeat until convergence:
//      (a) (Re-)Initialize CG by setting its search direction to minus gradient
//      (b) Minimize O_gamma with l steps CG
//      (c) Increase gamma <- gamma + delta
//
// The increase is additive as printed, so CG step t (0-based) runs at gamma = gamma0 + delta
// floor(t/l) (capped at gamma_max if one is given): 1, 11, ..., 191 over the paper's 200 steps
// ("200/l = 20 iterations for the outer loop"), consistent with §3.3 taking gamma = 200 as the
// working scale ("when gamma = 200, it is at most 0.003"; ln2/200 = 0.0035 in fact).
//
// Directions (Nocedal & Wright 1999, §5.2), with y_k = g_{k+1} - g_k:
//   Fletcher–Reeves   beta = g_{k+1}.g_{k+1} / g_k.g_k
//   Polak–Ribière     beta = g_{k+1}.y_k / g_k.g_k
//   Hestenes–Stiefel  beta = g_{k+1}.y_k / d_k.y_k        (the paper's choice: "more efficient")
// d_{k+1} = -g_{k+1} + beta d_k; step by exact line search (algorithms/line_search.h), so every
// step lowers O_gamma. If d is not a descent direction (possible for PR/HS after round-off) CG
// restarts with d = -g, which the result counts.
//
// Stopping: after max_steps CG steps (the paper's criterion). Optionally ("other criteria like the
// change of weight vector or objective value can also be used") at the end of an l-step block when
// O_svm or theta changed by less than a relative tolerance since the previous block's end. A block
// whose CG cannot move any more (zero gradient, or no decrease at round-off level) ends early and
// the schedule goes on with the next gamma.
//
// Trace (FitContext::record, clock paused): iteration t, values O_gamma, O_svm and gamma.
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "algorithms/objective_oracle.h"
#include "solvers/fit_context.h"
#include "solvers/linear_model.h"
#include "solvers/params.h"
#include "solvers/solver.h"

namespace linrepro {

enum class CgDirection { hestenes_stiefel, polak_ribiere, fletcher_reeves };
std::string to_string(CgDirection d);  // "hs", "pr", "fr"

// beta for d_{k+1} = -g_{k+1} + beta d_k; 0 (a restart) when a denominator vanishes.
double cg_beta(CgDirection rule, std::span<const double> g_new, std::span<const double> g_old,
               std::span<const double> d_old);

struct MlrCgParams {
  double gamma0 = 1.0;      // Algorithm 1, step 1
  double delta = 10.0;      // step 2(c); 0 keeps gamma fixed
  int64_t l = 10;           // CG steps per gamma, step 2(b)
  int64_t max_steps = 200;  // §3.3: "we use 200 CG steps ... as the stopping criteria"
  // Optional cap (§3.3: "we should ... not increase gamma to infinity"); none by default.
  double gamma_max = std::numeric_limits<double>::infinity();
  CgDirection direction = CgDirection::hestenes_stiefel;
  double objective_tol = 0;    // 0: off. Relative change of O_svm over a block
  double weight_tol = 0;       // 0: off. ||theta_b - theta_{b-1}|| <= weight_tol ||theta_b||
  double final_gamma() const;  // gamma of the last scheduled step
};

// The declarations of the fields above (defaults from the struct; gamma_max has none: no cap),
// and their reading and checking (errors name the field), leaving lambda/C to the caller.
std::vector<ParamDecl> nonlinear_cg_params();
MlrCgParams read_mlr_cg_params(ParamReader& r);

struct MlrCgResult {
  StopReason stop = StopReason::max_iterations;
  int64_t steps = 0;             // CG steps taken (line searches that moved)
  int64_t blocks = 0;            // gamma values used
  double gamma = 0;              // the last gamma used
  double O_gamma = 0;            // at the end, for that gamma
  double O_svm = 0;              // at the end
  int64_t restarts = 0;          // non-descent directions replaced by -g (beyond Algorithm 1's)
  int64_t stalled_blocks = 0;    // blocks that ended before l steps
  int64_t line_evaluations = 0;  // phi(alpha) evaluations over the run
};

// Runs Algorithm 1 from f.point() (the fits start at theta = 0, as step 1 says).
MlrCgResult run_mlr_cg(SmoothedObjective& f, const MlrCgParams& p, FitContext& ctx);

// What MLR-CG and MMLR-CG report in their fit's `extra` (the same facts for both).
nlohmann::json describe(const MlrCgResult& res, double lambda, CgDirection direction);

}  // namespace linrepro
