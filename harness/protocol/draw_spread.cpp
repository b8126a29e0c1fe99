#include "harness/protocol/draw_spread.h"

#include <fmt/format.h>

#include <stdexcept>
#include <utility>

#include "core/statistics.h"

namespace linrepro {

Ablation draw_spread_ablation(Ablation head, const std::vector<DrawRow>& draws,
                              const std::string& noun) {
  if (draws.empty()) throw std::invalid_argument(head.id + ": a spread of no draw");
  head.rows.clear();
  std::vector<std::vector<double>> by_column(head.columns.size());
  for (size_t s = 0; s < draws.size(); ++s) {
    if (draws[s].values.size() != head.columns.size())
      throw std::invalid_argument(fmt::format("{}: draw '{}' has {} values for {} columns", head.id,
                                              draws[s].label, draws[s].values.size(),
                                              head.columns.size()));
    AblationRow row{draws[s].label, draws[s].description, s == 0, false, false, {}};
    for (size_t c = 0; c < by_column.size(); ++c) {
      by_column[c].push_back(draws[s].values[c]);
      row.values.push_back(draws[s].values[c]);
    }
    head.rows.push_back(std::move(row));
  }
  AblationRow mean{"mean", fmt::format("over the {} {}", draws.size(), noun), false, false, false,
                   {}};
  AblationRow sd{"sd", "sample standard deviation over the " + noun, false, false, false, {}};
  for (const std::vector<double>& v : by_column) {
    const MeanSd m = mean_and_sd(v);
    mean.values.push_back(m.mean);
    sd.values.push_back(m.sd);
  }
  head.rows.push_back(std::move(mean));
  head.rows.push_back(std::move(sd));
  return head;
}

}  // namespace linrepro
