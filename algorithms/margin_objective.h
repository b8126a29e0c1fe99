#pragma once
// The objective shared by MLR-CG and MMLR-CG (Zhang et al. 2003, §3.2 and §4):
//
//     O_gamma(theta) = (1/n) sum_p g_gamma(u_p) + lambda sum_{j < regularised} theta_j^2
//     O_svm(theta)   = (1/n) sum_p max(0, margin - u_p) + the same regulariser
//
// where n is the number of examples and u = A theta the vector of "pair margins":
//   binary (MLR-CG): one per example, u_i = y_i (w.x_i + b), margin 1;
//   multiclass (MMLR-CG): one per example and wrong class, u_ik = f_{y_i}(x_i) - f_k(x_i),
//   margin 2.
// Only the map differs, so the value, gradient (1/n) A^T g'(u) + 2 lambda I* theta, line function
// and trace values are written once, here. theta keeps its intercepts last: the first
// regularised_dim() coordinates are weights (penalised), the rest intercepts (not penalised, as the
// paper's I* in the Hessian of Theorem 2 says).
//
// Cost of a CG step (issue 5): the data are read twice, q = A d in set_direction() and
// A^T g'(u) in gradient(). Everything else works on the cached margins u = A theta and q = A d:
//
//     phi(alpha) = (1/n) sum_p g_gamma(u_p + alpha q_p)
//                  + lambda (theta.theta + 2 alpha theta.d + alpha^2 d.d)  (§3.2 O_gamma, eq. 1)
//
// and the per-margin terms g, g', g'' (exp and log1p each) are evaluated once per point: those at u
// (from gradient()) give phi(0), phi'(0), phi''(0); Newton's iterations need only g' and g'' (one
// exp, no log1p: along_slope); the accepted step's terms (along) become those at the new point in
// move(), so the next gradient() evaluates no loss term at all. The terms are evaluated a vector
// at a time (algorithms/smoothed_hinge_batch.h).
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/objective_oracle.h"
#include "algorithms/smoothed_hinge_batch.h"

namespace linrepro {

// theta -> u = A theta, and its transpose.
class MarginMap {
 public:
  virtual ~MarginMap() = default;
  virtual int64_t dim() const = 0;              // size of theta
  virtual int64_t regularised_dim() const = 0;  // leading coordinates that lambda penalises
  virtual int64_t pairs() const = 0;            // size of u
  virtual int64_t examples() const = 0;         // n in the (1/n) of the loss
  virtual double margin() const = 0;            // 1 binary, 2 multiclass
  virtual void apply(std::span<const double> theta, std::span<double> u) const = 0;
  virtual void apply_transpose(std::span<const double> v, std::span<double> out) const = 0;
};

class SmoothedMarginObjective final : public SmoothedObjective {
 public:
  // `map` must outlive the objective. Starts at theta = 0 with gamma = 1.
  SmoothedMarginObjective(const MarginMap& map, double lambda);

  int64_t dim() const override { return map_.dim(); }
  void set_gamma(double gamma) override;
  double gamma() const override { return gamma_; }
  void set_point(std::span<const double> theta) override;
  std::span<const double> point() const override { return theta_; }
  double value() const override;
  double gradient(std::span<double> grad) const override;
  double svm_value() const override;
  void set_direction(std::span<const double> d) override;
  LinePoint along(double alpha) const override;
  LinePoint along_slope(double alpha) const override;
  void move(double alpha) override;

  double lambda() const { return lambda_; }

 private:
  // sum_p g(z_p) and every g'(z_p), g''(z_p), for some margins z at the current gamma.
  struct LossTerms {
    double loss = 0;
    std::vector<double> slope, curvature;
    bool valid = false;
  };
  void evaluate_terms(std::span<const double> z, LossTerms& terms,
                      bool exponentials_ready = false) const;
  LinePoint combine(const LossTerms& terms, double alpha) const;  // phi and derivatives from them
  void forget_terms();                                            // after theta or gamma changed

  double regulariser(std::span<const double> theta) const;

  const MarginMap& map_;
  double lambda_;
  double gamma_ = 1.0;
  double inv_n_;
  std::vector<double> theta_, u_;    // the point and its margins A theta
  std::vector<double> d_, q_;        // the direction and A d
  double ww_ = 0, wd_ = 0, dd_ = 0;  // regularised parts of theta.theta, theta.d, d.d
  mutable std::vector<double> scratch_;
  mutable HingeScratch hinge_scratch_;  // buffers of the vectorised loss terms
  // The scratch holds the exponentials at u + slope_alpha_ q (the last along_slope), which along()
  // at the same alpha reuses; any other use of the scratch clears the flag.
  mutable bool scratch_at_slope_alpha_ = false;
  mutable double slope_alpha_ = 0;
  mutable LossTerms at_point_;  // at u (gradient(), or the accepted step's, promoted by move())
  mutable LossTerms at_step_;   // at z = u + step_alpha_ q, from the last along()
  mutable std::vector<double> z_;
  mutable double step_alpha_ = 0;
};

}  // namespace linrepro
