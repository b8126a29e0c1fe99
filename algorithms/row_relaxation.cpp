#include "algorithms/row_relaxation.h"

namespace linrepro {

std::vector<ParamDecl> row_relaxation_params() {
  return {boolean_param("reshuffle", RowRelaxationOptions{}.reshuffle,
                        "false: one seeded random data order for all K iterations (§3.2); true: a "
                        "new one every iteration")};
}

RowRelaxationOptions read_row_relaxation_options(ParamReader& r, int64_t K, uint64_t seed) {
  RowRelaxationOptions o;
  o.K = K;
  o.reshuffle = r.boolean("reshuffle");
  o.seed = derive_seed(seed, "data order");
  return o;
}

}  // namespace linrepro
