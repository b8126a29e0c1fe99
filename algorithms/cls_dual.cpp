#include "algorithms/cls_dual.h"

#include "algorithms/row_relaxation.h"

namespace linrepro {

namespace {

constexpr double kClsDualTable1Lambda = 1e-3;  // Table 1, Lin Reg

std::vector<ParamDecl> cls_dual_params() {
  return join_params({regularized_linear_params(kClsDualTable1Lambda), row_relaxation_params()});
}

BinaryFit fit_cls_dual(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "cls-dual", cls_dual_params());
  const RegularizedLinearSettings s = read_regularized_linear_settings(r, p.X.rows);
  const RowRelaxationOptions o = read_row_relaxation_options(r, s.K, ctx.seed);
  r.finish();
  return fit_row_relaxation("cls-dual", p, s, o, LeastSquaresDualStep{}, ctx);
}

}  // namespace

SolverInfo cls_dual_solver_info() {
  SolverInfo info;
  info.name = "cls-dual";
  info.description =
      "Regularised least squares (as cls) solved in the dual by Gauss-Seidel over the examples";
  info.source = "Zhang & Oles 2001, Algorithm 5 (§3.2) with k(z) = z^2/4 + z unconstrained";
  info.kind = {.loss = Loss::least_squares,
               .penalty = Penalty::l2,
               .intercept = Intercept::regularized_feature,
               .objective =
                   "primal (1/n) sum (1 - y f(x))^2 + lambda ||w||^2, the bias "
                   "feature's weight included"};
  info.params = cls_dual_params();
  info.fit_binary = fit_cls_dual;
  return info;
}

}  // namespace linrepro
