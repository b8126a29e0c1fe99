#pragma once
// The three ways the SGD report applies the L1 penalty to one weight (Tsuruoka, Tsujii & Ananiadou,
// "Stochastic Gradient Descent Training for L1-regularized Log-linear Models with Cumulative
// Penalty", ACL 2009). Each is a pure function of one weight so the solver can apply it lazily,
// only when the weight's feature occurs in the current example, and tests can check it alone.
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace linrepro {

// max(0, x) without a branch: (x + |x|) / 2 is x exactly for x > 0 (doubling and halving are
// exact) and 0 otherwise. Whether a weight reaches zero changes unpredictably from one nonzero to
// the next, and gcc 12 compiled both std::max and `x > 0 ? x : 0` here into a compare and a jump:
// on 20NG text (125 nonzeros per row) the mispredicted jumps took a third of the cumulative
// penalty's time (perf, issue 19 item 2).
inline double positive_part(double x) { return 0.5 * (x + std::fabs(x)); }

// Clipping (Tsuruoka et al. Sec. 3.1, after Carpenter 2008): move w toward zero by `amount`, but
// never past it. Moving by a then by b equals moving by a + b, which is what makes the lazy form
// exact: a weight untouched for k steps receives the sum of the k per-step penalties at once.
// (Written without branches: the sign of a weight is unpredictable, and a mispredicted branch per
// feature cost more than the arithmetic. A clipped weight may come out as -0.0, which is == 0.)
inline double clip_toward_zero(double w, double amount) {
  return std::copysign(positive_part(std::abs(w) - amount), w);
}

// Cumulative penalty, APPLYPENALTY(i) of Tsuruoka et al. Figure 2. u is the total L1 penalty a
// weight could have received so far (sum of eta_k * lambda), q the total it actually received
// (signed); the weight is pulled toward zero by the difference and clipped at zero.
//   if w > 0: w <- max(0, w - (u + q));  else if w < 0: w <- min(0, w + (u - q));  q += w - z
// Branch-free form: the owed amount is u + q on the positive side and u - q on the negative one,
// and both are >= 0 (the algorithm keeps -u <= q <= u), so a zero weight stays zero.
inline void apply_cumulative_penalty(double& w, double& q, double u) {
  const double z = w;
  const double owed = u + q * std::copysign(1.0, z);
  w = std::copysign(positive_part(std::abs(z) - owed), z);
  q += w - z;
}

// `steps` naive sub-gradient penalty steps w <- w - delta * sign(w) (report Eq. 12 without the loss
// term, the same delta every step), in O(1). The weight walks toward zero; the step that reaches
// or crosses zero leaves r = sign(w) * (|w| - m delta), and if r != 0 every later step flips it
// between r and r + sign(w) * delta (the naive method's oscillation around zero: it never yields
// an exact zero unless it lands on one).
inline double naive_penalty_steps(double w, double delta, int64_t steps) {
  if (w == 0 || steps <= 0 || delta <= 0) return w;
  const double sign = w > 0 ? 1.0 : -1.0;
  const double a = std::abs(w);
  const double total = static_cast<double>(steps) * delta;
  if (a > total) return sign * (a - total);  // no crossing: the common case, no division
  // m = first step count with a - m delta <= 0 (the division's rounding corrected by the checks)
  auto m = std::max<int64_t>(1, static_cast<int64_t>(std::ceil(a / delta)));
  while (m > 1 && a - static_cast<double>(m - 1) * delta <= 0) --m;
  while (a - static_cast<double>(m) * delta > 0) ++m;
  if (steps < m) return sign * (a - static_cast<double>(steps) * delta);
  const double r = a - static_cast<double>(m) * delta;  // in (-delta, 0]
  if (r == 0) return 0.0;
  return (steps - m) % 2 == 0 ? sign * r : sign * (r + delta);
}

}  // namespace linrepro
