#include "experiments/zhangoles2001/split_tasks.h"

#include <fmt/format.h>

#include <map>
#include <memory>

#include "core/error.h"
#include "core/seed.h"
#include "corpora/corpus_view.h"
#include "experiments/zhangoles2001/table5_protocol.h"
#include "features/text_dataset.h"
#include "harness/record_fit.h"
#include "harness/solver_catalog.h"

namespace linrepro {

namespace {

struct SplitOptions {
  std::string view, collection;
  FeatureConfig features;
};

SplitOptions split_options(const Json& options) {
  if (!options.is_object() || options.size() != 3 || !options.contains("view") ||
      !options.at("view").is_string() || !options.contains("collection") ||
      !options.at("collection").is_string() || !options.contains("features") ||
      !options.at("features").is_object())
    throw ConfigError(fmt::format(
        "zo-random-splits tasks: \"data\" {} must give \"view\", \"collection\" (texts) and "
        "\"features\" (an object of FeatureConfig fields)",
        options.dump()));
  Json features = to_json(zo_table5::all_term_features());
  features.update(options.at("features"));
  return {options.at("view"), options.at("collection"), feature_config_from_json(features)};
}

// Split `split` of the corpus as `o` reads it, `solver` fitted on its training part and scored on
// the rest.
RunRecord fit_split(const Corpus& corpus, const SplitOptions& o, uint64_t split_seed,
                    const std::string& solver, const Params& params, uint64_t seed) {
  const TextSplit split = split_random(corpus, zo_table5::kTrainFraction, split_seed);
  PrepareOptions prepare;
  prepare.threads = 1;  // the runner fits the splits in parallel
  prepare.progress = false;
  const PreparedText p = prepare_text(split, o.features, prepare);
  const MulticlassLabels train = first_labels(p.train_labels), test = first_labels(p.test_labels);
  FitContext fc;
  fc.threads = 1;
  fc.seed = seed;
  FitTime time;
  const MulticlassFit fit = timed_fit(
      [&] {
        return solver_catalog().fit_multiclass(
            solver, MulticlassProblem{p.features.matrices.train, train}, params, fc);
      },
      time);
  const std::vector<int32_t> predicted = fit.model.predict(p.features.matrices.test);
  int64_t correct = 0;
  for (size_t i = 0; i < predicted.size(); ++i) correct += predicted[i] == test.y[i];
  RunRecord r = record_fit(solver, params, fit, time);
  r.metrics = {{"accuracy", static_cast<double>(correct) / static_cast<double>(predicted.size())}};
  r.extra["features"] = p.features.matrices.train.cols;
  r.extra["test_rows"] = predicted.size();
  return r;
}

TaskSet split_task_set(std::shared_ptr<const Corpus> corpus, const SplitOptions& o,
                       const ExperimentContext& ctx) {
  TaskSet s;
  s.dataset = corpus_description(*corpus, o.view);
  s.record = s.dataset;
  s.record["name"] = o.view;
  s.config_fields = {{"features", to_json(o.features)}};
  std::vector<uint64_t> seeds;
  for (int k = 0; k < zo_table5::kSplits; ++k) {
    s.tasks.push_back(fmt::format("split{}", k));
    seeds.push_back(derive_seed(ctx.seed, fmt::format("{}/split{}", o.collection, k)));
  }
  s.task_fields = [seeds](size_t i) {
    return Json{{"split", {{"train_fraction", zo_table5::kTrainFraction}, {"seed", seeds[i]}}}};
  };
  s.untrainable = [](size_t) -> std::optional<RunRecord> { return std::nullopt; };
  s.fit = [corpus, o, seeds](size_t i, const std::string& solver, const Params& params,
                             uint64_t seed) {
    return fit_split(*corpus, o, seeds[i], solver, params, seed);
  };
  return s;
}

}  // namespace

TaskSource zo_random_split_tasks() {
  return [](const ExperimentContext& ctx) -> TaskPreparer {
    // Each view read once (the preparers of one experiment run one after another).
    auto corpora = std::make_shared<std::map<std::string, std::shared_ptr<const Corpus>>>();
    return [corpora, ctx](const Json& options) {
      const SplitOptions o = split_options(options);
      auto& corpus = (*corpora)[o.view];
      if (!corpus) corpus = std::make_shared<const Corpus>(load_corpus_view(o.view));
      return split_task_set(corpus, o, ctx);
    };
  };
}

}  // namespace linrepro
