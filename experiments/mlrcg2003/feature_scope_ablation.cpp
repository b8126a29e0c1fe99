#include "experiments/mlrcg2003/feature_scope_ablation.h"

#include <fmt/format.h>

#include <stdexcept>

#include "experiments/mlrcg2003/experiments.h"
#include "harness/declared_texts.h"

namespace linrepro {

Ablation feature_scope_ablation(const std::vector<std::string>& methods,
                                const std::vector<FeatureScopeVariant>& variants,
                                const PublishedPaper& published) {
  std::vector<std::string> columns;
  for (const auto& m : methods) {
    columns.push_back(m + " micro-F1");
    columns.push_back(m + " macro-F1");
  }
  Ablation a = declared_ablation(kMlrcgPaper, "feature-scope-6.1");
  a.columns = columns;
  for (const auto& v : variants) {
    if (v.results.size() != methods.size())
      throw std::invalid_argument(
          fmt::format("feature_scope_ablation: variant '{}' has {} "
                      "results for {} methods",
                      v.variant, v.results.size(), methods.size()));
    AblationRow row{v.variant, v.description, v.chosen, false, {}};
    for (const auto& r : v.results) {
      row.values.push_back(r ? std::optional<double>(100 * r->micro) : std::nullopt);
      row.values.push_back(r ? std::optional<double>(100 * r->macro) : std::nullopt);
    }
    a.rows.push_back(std::move(row));
  }
  AblationRow paper{"published", "§6.1's text", false, true, {}};
  for (const auto& column : columns) {
    const PublishedCell* c = find_published_cell(published, "text-6.1", "reuters21578", column);
    paper.values.push_back(c ? std::optional<double>(c->value) : std::nullopt);
  }
  a.rows.push_back(std::move(paper));
  return a;
}

}  // namespace linrepro
