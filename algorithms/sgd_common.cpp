#include "algorithms/sgd_common.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

#include "core/error.h"
#include "solvers/binary_labels.h"

namespace linrepro {

std::vector<ParamDecl> learning_rate_params(const LearningRate& defaults) {
  return {without_default(positive_param("gamma", nullptr,
                                         "learning rate gamma (initial rate gamma0 when decaying)"),
                          fmt::format("calibrated on the data when no schedule is given either; "
                                      "else {:g}, the report's",
                                      defaults.gamma0)),
          without_default(
              choice_param("schedule", "calibrated", {"constant", "decaying", "calibrated"},
                           "constant | decaying: gamma0 / (1 + gamma0 * decay * t) | calibrated: "
                           "gamma0 by Bottou's heuristic, then gamma0 / (1 + gamma0 * lambda * t)"),
              fmt::format("calibrated without a gamma; with one, {} (the report's)",
                          to_string(defaults.schedule))),
          non_negative_param("decay", defaults.a, "the constant a of the decaying schedule")};
}

LearningRate read_learning_rate(ParamReader& r, const LearningRate& defaults) {
  LearningRate rate = defaults;
  const std::optional<double> gamma = r.optional_number("gamma");
  const bool has_gamma = gamma.has_value();
  if (const std::optional<std::string> s = r.optional_text("schedule")) {
    rate.schedule = *s == "constant"   ? RateSchedule::constant
                    : *s == "decaying" ? RateSchedule::decaying
                                       : RateSchedule::calibrated;
  } else {
    rate.schedule = has_gamma ? defaults.schedule : RateSchedule::calibrated;
  }
  if (has_gamma) {
    if (rate.schedule == RateSchedule::calibrated)
      throw ConfigError("schedule=calibrated chooses gamma itself: give gamma or the schedule");
    rate.gamma0 = *gamma;
  }
  rate.a = r.number("decay");
  return rate;
}

double calibrate_gamma0(const CsrMatrix& X, std::span<const double> y, uint64_t seed,
                        const OnePassCost& cost) {
  constexpr int32_t kSampleRows = 1000;
  constexpr double kFactor = 2;
  constexpr int kMaxSteps = 60;  // 2^60: far past any useful rate
  std::vector<int32_t> rows(static_cast<size_t>(X.rows));
  std::iota(rows.begin(), rows.end(), 0);
  Rng rng(seed);
  std::shuffle(rows.begin(), rows.end(), rng);
  rows.resize(std::min<size_t>(rows.size(), kSampleRows));
  std::sort(rows.begin(), rows.end());
  const CsrMatrix Xs = X.select_rows(rows);
  std::vector<double> ys;
  for (int32_t i : rows) ys.push_back(y[i]);
  auto at = [&](double gamma) {
    const double c = cost(Xs, ys, gamma);
    return std::isfinite(c) ? c : INFINITY;
  };
  double lo = 1, lo_cost = at(lo), hi = lo * kFactor, hi_cost = at(hi);
  if (!(hi_cost < lo_cost)) {
    // Smaller rates while the smaller is better, or while the pass still diverges (both infinite).
    for (int k = 0; k < kMaxSteps && (lo_cost < hi_cost || std::isinf(lo_cost)); ++k) {
      hi = lo;
      hi_cost = lo_cost;
      lo = hi / kFactor;
      lo_cost = at(lo);
    }
  } else {
    for (int k = 0; k < kMaxSteps && hi_cost < lo_cost; ++k) {  // larger rates while better
      lo = hi;
      lo_cost = hi_cost;
      hi = lo * kFactor;
      hi_cost = at(hi);
    }
  }
  return lo;  // the smaller rate of the last pair, as Bottou's code takes it: the safer side
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
  switch (s) {
    case RateSchedule::constant:
      return "constant";
    case RateSchedule::decaying:
      return "decaying";
    case RateSchedule::calibrated:
      return "calibrated";
  }
  return "unknown";
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
