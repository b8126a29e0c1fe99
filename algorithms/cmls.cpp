#include "algorithms/cmls.h"

#include "algorithms/column_relaxation.h"

namespace linrepro {

namespace {

constexpr double kCmlsTable1Lambda = 1e-3;  // Table 1, Mod Least Squares

std::vector<ParamDecl> cmls_params() {
  return join_params({regularized_linear_params(kCmlsTable1Lambda),
                      {integer_param("continuation", ModifiedLeastSquaresLoss{}.L, 0,
                                     "c_k = max(0, 1 - k/min(continuation, K)) (§4.1)")},
                      column_relaxation_params(true)});
}

}  // namespace

BinaryFit fit_cmls(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "cmls", cmls_params());
  const RegularizedLinearSettings s = read_regularized_linear_settings(r, p.X.rows);
  const ColumnRelaxationOptions o = read_column_relaxation_options(r, s.K, true);
  ModifiedLeastSquaresLoss loss;
  loss.L = r.integer("continuation");
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
  info.kind = {.loss = Loss::squared_hinge,
               .penalty = Penalty::l2,
               .intercept = Intercept::regularized_feature,
               .objective =
                   "(1/n) sum max(0, 1 - y f(x))^2 + lambda ||w||^2, the bias "
                   "feature's weight included"};
  info.params = cmls_params();
  info.fit_binary = fit_cmls;
  return info;
}

}  // namespace linrepro
