#pragma once
// The modified-LR loss of Zhang, Jin, Yang & Hauptmann (ICML 2003), eq. (1), and the SVM hinge it
// approximates, as functions of a margin z (z = y w.x for MLR-CG, z = f_y(x) - f_k(x) for MMLR-CG):
//
//     g_gamma(z) = (1/gamma) ln(1 + exp(-gamma (z - margin)))
//     g_svm(z)   = max(0, margin - z)
//
// with margin = 1 for binary MLR-CG and 2 for multiclass MMLR-CG.
//
// Proposition 1: 0 <= g_gamma(z) - g_svm(z) <= ln2/gamma, the maximum attained at z = margin.
//
// Stable form: with t = gamma (margin - z), ln(1 + e^t) = max(t, 0) + log1p(e^{-|t|}), which never
// exponentiates a positive number, so gamma = 200 (the paper's final value) or 1e4 cannot overflow.
// Divided by gamma: g_gamma(z) = g_svm(z) + log1p(e^{-|t|})/gamma, computed in that form so that
// Proposition 1's 0 <= g_gamma - g_svm <= ln2/gamma also holds exactly in floating point.
// Derivatives: dg/dz = -sigma(t), d2g/dz2 = gamma sigma(t) sigma(-t), sigma the logistic function,
// evaluated on the side of t's sign where exp(-|t|) <= 1 (no overflow, no 1 - sigma cancellation).
#include <algorithm>
#include <cmath>

namespace linrepro {

struct SmoothedHingePoint {
  double value;      // g_gamma(z)
  double slope;      // dg/dz
  double curvature;  // d2g/dz2
};

inline double smoothed_hinge(double z, double gamma, double margin) {
  return std::max(margin - z, 0.0) + std::log1p(std::exp(-std::fabs(gamma * (margin - z)))) / gamma;
}

// The derivatives alone (value left 0): one exp, no log1p. What Newton's line search iterates on.
inline SmoothedHingePoint smoothed_hinge_slope_curvature(double z, double gamma, double margin,
                                                         double* exp_minus_abs_t = nullptr) {
  const double t = gamma * (margin - z);
  const double e = std::exp(-std::fabs(t));
  const double inv = 1.0 / (1.0 + e);       // sigma(|t|)
  const double s = t >= 0 ? inv : e * inv;  // sigma(t); sigma(t) sigma(-t) = e / (1 + e)^2
  if (exp_minus_abs_t) *exp_minus_abs_t = e;
  return {0.0, -s, gamma * e * inv * inv};
}

inline SmoothedHingePoint smoothed_hinge_derivatives(double z, double gamma, double margin) {
  double e = 0;
  SmoothedHingePoint h = smoothed_hinge_slope_curvature(z, gamma, margin, &e);
  h.value = std::max(margin - z, 0.0) + std::log1p(e) / gamma;
  return h;
}

inline double hinge(double z, double margin) { return std::max(0.0, margin - z); }

}  // namespace linrepro
