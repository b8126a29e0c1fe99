#include "solvers/regularization.h"

#include "core/error.h"

namespace linrepro {

std::vector<ParamDecl> lambda_or_C_params(double default_lambda, std::string lambda_doc,
                                          std::string C_doc) {
  return {positive_param("lambda", default_lambda, std::move(lambda_doc)),
          without_default(positive_param("C", nullptr, std::move(C_doc)),
                          "from lambda: C = 1/(2 lambda n)")};
}

double resolve_lambda(ParamReader& r, int64_t n) {
  if (r.has("lambda") && r.has("C")) throw ConfigError("give either 'lambda' or 'C', not both");
  if (const auto C = r.optional_number("C")) return C_to_lambda(*C, n);
  return r.number("lambda");
}

double resolve_C(ParamReader& r, int64_t n) { return lambda_to_C(resolve_lambda(r, n), n); }

Params regularization_params(const SolverInfo& s, double lambda) {
  Params p = s.kind.intercept_params.is_object() ? s.kind.intercept_params : Params::object();
  p[s.kind.lambda_param] = lambda;
  return p;
}

}  // namespace linrepro
