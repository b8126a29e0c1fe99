#include "algorithms/cmls.h"

#include "algorithms/column_relaxation.h"

namespace linrepro {

namespace {
constexpr double kTable1Lambda = 1e-3;  // Table 1, Mod Least Squares
constexpr int64_t kContinuation = 50;   // §4.1: c_k = max(0, 1 - k/50)
}  // namespace

BinaryFit fit_cmls(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "cmls");
  const RegularizedLinearSettings s = read_regularized_linear_settings(r, p.X.rows, kTable1Lambda);
  const ColumnRelaxationOptions o = read_column_relaxation_options(r, s.K, true);
  ModifiedLeastSquaresLoss loss;
  loss.L = r.integer("continuation", kContinuation, 0);
  r.finish();
  BinaryFit fit = fit_column_relaxation("cmls", p, s, o, loss, ctx);
  fit.extra["continuation"] = loss.L;
  return fit;
}

SolverInfo cmls_solver_info() {
  SolverInfo info;
  info.name = "cmls";
  info.description =
      "Modified least squares (squared hinge, regularised constant feature) by column relaxation "
      "with continuation and a trust region";
  info.source = "Zhang & Oles 2001, Algorithm 3 (CMLS) for eq. (10); 'Mod Least Squares' in §4";
  info.params = regularized_linear_param_specs("0.001");
  info.params.push_back({"continuation", "50", "c_k = max(0, 1 - k/min(continuation, K)) (§4.1)"});
  for (auto& spec : column_relaxation_param_specs(true)) info.params.push_back(std::move(spec));
  info.fit_binary = fit_cmls;
  return info;
}

}  // namespace linrepro
