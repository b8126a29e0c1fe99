#include "experiments/zhangoles2001/reuters_tasks.h"

#include <cmath>
#include <memory>

#include "core/error.h"
#include "experiments/zhangoles2001/micro_comparison.h"
#include "harness/document_outcomes.h"

namespace linrepro {

namespace {

// Category k without a training document: what zo_missed_category counts, as a record.
RunRecord missed_record(const ZoReuters& data, int32_t k) {
  const ZoEval e = zo_missed_category(data, k);
  RunRecord r;
  r.metrics = zo_metrics(e);
  r.extra["test_break_even"] = outcomes_to_hex(e.at_break_even->predicted);
  r.extra["test_truth"] = outcomes_to_hex(e.at_break_even->truth);
  r.metrics["test_rows"] = e.at_break_even->truth.size();
  return r;
}

RunRecord fit_category(const ZoReuters& data, int32_t k, int32_t features,
                       const std::string& solver, const Params& params, uint64_t seed) {
  const ZoCategory cat = zo_category(data, k);
  ZoFitted fitted;
  const ZoEval e = zo_fit_evaluate(solver, params, cat.X_train, cat.y_train, cat.X_test, cat.y_test,
                                   seed, nullptr, &fitted);
  RunRecord out = zo_record(solver, params, fitted);
  out.metrics = zo_metrics(e);
  record_break_even_decisions(out, fitted, cat, e);  // for the claims' paired comparisons
  out.extra["features"] = features;
  return out;
}

TaskSet task_set(std::shared_ptr<const ZoReuters> data, int32_t features) {
  TaskSet s;
  s.dataset = data->dataset;
  s.record = data->dataset_record;
  s.config_fields = {{"threshold_rule", to_string(kZoThresholdRule)}};
  for (int32_t k : data->by_size) s.tasks.push_back(data->prep.train_labels.class_names[k]);
  s.untrainable = [data](size_t i) -> std::optional<RunRecord> {
    const int32_t k = data->by_size[i];
    if (data->train_positives[k] > 0) return std::nullopt;
    return missed_record(*data, k);
  };
  s.fit = [data, features](size_t i, const std::string& solver, const Params& params,
                           uint64_t seed) {
    return fit_category(*data, data->by_size[i], features, solver, params, seed);
  };
  return s;
}

}  // namespace

TaskSource zo_reuters_tasks() {
  return [](const ExperimentContext& ctx) -> TaskPreparer {
    auto tokens = std::make_shared<const ZoTokenized>(tokenize_zo_reuters(ctx));
    return [tokens, ctx](const Json& options) {
      if (!options.contains("features") || !options.at("features").is_number_integer())
        throw ConfigError("zo-reuters tasks: \"data\" must give \"features\" (0: no selection)");
      const int32_t k = options.at("features").get<int32_t>();
      return task_set(std::make_shared<const ZoReuters>(
                          prepare_zo_reuters(*tokens, ctx, zo_reuters_features(k))),
                      k);
    };
  };
}

ZoVariantResult zo_variant_result(std::span<const RunRecord> runs) {
  ZoVariantResult res;
  for (const RunRecord& r : runs) {
    res.evals.push_back(zo_eval_from_metrics(r.metrics));
    read_break_even_decisions(r, res.evals.back());
    const bool fitted = r.status == "ok";
    res.objective.push_back(fitted ? r.objective : NAN);
    res.iterations.push_back(fitted ? r.iterations : 0);
  }
  for (double o : res.objective) res.trained += !std::isnan(o);
  return res;
}

AggregateValue zo_micro_bep_of(std::span<const RunRecord> runs) {
  const ZoVariantResult res = zo_variant_result(runs);
  return {100 * zo_micro(res.evals).bep, micro_bep_evidence(res.evals)};
}

}  // namespace linrepro
