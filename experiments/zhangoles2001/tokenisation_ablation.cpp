#include "experiments/zhangoles2001/tokenisation_ablation.h"

#include <fmt/format.h>

#include <stdexcept>

#include "experiments/zhangoles2001/experiments.h"
#include "harness/declared_texts.h"
#include "harness/published.h"

namespace linrepro {

namespace {

std::string count_name(int32_t k) {
  return k >= 1000 ? fmt::format("{},{:03d}", k / 1000, k % 1000) : fmt::format("{}", k);
}

}  // namespace

Ablation tokenisation_ablation(const std::vector<int32_t>& feature_counts,
                               const std::vector<TokenisationRow>& rows) {
  std::vector<std::string> columns;
  for (int32_t k : feature_counts) columns.push_back(count_name(k) + " features");
  columns.push_back("no selection");
  Ablation a = declared_ablation_with(kZoPaper, "figure7-tokenisation", columns);
  for (const TokenisationRow& r : rows) {
    if (r.bep.size() != feature_counts.size())
      throw std::invalid_argument(
          fmt::format("tokenisation_ablation: row '{}' has {} values for {} feature counts",
                      r.variant, r.bep.size(), feature_counts.size()));
    AblationRow row{r.variant,
                    fmt::format("{}; vocabulary {} terms after the min count ({} distinct "
                                "training terms)",
                                r.description, r.vocabulary, r.train_terms),
                    r.chosen,
                    false,
                    {}};
    for (double b : r.bep) row.values.push_back(b);
    row.values.push_back(r.bep_no_selection);
    a.rows.push_back(std::move(row));
  }
  return a;
}

}  // namespace linrepro
