// Issue 15 item 5, outside the default set (`linrepro run zhangoles2001/text4-lambda0`): the
// curve behind text4.cpp's "lambda -> 0" cells, BEP against lambda, for the five methods §4.2's
// lambda -> 0 statements name, with K = 100 fixed and (the column relaxations at the cells'
// lambda) K to convergence. The runs, the curve's cells and the ablation tables "lambda0-bep" and
// "lambda0-f1" (one row per lambda and K reading, one column per method; the paper gives no
// lambda and one iteration count) are declared ("protocol" in experiments.json, whose "why" gives
// the grid and what is left out) and run on the task set of reuters_tasks.h; no cells of the
// paper. Here: the aggregates they name. Fast mode (the regression subset, about a second): the
// primal and dual Mod Least Squares at the cells' lambda on the largest category; its cells and
// ablation rows come from those runs by the same declaration.
#include <algorithm>
#include <cmath>

#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/reuters_tasks.h"
#include "harness/protocol/protocol_runner.h"

namespace linrepro {

namespace {

// "lambda0-bep": the micro BEP in % of a method's runs over the categories, with its sampling
// interval and, as note fields, its iterations per category ("median", "max") and, for a run to
// convergence ("lambda0-bep:to-cap", `to_cap`), how many categories used every one of the declared
// "cap" iterations ("at_cap" of "trained"; without it, of K = 100).
AggregateValue lambda0_bep(std::span<const RunRecord> runs, bool to_cap) {
  const ZoVariantResult r = zo_variant_result(runs);
  AggregateValue a = zo_micro_bep_of(runs);
  const int64_t K =
      to_cap ? declared_protocol(kZoPaper, "text4-lambda0").value("cap").get<int64_t>() : 100;
  std::vector<int64_t> its;
  int64_t at_cap = 0;
  for (size_t i = 0; i < r.iterations.size(); ++i)
    if (!std::isnan(r.objective[i])) {
      its.push_back(r.iterations[i]);
      at_cap += r.iterations[i] >= K;
    }
  std::sort(its.begin(), its.end());
  a.fields = {{"median", its.empty() ? 0 : its[its.size() / 2]},
              {"max", its.empty() ? 0 : its.back()},
              {"at_cap", at_cap},
              {"trained", its.size()}};
  return a;
}

// "lambda0-f1": the micro F1 in % at the training-error thresholds.
AggregateValue lambda0_f1(std::span<const RunRecord> runs, const AggregateContext&) {
  return {100 * zo_micro(zo_variant_result(runs).evals).prf.f1, {}, "", {}, false};
}

}  // namespace

void add_zhangoles2001_text4_lambda0(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.values = [](const ExperimentContext& ctx) -> Json {
    return {{"bep_over", ctx.fast ? "the largest category (fast subset)" : "all 118 categories"}};
  };
  hooks.task_sources = {{"zo-reuters", zo_reuters_tasks()}};
  hooks.aggregates = {
      {"lambda0-bep", [](auto runs, const AggregateContext&) { return lambda0_bep(runs, false); }},
      {"lambda0-bep:to-cap",
       [](auto runs, const AggregateContext&) { return lambda0_bep(runs, true); }},
      {"lambda0-f1", lambda0_f1}};
  register_protocol(registry, kZoPaper, "text4-lambda0", hooks);
}

}  // namespace linrepro
