#include "solvers/regularization.h"

#include "core/error.h"

namespace linrepro {

double resolve_lambda(ParamReader& r, int64_t n, double default_lambda) {
  if (r.has("lambda") && r.has("C")) throw ConfigError("give either 'lambda' or 'C', not both");
  if (r.has("C")) return C_to_lambda(r.positive("C", 1.0), n);
  r.number("C", 0);  // mark as known
  return r.positive("lambda", default_lambda);
}

double resolve_C(ParamReader& r, int64_t n, double default_lambda) {
  return lambda_to_C(resolve_lambda(r, n, default_lambda), n);
}

}  // namespace linrepro
