#pragma once
// The one check of binary training data. SolverRegistry::fit_binary runs it before any solver
// sees a problem; the free functions that callers may use without the registry (smo_solve,
// naive_bayes_binary, the SGD solvers, MLR-CG's margin map) run it themselves.
#include <span>
#include <string>

#include "core/sparse_matrix.h"

namespace linrepro {

// Throws ConfigError naming the solver unless X has rows and y holds one +1/-1 label per row
// (the first bad one is named by row and value).
void check_binary_problem(const CsrMatrix& X, std::span<const double> y, const std::string& solver);

// Only the labels; `what` qualifies them in the message ("test" -> "test label of row 3 ...").
void check_binary_labels(std::span<const double> y, const std::string& solver,
                         const std::string& what = "");

}  // namespace linrepro
