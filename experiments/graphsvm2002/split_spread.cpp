#include "experiments/graphsvm2002/split_spread.h"

#include <fmt/format.h>

#include <cmath>
#include <utility>

#include "core/seed.h"
#include "experiments/graphsvm2002/experiments.h"
#include "harness/declared_texts.h"
#include "harness/draw_spread.h"

namespace linrepro {

namespace {

// (column, method key) of the ablation, in the cells' order.
std::vector<std::pair<std::string, std::string>> spread_columns(
    const std::vector<double>& thresholds) {
  std::vector<std::pair<std::string, std::string>> out = {
      {"MCNB", "mcnb"}, {"MCSVM", "mcsvm"}, {"Hier-NB", "hier-nb"}, {"Hier-SVM", "hier-svm"}};
  for (double t : thresholds)
    out.emplace_back(fmt::format("GraphSVM t={}", t_name(t)), graphsvm_key(t));
  return out;
}

}  // namespace

ExperimentContext split_replicate_context(const ExperimentContext& ctx, int s) {
  ExperimentContext out = ctx;
  out.seed = derive_seed(ctx.seed, fmt::format("graphsvm2002/20ng-split-replicate-{}", s));
  return out;
}

std::optional<Ablation> split_spread_ablation(const MainResults& split0,
                                              const std::vector<MainResults>& replicates,
                                              const std::vector<double>& thresholds) {
  const auto columns = spread_columns(thresholds);
  Ablation head = declared_ablation(kGraphsvmPaper, kSplitSpreadAblation);
  for (const auto& c : columns) head.columns.push_back(c.first);
  std::vector<const MainResults*> splits = {&split0};
  for (const MainResults& r : replicates) splits.push_back(&r);
  std::vector<DrawRow> draws;
  for (size_t s = 0; s < splits.size(); ++s) {
    DrawRow row{
        fmt::format("split {}", s), s == 0 ? "the cells' split" : "another seed's split", {}};
    for (const auto& column : columns) {
      const RunRecord* r = splits[s]->get(column.second);
      if (!r) return std::nullopt;
      row.values.push_back(accuracy_of(*r));
    }
    draws.push_back(std::move(row));
  }
  return draw_spread_ablation(std::move(head), draws, "splits");
}

}  // namespace linrepro
