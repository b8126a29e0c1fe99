#include "algorithms/row_relaxation.h"

#include "core/error.h"

namespace linrepro {

std::vector<ParamDecl> row_relaxation_params() {
  const RowRelaxationOptions o;
  return {boolean_param("reshuffle", o.reshuffle,
                        "false: one seeded random data order for all K iterations (§3.2); true: a "
                        "new one every iteration"),
          non_negative_param("eps", o.eps,
                             "stop once max - min of the projected dual gradient over an iteration "
                             "<= eps (LIBLINEAR's dual CD rule); 0: run all K iterations (§4)"),
          boolean_param("shrinking", o.shrinking,
                        "skip rows settled at a bound of zeta (LIBLINEAR's shrinking); needs "
                        "eps > 0, at which the skipped rows are examined again")};
}

RowRelaxationOptions read_row_relaxation_options(ParamReader& r, int64_t K, uint64_t seed) {
  RowRelaxationOptions o;
  o.K = K;
  o.reshuffle = r.boolean("reshuffle");
  o.eps = r.number("eps");
  o.shrinking = r.boolean("shrinking");
  if (o.shrinking && o.eps == 0)
    throw ConfigError(
        "shrinking needs eps > 0: the rows it skips are examined again once the iterations' "
        "projected-gradient spread falls under eps");
  o.seed = derive_seed(seed, "data order");
  return o;
}

}  // namespace linrepro
