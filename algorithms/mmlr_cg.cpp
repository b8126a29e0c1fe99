#include "algorithms/mmlr_cg.h"

#include "algorithms/mmlr_objective.h"
#include "algorithms/nonlinear_cg.h"
#include "solvers/regularization.h"

namespace linrepro {

namespace {

constexpr double kPaperLambda = 0.001;  // §5: "we use lambda = 0.001 for all algorithms"

std::vector<ParamDecl> mmlr_cg_params() {
  return join_params(
      {lambda_or_C_params(kPaperLambda, "penalty lambda sum_k sum_j w_kj^2 on (1/n) sum loss",
                          "SVM cost, C = 1/(2 lambda n); instead of lambda"),
       {boolean_param("intercept", true, "fit unregularised intercepts b_k")},
       nonlinear_cg_params()});
}

}  // namespace

MulticlassFit fit_mmlr_cg(const MulticlassProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "mmlr-cg", mmlr_cg_params());
  const double lambda = resolve_lambda(r, p.X.rows);
  const MlrCgParams cg = read_mlr_cg_params(r);
  const bool intercept = r.boolean("intercept");
  r.finish();

  const MulticlassMarginMap map(p.X, p.labels.y, p.labels.num_classes(), p.X.cols, intercept);
  SmoothedMarginObjective f(map, lambda);  // at W = 0 (Algorithm 1, step 1)
  const MlrCgResult res = run_mlr_cg(f, cg, ctx);

  MulticlassFit fit;
  fit.model = map.model_of(f.point());
  fit.stop = res.stop;
  fit.iterations = res.steps;
  fit.objective = res.O_svm;
  fit.extra = describe(res, lambda, cg.direction);
  return fit;
}

SolverInfo mmlr_cg_solver_info() {
  SolverInfo info;
  info.name = "mmlr-cg";
  info.description =
      "Multiclass modified LR (smoothed Weston-Watkins SVM, margin 2) with nonlinear CG and a "
      "growing gamma";
  info.source =
      "Zhang, Jin, Yang & Hauptmann, ICML 2003: §4 (O_m-svm, O_m-gamma), optimised by Algorithm 1";
  info.kind = {.loss = Loss::multiclass_modified_logistic,
               .penalty = Penalty::l2,
               .intercept = Intercept::unregularized,
               // CG minimises the smoothed O_m-gamma; the number reported is the exact O_m-svm.
               .objective =
                   "O_m-svm = (1/n) sum_i sum_{k != y_i} max(0, 2 - f_{y_i}(x_i) + "
                   "f_k(x_i)) + lambda sum_k ||w_k||^2, b_k unregularised"};
  info.params = mmlr_cg_params();
  info.fit_multiclass = fit_mmlr_cg;
  return info;
}

}  // namespace linrepro
