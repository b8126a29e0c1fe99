#include "experiments/graphsvm2002/split_spread.h"

#include <fmt/format.h>

#include "core/seed.h"

namespace linrepro {

ExperimentContext split_replicate_context(const ExperimentContext& ctx, int s) {
  ExperimentContext out = ctx;
  out.seed = derive_seed(ctx.seed, fmt::format("graphsvm2002/20ng-split-replicate-{}", s));
  return out;
}

}  // namespace linrepro
