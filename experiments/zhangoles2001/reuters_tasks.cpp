#include "experiments/zhangoles2001/reuters_tasks.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
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

FeatureConfig zo_task_features(const Json& options) {
  const auto bad = [&] {
    throw ConfigError(fmt::format(
        "zo-reuters tasks: \"data\" {} must give \"features\" (0: no selection), optionally "
        "\"stemming\" and, with features, \"min_count\"",
        options.dump()));
  };
  if (!options.is_object() || !options.contains("features") ||
      !options.at("features").is_number_integer())
    bad();
  for (const auto& [key, value] : options.items())
    if (key != "features" && key != "stemming" && key != "min_count") bad();
  const int32_t k = options.at("features").get<int32_t>();
  FeatureConfig f = zo_reuters_features(k);
  if (options.contains("stemming")) f.stemming = options.at("stemming").get<std::string>();
  if (options.contains("min_count")) {
    if (k == 0) bad();  // no selection keeps every term
    f.min_count = options.at("min_count").get<int64_t>();
  }
  return f;
}

TaskSource zo_reuters_tasks() {
  return [](const ExperimentContext& ctx) -> TaskPreparer {
    // The corpus tokenised once per stemming (the min count acts later, in prepare).
    auto tokenised = std::make_shared<std::map<std::string, std::shared_ptr<const ZoTokenized>>>();
    return [tokenised, ctx](const Json& options) {
      const FeatureConfig features = zo_task_features(options);
      auto& tokens = (*tokenised)[features.stemming];
      if (!tokens) tokens = std::make_shared<const ZoTokenized>(tokenize_zo_reuters(ctx, features));
      return task_set(std::make_shared<const ZoReuters>(prepare_zo_reuters(*tokens, ctx, features)),
                      options.at("features").get<int32_t>());
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
