#include "algorithms/smoothed_hinge_batch.h"

#include <Eigen/Core>
#include <algorithm>

namespace linrepro {

namespace {

using Array = Eigen::Array<double, Eigen::Dynamic, 1>;
using ConstView = Eigen::Map<const Array>;
using View = Eigen::Map<Array>;

ConstView view(std::span<const double> x) {
  return ConstView(x.data(), static_cast<Eigen::Index>(x.size()));
}
View view(std::span<double> x) { return View(x.data(), static_cast<Eigen::Index>(x.size())); }

// t = gamma (margin - z) and e = exp(-|t|) into the scratch buffers (smoothed_hinge.h: the
// exponent is never positive, so nothing overflows at any gamma).
template <class Margins>
void exponentials(const Margins& z, double gamma, double margin, HingeScratch& s) {
  const auto n = static_cast<size_t>(z.size());
  s.t.resize(n);
  s.e.resize(n);
  View t = view(std::span<double>(s.t));
  t = gamma * (margin - z);
  view(std::span<double>(s.e)) = (-t.abs()).exp();
}

// Eigen 3.4 does not vectorise select(): a select() in an expression makes the whole expression,
// exp and log included, a scalar loop with libm calls. That loop was as costly as a data pass per
// CG step at small n (bench/bench_mlr_cg.cpp). So the two places where the formulas branch on a
// sign are written as arithmetic that Eigen vectorises, equal to the branch to the bit.

// 1 where t > 0, 0 where t <= 0, a value in between only where 0 < t < 2^-64: clamp(t 2^64, 0, 1).
template <class T>
auto positive(const T& t) {
  return (t.max(0.0) * 0x1p64).min(1.0);
}

// sigma(t) from e = exp(-|t|) and inv = sigma(|t|) = 1/(1+e): inv where t >= 0, e inv where t < 0
// (smoothed_hinge.h). As h inv + (1 - h) e inv with h = positive(t): exactly one of the two terms
// where h is 0 or 1 (t = 0 takes e inv = 1 * 0.5 = inv); where 0 < h < 1, |t| < 2^-64 so e rounds
// to 1 and both terms are inv's share.
template <class T, class E, class I>
auto sigma(const T& t, const E& e, const I& inv) {
  const auto h = positive(t);
  return h * inv + (1.0 - h) * (e * inv);
}

// sum_k log1p(e_k) / gamma: g_gamma's excess over the hinge. Summed apart from the hinge so that
// O_gamma = hinge_sum + this >= hinge_sum = O_svm's loss exactly in floating point (Proposition 1's
// lower bound; one reassociated sum of both would not keep it). log1p(e), e in [0, 1], as
// log(u) + (e - (u - 1))/u with u = 1 + e rounded: e - (u - 1) is exactly the rounding error of u,
// and log1p(d) = d to within d^2/2 < 2^-107 for that correction. Where u rounds to 1 it gives e
// itself. Branch-free, so Eigen's vectorised log applies (no libm log1p per margin).
double smoothing_sum(const ConstView& e, double gamma) {
  const auto u = 1.0 + e;
  return (u.log() + (e - (u - 1.0)) / u).sum() / gamma;
}

}  // namespace

double smoothed_hinge_terms(std::span<const double> z, double gamma, double margin,
                            std::span<double> slope, std::span<double> curvature,
                            HingeScratch& scratch, bool exponentials_ready) {
  if (!exponentials_ready) exponentials(view(z), gamma, margin, scratch);
  const ConstView t = view(std::span<const double>(scratch.t));
  const ConstView e = view(std::span<const double>(scratch.e));
  const auto inv = (1.0 + e).inverse();  // sigma(|t|)
  // g' = -sigma(t); g'' = gamma e/(1+e)^2
  view(slope) = -sigma(t, e, inv);
  view(curvature) = gamma * e * inv.square();
  return hinge_sum(z, margin) + smoothing_sum(e, gamma);
}

double smoothed_hinge_sum(std::span<const double> z, double gamma, double margin,
                          HingeScratch& scratch) {
  exponentials(view(z), gamma, margin, scratch);
  return hinge_sum(z, margin) + smoothing_sum(view(std::span<const double>(scratch.e)), gamma);
}

DirectionalDerivatives smoothed_hinge_along(std::span<const double> u, std::span<const double> q,
                                            double alpha, double gamma, double margin,
                                            HingeScratch& scratch) {
  // A chunk at a time (kChunk margins: t, e and q stay in L1 between the exp and the two sums)
  // instead of whole-array passes: the line search's trials were bound by those passes' traffic.
  constexpr size_t kChunk = 512;
  const size_t n = u.size();
  scratch.t.resize(n);
  scratch.e.resize(n);
  DirectionalDerivatives sums;
  for (size_t k0 = 0; k0 < n; k0 += kChunk) {
    const size_t b = std::min(kChunk, n - k0);
    const ConstView Q = view(q.subspan(k0, b));
    View t = view(std::span<double>(scratch.t).subspan(k0, b));
    View e = view(std::span<double>(scratch.e).subspan(k0, b));
    t = gamma * (margin - (view(u.subspan(k0, b)) + alpha * Q));
    e = (-t.abs()).exp();
    const auto inv = (1.0 + e).inverse();
    sums.slope -= (sigma(t, e, inv) * Q).sum();
    sums.curvature += (e * inv.square() * Q.square()).sum();
  }
  sums.curvature *= gamma;
  return sums;
}

DirectionalDerivatives directional_derivatives(std::span<const double> slope,
                                               std::span<const double> curvature,
                                               std::span<const double> q) {
  const ConstView Q = view(q);
  return {(view(slope) * Q).sum(), (view(curvature) * Q.square()).sum()};
}

double hinge_sum(std::span<const double> z, double margin) {
  return (margin - view(z)).max(0.0).sum();
}

}  // namespace linrepro
