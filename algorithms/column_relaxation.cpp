#include "algorithms/column_relaxation.h"

namespace linrepro {

std::vector<ParamDecl> column_relaxation_params(bool trust_region) {
  const ColumnRelaxationOptions o;
  std::vector<ParamDecl> decls;
  if (trust_region) {
    decls.push_back(
        positive_param("epsilon", o.epsilon, "trust region update D_j = 2|Dw_j| + epsilon (§3.1)"));
    decls.push_back(
        positive_param("initial_delta", o.initial_delta, "D_j before column j's first step"));
  }
  decls.push_back(boolean_param(
      "stop_rule", o.stop_rule,
      "stop once sum|Dr_i| < stop_tolerance (1 + sum|r_i|) over an iteration (§3.1)"));
  decls.push_back(positive_param("stop_tolerance", o.stop_tolerance,
                                 "the stopping rule's fraction (0.1 percent)"));
  return decls;
}

ColumnRelaxationOptions read_column_relaxation_options(ParamReader& r, int64_t K,
                                                       bool trust_region) {
  ColumnRelaxationOptions o;
  o.K = K;
  if (trust_region) {
    o.epsilon = r.number("epsilon");
    o.initial_delta = r.number("initial_delta");
  }
  o.stop_rule = r.boolean("stop_rule");
  o.stop_tolerance = r.number("stop_tolerance");
  return o;
}

CscMatrix signed_columns(const CsrMatrix& X, std::span<const double> y) {
  CscMatrix Z = CscMatrix::from_csr(X);
  for (size_t t = 0; t < Z.values.size(); ++t) Z.values[t] *= y[Z.row_idx[t]];
  return Z;
}

BinaryFit column_relaxation_fit(const ColumnRelaxationResult& res, int32_t d, double A,
                                double lambda, const ColumnRelaxationOptions& o) {
  BinaryFit fit;
  fit.model = model_from_weights(res.w, d, A);
  fit.stop = res.stop;
  fit.iterations = res.iterations;
  fit.objective = res.objective;
  fit.extra = {{"lambda", lambda},
               {"K", o.K},
               {"epsilon", o.epsilon},
               {"stop_rule", o.stop_rule},
               {"relative_change", res.relative_change},
               {"constant_feature", A}};
  return fit;
}

}  // namespace linrepro
