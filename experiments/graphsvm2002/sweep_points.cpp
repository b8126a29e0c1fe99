#include "experiments/graphsvm2002/sweep_points.h"

#include <fmt/format.h>

namespace linrepro {

// "x: value, x: value, ..." for one method (values with 2 decimals).
std::string list_values(const SweepPoints& p, const std::string& method,
                        const std::function<double(const RunRecord&)>& value) {
  std::string s;
  if (!p.contains(method)) return "-";
  for (const auto& [x, r] : p.at(method))
    s += fmt::format("{}{:g}: {:.2f}", s.empty() ? "" : ", ", x, value(r));
  return s;
}

}  // namespace linrepro
