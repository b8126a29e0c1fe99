#include "algorithms/clg.h"

#include "algorithms/column_relaxation.h"

namespace linrepro {

namespace {

constexpr double kClgTable1Lambda = 1e-4;  // Table 1, Logistic Reg

std::vector<ParamDecl> clg_params() {
  return join_params({regularized_linear_params(kClgTable1Lambda), column_relaxation_params(true)});
}

}  // namespace

BinaryFit fit_clg(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "clg", clg_params());
  const RegularizedLinearSettings s = read_regularized_linear_settings(r, p.X.rows);
  const ColumnRelaxationOptions o = read_column_relaxation_options(r, s.K, true);
  r.finish();
  return fit_column_relaxation("clg", p, s, o, LogisticLossRowExp{}, ctx);
}

SolverInfo clg_solver_info() {
  SolverInfo info;
  info.name = "clg";
  info.description =
      "Regularised logistic regression (regularised constant feature) by column relaxation with a "
      "trust region";
  info.source = "Zhang & Oles 2001, Algorithm 4 (CLG) for eq. (6); 'Logistic Reg' in §4";
  info.kind = {.loss = Loss::logistic,
               .penalty = Penalty::l2,
               .intercept = Intercept::regularized_feature,
               .objective =
                   "(1/n) sum log(1 + exp(-y f(x))) + lambda ||w||^2, the bias "
                   "feature's weight included"};
  info.params = clg_params();
  info.fit_binary = fit_clg;
  return info;
}

}  // namespace linrepro
