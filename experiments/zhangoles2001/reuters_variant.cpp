#include "experiments/zhangoles2001/reuters_variant.h"

#include <fmt/format.h>

#include <atomic>
#include <cmath>

#include "core/parallel_for.h"
#include "core/seed.h"
#include "experiments/zhangoles2001/micro_comparison.h"

namespace linrepro {

Params zo_variant_params(const ZoVariant& v) {
  Params p = zo_params(v.solver, v.lambda, v.fixed_K);
  p.update(v.extra);
  return p;
}

ZoVariantResult run_zo_variant(ResultFile& rf, const ExperimentContext& ctx, const ZoReuters& data,
                               const ZoVariant& v, const std::vector<int32_t>& categories,
                               const std::string& experiment) {
  const auto& names = data.prep.train_labels.class_names;
  ZoVariantResult res;
  res.evals.resize(categories.size());
  res.objective.assign(categories.size(), NAN);
  res.iterations.assign(categories.size(), 0);
  const Params params = zo_variant_params(v);
  std::atomic<size_t> done{0};
  parallel_for(categories.size(), ctx.threads, [&](size_t ci) {
    const int32_t k = categories[ci];
    if (data.train_positives[k] == 0) {
      res.evals[ci] = zo_missed_category(data, k);
      return;
    }
    const std::string key = fmt::format("{}/{}", v.id, names[k]);
    const uint64_t seed = derive_seed(ctx.seed, key);
    const Json config = {{"dataset", data.dataset},
                         {"class", names[k]},
                         {"solver", v.solver},
                         {"params", params},
                         {"seed", seed},
                         {"threshold_rule", to_string(kZoThresholdRule)}};
    const RunRecord r = rf.run_once(key, config, [&] {
      const ZoCategory cat = zo_category(data, k);
      ZoFitted fitted;
      const ZoEval e = zo_fit_evaluate(v.solver, params, cat.X_train, cat.y_train, cat.X_test,
                                       cat.y_test, seed, nullptr, &fitted);
      RunRecord out = zo_record(v.solver, params, fitted);
      out.metrics = zo_metrics(e);
      record_break_even_decisions(out, fitted, cat, e);  // for the claims' paired comparisons
      out.extra["variant"] = v.id;
      out.extra["features"] = v.features;
      return out;
    });
    if (r.status == "ok") {  // a pending run is read in a later round
      res.evals[ci] = zo_eval_from_metrics(r.metrics);
      read_break_even_decisions(r, res.evals[ci]);
      res.objective[ci] = r.objective;
      res.iterations[ci] = r.iterations;
    }
    const size_t n = ++done;
    if (ctx.progress && (n % 20 == 0 || n == categories.size()))
      fmt::print(stderr, "{}: {} {}/{} categories\n", experiment, v.id, n, categories.size());
  });
  for (double o : res.objective) res.trained += !std::isnan(o);
  return res;
}

std::map<std::string, ZoVariantResult> run_zo_variants(ResultFile& rf, const ExperimentContext& ctx,
                                                       const ZoTokenized& tok,
                                                       const std::vector<ZoVariant>& variants,
                                                       const std::string& experiment) {
  std::map<int32_t, ZoReuters> prepared;  // by features per category
  std::map<std::string, ZoVariantResult> results;
  for (const auto& v : variants) {
    if (!prepared.count(v.features)) {
      prepared.emplace(v.features, prepare_zo_reuters(tok, ctx, zo_reuters_features(v.features)));
      rf.add_dataset(prepared.at(v.features).dataset_record);
    }
    const ZoReuters& data = prepared.at(v.features);
    std::vector<int32_t> categories = data.by_size;
    if (ctx.fast) categories.resize(1);
    if (v.top > 0) categories.resize(static_cast<size_t>(v.top));
    results[v.id] = run_zo_variant(rf, ctx, data, v, categories, experiment);
  }
  return results;
}

}  // namespace linrepro
