#include "experiments/zhangoles2001/reuters_variant.h"

#include <fmt/format.h>

#include <atomic>
#include <cmath>

#include "core/parallel_for.h"
#include "core/seed.h"
#include "harness/document_outcomes.h"

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
    if (data.train_positives[k] == 0) {  // counted as missed: no test document predicted
      res.evals[ci] = zo_missed(data.test_positives[k], data.prep.test_labels.y.size());
      std::vector<uint8_t> truth;
      for (double y : zo_category(data, k).y_test) truth.push_back(y > 0);
      std::vector<uint8_t> none(truth.size(), 0);
      res.evals[ci].at_break_even = category_outcomes(std::move(none), std::move(truth));
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
      // Per test document, for the claims' paired comparisons (micro_comparison.h).
      const std::vector<double> f_test = fitted.fit.model.decisions(cat.X_test);
      std::vector<uint8_t> truth(f_test.size());
      for (size_t i = 0; i < truth.size(); ++i) truth[i] = cat.y_test[i] > 0;
      out.metrics["test_rows"] = f_test.size();
      out.extra["test_break_even"] = break_even_outcomes(f_test, e.bep.positives);
      out.extra["test_truth"] = outcomes_to_hex(truth);
      out.extra["variant"] = v.id;
      out.extra["features"] = v.features;
      return out;
    });
    if (r.status == "ok") {  // a pending run is read in a later round
      res.evals[ci] = zo_eval_from_metrics(r.metrics);
      if (r.extra.contains("test_break_even"))
        res.evals[ci].at_break_even =
            category_outcomes(run_outcomes(r, "test_break_even"), run_outcomes(r, "test_truth"));
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

}  // namespace linrepro
