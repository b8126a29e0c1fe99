#pragma once
// Exact line search for nonlinear CG: minimises phi(alpha) = O(theta + alpha d) over alpha > 0 for
// a convex phi with phi'(0) < 0, by Newton's method on phi' safeguarded with bisection once the
// root is bracketed (Numerical Recipes' rtsafe idea). phi, phi', phi'' come from the oracle's
// cached products, so each evaluation is O(#margins), no pass over the data. Newton needs only phi'
// and phi'' (f.along_slope); phi itself (f.along) is evaluated once, at the step found -- the root
// of phi', else the last alpha seen with phi' < 0 -- which is taken only if it lowers phi.
//
// Zhang et al. (2003) do not say which line search MLR-CG used; CG's conjugacy and its restart-free
// descent property (g_{k+1}.d_k = 0) assume an exact one, which is affordable here.
#include "algorithms/objective_oracle.h"

namespace linrepro {

struct LineSearchResult {
  double alpha = 0;     // 0: no decrease found (phi'(0) >= 0, or round-off at the minimum)
  double value = 0;     // phi(alpha) (phi(0) when alpha = 0)
  double value0 = 0;    // phi(0)
  double slope0 = 0;    // phi'(0)
  int evaluations = 0;  // calls of f.along() and f.along_slope()
};

struct LineSearchOptions {
  double slope_tolerance = 1e-10;  // stop when |phi'(alpha)| <= this * |phi'(0)|
  int max_evaluations = 100;
};

// Along the oracle's current direction. The step is accepted only if phi(alpha) is strictly below
// phi(0), so a step never increases the objective; its along() is the last call made.
LineSearchResult minimise_along_direction(const SmoothedObjective& f,
                                          const LineSearchOptions& options = {});

}  // namespace linrepro
