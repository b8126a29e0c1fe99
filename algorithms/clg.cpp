#include "algorithms/clg.h"

#include "algorithms/column_relaxation.h"

namespace linrepro {

namespace {
constexpr double kTable1Lambda = 1e-4;  // Table 1, Logistic Reg
}  // namespace

BinaryFit fit_clg(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "clg");
  const RegularizedLinearSettings s = read_regularized_linear_settings(r, p.X.rows, kTable1Lambda);
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
  info.params = regularized_linear_param_specs("0.0001");
  for (auto& spec : column_relaxation_param_specs(true)) info.params.push_back(std::move(spec));
  info.fit_binary = fit_clg;
  return info;
}

}  // namespace linrepro
