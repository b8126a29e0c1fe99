#include "algorithms/line_search.h"

#include <cmath>
#include <limits>

namespace linrepro {

LineSearchResult minimise_along_direction(const SmoothedObjective& f,
                                          const LineSearchOptions& options) {
  LineSearchResult r;
  const LinePoint p0 = f.along(0.0);
  r.evaluations = 1;
  r.value0 = r.value = p0.value;
  r.slope0 = p0.slope;
  if (!(p0.slope < 0)) return r;  // not a descent direction (or NaN): the caller restarts

  const double inf = std::numeric_limits<double>::infinity();
  double lo = 0, hi = inf;  // phi'(lo) < 0 <= phi'(hi) once hi is finite
  double root = 0;          // > 0: an alpha with |phi'(alpha)| within the tolerance
  // Newton from 0; without curvature (a direction only through flat margins) try a unit step.
  double alpha = p0.curvature > 0 ? -p0.slope / p0.curvature : 1.0;
  double last_step = inf;  // rtsafe: Newton is taken only while it at least halves the step
  // One evaluation is kept for phi at the step found.
  while (r.evaluations < options.max_evaluations - 1) {
    if (!(alpha > lo) || !std::isfinite(alpha))
      alpha = std::isfinite(hi) ? 0.5 * (lo + hi) : 2 * lo + 1;
    const LinePoint p = f.along_slope(alpha);
    ++r.evaluations;
    if (std::fabs(p.slope) <= options.slope_tolerance * std::fabs(p0.slope)) {
      root = alpha;
      break;
    }
    if (p.slope < 0)
      lo = alpha;
    else
      hi = alpha;
    if (std::isfinite(hi) && hi - lo <= 1e-15 * hi) break;  // bracket at round-off width
    const double newton = p.curvature > 0 ? alpha - p.slope / p.curvature : inf;
    double next;
    if (!std::isfinite(hi))
      next = newton > alpha && std::isfinite(newton) ? newton : 2 * alpha;  // still expanding
    else if (newton > lo && newton < hi && std::fabs(newton - alpha) <= 0.5 * last_step)
      next = newton;
    else
      next = 0.5 * (lo + hi);
    last_step = std::fabs(next - alpha);
    alpha = next;
  }
  // The minimiser if found, else the furthest point known to lie on phi's descending side.
  const double candidate = root > 0 ? root : lo;
  if (candidate > 0) {
    const LinePoint p = f.along(candidate);
    ++r.evaluations;
    if (std::isfinite(p.value) && p.value < p0.value) {
      r.alpha = candidate;
      r.value = p.value;
    }
  }
  return r;
}

}  // namespace linrepro
