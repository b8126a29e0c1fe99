#include "experiments/zhangoles2001/cv_select.h"

#include <cmath>
#include <stdexcept>

namespace linrepro {

std::vector<double> zo_lambda_grid() {
  std::vector<double> g;
  for (int k = 0; k <= 6; ++k) g.push_back(std::pow(10.0, -k));
  return g;
}

size_t zo_pick_lambda(std::span<const ZoCvPoint> grid) {
  if (grid.empty()) throw std::invalid_argument("zo_pick_lambda: empty grid");
  size_t best = 0;
  for (size_t i = 1; i < grid.size(); ++i) {
    const double b = grid[i].bep(), a = grid[best].bep();
    if (b > a || (b == a && grid[i].lambda > grid[best].lambda)) best = i;
  }
  return best;
}

}  // namespace linrepro
