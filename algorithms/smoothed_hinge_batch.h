#pragma once
// The smoothed hinge of algorithms/smoothed_hinge.h (Zhang et al. 2003, eq. (1)) summed over many
// margins at once: what MLR-CG's oracle evaluates at every line-search trial (one exp per margin,
// plus a log1p where the value is needed). Same stable formulas as the scalar functions, evaluated
// with Eigen's vectorised exp, log, divisions and reductions (branch-free: no select()), because
// these loops, not the data passes, were a third of a CG step's time with scalar libm calls
// (bench/bench_mlr_cg.cpp). Terms agree with the scalar functions to a few ulp (Eigen's exp and
// log are not libm's; log1p in another accurate form); sums are reassociated.
#include <span>
#include <vector>

namespace linrepro {

// Buffers reused across calls (sized to the margins), so that a trial step allocates nothing.
struct HingeScratch {
  std::vector<double> t, e;  // t_k = gamma (margin - z_k), e_k = exp(-|t_k|)
};

// sum_k g_gamma(z_k); fills slope[k] = g'(z_k) and curvature[k] = g''(z_k) (both z.size()).
// With `exponentials_ready` the scratch already holds t and e of exactly these z (a line search's
// last smoothed_hinge_along at the same step), and no exp is evaluated again.
double smoothed_hinge_terms(std::span<const double> z, double gamma, double margin,
                            std::span<double> slope, std::span<double> curvature,
                            HingeScratch& scratch, bool exponentials_ready = false);

// sum_k g_gamma(z_k) alone.
double smoothed_hinge_sum(std::span<const double> z, double gamma, double margin,
                          HingeScratch& scratch);

// Along z = u + alpha q: phi's loss parts sum_k g'(z_k) q_k and sum_k g''(z_k) q_k^2 (no log1p:
// what Newton's line search iterates on). Leaves t and e of these z in the scratch (computed as
// z = u + alpha q first, so they equal those of the materialised z to the bit).
struct DirectionalDerivatives {
  double slope = 0;
  double curvature = 0;
};
DirectionalDerivatives smoothed_hinge_along(std::span<const double> u, std::span<const double> q,
                                            double alpha, double gamma, double margin,
                                            HingeScratch& scratch);

// sum_k slope_k q_k and sum_k curvature_k q_k^2, from stored terms.
DirectionalDerivatives directional_derivatives(std::span<const double> slope,
                                               std::span<const double> curvature,
                                               std::span<const double> q);

// sum_k max(0, margin - z_k): the hinge the smoothing approximates (O_svm's loss).
double hinge_sum(std::span<const double> z, double margin);

}  // namespace linrepro
