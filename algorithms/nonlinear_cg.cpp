#include "algorithms/nonlinear_cg.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "algorithms/line_search.h"
#include "core/error.h"

namespace linrepro {

namespace {

double dot(std::span<const double> a, std::span<const double> b) {
  double s = 0;
  for (size_t j = 0; j < a.size(); ++j) s += a[j] * b[j];
  return s;
}

double distance(std::span<const double> a, std::span<const double> b) {
  double s = 0;
  for (size_t j = 0; j < a.size(); ++j) s += (a[j] - b[j]) * (a[j] - b[j]);
  return std::sqrt(s);
}

double gamma_of_step(const MlrCgParams& p, int64_t t) {
  return std::min(p.gamma0 + p.delta * static_cast<double>(t / p.l), p.gamma_max);
}

}  // namespace

std::string to_string(CgDirection d) {
  switch (d) {
    case CgDirection::hestenes_stiefel:
      return "hs";
    case CgDirection::polak_ribiere:
      return "pr";
    case CgDirection::fletcher_reeves:
      return "fr";
  }
  return "unknown";
}

double cg_beta(CgDirection rule, std::span<const double> g_new, std::span<const double> g_old,
               std::span<const double> d_old) {
  double numerator = 0, denominator = 0;
  switch (rule) {
    case CgDirection::fletcher_reeves:
      numerator = dot(g_new, g_new);
      denominator = dot(g_old, g_old);
      break;
    case CgDirection::polak_ribiere:
      for (size_t j = 0; j < g_new.size(); ++j) numerator += g_new[j] * (g_new[j] - g_old[j]);
      denominator = dot(g_old, g_old);
      break;
    case CgDirection::hestenes_stiefel:
      for (size_t j = 0; j < g_new.size(); ++j) {
        const double y = g_new[j] - g_old[j];
        numerator += g_new[j] * y;
        denominator += d_old[j] * y;
      }
      break;
  }
  if (denominator == 0 || !std::isfinite(numerator / denominator)) return 0.0;
  return numerator / denominator;
}

double MlrCgParams::final_gamma() const {
  return max_steps > 0 ? gamma_of_step(*this, max_steps - 1) : gamma0;
}

std::vector<ParamDecl> nonlinear_cg_params() {
  const MlrCgParams p;
  return {
      positive_param("gamma0", p.gamma0, "initial gamma (Algorithm 1, step 1)"),
      non_negative_param(
          "delta", p.delta,
          "gamma <- gamma + delta after every l CG steps (step 2c); 0 keeps gamma fixed"),
      integer_param("l", p.l, 1,
                    "CG steps per gamma; CG restarts with d = -gradient when gamma changes (step "
                    "2a)"),
      integer_param("max_steps", p.max_steps, 0,
                    "total CG steps (the paper's stopping criterion, §3.3)"),
      without_default(
          positive_param(
              "gamma_max", nullptr,
              "cap on gamma; steps beyond it keep gamma_max (CG still restarts every l)"),
          "no cap"),
      choice_param("direction", to_string(p.direction), {"hs", "pr", "fr"},
                   "conjugate direction: hs (Hestenes-Stiefel), pr (Polak-Ribiere), "
                   "fr (Fletcher-Reeves)"),
      non_negative_param(
          "objective_tol", p.objective_tol,
          "stop when O_svm changes by less than this (relative) over l steps; 0 = off"),
      non_negative_param("weight_tol", p.weight_tol,
                         "stop when ||w change|| <= weight_tol ||w|| over l steps; 0 = off"),
  };
}

MlrCgParams read_mlr_cg_params(ParamReader& r) {
  MlrCgParams p;
  p.gamma0 = r.number("gamma0");
  p.delta = r.number("delta");
  p.l = r.integer("l");
  p.max_steps = r.integer("max_steps");
  p.gamma_max = r.optional_number("gamma_max").value_or(p.gamma_max);
  if (p.gamma_max < p.gamma0)
    throw ConfigError(
        fmt::format("parameter 'gamma_max' ({}) is below 'gamma0' ({})", p.gamma_max, p.gamma0));
  const std::string d = r.text("direction");
  p.direction = d == "hs"   ? CgDirection::hestenes_stiefel
                : d == "pr" ? CgDirection::polak_ribiere
                            : CgDirection::fletcher_reeves;
  p.objective_tol = r.number("objective_tol");
  p.weight_tol = r.number("weight_tol");
  return p;
}

MlrCgResult run_mlr_cg(SmoothedObjective& f, const MlrCgParams& p, FitContext& ctx) {
  const size_t dim = static_cast<size_t>(f.dim());
  std::vector<double> g(dim), g_old(dim), d(dim);
  std::vector<double> theta_block_end(f.point().begin(), f.point().end());
  double svm_block_end = f.svm_value();
  MlrCgResult res;

  f.set_gamma(p.gamma0);
  auto trace_values = [&] {
    return std::map<std::string, double>{
        {"O_gamma", f.value()}, {"O_svm", f.svm_value()}, {"gamma", f.gamma()}};
  };
  ctx.record(0, trace_values, true);

  int64_t t = 0;  // schedule position: step t runs at gamma0 + delta floor(t / l)
  while (t < p.max_steps) {
    // Step 2(a): new gamma, products resynchronised, CG re-initialised with d = -gradient.
    const double gamma = gamma_of_step(p, t);
    f.set_gamma(gamma);
    // Recomputing the margins from theta drops the round-off of l incremental updates. (set_point
    // copies its argument into the point, so it gets a copy, not a view of the point itself.)
    f.set_point(std::vector<double>(f.point().begin(), f.point().end()));
    ++res.blocks;
    double O = f.gradient(g);
    for (size_t j = 0; j < dim; ++j) d[j] = -g[j];
    const int64_t block_end = std::min(p.max_steps, (t / p.l + 1) * p.l);

    // Step 2(b): up to l CG steps on O_gamma.
    bool stalled = false;
    for (; t < block_end; ++t) {
      if (!std::isfinite(O)) {
        res.stop = StopReason::diverged;
        break;
      }
      f.set_direction(d);
      LineSearchResult ls = minimise_along_direction(f);
      if (ls.alpha == 0 && ls.slope0 >= 0 && dot(g, g) > 0) {  // not a descent direction: restart
        ++res.restarts;
        for (size_t j = 0; j < dim; ++j) d[j] = -g[j];
        f.set_direction(d);
        res.line_evaluations += ls.evaluations;
        ls = minimise_along_direction(f);
      }
      res.line_evaluations += ls.evaluations;
      if (ls.alpha == 0) {  // CG has converged on this O_gamma as far as round-off allows
        stalled = true;
        break;
      }
      f.move(ls.alpha);
      ++res.steps;
      if (t + 1 == block_end) {
        // The next block restarts at its own gamma with its own gradient (step 2a), and nothing
        // after the last block needs one: the gradient here would be a transposed product thrown
        // away (1/l of the data passes).
        ctx.record(t + 1, trace_values);
        continue;
      }
      g_old.swap(g);
      O = f.gradient(g);
      const double beta = cg_beta(p.direction, g, g_old, d);
      for (size_t j = 0; j < dim; ++j) d[j] = -g[j] + beta * d[j];
      ctx.record(t + 1, trace_values);
    }
    if (res.stop == StopReason::diverged) break;
    if (stalled) {
      ++res.stalled_blocks;
      t = block_end;
    }
    if (ctx.progress)
      ctx.report("gamma {:g}: step {}/{}  O_gamma {:.8g}  O_svm {:.8g}", gamma, t, p.max_steps,
                 f.value(), f.svm_value());

    // Optional convergence tests at the block's end (step 2: "repeat until convergence").
    if (p.objective_tol > 0) {
      const double svm = f.svm_value();
      const bool done =
          std::fabs(svm - svm_block_end) <= p.objective_tol * std::max(std::fabs(svm), 1e-300);
      svm_block_end = svm;
      if (done) res.stop = StopReason::converged;
    }
    if (p.weight_tol > 0) {
      const auto theta = f.point();
      if (distance(theta, theta_block_end) <= p.weight_tol * std::sqrt(dot(theta, theta)))
        res.stop = StopReason::converged;
      theta_block_end.assign(theta.begin(), theta.end());
    }
    if (res.stop == StopReason::converged) break;
  }
  if (ctx.tracing(t, true) && (ctx.trace.empty() || ctx.trace.back().iteration != t))
    ctx.record(t, trace_values, true);  // the end point is always in the trace
  res.gamma = f.gamma();
  res.O_gamma = f.value();
  res.O_svm = f.svm_value();
  if (!std::isfinite(res.O_gamma)) res.stop = StopReason::diverged;
  return res;
}

nlohmann::json describe(const MlrCgResult& res, double lambda, CgDirection direction) {
  return {{"O_gamma", res.O_gamma},
          {"O_svm", res.O_svm},
          {"gamma_final", res.gamma},
          {"lambda", lambda},
          {"direction", to_string(direction)},
          {"gamma_blocks", res.blocks},
          {"restarts", res.restarts},
          {"stalled_blocks", res.stalled_blocks},
          {"line_evaluations", res.line_evaluations}};
}

}  // namespace linrepro
