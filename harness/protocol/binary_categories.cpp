#include "harness/protocol/binary_categories.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "core/error.h"
#include "core/seed.h"
#include "corpora/corpus_view.h"
#include "features/text_dataset.h"
#include "harness/language/declaration_checks.h"
#include "harness/language/grammar.h"

namespace linrepro {

BinaryTask CategoryTask::view(double objective_lambda) const {
  const FeatureMatrices& m = own ? *own : *shared;
  return {m.train, y_train, m.test, y_test, objective_lambda};
}

namespace {

using CategoryFit =
    std::function<RunRecord(const BinaryTask&, const std::string&, const Params&, uint64_t)>;

// The tasks of `c` as a task set: `fields` in every run's config, `fit` on one category's task.
TaskSet category_task_set(std::shared_ptr<const BinaryCollection> c, Json fields, CategoryFit fit) {
  TaskSet s;
  s.dataset = c->dataset;
  s.record = c->record;
  s.config_fields = std::move(fields);
  s.tasks = c->categories;
  s.untrainable = [](size_t) { return std::optional<RunRecord>(); };
  s.fit = [c, fit](size_t i, const std::string& solver, const Params& params, uint64_t seed) {
    return fit(c->task(i).view(c->objective_lambda), solver, params, seed);
  };
  s.data = [c](size_t i) {
    const CategoryTask task = c->task(i);
    const FeatureMatrices& m = task.own ? *task.own : *task.shared;
    return TaskData{m.train, m.test, task.y_train, task.y_test, m.feature_names, Json::object()};
  };
  return s;
}

// The cross-validated thresholds' evaluation of c's tasks.
struct CvThreshold {
  int folds = 5;
  double fbr = 0.1;
  uint64_t fold_seed = 0;
};

TaskSet cv_threshold_task_set(std::shared_ptr<const BinaryCollection> c, const CvThreshold& t) {
  const Json fields = {
      {"folds", t.folds},
      {"fold_seed", t.fold_seed},
      {"threshold",
       {{"rule", "SCutFBR.1"}, {"fbr", t.fbr}, {"folds_whose_model_saw_no_positive", "left out"}}}};
  return category_task_set(
      std::move(c), fields,
      [t](const BinaryTask& task, const std::string& solver, const Params& params, uint64_t seed) {
        // The same rows in every fold: the assignment depends only on the row count and the seed.
        const CvFolds cv = make_cv_folds(task.X_train, t.folds, t.fold_seed);
        return cv_thresholded_run(solver, params, task, cv, t.fbr, seed);
      });
}

// What every run's config says about the data (a changed corpus or feature set changes the hash).
Json dataset_description(const std::string& view, const Corpus& c, const FeatureConfig& features) {
  Json d = {{"view", view}, {"docs", c.docs.size()}, {"features", to_json(features)}};
  const Json& data = c.identity.value("data", Json::object());
  if (data.contains("content_sha256")) d["content_sha256"] = data["content_sha256"];
  return d;
}

// The collection's record: the corpus with its split and features, the fewest and most columns
// of a task, the training vocabulary.
Json collection_record(const Corpus& corpus, const PreparedText& prep) {
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

// The view's categories on `features` (DataUnavailable when its corpus is not here);
// `categories`: the declared "tasks", by name (empty: all).
std::shared_ptr<const BinaryCollection> view_collection(const ExperimentContext& ctx,
                                                        const std::string& view,
                                                        const FeatureConfig& features,
                                                        std::vector<std::string> categories) {
  const Corpus corpus = load_corpus_view(view);
  auto prep = std::make_shared<const PreparedText>(
      prepare_text(split_standard(corpus), features,
                   PrepareOptions{.threads = ctx.threads, .progress = ctx.progress}));
  const auto& names = prep->train_labels.class_names;
  if (categories.empty()) categories = names;
  std::vector<int32_t> ids;
  for (const std::string& category : categories) {
    const auto it = std::find(names.begin(), names.end(), category);
    if (it == names.end()) throw ConfigError(fmt::format("{}: no category '{}'", view, category));
    ids.push_back(static_cast<int32_t>(it - names.begin()));
  }
  auto c = std::make_shared<BinaryCollection>();
  c->dataset = dataset_description(view, corpus, features);
  c->record = collection_record(corpus, *prep);
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

// The evaluations a declaration names: "timed" (nullopt) or a rule of cross-validated
// thresholds. SCutFBR.1 is Yang's (2001) rule as MLR-CG §6.1 applies it: 5 folds of each training
// set (footnote 7) and fbr 0.1, its fallback level (metrics/cv_threshold.h): neither paper gives an
// fbr; 0.1 is the lowest value of the grid Lewis et al. (2004) searched, i.e. the least
// intervention: only categories whose held-out F1 is at most 0.1 fall back. Its folds are seeded by
// the name "f1/folds", the one §6.1's runs were first keyed by (their config hashes keep it).
struct NamedCvThreshold {
  const char* name;
  int folds;
  double fbr;
  const char* fold_seed;
};
constexpr NamedCvThreshold kCvThresholds[] = {{"SCutFBR.1", 5, 0.1, "f1/folds"}};

std::optional<NamedCvThreshold> declared_evaluation(const Json& e, const std::string& where) {
  const std::string name = e.is_string() ? e.get<std::string>() : "";
  if (name == "timed") return std::nullopt;
  for (const NamedCvThreshold& t : kCvThresholds)
    if (name == t.name) return t;
  std::vector<std::string> names = {"timed"};
  for (const NamedCvThreshold& t : kCvThresholds) names.push_back(t.name);
  declaration_error(where, fmt::format("\"evaluation\" names one of {}, not {}",
                                       fmt::join(names, ", "), e.dump()));
}

FeatureConfig declared_features(const Json& j, const std::string& where) {
  try {
    return feature_config_from_json(j);
  } catch (const ConfigError& e) {
    declaration_error(where, fmt::format("\"features\": {}", e.what()));
  }
  return {};
}

}  // namespace

TaskSet timed_task_set(std::shared_ptr<const BinaryCollection> c, const Json& options) {
  const int repeats = options.value("repeats", 1);
  const bool trace = options.value("traced", false);
  const Json fields = {
      {"threshold", 0},
      {"timing", {{"repeats", repeats}, {"clock", "thread_cpu"}, {"statistic", "median"}}},
      {"trace_every", trace ? 1 : 0}};
  TaskSet s = category_task_set(
      std::move(c), fields,
      [repeats, trace](const BinaryTask& task, const std::string& solver, const Params& params,
                       uint64_t seed) {
        return timed_binary_run(solver, params, task,
                                TimedRunOptions{.repeats = repeats, .trace = trace, .seed = seed});
      });
  s.timed = true;
  return s;
}

TaskSource binary_category_tasks(const Json& declaration, const std::string& where) {
  check_object(declaration, "binary-categories", where);
  if (declaration.value("kind", "") != kBinaryCategories)
    declaration_error(where, fmt::format("\"kind\" must be \"{}\"", kBinaryCategories));
  if (!declaration.contains("features") || !declaration.contains("evaluation") ||
      !declaration.contains("lambda") || !declaration.at("lambda").is_number())
    declaration_error(where,
                      "a binary-categories set gives its \"view\", \"features\", \"evaluation\" "
                      "and \"lambda\"");
  const std::string view = text_of(declaration, "view", where);
  try {
    check_corpus_view(view);
  } catch (const ConfigError& e) {
    declaration_error(where, e.what());
  }
  const Json features = to_json(declared_features(declaration.at("features"), where));
  std::vector<std::string> categories;
  for (const Json& c : declaration.value("tasks", Json::array()))
    categories.push_back(c.get<std::string>());
  const std::optional<NamedCvThreshold> cv =
      declared_evaluation(declaration.at("evaluation"), where);
  const double lambda = declaration.at("lambda").get<double>();
  return [=](const ExperimentContext& ctx) -> TaskPreparer {
    // Each feature reading prepared once for the experiment (a sequential set asks again for
    // every options).
    auto prepared =
        std::make_shared<std::map<std::string, std::shared_ptr<const BinaryCollection>>>();
    return [=](const Json& options) {
      check_object(options, "binary-categories-data", where + " (a method's \"data\")");
      if (cv && (options.contains("repeats") || options.contains("traced")))
        declaration_error(where + " (a method's \"data\")",
                          "\"repeats\" and \"traced\" apply to the timed evaluation only");
      Json f = features;
      f.update(options.value("features", Json::object()));
      const FeatureConfig config = declared_features(f, where + " (a method's \"data\")");
      auto& c = (*prepared)[to_json(config).dump() + options.value("name", "")];
      if (!c) {
        auto made =
            std::make_shared<BinaryCollection>(*view_collection(ctx, view, config, categories));
        made->objective_lambda = lambda;
        if (options.contains("name"))  // another reading: its own record beside the cells' one
          made->record["name"] = fmt::format("{} ({})", made->record.value("name", ""),
                                             options.at("name").get<std::string>());
        c = made;
      }
      if (!cv) return timed_task_set(c, options);
      return cv_threshold_task_set(c, {cv->folds, cv->fbr, derive_seed(ctx.seed, cv->fold_seed)});
    };
  };
}

}  // namespace linrepro
