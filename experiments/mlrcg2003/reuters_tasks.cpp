#include "experiments/mlrcg2003/reuters_tasks.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/seed.h"
#include "corpora/corpus_view.h"
#include "experiments/mlrcg2003/experiments.h"
#include "experiments/mlrcg2003/reuters_features.h"
#include "features/text_dataset.h"

namespace linrepro {

BinaryTask CategoryTask::view() const {
  const FeatureMatrices& m = own ? *own : *shared;
  return {m.train, y_train, m.test, y_test, kMlrcgLambda};
}

namespace {

// The tasks of `c` as a task set: `fields` in every run's config, `fit` on one category's task.
TaskSet category_task_set(
    std::shared_ptr<const BinaryCollection> c, Json fields,
    std::function<RunRecord(const CategoryTask&, const std::string&, const Params&, uint64_t)>
        fit) {
  TaskSet s;
  s.dataset = c->dataset;
  s.record = c->record;
  s.config_fields = std::move(fields);
  s.tasks = c->categories;
  s.untrainable = [](size_t) { return std::optional<RunRecord>(); };
  s.fit = [c, fit](size_t i, const std::string& solver, const Params& params, uint64_t seed) {
    return fit(c->task(i), solver, params, seed);
  };
  return s;
}

// What every run's config says about the data (a changed corpus or feature set changes the hash).
Json dataset_description(const Corpus& c, const FeatureConfig& features) {
  Json d = {{"view", kReutersView}, {"docs", c.docs.size()}, {"features", to_json(features)}};
  const Json& data = c.identity.value("data", Json::object());
  if (data.contains("content_sha256")) d["content_sha256"] = data["content_sha256"];
  return d;
}

// The collection's record: the corpus with its split and features, and what Table 1 reports
// (the fewest and most columns of a task, the training vocabulary).
Json reuters_record(const Corpus& corpus, const PreparedText& prep) {
  const auto& stats = prep.features.stats;
  Json d = corpus.identity;
  d["train"] = d["rows_train"] = stats.train_docs;
  d["test"] = d["rows_test"] = stats.test_docs;
  const Json& data = corpus.identity.value("data", Json::object());
  if (data.contains("content_sha256")) d["sha256"] = data["content_sha256"];
  d["features"] = stats.features;
  d["vocabulary"] = stats.vocabulary;
  d["preparation"] = prep.identity;
  size_t fewest = SIZE_MAX, most = 0;
  for (const auto& cols : prep.features.category_columns) {
    fewest = std::min(fewest, cols.size());
    most = std::max(most, cols.size());
  }
  if (most > 0) d["task_columns"] = {{"fewest", fewest}, {"most", most}};
  return d;
}

// Reuters-21578 ModApte's 90 categories on `features` (DataUnavailable when it is not here);
// `categories`: the tasks, by name (empty: all 90).
std::shared_ptr<const BinaryCollection> reuters_collection(const ExperimentContext& ctx,
                                                           const FeatureConfig& features,
                                                           std::vector<std::string> categories) {
  const Corpus corpus = load_corpus_view(kReutersView);
  auto prep = std::make_shared<const PreparedText>(
      prepare_text(split_standard(corpus), features,
                   PrepareOptions{.threads = ctx.threads, .progress = ctx.progress}));
  const auto& names = prep->train_labels.class_names;
  if (categories.empty()) categories = names;
  std::vector<int32_t> ids;
  for (const std::string& category : categories) {
    const auto it = std::find(names.begin(), names.end(), category);
    if (it == names.end())
      throw ConfigError(fmt::format("{}: no category '{}'", kReutersView, category));
    ids.push_back(static_cast<int32_t>(it - names.begin()));
  }
  auto c = std::make_shared<BinaryCollection>();
  c->dataset = dataset_description(corpus, features);
  c->record = reuters_record(corpus, *prep);
  c->categories = std::move(categories);
  c->task = [prep, ids](size_t i) {
    const int32_t k = ids[i];
    CategoryTask t;
    if (prep->features.per_category())
      t.own = std::make_shared<const FeatureMatrices>(for_category(prep->features, k));
    else
      t.shared = &prep->features.matrices;
    t.y_train = one_vs_rest(prep->train_labels, k);
    t.y_test = one_vs_rest(prep->test_labels, k);
    return t;
  };
  return c;
}

}  // namespace

TaskSet timed_task_set(std::shared_ptr<const BinaryCollection> c, const Json& options) {
  const int repeats = options.value("repeats", 1);
  const bool trace = options.value("trace", false);
  const Json fields = {
      {"threshold", 0},
      {"timing", {{"repeats", repeats}, {"clock", "thread_cpu"}, {"statistic", "median"}}},
      {"trace_every", trace ? 1 : 0}};
  return category_task_set(std::move(c), fields,
                           [repeats, trace](const CategoryTask& t, const std::string& solver,
                                            const Params& params, uint64_t seed) {
                             return timed_binary_run(
                                 solver, params, t.view(),
                                 TimedRunOptions{.repeats = repeats, .trace = trace, .seed = seed});
                           });
}

TaskSet f1_task_set(std::shared_ptr<const BinaryCollection> c, uint64_t fold_seed) {
  const Json fields = {
      {"folds", kReutersFolds},
      {"fold_seed", fold_seed},
      {"threshold",
       {{"rule", "SCutFBR.1"}, {"fbr", kFbr}, {"folds_whose_model_saw_no_positive", "left out"}}}};
  return category_task_set(std::move(c), fields,
                           [fold_seed](const CategoryTask& t, const std::string& solver,
                                       const Params& params, uint64_t seed) {
                             const BinaryTask task = t.view();
                             // The same rows in every fold: the assignment depends only on the row
                             // count and the seed.
                             const CvFolds cv =
                                 make_cv_folds(task.X_train, kReutersFolds, fold_seed);
                             return cv_thresholded_run(solver, params, task, cv, kFbr, seed);
                           });
}

std::vector<std::string> reuters_table2_categories() {
  return {"earn", "acq", "money-fx", "grain"};
}

TaskSource reuters_table2_tasks() {
  return [](const ExperimentContext& ctx) -> TaskPreparer {
    auto c = reuters_collection(ctx, mlrcg_binary_task_features(), reuters_table2_categories());
    return [c](const Json& options) { return timed_task_set(c, options); };
  };
}

TaskSource reuters_f1_tasks() {
  return [](const ExperimentContext& ctx) -> TaskPreparer {
    const uint64_t fold_seed = derive_seed(ctx.seed, "f1/folds");
    return [ctx, fold_seed](const Json& options) {
      const std::string scope = options.value("features", "");
      if (scope != "per-category" && scope != "global")
        throw ConfigError(fmt::format(
            "mlrcg2003 reuters-f1: \"data\" {} must give \"features\": \"per-category\" or "
            "\"global\"",
            options.dump()));
      const bool own = scope == "per-category";
      auto c =
          reuters_collection(ctx, own ? mlrcg_binary_task_features() : mlrcg_global_features(), {});
      if (!own) {  // the ablation's reading: its own record beside the cells' one
        auto g = std::make_shared<BinaryCollection>(*c);
        g->record["name"] = g->record.value("name", "") + " (global IG features)";
        c = g;
      }
      return f1_task_set(c, fold_seed);
    };
  };
}

}  // namespace linrepro
