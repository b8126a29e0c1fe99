#include "algorithms/row_relaxation.h"

namespace linrepro {

RowRelaxationOptions read_row_relaxation_options(ParamReader& r, int64_t K, uint64_t seed) {
  RowRelaxationOptions o;
  o.K = K;
  o.reshuffle = r.boolean("reshuffle", o.reshuffle);
  o.seed = derive_seed(seed, "data order");
  return o;
}

std::vector<ParamSpec> row_relaxation_param_specs() {
  return {{"reshuffle", "false",
           "false: one seeded random data order for all K iterations (§3.2); true: a new one "
           "every iteration"}};
}

}  // namespace linrepro
