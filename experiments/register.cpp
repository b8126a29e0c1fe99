#include "experiments/register.h"

#include <mutex>

#include "experiments/mlrcg2003/experiments.h"
#include "experiments/sgdreport/experiments.h"
#include "harness/experiment.h"

namespace linrepro {

void register_experiments() {
  static std::once_flag once;
  std::call_once(once, [] {
    auto& registry = experiment_registry();
    (void)registry;  // each paper's driver adds one line here
    add_mlrcg2003_univ6(registry);
    add_mlrcg2003_scaling(registry);
    add_mlrcg2003_reuters(registry);
    add_sgdreport_tables(registry);
  });
}

}  // namespace linrepro
