#pragma once
// The search behind the claim "reuters-lambda-transfers" (§4.2: "For other datasets, we simply use
// the lambda computed on the Reuters dataset. Our experience indicates that the difference of
// using this choice and using the optimal value for each specific dataset is relatively small"),
// checked by table5.cpp on Table 5's first split.
//
// From Table 1's lambda, step through Table 1's grid 10^-k, k = 0..6, one decade at a time in each
// direction, for as long as the test accuracy rises (strictly). If accuracy is unimodal in
// log lambda this ends at the grid's best lambda; where Table 1's lambda is already a local
// optimum it costs two fits (its neighbours) instead of the grid's six. The walk only plans: the
// caller fits what next(step) names and records the accuracy, each direction on its own.
#include <cstddef>
#include <map>
#include <optional>
#include <vector>

namespace linrepro {

struct LambdaWalk {
  std::vector<double> grid;           // the lambdas, in grid order
  size_t start = 0;                   // index of Table 1's lambda in grid
  std::map<size_t, double> accuracy;  // by grid index: what has been fitted

  // The grid index to fit next in direction step (-1: towards grid[0], +1: away from it), or none
  // once that direction has ended: the last step did not raise the accuracy, or the grid ends.
  // The two directions are independent (each only reads its own fits and the start's).
  std::optional<size_t> next(int step) const;
  // next(-1) and next(+1), those that exist.
  std::vector<size_t> frontier() const;
  // The fitted index of the highest accuracy; ties go to start, then to the nearer index.
  size_t best() const;
};

// Throws std::invalid_argument when lambda0 is not on the grid (relative 1e-9).
LambdaWalk start_lambda_walk(std::vector<double> grid, double lambda0, double accuracy0);

}  // namespace linrepro
