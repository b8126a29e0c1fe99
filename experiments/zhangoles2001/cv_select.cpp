#include "experiments/zhangoles2001/cv_select.h"

#include <cmath>
#include <stdexcept>

#include "core/statistics.h"

namespace linrepro {

std::vector<double> zo_lambda_grid() {
  std::vector<double> g;
  for (int k = 0; k <= 6; ++k) g.push_back(std::pow(10.0, -k));
  return g;
}

std::vector<double> ZoCvPoint::fold_beps() const {
  std::vector<double> out;
  for (size_t f = 0; f < fold_tp.size(); ++f)
    out.push_back(fold_positives.at(f) > 0 ? fold_tp[f] / static_cast<double>(fold_positives[f])
                                           : 0.0);
  return out;
}

double ZoCvPoint::fold_se() const {
  const std::vector<double> b = fold_beps();
  if (b.size() < 2) throw std::invalid_argument("ZoCvPoint::fold_se: fewer than 2 folds");
  return mean_and_sd(b).sd / std::sqrt(static_cast<double>(b.size()));
}

size_t zo_best_lambda(std::span<const ZoCvPoint> grid) {
  if (grid.empty()) throw std::invalid_argument("zo_best_lambda: empty grid");
  size_t best = 0;
  for (size_t i = 1; i < grid.size(); ++i) {
    const double b = grid[i].bep(), a = grid[best].bep();
    if (b > a || (b == a && grid[i].lambda > grid[best].lambda)) best = i;
  }
  return best;
}

size_t zo_one_se_lambda(std::span<const ZoCvPoint> grid) {
  const size_t best = zo_best_lambda(grid);
  const double floor = grid[best].bep() - grid[best].fold_se();
  size_t pick = best;
  for (size_t i = 0; i < grid.size(); ++i)
    if (grid[i].bep() >= floor && grid[i].lambda > grid[pick].lambda) pick = i;
  return pick;
}

}  // namespace linrepro
