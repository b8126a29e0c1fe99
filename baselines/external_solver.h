#pragma once
// Solvers from outside the C++ registry, joined to a paper's protocol with --with-solver:
//
//   cmd:PROGRAM[:k=v,...]              any program that follows the protocol below
//   py:MODULE.CLASS(ARGS)[:k=v,...]    a scikit-learn-style estimator, run by
//                                      baselines/sklearn_estimator.py with Debian's python3,
//                                      one process per worker for the whole run
//                                      (baselines/estimator_servers.h)
//
// The protocol (one binary problem; multiclass goes one-vs-rest through the registry):
//   PROGRAM TRAIN PARAMS OUT
//   TRAIN   the training rows in LIBSVM format, labels -1/+1, 1-based indices
//   PARAMS  a JSON object: "lambda" (the papers' (1/n) sum loss + lambda ||w||^2) and "C" (the
//           SVM convention (1/2)||w||^2 + C sum loss, C = 1/(2 lambda n)) of the same problem,
//           "rows", "features", "seed" (the run's), the declared "loss", "penalty", "intercept",
//           and every other k=v
//           given after the program
//   OUT     written by the program: features + 1 numbers separated by white space, the weights
//           w_1 .. w_features, then the intercept b; the decision is w.x + b (> 0: +1)
// A non-zero exit, a missing or short OUT, a NaN or infinite number, or a run past `timeout`
// seconds (the program's whole process group is killed) is an error naming the solver and the
// fit. The reserved keys loss=, penalty= and intercept= declare what the program solves (what
// `linrepro solvers` says of a registered solver); a protocol gives the solver the lambda of
// that loss. py: estimators declare theirs from their own parameters (loss=, penalty=) unless
// given; an estimator that takes C gets the protocol's C unless ARGS set it, and one that takes
// random_state gets the seed (modulo 2^32) likewise.
#include <filesystem>
#include <string>
#include <vector>

#include "solvers/solver.h"

namespace linrepro {

// "cmd:" or "py:" at the start.
bool is_external_solver(const std::string& spec);

// The registry entry of an external solver: name = `spec` as given, kind from loss=/penalty=/
// intercept= (py: also from the estimator, asked through `sklearn_script --describe`), params:
// lambda or C, timeout, and for cmd: every other key given, declared with its value as default.
// Throws ConfigError for a malformed spec, an undeclared loss, or (py:) an estimator that cannot
// be built.
SolverInfo external_solver_info(const std::string& spec,
                                const std::filesystem::path& sklearn_script);

// OUT of the protocol above: exactly `count` finite numbers (the weights, then b), or a
// std::runtime_error naming `who` and what is wrong.
std::vector<double> read_external_weights(const std::filesystem::path& file, size_t count,
                                          const std::string& who);

// The k=v options after the program or estimator, as a JSON object (ConfigError when malformed).
Params external_solver_options(const std::string& spec);

}  // namespace linrepro
