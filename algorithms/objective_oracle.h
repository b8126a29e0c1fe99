#pragma once
// What nonlinear CG needs from an objective (LIBLINEAR's `function` idea: a small oracle the
// optimiser calls, nothing else): value and gradient at the current point, and the objective along
// a search direction, phi(alpha) = O(theta + alpha d), with its first two derivatives.
//
// The oracle is stateful on purpose: it caches the products the objective is built from (for MLR-CG
// the margins X theta and X d), so phi(alpha) costs O(#margins) instead of a pass over the data,
// and a step theta += alpha d updates the cache without another matrix product. That makes an exact
// 1-D minimisation along d cheap, which is what CG's conjugacy assumes: one CG step costs one
// product with d (set_direction) and one transposed product (gradient), nothing else over the data.
//
// Per-margin loss terms are cheap to combine but not to evaluate (exp and log1p per margin), so
// the line search asks for phi' and phi'' alone while it iterates (along_slope) and for phi once,
// at the step it proposes (along); an oracle may reuse that evaluation in move() and gradient().
//
// The objective is a family in a smoothing parameter gamma (O_gamma of Zhang et al. 2003) with a
// non-smooth limit (O_svm) that the trace reports.
#include <cstdint>
#include <span>

namespace linrepro {

// phi(alpha), phi'(alpha), phi''(alpha) along the current direction.
struct LinePoint {
  double value = 0;
  double slope = 0;
  double curvature = 0;
};

class SmoothedObjective {
 public:
  virtual ~SmoothedObjective() = default;
  virtual int64_t dim() const = 0;

  virtual void set_gamma(double gamma) = 0;
  virtual double gamma() const = 0;

  // Moves to theta and recomputes the cached products exactly.
  virtual void set_point(std::span<const double> theta) = 0;
  virtual std::span<const double> point() const = 0;

  virtual double value() const = 0;                           // O_gamma at the point
  virtual double gradient(std::span<double> grad) const = 0;  // fills grad O_gamma, returns O_gamma
  virtual double svm_value() const = 0;                       // the gamma -> infinity limit (O_svm)

  // Caches the products for direction d; along() and move() then refer to it.
  virtual void set_direction(std::span<const double> d) = 0;
  virtual LinePoint along(double alpha) const = 0;
  // phi'(alpha) and phi''(alpha) only (value unspecified): what Newton's method needs.
  virtual LinePoint along_slope(double alpha) const { return along(alpha); }
  virtual void move(double alpha) = 0;  // point += alpha d (cached products updated too)
};

}  // namespace linrepro
