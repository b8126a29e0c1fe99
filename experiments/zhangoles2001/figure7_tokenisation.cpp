// Issue 15 item 6, outside the default set (`linrepro run zhangoles2001/figure7-tokenisation`):
// Figure 7 (micro BEP of Logistic Reg against the number of features per category) under each
// tokenisation variant considered: Porter stemming on/off x min count 3 / 1 (the "< 3
// occurrences" rule), each with the feature counts of text4's Figure 7 and the no-selection point
// (every training term, min count 1, of that stemming). The runs, the cells and the ablation
// "figure7-tokenisation" (a row per variant, its vocabulary in the description) are declared
// ("protocol" in experiments.json, whose "why" gives the settings) and run on the task set of
// reuters_tasks.h; they are set as text4's Figure 7 runs are, so the chosen row repeats text4's
// cells. Here: Table 1's lambdas (the extra solvers' own too) and the words the cells' notes say
// of them.
// Fast mode (the regression subset, about a second): the chosen tokenisation at 100 features and
// its no-selection point, on the largest category only; its cell and ablation row come from those
// runs by the same declaration.
#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/lambdas.h"
#include "experiments/zhangoles2001/reuters_tasks.h"
#include "harness/protocol/protocol_runner.h"

namespace linrepro {

void add_zhangoles2001_figure7_tokenisation(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.values = [](const ExperimentContext& ctx) -> Json {
    Json values = zhangoles2001_supplied_lambdas(ctx);  // the extra solvers' lambdas too
    values["bep_over"] = ctx.fast ? "the largest category (fast subset)" : "all 118 categories";
    values["lambda_source"] = ctx.fast ? "the paper's Table 1 (fast)" : "our Table 1";
    return values;
  };
  hooks.task_sources = {{"zo-reuters", zo_reuters_tasks()}};
  hooks.aggregates = {
      {"micro-bep", [](auto runs, const AggregateContext&) { return zo_micro_bep_of(runs); }}};
  register_protocol(registry, kZoPaper, "figure7-tokenisation", hooks);
}

}  // namespace linrepro
