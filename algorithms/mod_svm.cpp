#include "algorithms/mod_svm.h"

#include "algorithms/row_relaxation.h"

namespace linrepro {

namespace {
constexpr double kTable1Lambda = 1e-3;  // Table 1, Mod SVM
constexpr double kEta = 0.1;            // §4.1: "where we choose eta = 0.1"
}  // namespace

BinaryFit fit_mod_svm(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "mod-svm");
  const RegularizedLinearSettings s = read_regularized_linear_settings(r, p.X.rows, kTable1Lambda);
  HingeDualStep step;
  step.eta = r.positive("eta", kEta);
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
  info.params = regularized_linear_param_specs("0.001");
  info.params.push_back({"eta", "0.1", "damping of update (18); 1 = exact minimisation of (**)"});
  for (auto& spec : row_relaxation_param_specs()) info.params.push_back(std::move(spec));
  info.fit_binary = fit_mod_svm;
  return info;
}

}  // namespace linrepro
