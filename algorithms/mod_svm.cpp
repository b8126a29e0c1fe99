#include "algorithms/mod_svm.h"

#include "algorithms/row_relaxation.h"

namespace linrepro {

namespace {

constexpr double kTable1Lambda = 1e-3;  // Table 1, Mod SVM

std::vector<ParamDecl> mod_svm_params() {
  return join_params({regularized_linear_params(kTable1Lambda),
                      {positive_param("eta", HingeDualStep{}.eta,  // §4.1: "we choose eta = 0.1"
                                      "damping of update (18); 1 = exact minimisation of (**)")},
                      row_relaxation_params()});
}

}  // namespace

BinaryFit fit_mod_svm(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "mod-svm", mod_svm_params());
  const RegularizedLinearSettings s = read_regularized_linear_settings(r, p.X.rows);
  HingeDualStep step;
  step.eta = r.number("eta");
  const RowRelaxationOptions o = read_row_relaxation_options(r, s.K, ctx.seed);
  r.finish();
  BinaryFit fit = fit_row_relaxation("mod-svm", p, s, o, step, ctx);
  fit.extra["eta"] = step.eta;
  return fit;
}

SolverInfo mod_svm_solver_info() {
  SolverInfo info;
  info.name = "mod-svm";
  info.description =
      "Modified SVM: hinge loss, regularised constant feature instead of a threshold, dual "
      "Gauss-Seidel in a seeded random order";
  info.source = "Zhang & Oles 2001, Algorithm 5 with update (18); 'Mod SVM' in §4";
  info.kind = {.loss = Loss::hinge,
               .penalty = Penalty::l2,
               .intercept = Intercept::regularized_feature,
               // the primal at the dual's w (the duality gap is in extra)
               .objective =
                   "primal (1/n) sum max(0, 1 - y f(x)) + lambda ||w||^2, the bias "
                   "feature's weight included"};
  info.params = mod_svm_params();
  info.fit_binary = fit_mod_svm;
  return info;
}

}  // namespace linrepro
