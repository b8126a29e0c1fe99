#include "experiments/zhangoles2001/lambda_walk.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace linrepro {

std::optional<size_t> LambdaWalk::next(int step) const {
  for (size_t at = start;;) {
    if ((step < 0 && at == 0) || (step > 0 && at + 1 >= grid.size())) return std::nullopt;
    const size_t to = step < 0 ? at - 1 : at + 1;
    const auto fitted = accuracy.find(to);
    if (fitted == accuracy.end()) return to;
    if (!(fitted->second > accuracy.at(at))) return std::nullopt;  // no rise: the end
    at = to;
  }
}

std::vector<size_t> LambdaWalk::frontier() const {
  std::vector<size_t> out;
  for (const int step : {-1, +1})
    if (const auto i = next(step)) out.push_back(*i);
  return out;
}

size_t LambdaWalk::best() const {
  size_t best = start;
  for (const auto& [i, a] : accuracy) {
    const double b = accuracy.at(best);
    const auto distance = [&](size_t j) { return j > start ? j - start : start - j; };
    if (a > b || (a == b && best != start && distance(i) < distance(best))) best = i;
  }
  return best;
}

LambdaWalk start_lambda_walk(std::vector<double> grid, double lambda0, double accuracy0) {
  for (size_t i = 0; i < grid.size(); ++i)
    if (std::fabs(grid[i] - lambda0) <= 1e-9 * std::fabs(lambda0)) {
      LambdaWalk w;
      w.grid = std::move(grid);
      w.start = i;
      w.accuracy[i] = accuracy0;
      return w;
    }
  throw std::invalid_argument(fmt::format("lambda {} is not on the grid", lambda0));
}

}  // namespace linrepro
