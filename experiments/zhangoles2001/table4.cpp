// Zhang & Oles (2001) Table 4: the six methods on IBM's AS400 call-centre records (36 classes,
// 59,557 / 14,235 items). The data is IBM-internal and was never released, so every cell is
// data_unavailable; the experiment exists so that the comparison lists the table and says why.
#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/lambdas.h"
#include "experiments/zhangoles2001/reuters_protocol.h"

namespace linrepro {

namespace {

void run_table4(const ExperimentContext& ctx) {
  ResultFile rf(result_file_path(ctx, kZoPaper, "table4"),
                {{"experiment", "table4"},
                 {"paper", kZoPaper},
                 {"artifacts", ctx.fast ? Json::array() : Json{"table4"}},
                 {"description", "Table 4 (AS400): data unavailable"},
                 {"seed", ctx.seed},
                 {"config", {{"fast", ctx.fast}}}},
                ctx.force);
  if (!ctx.fast)
    for (const auto& c : kZoTable1Columns)
      for (const char* row : {"Precision", "Recall", "F1", "BEP"})
        rf.set_cell(unavailable_cell(
            "table4", row, c.column,
            "data unavailable: IBM AS400 call-centre data is not public (IBM-internal records of "
            "customer inquiries, 36 classes; never released)"));
  rf.save();
}

}  // namespace

void add_zhangoles2001_table4(std::vector<ExperimentInfo>& registry) {
  registry.push_back(
      {kZoPaper, "table4", "Table 4 (IBM AS400 call-centre data): data unavailable", run_table4});
}

}  // namespace linrepro
