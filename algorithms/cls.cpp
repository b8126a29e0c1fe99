#include "algorithms/cls.h"

#include "algorithms/column_relaxation.h"

namespace linrepro {

namespace {

constexpr double kClsTable1Lambda = 1e-3;  // Table 1, Lin Reg

std::vector<ParamDecl> cls_params() {
  return join_params(
      {regularized_linear_params(kClsTable1Lambda), column_relaxation_params(false)});
}

}  // namespace

BinaryFit fit_cls(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "cls", cls_params());
  const RegularizedLinearSettings s = read_regularized_linear_settings(r, p.X.rows);
  const ColumnRelaxationOptions o = read_column_relaxation_options(r, s.K, false);
  r.finish();
  return fit_column_relaxation("cls", p, s, o, LeastSquaresLoss{}, ctx);
}

SolverInfo cls_solver_info() {
  SolverInfo info;
  info.name = "cls";
  info.description =
      "Regularised least squares (ridge on the labels) by exact column-wise Gauss-Seidel";
  info.source = "Zhang & Oles 2001, Algorithm 2 (CLS) for eq. (4); 'Lin Reg' in §4";
  info.kind = {.loss = Loss::least_squares,
               .penalty = Penalty::l2,
               .intercept = Intercept::regularized_feature,
               .objective =
                   "(1/n) sum (1 - y f(x))^2 + lambda ||w||^2, the bias feature's "
                   "weight included"};
  info.params = cls_params();
  info.fit_binary = fit_cls;
  return info;
}

}  // namespace linrepro
