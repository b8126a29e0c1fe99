#include "experiments/register.h"

#include <mutex>

#include "experiments/graphsvm2002/experiments.h"
#include "experiments/mlrcg2003/experiments.h"
#include "experiments/sgdreport/experiments.h"
#include "experiments/zhangoles2001/experiments.h"
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
    add_zhangoles2001_table1(registry);
    add_zhangoles2001_table1_all(registry);
    add_zhangoles2001_table2(registry);
    add_zhangoles2001_table4(registry);
    add_zhangoles2001_text4(registry);
    add_zhangoles2001_text4_lambda0(registry);
    add_zhangoles2001_figure7_tokenisation(registry);
    add_zhangoles2001_table5(registry);
    add_zhangoles2001_webkb_nb(registry);
    add_graphsvm2002_sweeps(registry);
    add_graphsvm2002_main(registry);
    add_graphsvm2002_features(registry);
  });
}

}  // namespace linrepro
