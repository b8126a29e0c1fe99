#include "algorithms/margin_objective.h"

#include <algorithm>
#include <stdexcept>

#include "algorithms/smoothed_hinge_batch.h"

namespace linrepro {

namespace {

double regularised_dot(std::span<const double> a, std::span<const double> b, int64_t count) {
  double s = 0;
  for (int64_t j = 0; j < count; ++j) s += a[j] * b[j];
  return s;
}

}  // namespace

SmoothedMarginObjective::SmoothedMarginObjective(const MarginMap& map, double lambda)
    : map_(map),
      lambda_(lambda),
      inv_n_(map.examples() > 0 ? 1.0 / static_cast<double>(map.examples()) : 0.0),
      theta_(map.dim(), 0.0),
      u_(map.pairs(), 0.0),
      d_(map.dim(), 0.0),
      q_(map.pairs(), 0.0) {
  if (map.examples() <= 0) throw std::invalid_argument("objective over zero examples");
}

double SmoothedMarginObjective::regulariser(std::span<const double> theta) const {
  return lambda_ * regularised_dot(theta, theta, map_.regularised_dim());
}

void SmoothedMarginObjective::forget_terms() {
  scratch_at_slope_alpha_ = false;
  at_point_.valid = false;
  at_step_.valid = false;
}

void SmoothedMarginObjective::evaluate_terms(std::span<const double> z, LossTerms& terms,
                                             bool exponentials_ready) const {
  terms.slope.resize(z.size());
  terms.curvature.resize(z.size());
  terms.loss = smoothed_hinge_terms(z, gamma_, map_.margin(), terms.slope, terms.curvature,
                                    hinge_scratch_, exponentials_ready);
  scratch_at_slope_alpha_ = false;
  terms.valid = true;
}

void SmoothedMarginObjective::set_gamma(double gamma) {
  gamma_ = gamma;
  forget_terms();
}

void SmoothedMarginObjective::set_point(std::span<const double> theta) {
  if (static_cast<int64_t>(theta.size()) != dim())
    throw std::invalid_argument("set_point: theta has the wrong size");
  std::copy(theta.begin(), theta.end(), theta_.begin());
  map_.apply(theta_, u_);
  ww_ = regularised_dot(theta_, theta_, map_.regularised_dim());
  wd_ = regularised_dot(theta_, d_, map_.regularised_dim());
  forget_terms();
}

double SmoothedMarginObjective::value() const {
  if (at_point_.valid) return inv_n_ * at_point_.loss + lambda_ * ww_;
  scratch_at_slope_alpha_ = false;
  return inv_n_ * smoothed_hinge_sum(u_, gamma_, map_.margin(), hinge_scratch_) + lambda_ * ww_;
}

double SmoothedMarginObjective::svm_value() const {
  return inv_n_ * hinge_sum(u_, map_.margin()) + lambda_ * ww_;
}

double SmoothedMarginObjective::gradient(std::span<double> grad) const {
  if (!at_point_.valid) evaluate_terms(u_, at_point_);  // after a CG step: already there
  scratch_.resize(u_.size());
  for (size_t p = 0; p < u_.size(); ++p) scratch_[p] = inv_n_ * at_point_.slope[p];
  map_.apply_transpose(scratch_, grad);  // (1/n) A^T g'(u)
  const int64_t r = map_.regularised_dim();
  for (int64_t j = 0; j < r; ++j) grad[j] += 2.0 * lambda_ * theta_[j];
  return inv_n_ * at_point_.loss + lambda_ * ww_;
}

void SmoothedMarginObjective::set_direction(std::span<const double> d) {
  if (static_cast<int64_t>(d.size()) != dim())
    throw std::invalid_argument("set_direction: d has the wrong size");
  std::copy(d.begin(), d.end(), d_.begin());
  map_.apply(d_, q_);
  wd_ = regularised_dot(theta_, d_, map_.regularised_dim());
  dd_ = regularised_dot(d_, d_, map_.regularised_dim());
  at_step_.valid = false;
  scratch_at_slope_alpha_ = false;
}

// phi(alpha) = (1/n) sum_p g(u_p + alpha q_p) + lambda (ww + 2 alpha wd + alpha^2 dd), from loss
// terms at the margins u + alpha q: one pass over cached numbers, no data access.
LinePoint SmoothedMarginObjective::combine(const LossTerms& terms, double alpha) const {
  const DirectionalDerivatives sums = directional_derivatives(terms.slope, terms.curvature, q_);
  LinePoint p;
  p.value = inv_n_ * terms.loss + lambda_ * (ww_ + alpha * (2.0 * wd_ + alpha * dd_));
  p.slope = inv_n_ * sums.slope + 2.0 * lambda_ * (wd_ + alpha * dd_);
  p.curvature = inv_n_ * sums.curvature + 2.0 * lambda_ * dd_;
  return p;
}

LinePoint SmoothedMarginObjective::along(double alpha) const {
  if (alpha == 0 && at_point_.valid) return combine(at_point_, 0.0);
  z_.resize(u_.size());
  for (size_t k = 0; k < u_.size(); ++k) z_[k] = u_[k] + alpha * q_[k];
  // Kept: move(alpha) makes them the new point's. The line search's last trial was usually this
  // alpha: its exponentials are reused.
  evaluate_terms(z_, at_step_, scratch_at_slope_alpha_ && slope_alpha_ == alpha);
  step_alpha_ = alpha;
  return combine(at_step_, alpha);
}

// phi' and phi'' without the loss values (no log1p); the terms are not kept.
LinePoint SmoothedMarginObjective::along_slope(double alpha) const {
  if (alpha == 0 && at_point_.valid) return combine(at_point_, 0.0);
  const DirectionalDerivatives sums =
      smoothed_hinge_along(u_, q_, alpha, gamma_, map_.margin(), hinge_scratch_);
  scratch_at_slope_alpha_ = true;
  slope_alpha_ = alpha;
  LinePoint p;
  p.value = 0;  // not computed
  p.slope = inv_n_ * sums.slope + 2.0 * lambda_ * (wd_ + alpha * dd_);
  p.curvature = inv_n_ * sums.curvature + 2.0 * lambda_ * dd_;
  return p;
}

void SmoothedMarginObjective::move(double alpha) {
  scratch_at_slope_alpha_ = false;
  for (size_t j = 0; j < theta_.size(); ++j) theta_[j] += alpha * d_[j];
  if (at_step_.valid && alpha == step_alpha_) {
    // The margins and loss terms along() computed at u + alpha q are exactly the new point's.
    u_.swap(z_);
    std::swap(at_point_, at_step_);
    at_step_.valid = false;
  } else {
    for (size_t p = 0; p < u_.size(); ++p) u_[p] += alpha * q_[p];
    forget_terms();
  }
  // The regulariser parts are recomputed (O(dim)), so only the margins carry update round-off;
  // set_point() resynchronises them exactly (MLR-CG does so at every restart).
  ww_ = regularised_dot(theta_, theta_, map_.regularised_dim());
  wd_ = regularised_dot(theta_, d_, map_.regularised_dim());
}

}  // namespace linrepro
