#include "experiments/register.h"

#include <mutex>

#include "experiments/graphsvm2002/experiments.h"
#include "experiments/mlrcg2003/experiments.h"
#include "experiments/sgdreport/experiments.h"
#include "experiments/zhangoles2001/experiments.h"
#include "harness/experiment/experiment.h"
#include "harness/language/experiment_declarations.h"

namespace linrepro {

void register_experiments() {
  static std::once_flag once;
  std::call_once(once, [] {
    auto& registry = experiment_registry();
    // One line per paper (experiments/<paper>/experiments.h); each paper's experiments are
    // declared in experiments/<paper>/experiments.json.
    add_mlrcg2003(registry);
    add_sgdreport(registry);
    add_zhangoles2001(registry);
    add_graphsvm2002(registry);
    check_registry_matches_declarations(registry);  // experiments/<paper>/experiments.json
  });
}

}  // namespace linrepro
