#include "algorithms/mlr_cg.h"

#include "algorithms/mlr_objective.h"
#include "algorithms/nonlinear_cg.h"
#include "solvers/regularization.h"

namespace linrepro {

namespace {

constexpr double kPaperLambda = 0.001;  // §5: "we use lambda = 0.001 for all algorithms"

std::vector<ParamDecl> mlr_cg_params() {
  return join_params(
      {lambda_or_C_params(kPaperLambda, "penalty lambda sum_j w_j^2 on (1/n) sum loss",
                          "SVM cost, C = 1/(2 lambda n); instead of lambda"),
       {boolean_param("intercept", true, "fit an unregularised intercept b")},
       nonlinear_cg_params()});
}

}  // namespace

BinaryFit fit_mlr_cg(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "mlr-cg", mlr_cg_params());
  const double lambda = resolve_lambda(r, p.X.rows);
  const MlrCgParams cg = read_mlr_cg_params(r);
  const bool intercept = r.boolean("intercept");
  r.finish();

  const BinaryMarginMap map(p.X, p.y, p.X.cols, intercept);
  SmoothedMarginObjective f(map, lambda);  // at w = 0, b = 0 (Algorithm 1, step 1)
  const MlrCgResult res = run_mlr_cg(f, cg, ctx);

  BinaryFit fit;
  fit.model = map.model_of(f.point());
  fit.stop = res.stop;
  fit.iterations = res.steps;
  fit.objective = res.O_svm;
  fit.extra = describe(res, lambda, cg.direction);
  return fit;
}

SolverInfo mlr_cg_solver_info() {
  SolverInfo info;
  info.name = "mlr-cg";
  info.description =
      "Modified logistic regression with nonlinear CG and a growing gamma: an approximate linear "
      "SVM with unregularised intercept";
  info.source =
      "Zhang, Jin, Yang & Hauptmann, ICML 2003: Algorithm 1 (MLR-CG), loss eq. (1), O_gamma/O_svm "
      "§3.2, Proposition 1";
  info.kind = {.loss = Loss::modified_logistic,
               .penalty = Penalty::l2,
               .intercept = Intercept::unregularized,
               // CG minimises the smoothed O_gamma; the number reported is the exact O_svm.
               .objective =
                   "O_svm = (1/n) sum max(0, 1 - y f(x)) + lambda ||w||^2, b "
                   "unregularised (paper convention)"};
  info.params = mlr_cg_params();
  info.fit_binary = fit_mlr_cg;
  return info;
}

}  // namespace linrepro
