#include "algorithms/cmls_dual.h"

#include "algorithms/row_relaxation.h"

namespace linrepro {

namespace {

constexpr double kCmlsDualTable1Lambda = 1e-3;  // Table 1, Mod Least Squares

std::vector<ParamDecl> cmls_dual_params() {
  return join_params({regularized_linear_params(kCmlsDualTable1Lambda),
                      {positive_param("eta", ModifiedLeastSquaresDualStep{}.eta,
                                      "scales the unconstrained step (1 = the paper's update)")},
                      row_relaxation_params()});
}

}  // namespace

BinaryFit fit_cmls_dual(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "cmls-dual", cmls_dual_params());
  const RegularizedLinearSettings s = read_regularized_linear_settings(r, p.X.rows);
  ModifiedLeastSquaresDualStep step;
  step.eta = r.number("eta");
  const RowRelaxationOptions o = read_row_relaxation_options(r, s.K, ctx.seed);
  r.finish();
  BinaryFit fit = fit_row_relaxation("cmls-dual", p, s, o, step, ctx);
  fit.extra["eta"] = step.eta;
  return fit;
}

SolverInfo cmls_dual_solver_info() {
  SolverInfo info;
  info.name = "cmls-dual";
  info.description =
      "Modified least squares (as cmls) solved in the dual by Gauss-Seidel over the examples";
  info.source =
      "Zhang & Oles 2001, Algorithm 5 with k(z) = z^2/4 + z (§3.2); the §4 lambda -> 0 "
      "comparison";
  info.kind = {.loss = Loss::squared_hinge,
               .penalty = Penalty::l2,
               .intercept = Intercept::regularized_feature,
               // the primal at the dual's w (the duality gap is in extra)
               .objective =
                   "primal (1/n) sum max(0, 1 - y f(x))^2 + lambda ||w||^2, the bias "
                   "feature's weight included"};
  info.params = cmls_dual_params();
  info.fit_binary = fit_cmls_dual;
  return info;
}

}  // namespace linrepro
