#include "harness/solver_catalog.h"

#include "algorithms/register.h"
#include "baselines/register.h"

namespace linrepro {

const SolverRegistry& solver_catalog() {
  static const SolverRegistry catalog = [] {  // C++11 statics: initialised once, thread-safe
    SolverRegistry registry;
    register_baseline_solvers(registry);
    register_algorithm_solvers(registry);
    return registry;
  }();
  return catalog;
}

}  // namespace linrepro
