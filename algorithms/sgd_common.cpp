#include "algorithms/sgd_common.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "core/error.h"
#include "solvers/binary_labels.h"

namespace linrepro {

std::vector<ParamDecl> learning_rate_params(const LearningRate& defaults) {
  return {positive_param("gamma", defaults.gamma0,
                         "learning rate gamma (initial rate gamma0 when decaying)"),
          choice_param("schedule", to_string(defaults.schedule), {"constant", "decaying"},
                       "constant | decaying: gamma0 / (1 + gamma0 * decay * t)"),
          non_negative_param("decay", defaults.a, "the constant a of the decaying schedule")};
}

LearningRate read_learning_rate(ParamReader& r) {
  LearningRate rate;
  rate.gamma0 = r.number("gamma");
  rate.schedule =
      r.text("schedule") == "constant" ? RateSchedule::constant : RateSchedule::decaying;
  rate.a = r.number("decay");
  return rate;
}

ParamDecl bias_mode_param(BiasMode default_mode, std::string doc) {
  return choice_param("bias", to_string(default_mode), {"penalized", "unpenalized", "none"},
                      std::move(doc));
}

BiasMode read_bias_mode(ParamReader& r) {
  const std::string b = r.text("bias");
  if (b == "penalized") return BiasMode::penalized;
  if (b == "unpenalized") return BiasMode::unpenalized;
  return BiasMode::none;
}

std::string to_string(RateSchedule s) {
  return s == RateSchedule::constant ? "constant" : "decaying";
}

std::string to_string(BiasMode b) {
  switch (b) {
    case BiasMode::penalized:
      return "penalized";
    case BiasMode::unpenalized:
      return "unpenalized";
    case BiasMode::none:
      return "none";
  }
  return "unknown";
}

double error_rate(const LinearModel& model, const CsrMatrix& X, std::span<const double> y) {
  if (X.rows == 0) return 0;
  int64_t wrong = 0;
  for (int32_t i = 0; i < X.rows; ++i) {
    const double predicted = model.decision(X, i) >= 0 ? 1.0 : -1.0;
    if (predicted != y[i]) ++wrong;
  }
  return static_cast<double>(wrong) / X.rows;
}

int64_t count_zero_weights(const LinearModel& model, BiasMode bias) {
  int64_t zeros = std::count(model.w.begin(), model.w.end(), 0.0);
  if (bias != BiasMode::none && model.b == 0) ++zeros;
  return zeros;
}

int64_t weight_dimensions(const LinearModel& model, BiasMode bias) {
  return static_cast<int64_t>(model.w.size()) + (bias != BiasMode::none ? 1 : 0);
}

void check_sgd_problem(const CsrMatrix& X, std::span<const double> y, const SgdMonitor* monitor,
                       const std::string& solver) {
  check_binary_problem(X, y, solver);
  if (monitor && monitor->X_test) {
    if (static_cast<int64_t>(monitor->y_test.size()) != monitor->X_test->rows)
      throw ConfigError(fmt::format("{}: {} test labels for {} test rows", solver,
                                    monitor->y_test.size(), monitor->X_test->rows));
    check_binary_labels(monitor->y_test, solver, "test");
  }
}

EpochOrder::EpochOrder(int32_t n, uint64_t seed) : order_(static_cast<size_t>(n)), rng_(seed) {
  std::iota(order_.begin(), order_.end(), 0);
}

const std::vector<int32_t>& EpochOrder::next_epoch() {
  std::shuffle(order_.begin(), order_.end(), rng_);
  return order_;
}

}  // namespace linrepro
