#include "experiments/graphsvm2002/sweeps_methods.h"

#include <fmt/format.h>

#include "algorithms/graphsvm.h"
#include "core/error.h"
#include "core/seed.h"
#include "core/stopwatch.h"
#include "experiments/graphsvm2002/methods.h"
#include "experiments/graphsvm2002/split_spread.h"

namespace linrepro {

namespace {

// GraphSvmOptions' default: Figures 5-6 and section 3.2 use Table 2's t = 0.05 row.
double threshold() { return GraphSvmOptions{}.t; }

}  // namespace

Json sweep_method_config(const std::string& method, const GraphsvmData& d) {
  if (method == kMcnb) return {{"method", method}, {"solver", "nb"}, {"input", "term counts"}};
  const Json svm = {{"solver", "smo"},
                    {"C", svmlight_default_C(d.Xtrain_svm)},
                    {"C_rule", "SVMlight default 1 / mean ||x||^2 of the training rows"},
                    {"input", "unit-norm rows"},
                    {"memory", "model formula and measured peak of the largest SVM"}};
  if (method == kMcsvm) return {{"method", method}, {"svm", svm}, {"scheme", "one-vs-others"}};
  if (method == kGraphSvm)
    return {{"method", method}, {"stage1", "nb"}, {"svm", svm}, {"t", threshold()}};
  if (method == kHierSvm)
    return {{"method", method}, {"l1", "nb"}, {"svm", svm}, {"clusters", "clip rule"}};
  throw ConfigError(fmt::format("graphsvm2002 sweeps: unknown method '{}'", method));
}

RunRecord fit_sweep_method(const std::string& method, const GraphsvmData& d, uint64_t seed,
                           int threads) {
  MethodSettings s;
  s.seed = seed;
  s.threads = threads;
  s.label = fmt::format("{} K={}", d.name, d.class_names.size());
  const Stopwatch wall;
  RunRecord r;
  if (method == kMcnb) {
    r = run_mcnb(d, s);
  } else {
    s.C = svmlight_default_C(d.Xtrain_svm);
    if (method == kMcsvm)
      r = run_mcsvm(d, s, "smo");
    else if (method == kGraphSvm)
      r = run_graphsvm(d, s, threshold());
    else if (method == kHierSvm)
      r = run_hierarchy(d, s, "smo", "");
    else
      throw ConfigError(fmt::format("graphsvm2002 sweeps: unknown method '{}'", method));
  }
  // Wall time of fit + test; the fit alone where the runner measured it (MCSVM).
  r.extra["wall_seconds"] = r.extra.value("wall_seconds", wall.seconds() - r.test_seconds);
  r.extra["train_rows"] = d.Xtrain.rows;
  r.extra["num_classes"] = d.class_names.size();
  // The per-SVM list and the confusion matrices are the main experiments' business; a sweep point
  // keeps the summaries (num_svms, max_memory_bytes, total_rows, svm_cpu_seconds).
  for (const char* bulky : {"svms", "confusion", "confusion_clustered", "validation_confusion",
                            "labels_clustered", "clusters", "F", "labels"})
    r.extra.erase(bulky);
  r.solver = method;
  r.peak_memory_bytes = peak_rss_bytes();
  return r;
}

Json SweepMethod::config_fields(const GraphsvmData& d, const std::string& experiment) const {
  if (!extra) return {{"method", sweep_method_config(name, d)}, {"solver", name}};
  return {{"method",
           {{"method", "flat multiclass"},
            {"solver", extra->solver},
            {"params", extra_solver_params_on(*extra, d, experiment)}}},
          {"solver", name},
          {"with_solver", extra->label}};
}

RunRecord SweepMethod::fit(const GraphsvmData& d, uint64_t seed, int threads,
                           const std::string& experiment) const {
  if (!extra) return fit_sweep_method(name, d, seed, threads);
  MethodSettings s;
  s.seed = seed;
  s.label = fmt::format("{} K={} {}", d.name, d.class_names.size(), name);
  RunRecord r =
      run_flat_multiclass(d, s, extra->solver, extra_solver_params_on(*extra, d, experiment));
  r.extra["train_rows"] = d.Xtrain.rows;
  r.extra["num_classes"] = d.class_names.size();
  r.extra.update(extra_solver_tag(*extra));
  r.solver = name;
  return r;
}

std::vector<SweepMethod> sweep_methods(const std::vector<std::string>& paper,
                                       const ExperimentContext& ctx, int draw) {
  std::vector<SweepMethod> out;
  for (const std::string& m : paper) out.push_back({m, std::nullopt});
  if (draw == 0)
    for (const ExtraSolver& e : extra_solvers(ctx)) out.push_back({"extra/" + e.label, e});
  return out;
}

void declare_sweep_point(const ExperimentContext& ctx, ResultFile& rf,
                         const std::string& experiment, const std::vector<std::string>& methods,
                         int draw, const GraphsvmData& d, const SweepPoint& point,
                         SweepPoints& points) {
  const std::string prefix = draw == 0 ? "" : fmt::format("draw{}/", draw);
  for (const SweepMethod& m : sweep_methods(methods, ctx, draw)) {
    const std::string key = fmt::format("{}{}/{}", prefix, point.key, m.name);
    const uint64_t seed = derive_seed(ctx.seed, key);
    Json config = point.config;
    if (draw > 0) config["sweep"] = config["sweep"].get<std::string>() + "-draw";
    config["data"] = data_config(d);
    config["seed"] = seed;
    config.update(m.config_fields(d, experiment));
    if (draw > 0) config["draw"] = draw;
    const RunRecord r = rf.run_once(key, config, [&] {
      if (ctx.progress)
        fmt::print(stderr, "{}: {}{} {}\n", experiment, prefix, point.progress, m.name);
      RunRecord rec = m.fit(d, seed, ctx.threads, experiment);
      rec.class_name = point.class_name;
      return rec;
    });
    if (!m.extra) points[m.name][point.x] = r;
  }
}

std::vector<SweepPoints> declare_sweep_draws(
    const ExperimentContext& ctx,
    const std::function<SweepPoints(const ExperimentContext&, int draw)>& declare) {
  std::vector<SweepPoints> draws = {declare(ctx, 0)};
  for (int s = 1; s < (ctx.fast ? 1 : kSplitReplicates); ++s)
    draws.push_back(declare(split_replicate_context(ctx, s), s));
  return draws;
}

Json sweep_config(const ExperimentContext& ctx, Json own, const std::vector<std::string>& methods,
                  Json spread) {
  own["fast"] = ctx.fast;
  own["methods"] = methods;  // settings: each run's config.method
  own["time"] = "train_seconds: CPU seconds (methods.h); extra.wall_seconds: wall";
  spread["draws"] = kSplitReplicates;
  if (!ctx.fast) own["spread"] = spread;
  if (!ctx.extra_solvers.empty()) own["extra_solvers"] = ctx.extra_solvers;
  return own;
}

}  // namespace linrepro
