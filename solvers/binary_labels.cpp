#include "solvers/binary_labels.h"

#include <fmt/format.h>

#include "core/error.h"

namespace linrepro {

void check_binary_problem(const CsrMatrix& X, std::span<const double> y,
                          const std::string& solver) {
  if (X.rows == 0) throw ConfigError(solver + ": no training rows");
  if (y.size() != static_cast<size_t>(X.rows))
    throw ConfigError(fmt::format("{}: {} labels for {} rows", solver, y.size(), X.rows));
  check_binary_labels(y, solver);
}

void check_binary_labels(std::span<const double> y, const std::string& solver,
                         const std::string& what) {
  for (size_t i = 0; i < y.size(); ++i)
    if (y[i] != 1.0 && y[i] != -1.0)
      throw ConfigError(fmt::format("{}: {}{}label of row {} is {}, expected +1 or -1", solver,
                                    what, what.empty() ? "" : " ", i, y[i]));
}

}  // namespace linrepro
