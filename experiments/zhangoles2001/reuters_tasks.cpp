#include "experiments/zhangoles2001/reuters_tasks.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <memory>
#include <set>

#include "core/error.h"
#include "core/seed.h"
#include "experiments/zhangoles2001/micro_comparison.h"
#include "experiments/zhangoles2001/threshold_oof.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/results/claim_verdict.h"

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

// What a set's options ask of each run besides the features.
struct RunOptions {
  int32_t features = 0;
  bool out_of_fold = false;       // the out-of-fold threshold run instead (threshold_oof.h)
  std::set<std::string> margins;  // categories whose training margins are stored
  bool margins_declared = false;  // the configs say "margins" (true or false)
};

// A prepared collection and the final fits its out-of-fold runs take.
struct Prepared {
  explicit Prepared(ZoReuters r) : reuters(std::move(r)) {}
  const ZoReuters reuters;
  FinalFits final_fits;
};

// What a task set reads of it.
struct ZoData {
  std::shared_ptr<const ZoReuters> reuters;
  std::string features;  // its feature config, as the key of its final fits
  std::shared_ptr<FinalFits> final_fits;
};

RunRecord fit_category(const ZoData& d, int32_t k, const RunOptions& o, const std::string& solver,
                       const Params& params, uint64_t seed) {
  const ZoReuters& data = *d.reuters;
  const ZoCategory cat = zo_category(data, k);
  const std::string final_key = FinalFits::key(d.features, k, solver, params, seed);
  if (o.out_of_fold) {
    RunRecord out =
        out_of_fold_threshold_run(solver, params, cat, seed, d.final_fits->take(final_key));
    out.extra["train_positives"] = data.train_positives[k];
    return out;
  }
  const bool margins = o.margins.contains(data.prep.train_labels.class_names[k]);
  std::vector<double> w_x_y;
  ZoFitted fitted;
  const ZoEval e = zo_fit_evaluate(solver, params, cat.X_train, cat.y_train, cat.X_test, cat.y_test,
                                   seed, margins ? &w_x_y : nullptr, &fitted);
  d.final_fits->keep(final_key,
                     {record_fit(solver, params, fitted.fit, fitted.time), fitted.test_decisions});
  RunRecord out = zo_record(solver, params, fitted);
  out.metrics = zo_metrics(e);
  record_break_even_decisions(out, fitted, cat, e);  // for the claims' paired comparisons
  out.extra["train_positives"] = data.train_positives[k];
  out.extra["test_positives"] = data.test_positives[k];
  out.extra["features"] = o.features;
  if (margins) out.extra["margins"] = w_x_y;
  return out;
}

// Category k's matrices, labels and feature names, as zo_category gives them to fit_category.
TaskData category_data(const ZoReuters& data, int32_t k) {
  const PreparedSplit& features = data.prep.features;
  FeatureMatrices m = features.per_category() ? for_category(features, k) : features.matrices;
  TaskData t;
  t.X_train = std::move(m.train);
  t.X_test = std::move(m.test);
  t.feature_names = std::move(m.feature_names);
  t.y_train = one_vs_rest(data.prep.train_labels, k);
  t.y_test = one_vs_rest(data.prep.test_labels, k);
  return t;
}

TaskSet task_set(const ZoData& d, const RunOptions& o) {
  const std::shared_ptr<const ZoReuters>& data = d.reuters;
  TaskSet s;
  s.dataset = data->dataset;
  s.record = data->dataset_record;
  s.config_fields = {{"threshold_rule", to_string(kZoThresholdRule)}};
  if (o.out_of_fold)
    s.config_fields["threshold_scores"] = fmt::format("out-of-fold, {} folds", kOofFolds);
  for (int32_t k : data->by_size) s.tasks.push_back(data->prep.train_labels.class_names[k]);
  if (o.margins_declared)
    s.task_fields = [tasks = s.tasks, o](size_t i) {
      return Json{{"margins", o.margins.contains(tasks[i])}};
    };
  s.untrainable = [data](size_t i) -> std::optional<RunRecord> {
    const int32_t k = data->by_size[i];
    if (data->train_positives[k] > 0) return std::nullopt;
    return missed_record(*data, k);
  };
  s.fit = [d, o](size_t i, const std::string& solver, const Params& params, uint64_t seed) {
    return fit_category(d, d.reuters->by_size[i], o, solver, params, seed);
  };
  s.data = [data](size_t i) { return category_data(*data, data->by_size[i]); };
  return s;
}

RunOptions run_options(const Json& options) {
  RunOptions o;
  o.features = options.at("features").get<int32_t>();
  if (options.contains("threshold")) o.out_of_fold = true;  // checked by zo_task_features
  if (options.contains("margins")) {
    o.margins_declared = true;
    for (const Json& c : options.at("margins")) o.margins.insert(c.get<std::string>());
  }
  return o;
}

}  // namespace

FeatureConfig zo_task_features(const Json& options) {
  const auto bad = [&] {
    throw ConfigError(fmt::format(
        "zo-reuters tasks: \"data\" {} must give \"features\" (0: no selection), optionally "
        "\"stemming\", with features \"min_count\", \"margins\" (a list of categories) or "
        "\"threshold\": \"out-of-fold\"",
        options.dump()));
  };
  if (!options.is_object() || !options.contains("features") ||
      !options.at("features").is_number_integer())
    bad();
  for (const auto& [key, value] : options.items())
    if (key != "features" && key != "stemming" && key != "min_count" && key != "margins" &&
        key != "threshold")
      bad();
  if (options.contains("margins") && !options.at("margins").is_array()) bad();
  if (options.contains("threshold") &&
      (options.at("threshold") != "out-of-fold" || options.contains("margins")))
    bad();
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
    // The corpus tokenised once per stemming (the min count acts later, in prepare), and each
    // feature set prepared once while a set of options that reads it is alive (options that
    // differ only in what a run stores share it).
    auto tokenised = std::make_shared<std::map<std::string, std::shared_ptr<const ZoTokenized>>>();
    auto prepared = std::make_shared<std::map<std::string, std::weak_ptr<Prepared>>>();
    return [tokenised, prepared, ctx](const Json& options) {
      const FeatureConfig features = zo_task_features(options);
      const std::string name = to_json(features).dump();
      std::shared_ptr<Prepared> kept = (*prepared)[name].lock();
      if (!kept) {
        auto& tokens = (*tokenised)[features.stemming];
        if (!tokens)
          tokens = std::make_shared<const ZoTokenized>(tokenize_zo_reuters(ctx, features));
        kept = std::make_shared<Prepared>(prepare_zo_reuters(*tokens, ctx, features));
        (*prepared)[name] = kept;
      }
      // Both live as long as a set that reads them (aliasing shared_ptrs to one allocation).
      const ZoData d{std::shared_ptr<const ZoReuters>(kept, &kept->reuters), name,
                     std::shared_ptr<FinalFits>(kept, &kept->final_fits)};
      return task_set(d, run_options(options));
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
  // An aggregate has no seed of its own: its resamples' seed comes from its first run's key.
  const uint64_t seed =
      derive_seed(kClaimBootstrapSeed, "bootstrap/micro-bep/" + (runs.empty() ? "" : runs[0].key));
  const ZoMicro micro = zo_micro(res.evals);
  return {100 * micro.bep, micro_bep_evidence(res.evals, seed), {}, {{"f1", 100 * micro.prf.f1}}};
}

}  // namespace linrepro
