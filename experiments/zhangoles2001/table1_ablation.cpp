#include "experiments/zhangoles2001/table1_ablation.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <stdexcept>

#include "experiments/zhangoles2001/experiments.h"
#include "harness/experiment/published.h"
#include "harness/language/declared_texts.h"

namespace linrepro {

std::vector<Ablation> table1_cv_ablations(const std::vector<Table1CvVariant>& variants,
                                          const std::vector<std::string>& columns,
                                          const PublishedPaper& published) {
  Ablation lambda = declared_ablation_with(kZoPaper, "table1-cv-lambda", columns);
  Ablation bep = declared_ablation_with(kZoPaper, "table1-cv-bep", columns);
  for (const Table1CvVariant& v : variants) {
    if (v.methods.size() != columns.size())
      throw std::invalid_argument(
          fmt::format("table1_cv_ablations: variant {} has {} methods, {} "
                      "columns",
                      v.variant, v.methods.size(), columns.size()));
    AblationRow lr{v.variant, v.description, v.chosen, false, v.allowed, {}};
    AblationRow br = lr;
    for (const ZoCvPooled& p : v.methods) {
      lr.values.push_back(std::round(std::log10(p.best_lambda())));
      br.values.push_back(100 * p.points[p.best].bep());
    }
    lambda.rows.push_back(std::move(lr));
    bep.rows.push_back(std::move(br));
  }
  AblationRow lp{"published", "Table 1 of the paper", false, true, false, {}};
  for (const std::string& c : columns)
    lp.values.push_back(published_value(&published, "table1", "lambda", c));
  lambda.rows.push_back(std::move(lp));
  return {lambda, bep};
}

}  // namespace linrepro
