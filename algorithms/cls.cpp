#include "algorithms/cls.h"

#include "algorithms/column_relaxation.h"

namespace linrepro {

namespace {
constexpr double kTable1Lambda = 1e-3;  // Table 1, Lin Reg
}  // namespace

BinaryFit fit_cls(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, "cls");
  const RegularizedLinearSettings s = read_regularized_linear_settings(r, p.X.rows, kTable1Lambda);
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
  info.params = regularized_linear_param_specs("0.001");
  for (auto& spec : column_relaxation_param_specs(false)) info.params.push_back(std::move(spec));
  info.fit_binary = fit_cls;
  return info;
}

}  // namespace linrepro
