// Zhang & Oles (2001) Table 4: the six methods on IBM's AS400 call-centre records (36 classes,
// 59,557 / 14,235 items). The data is IBM-internal and was never released, so every cell is
// data_unavailable; the experiment exists so that the comparison lists the table and says why.
// Fast mode marks the same cells, so that `linrepro regress` reports SKIP with that reason (a
// fast file with nothing in it would be a check that compares nothing).
#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/reuters_protocol.h"
#include "harness/experiment_declarations.h"
#include "harness/unavailable_cells.h"

namespace linrepro {

namespace {

void run_table4(const ExperimentContext& ctx, ResultFile& rf) {
  mark_unavailable(ctx, rf, "as400",
                   "data unavailable: IBM AS400 call-centre data is not public (IBM-internal "
                   "records of customer inquiries, 36 classes; never released)");
}

}  // namespace

void add_zhangoles2001_table4(std::vector<ExperimentInfo>& registry) {
  register_declared(
      registry, kZoPaper, "table4",
      [](const ExperimentContext& ctx) {
        return Json{{"fast", ctx.fast}};
      },
      run_table4);
}

}  // namespace linrepro
