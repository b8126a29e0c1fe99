// Issue 15 item 6, outside the default set (`linrepro run zhangoles2001/figure7-tokenisation`):
// Figure 7 (micro BEP of Logistic Reg against the number of features per category) under each
// tokenisation variant considered: Porter stemming on/off x min count 3 / 1 (the "< 3
// occurrences" rule), each with the feature counts of text4's Figure 7 and the no-selection point
// (every training term, min count 1, of that stemming). The runs are declared ("protocol" in
// experiments.json, whose "why" gives the settings) and run by harness/protocol_runner.h on the
// task set of reuters_tasks.h; they are set as text4's Figure 7 runs are, so the chosen row
// repeats text4's cells. Here: the ablation (tokenisation_ablation.h), its cells and the config.
// Fast mode (the regression subset, about a second): the chosen tokenisation at 100 features and
// its no-selection point, on the largest category only; its cell and ablation row come from those
// runs by the same code.
#include <fmt/format.h>

#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/lambdas.h"
#include "experiments/zhangoles2001/reuters_tasks.h"
#include "experiments/zhangoles2001/tokenisation_ablation.h"
#include "harness/protocol_runner.h"

namespace linrepro {

namespace {

constexpr const char* kFigure7TokenisationExperiment = "figure7-tokenisation";
constexpr int32_t kCounts[] = {100, 300, 1000, 3000, kZoFeatures};  // text4's Figure 7

// The ablation's rows; their runs are declared as "<id>-clg-<k>", the no-selection point of a
// stemming as "<stemming>-clg-nofs".
struct Tokenisation {
  const char* id;
  const char* stemming;
  bool chosen;
  const char* description;
};
constexpr Tokenisation kTokenisations[] = {
    {"porter-min3", "porter", true,
     "Porter stems, terms seen < 3 times dropped: §4.1's rule and figure 1's stemming (the "
     "cells')"},
    {"porter-min1", "porter", false, "Porter stems, every term kept (no min count)"},
    {"nostem-min3", "none", false, "no stemming (figure 1's step 4 omitted), min count 3"},
    {"nostem-min1", "none", false, "no stemming, every term kept"}};

std::string run_of(const Tokenisation& t, int32_t k) {
  return k > 0 ? fmt::format("{}-clg-{}", t.id, k) : fmt::format("{}-clg-nofs", t.stemming);
}

Json supplied_lambda(const ExperimentContext& ctx) {
  return {{"lambda_clg", zhangoles2001_lambdas(ctx).at("clg")}};
}

// The ablation and its cells from the tokenisations and counts that were run.
void summarise_tokenisation(const ExperimentContext& ctx, ResultFile& rf,
                            const ProtocolResults& results) {
  if (!results.unavailable.at("reuters").empty()) return;  // said in the dataset record
  const auto& runs = results.tasks.at("reuters");
  const auto& records = results.task_records.at("reuters");
  std::vector<int32_t> counts;
  for (int32_t k : kCounts)
    if (runs.contains(run_of(kTokenisations[0], k))) counts.push_back(k);
  const double lambda = results.values.at("lambda_clg").get<double>();
  std::vector<TokenisationRow> rows;
  for (const Tokenisation& t : kTokenisations) {
    if (!runs.contains(run_of(t, counts.front()))) continue;
    const auto& stats = records.at(run_of(t, counts.front())).at("preparation").at("stats");
    TokenisationRow row{
        t.id, t.description, t.chosen, stats.at("train_terms"), stats.at("vocabulary"), {}, 0, {}};
    for (int32_t k : counts) {
      const AggregateValue bep = zo_micro_bep_of(runs.at(run_of(t, k)));
      row.bep.push_back(bep.value);
      row.bep_evidence.push_back(bep.evidence);
      Cell cell = value_cell(
          "figure7-tokenisation", fmt::format("{}", k), t.id, bep.value, "%",
          fmt::format("micro BEP over {}, Logistic Reg lambda {:g} ({}); vocabulary {} terms",
                      ctx.fast ? "the largest category (fast subset)" : "all 118 categories",
                      lambda, ctx.fast ? "the paper's Table 1 (fast)" : "our Table 1",
                      row.vocabulary));
      cell.evidence = bep.evidence;
      rf.set_cell(cell);
    }
    row.bep_no_selection = zo_micro_bep_of(runs.at(run_of(t, 0))).value;
    rows.push_back(std::move(row));
  }
  rf.add_ablation(tokenisation_ablation(counts, rows));
}

}  // namespace

void add_zhangoles2001_figure7_tokenisation(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.values = supplied_lambda;
  hooks.task_sources = {{"zo-reuters", zo_reuters_tasks()}};
  hooks.summarise = summarise_tokenisation;
  register_protocol(registry, kZoPaper, kFigure7TokenisationExperiment, hooks);
}

}  // namespace linrepro
