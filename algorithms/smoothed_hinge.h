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

inline SmoothedHingePoint smoothed_hinge_derivatives(double z, double gamma, double margin) {
  const double t = gamma * (margin - z);
  const double e = std::exp(-std::fabs(t));
  const double s = t >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);        // sigma(t)
  const double s_minus = t >= 0 ? e / (1.0 + e) : 1.0 / (1.0 + e);  // sigma(-t) = 1 - sigma(t)
  return {std::max(margin - z, 0.0) + std::log1p(e) / gamma, -s, gamma * s * s_minus};
}

inline double hinge(double z, double margin) { return std::max(0.0, margin - z); }

}  // namespace linrepro
