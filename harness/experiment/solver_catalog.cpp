#include "harness/experiment/solver_catalog.h"

#include <mutex>

#include "algorithms/register.h"
#include "baselines/register.h"

namespace linrepro {

namespace {

SolverRegistry& catalog_instance() {
  static SolverRegistry catalog = [] {  // C++11 statics: initialised once, thread-safe
    SolverRegistry registry;
    register_baseline_solvers(registry);
    register_algorithm_solvers(registry);
    return registry;
  }();
  return catalog;
}

}  // namespace

const SolverRegistry& solver_catalog() { return catalog_instance(); }

const SolverInfo& add_external_solver(SolverInfo info) {
  static std::mutex mutex;
  const std::lock_guard lock(mutex);
  SolverRegistry& catalog = catalog_instance();
  if (!catalog.contains(info.name)) catalog.add(info);
  return catalog.get(info.name);
}

}  // namespace linrepro
