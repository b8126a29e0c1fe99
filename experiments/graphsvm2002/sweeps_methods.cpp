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

namespace {

// s with `variant` applied (fit_sweep_method's rules).
void apply_variant(const std::string& method, const Params& variant, MethodSettings& s) {
  for (const auto& [key, value] : variant.items()) {
    const bool svm = method == kMcsvm || method == kGraphSvm;
    const bool ok = (key == "C" && svm && value.is_number() && value.get<double>() > 0) ||
                    (key == "stage1" && method == kGraphSvm && value.is_string()) ||
                    (key == "validation_fraction" && method == kGraphSvm && value.is_number() &&
                     value.get<double>() > 0 && value.get<double>() < 1);
    if (!ok)
      throw ConfigError(fmt::format(
          "graphsvm2002: method {} does not take {} = {} (C > 0 for MCSVM and GraphSVM; stage1, "
          "a solver, and validation_fraction in (0, 1) for GraphSVM)",
          method, key, value.dump()));
  }
  s.C = variant.value("C", s.C);
  s.stage1 = variant.value("stage1", s.stage1);
  s.validation_fraction = variant.value("validation_fraction", s.validation_fraction);
}

}  // namespace

RunRecord fit_sweep_method(const std::string& method, const GraphsvmData& d, uint64_t seed,
                           int threads, const Params& variant) {
  MethodSettings s;
  s.seed = seed;
  s.threads = threads;
  s.label = fmt::format("{} K={}", d.name, d.class_names.size());
  const Stopwatch wall;
  RunRecord r;
  if (method != kMcnb) s.C = svmlight_default_C(d.Xtrain_svm);
  apply_variant(method, variant, s);
  if (method == kMcnb) {
    r = run_mcnb(d, s);
  } else {
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

bool is_sweep_method(const std::string& name) {
  return name == kMcnb || name == kMcsvm || name == kGraphSvm || name == kHierSvm;
}

RunRecord fit_extra_solver(const GraphsvmData& d, const std::string& solver, const Params& params,
                           uint64_t seed) {
  MethodSettings s;
  s.seed = seed;
  s.label = fmt::format("{} K={} {}", d.name, d.class_names.size(), solver);
  RunRecord r = run_flat_multiclass(d, s, solver, params);
  r.extra["train_rows"] = d.Xtrain.rows;
  r.extra["num_classes"] = d.class_names.size();
  return r;
}

}  // namespace linrepro
