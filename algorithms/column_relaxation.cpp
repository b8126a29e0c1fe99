#include "algorithms/column_relaxation.h"

namespace linrepro {

ColumnRelaxationOptions read_column_relaxation_options(ParamReader& r, int64_t K,
                                                       bool trust_region) {
  ColumnRelaxationOptions o;
  o.K = K;
  if (trust_region) {
    o.epsilon = r.positive("epsilon", o.epsilon);
    o.initial_delta = r.positive("initial_delta", o.initial_delta);
  }
  o.stop_rule = r.boolean("stop_rule", o.stop_rule);
  o.stop_tolerance = r.positive("stop_tolerance", o.stop_tolerance);
  return o;
}

std::vector<ParamSpec> column_relaxation_param_specs(bool trust_region) {
  std::vector<ParamSpec> specs;
  if (trust_region) {
    specs.push_back({"epsilon", "0.1", "trust region update D_j = 2|Dw_j| + epsilon (§3.1)"});
    specs.push_back({"initial_delta", "1", "D_j before column j's first step"});
  }
  specs.push_back({"stop_rule", "false",
                   "stop once sum|Dr_i| < stop_tolerance (1 + sum|r_i|) over an iteration (§3.1)"});
  specs.push_back({"stop_tolerance", "0.001", "the stopping rule's fraction (0.1 percent)"});
  return specs;
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
