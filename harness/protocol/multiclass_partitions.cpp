#include "harness/protocol/multiclass_partitions.h"

#include <fmt/format.h>

#include "core/error.h"
#include "core/stopwatch.h"
#include "corpora/corpus_view.h"
#include "features/text_dataset.h"
#include "harness/experiment/record_fit.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/language/declaration_checks.h"
#include "harness/language/grammar.h"
#include "harness/protocol/partition_tasks.h"
#include "metrics/confusion_folds.h"

namespace linrepro {

namespace {

// One partition's matrices and labels, prepared once for every run on it.
struct PartitionData {
  int k = 0;
  PreparedText prepared;
  MulticlassLabels train, test;
};

Partitioning declared_partitioning(const Json& d, const std::string& where) {
  if (d.contains("folds") == d.contains("splits"))
    declaration_error(where, "a partitioning gives either \"folds\" or \"splits\"");
  const bool folds = d.contains("folds");
  const Json& count = d.at(folds ? "folds" : "splits");
  if (!count.is_number_integer() || count.get<int>() < (folds ? 2 : 1))
    declaration_error(where, "\"folds\" is a count >= 2, \"splits\" a count >= 1");
  // A train fraction belongs to random splits (folds have none): never read and dropped.
  if (folds == d.contains("train_fraction"))
    declaration_error(where, "random splits, and only they, give a \"train_fraction\"");
  if (!folds && !(d.at("train_fraction").is_number() && d.at("train_fraction").get<double>() > 0 &&
                  d.at("train_fraction").get<double>() < 1))
    declaration_error(where, "\"train_fraction\" is a number between 0 and 1");
  return {folds ? Partitioning::Kind::folds : Partitioning::Kind::random_splits, count.get<int>()};
}

RunRecord fit_partition(const PartitionData& d, const std::string& solver, const Params& params,
                        uint64_t seed, const char* kind) {
  const CsrMatrix& X_train = d.prepared.features.matrices.train;
  const CsrMatrix& X_test = d.prepared.features.matrices.test;
  const int32_t K = d.train.num_classes();
  FitContext ctx;
  ctx.seed = seed;
  ctx.threads = 1;  // the runner fits the partitions in parallel instead
  FitTime time;
  const MulticlassFit fit = timed_fit(
      [&] {
        return solver_catalog().fit_multiclass(solver, MulticlassProblem{X_train, d.train}, params,
                                               ctx);
      },
      time);
  Stopwatch test_clock;
  const std::vector<int32_t> predicted = fit.model.predict(X_test);
  const double test_seconds = test_clock.seconds();
  const ConfusionMatrix C = confusion_matrix(d.test.y, predicted, K);
  const ConfusionMatrix C_train = confusion_matrix(d.train.y, fit.model.predict(X_train), K);
  const F1Pair test_f1 = micro_macro_f1(C), train_f1 = micro_macro_f1(C_train);
  RunRecord r = record_fit(solver, params, fit, time);
  r.class_name = fmt::format("{} {}", kind, d.k);
  r.metrics = {{"accuracy", accuracy(C)},
               {"micro_f1", test_f1.micro},
               {"macro_f1", test_f1.macro},
               {"train_micro_f1", train_f1.micro},
               {"train_macro_f1", train_f1.macro}};
  r.test_seconds = test_seconds;
  r.extra["confusion"] = confusion_to_json(C);
  r.extra["test_truth"] = d.test.y;
  r.extra["test_predicted"] = predicted;
  r.extra["labels"] = d.test.class_names;
  r.extra["train_rows"] = X_train.rows;
  r.extra["test_rows"] = X_test.rows;
  r.extra["features"] = d.prepared.features.stats.features;
  r.extra["empty_test_rows"] = d.prepared.features.stats.empty_test_rows;
  return r;
}

}  // namespace

TaskSource multiclass_partition_tasks(const std::string& name, const Json& declaration,
                                      const std::string& where) {
  check_object(declaration, "multiclass-partitions", where);
  if (declaration.value("kind", "") != kMulticlassPartitions)
    declaration_error(where, fmt::format("\"kind\" must be \"{}\"", kMulticlassPartitions));
  if (!declaration.contains("features"))
    declaration_error(where, "a multi-class partition set gives its \"features\"");
  const GridCollection collection{text_of(declaration, "name", where), name,
                                  text_of(declaration, "view", where), ""};
  try {
    check_corpus_view(collection.view);
  } catch (const ConfigError& e) {
    declaration_error(where, e.what());
  }
  const Partitioning partitioning = declared_partitioning(declaration, where);
  FeatureConfig features;
  try {
    features = feature_config_from_json(declaration.at("features"));
  } catch (const ConfigError& e) {
    declaration_error(where, fmt::format("\"features\": {}", e.what()));
  }
  const double train_fraction = declaration.value("train_fraction", 0.0);
  const bool folds = partitioning.kind == Partitioning::Kind::folds;
  PartitionTaskHooks<PartitionData> hooks;
  hooks.config_fields = {{"features", to_json(features)}};
  if (!folds) hooks.config_fields["train_fraction"] = train_fraction;
  // A method's data may change the declared features ({"features": {"min_count": 3}}); its runs'
  // config then holds the features they were fitted on.
  hooks.options = {"features"};
  const auto features_of = [features](const Json& options) {
    Json j = to_json(features);
    j.update(options.value("features", Json::object()));
    return feature_config_from_json(j);
  };
  hooks.describe_options = [features_of](const Json& options) {
    return Json{{"features", to_json(features_of(options))}};
  };
  hooks.prepare = [features_of, partitioning, train_fraction, folds](
                      const Corpus& corpus, int k, uint64_t seed, const Json& own) {
    const TextSplit split = folds ? split_fold(corpus, partitioning.count, k, seed)
                                  : split_random(corpus, train_fraction, seed);
    PrepareOptions options;
    options.threads = 1;  // the runner prepares and fits the partitions in parallel
    options.progress = false;
    PartitionData d{k, prepare_text(split, features_of(own), options), {}, {}};
    d.train = first_labels(d.prepared.train_labels);
    d.test = first_labels(d.prepared.test_labels);
    return d;
  };
  hooks.fit = [folds](const PartitionData& d, const std::string& solver, const Params& params,
                      uint64_t seed, const Json&) {
    return fit_partition(d, solver, params, seed, folds ? "fold" : "split");
  };
  return partition_tasks<PartitionData>(collection, partitioning, hooks);
}

}  // namespace linrepro
