#include "experiments/zhangoles2001/table5_protocol.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "baselines/python_peer.h"
#include "core/error.h"
#include "core/libsvm_format.h"
#include "core/project_root.h"
#include "core/stopwatch.h"
#include "core/subprocess.h"
#include "experiments/zhangoles2001/reuters_protocol.h"
#include "experiments/zhangoles2001/table5_ovr.h"
#include "experiments/zhangoles2001/title_ablation.h"
#include "harness/experiment/record_fit.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/protocol/partition_tasks.h"
#include "metrics/confusion_folds.h"  // confusion_to_json
#include "metrics/confusion_matrix.h"

namespace linrepro::zo_table5 {

namespace {

namespace fs = std::filesystem;

constexpr const char* kPython = "/usr/bin/python3";
constexpr const char* kSklearnScript = "baselines/sklearn_nb_peer.py";

RunRecord record_accuracy(const MulticlassLabels& test, const std::vector<int32_t>& predicted) {
  const ConfusionMatrix C = confusion_matrix(test.y, predicted, test.num_classes());
  RunRecord r;
  r.metrics = {{"accuracy", accuracy(C)}, {"error", error_rate(C)}, {"test_rows", test.y.size()}};
  // Per test document, for the paired comparisons of the lambda walk (table5_transfer.h);
  // table5.cpp keeps them on split kTransferSplit only.
  r.extra["test_correct"] = outcomes_to_hex(correct_outcomes(test.y, predicted));
  r.extra["confusion"] = confusion_to_json(C);
  r.extra["labels"] = test.class_names;
  return r;
}

// scikit-learn's MultinomialNB on Naive Bayes-1's matrices, through LIBSVM files.
RunRecord run_sklearn_nb1(const SplitData& sd, const Params& params, uint64_t seed) {
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("linrepro-zo-table5-{}-{}", getpid(), seed);
  fs::create_directories(dir);
  struct Cleanup {
    fs::path p;
    ~Cleanup() {
      std::error_code ec;
      fs::remove_all(p, ec);
    }
  } cleanup{dir};
  const auto labels_of = [](const MulticlassLabels& l) {
    return std::vector<double>(l.y.begin(), l.y.end());
  };
  const CsrMatrix& X_train = sd.all_terms.matrices.train;
  write_libsvm(dir / "train", X_train, labels_of(sd.train));
  write_libsvm(dir / "test", sd.all_terms.matrices.test, labels_of(sd.test));
  const double alpha = params.at("smoothing").get<double>();
  const CommandResult res =
      run_command({kPython, (repo_root() / kSklearnScript).string(), (dir / "train").string(),
                   (dir / "test").string(), "--alpha", fmt::format("{:.17g}", alpha),
                   "--n-features", std::to_string(X_train.cols)});
  if (res.exit_code != 0)
    throw std::runtime_error(
        fmt::format("{} failed (status {}): {}", kSklearnScript, res.exit_code, res.err));
  const Json out = Json::parse(res.out);
  RunRecord r;
  r.metrics = {{"accuracy", out.at("accuracy")}, {"error", 1.0 - out.at("accuracy").get<double>()}};
  r.train_seconds = out.at("fit_seconds");
  r.test_seconds = out.at("predict_seconds");
  r.extra = out;
  r.extra["variant"] = "peer";
  r.extra["sklearn_version"] = sklearn_version();
  r.extra["timing"] = "scikit-learn's own CPU seconds of fit / predict (file parsing excluded)";
  return r;
}

// Naive Bayes-1: one multi-class fit on every training term.
RunRecord fit_all_terms(const SplitData& sd, const std::string& solver, const Params& params,
                        FitContext& fc) {
  const CsrMatrix& X = sd.all_terms.matrices.train;
  FitTime time;
  const MulticlassFit fit = timed_fit(
      [&] {
        return solver_catalog().fit_multiclass(solver, MulticlassProblem{X, sd.train}, params, fc);
      },
      time);
  RunRecord r = record_fit(solver, params, fit, time);
  Stopwatch test_clock;
  const RunRecord scored = record_accuracy(sd.test, fit.model.predict(sd.all_terms.matrices.test));
  r.test_seconds = test_clock.seconds();
  r.metrics = scored.metrics;
  r.extra = scored.extra;  // Table 5's runs keep no solver facts in extra: confusion and labels
  r.extra["features"] = X.cols;
  return r;
}

// One-vs-rest on the per-category features; fitting and scoring are interleaved per class, so the
// time is the whole pass.
RunRecord fit_per_category(const SplitData& sd, const std::string& solver, const Params& params,
                           FitContext& fc) {
  const PerCategoryOvr ovr =
      fit_per_category_one_vs_rest(solver, sd.selected, sd.train, params, fc);
  RunRecord r = record_accuracy(sd.test, ovr.predicted);
  r.train_seconds = fc.clock.seconds();
  r.iterations = ovr.iterations;
  r.stop = "per_class";
  r.objective = ovr.objective;
  r.extra["per_class"] = ovr.per_class;
  r.extra["features"] = sd.selected.stats.features;
  return r;
}

// The set's own methods: peers that are no registered solver (they read Naive Bayes-1's matrices).
using OwnFit = RunRecord (*)(const SplitData&, const Params&, uint64_t seed);
const std::map<std::string, OwnFit> kOwnMethods = {{"sklearn-nb", run_sklearn_nb1}};

constexpr const char* kAllTerms = "all-terms";

RunRecord fit_split(const SplitData& sd, const std::string& solver, const Params& params,
                    uint64_t seed, const Json& options) {
  const Json matrices = options.value("matrices", Json("per-category"));
  const bool all_terms = matrices == kAllTerms;
  if (!all_terms && matrices != "per-category")
    throw ConfigError(
        fmt::format("Table 5's splits: \"matrices\" is \"per-category\" or \"{}\", not {}",
                    kAllTerms, matrices.dump()));
  const auto own = kOwnMethods.find(solver);
  if (own != kOwnMethods.end() && !all_terms)
    throw ConfigError(
        fmt::format("Table 5's {} reads Naive Bayes-1's matrices: declare its data "
                    "\"matrices\": \"{}\"",
                    solver, kAllTerms));
  RunRecord r;
  if (own != kOwnMethods.end()) {
    r = own->second(sd, params, seed);
  } else {
    FitContext fc;
    fc.seed = seed;
    fc.threads = 1;  // the runner fits the splits in parallel instead
    fc.label = solver;
    const double cpu0 = thread_cpu_seconds();
    r = all_terms ? fit_all_terms(sd, solver, params, fc)
                  : fit_per_category(sd, solver, params, fc);
    r.peak_memory_bytes = peak_rss_bytes();
    r.extra["cpu_seconds"] = thread_cpu_seconds() - cpu0;
    r.extra["train_rows"] = sd.train.y.size();
    r.extra["test_rows"] = sd.test.y.size();
  }
  if (sd.split != kTransferSplit) r.extra.erase("test_correct");
  for (const char* name : {"smoothing", "lambda"})  // the lambda figures' x
    if (params.contains(name)) {
      r.extra["lambda"] = params.at(name);
      break;
    }
  return r;
}

SplitData prepare_split(const Corpus& corpus, int k, uint64_t seed, const Json&) {
  const TextSplit split = split_random(corpus, kTrainFraction, seed);
  const PrepareOptions options{.threads = 1, .progress = false};
  // Tokenise once; both feature sets share the text options.
  const FeatureConfig selected = selected_features(), all_terms = all_term_features();
  const TokenizedSplit tokens = tokenize_split(split.train, split.test, selected, options);
  return {k, prepare(tokens, split.train_labels, selected, options),
          prepare(tokens, split.train_labels, all_terms, options), first_labels(split.train_labels),
          first_labels(split.test_labels)};
}

// A collection of the mirror, or (view "") a private one named by its environment variable.
GridCollection private_collection(const char* column, const char* env, const char* what) {
  const char* dir = std::getenv(env);
  return {column, column, dir && *dir ? std::string("folder:") + dir : "",
          fmt::format("data unavailable: {}; set {} to a folder with one sub-folder per class "
                      "(corpus view folder:<path>) to run it through the same protocol",
                      what, env)};
}

}  // namespace

// §4.1's features, as on Reuters (the solvers append their constant feature).
FeatureConfig selected_features() { return zo_reuters_features(kFeatures); }

FeatureConfig all_term_features() { return zo_reuters_features(0); }

std::vector<Table5Collection> table5_collections() {
  // What our copies are, against the paper's, is each column's caveat (declared values).
  const GridCollection ng20{kTable5Ng20Column, "20news-18828", chosen_title_variant().view, ""};
  const GridCollection webkb{"WebKB", "webkb-all7", "webkb-all7", ""};
  std::vector<Table5Collection> out = {{ng20.dataset, ng20.name, ng20},
                                       {webkb.dataset, webkb.name, webkb}};
  for (const GridCollection& c :
       {private_collection("IndustrySector", "LINREPRO_INDUSTRYSECTOR_DIR",
                           "IndustrySector (about 10,000 company web pages, 105 classes, once at "
                           "CMU TextLearning) is not in the mirror"),
        private_collection("GRANT", "LINREPRO_GRANT_DIR",
                           "GRANT (about 5,000 grant proposals, 42 classes) is IBM-internal"),
        private_collection("IBMweb", "LINREPRO_IBMWEB_DIR",
                           "IBMweb (about 7,000 www.ibm.com pages, 42 classes) is IBM-internal")})
    out.push_back({c.dataset, c.name, c});
  std::vector<TitleVariant> readings = title_variants();
  for (TitleVariant& v : webkb_markup_variants()) readings.push_back(std::move(v));
  for (const TitleVariant& v : readings) {
    if (v.chosen) continue;
    GridCollection c = v.collection == ng20.name ? ng20 : webkb;
    c.view = v.view;
    const std::string column = fmt::format("{} [{}]", v.collection, v.id);
    out.push_back({column, column, c});
  }
  return out;
}

TaskSource table5_splits(const GridCollection& c, const std::string& column) {
  PartitionTaskHooks<SplitData> hooks;
  hooks.fit_options = {"matrices"};
  hooks.config_fields = {{"train_fraction", kTrainFraction},
                         {"features", to_json(selected_features())},
                         {"all_term_features", to_json(all_term_features())}};
  hooks.prepare = prepare_split;
  hooks.fit = [column](const SplitData& sd, const std::string& solver, const Params& params,
                       uint64_t seed, const Json& options) {
    RunRecord r = fit_split(sd, solver, params, seed, options);
    r.class_name =
        column;  // the figures' and claims' collection (the run config's class: the split)
    return r;
  };
  return partition_tasks<SplitData>(c, table5_partitioning(kSplits), hooks);
}

std::string percent(double fraction) { return fmt::format("{:.2f}%", 100 * fraction); }

}  // namespace linrepro::zo_table5
