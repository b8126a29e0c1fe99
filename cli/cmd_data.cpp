// data status / data fetch / export: where the corpora are, and prepared splits as LIBSVM files.
#include <fmt/format.h>

#include <algorithm>
#include <fstream>

#include "cli/commands.h"
#include "core/error.h"
#include "corpora/data_resolver.h"
#include "corpora/data_status.h"
#include "experiments/register.h"
#include "features/export.h"
#include "features/text_dataset.h"
#include "harness/experiment/experiment_task_data.h"

namespace linrepro::cli {
namespace {

FeatureConfig read_feature_config(const std::string& text_or_file) {
  if (text_or_file.empty()) return FeatureConfig{};
  nlohmann::json j;
  try {
    if (!text_or_file.empty() && text_or_file.front() == '{') {
      j = nlohmann::json::parse(text_or_file);
    } else {
      std::ifstream in(text_or_file);
      if (!in) throw DataError(text_or_file, 0, "cannot open feature config");
      j = nlohmann::json::parse(in);
    }
  } catch (const nlohmann::json::exception& e) {
    throw ConfigError(fmt::format("feature config {}: {}", text_or_file, e.what()));
  }
  return feature_config_from_json(j);
}

// `export <paper>/<id> OUT --task KEY`: the data of one run, as the experiment prepares it. The
// corpus-split options describe a split this mode does not make: given, they are refused.
void export_experiment_task(const CLI::App& exp, const std::string& experiment,
                            const std::string& run_key, const std::string& out_dir) {
  for (const char* option :
       {"--features", "--split", "--train-fraction", "--folds", "--fold", "--seed", "--category"})
    if (exp.count(option) > 0)
      throw ConfigError(fmt::format(
          "export {}: {} does not apply: the experiment's declaration prepares its data",
          experiment, option));
  if (run_key.empty())
    throw ConfigError(
        fmt::format("export {}: name the run whose data to write with --task KEY "
                    "(a run key of its result file, e.g. earn/cls)",
                    experiment));
  register_experiments();
  ExperimentContext ctx;
  use_results_dir(ctx, repo_root() / "results");
  const TaskData data = experiment_task_data(experiment_registry(), experiment, ctx, run_key);
  write_task_data(out_dir, data);
  fmt::print(
      "wrote {}/train.libsvm ({} rows) and test.libsvm ({} rows), {} features: the data of "
      "{} {}\n",
      out_dir, data.X_train.rows, data.X_test.rows, data.X_train.cols, experiment, run_key);
}

}  // namespace

void add_data_commands(CLI::App& app) {
  auto* data = app.add_subcommand(
      "data", "where the corpora are: status (look only) or fetch (extract/download and verify)");
  data->require_subcommand(1);
  static bool as_json = false, verify = false;
  auto* status = data->add_subcommand("status", "list each dataset: found where, verified, counts");
  status->add_flag("--json", as_json, "print the status as JSON");
  status->add_flag("--verify", verify,
                   "recompute every extracted copy's digest and test every mirror archive "
                   "(exit 1 when any is damaged)");
  status->callback([] {
    const nlohmann::json s = data_status(verify);
    int damaged = 0;
    for (const auto& d : s["datasets"])
      damaged += d.value("state", std::string()).rfind("damaged", 0) == 0;
    // Damage found by --verify is an error, not a state to scroll past.
    auto fail_if_damaged = [&] {
      if (verify && damaged)
        throw std::runtime_error(fmt::format("{} dataset(s) damaged", damaged));
    };
    if (as_json) {
      fmt::print("{}\n", s.dump(2));
      fail_if_damaged();
      return;
    }
    const RootChoice root = find_root();
    fmt::print("root: {} ({})\ncache: {}\nmirror: {}\n", root.path.string(), root.source,
               cache_dir().string(), mirror_dir().string());
    const auto& list = s.is_object() && s.contains("datasets") ? s["datasets"] : s;
    for (const auto& d : list) {
      const std::string state = d.value("state", "?");
      const bool ready = state == "ready";
      const bool damaged_row = state.rfind("damaged", 0) == 0 || state.rfind("changed", 0) == 0;
      fmt::print("{:<15} {:<8} {:<12} {}\n", d.value("name", "?"),
                 ready ? "ready" : (damaged_row ? "DAMAGED" : "missing"),
                 d.value("verified", false) ? "verified" : "unverified",
                 ready
                     ? fmt::format("{}  {}{}", d.value("found", ""),
                                   d.contains("counts") ? d["counts"].dump() : "",
                                   d.contains("verify") ? "  digest " + d.value("verify", "") : "")
                     : state);
    }
    fail_if_damaged();
  });
  auto* fetch = data->add_subcommand(
      "fetch", "resolve every dataset now (progress on stderr); unavailable ones are reported");
  fetch->callback([] {
    const int failures = fetch_all(true);
    const nlohmann::json s = data_status();
    fmt::print("{}\n", s.dump(2));
    if (failures)
      throw std::runtime_error(fmt::format("{} dataset(s) damaged or missing", failures));
  });

  static std::string corpus, features_cfg, out_dir, split = "standard", category, task;
  static double train_fraction = 0.7;
  static int folds = 5, fold = 0;
  static uint64_t seed = 1;
  auto* exp = app.add_subcommand(
      "export",
      "prepare a corpus split exactly as the experiments do and write it as LIBSVM files");
  exp->add_option("corpus", corpus,
                  "corpus view: " + fmt::format("{}", fmt::join(corpus_view_names(), ", ")) +
                      "; or an experiment <paper>/<id> with --task")
      ->required();
  exp->add_option("out_dir", out_dir,
                  "directory for train.libsvm, test.libsvm, features.txt, features.json "
                  "(an experiment's task: task.json)")
      ->required();
  exp->add_option("--task", task,
                  "with an experiment: the run key whose data to write (e.g. earn/cls), exactly "
                  "the matrices, labels and features that run is fitted on");
  exp->add_option("-f,--features", features_cfg,
                  "FeatureConfig as a JSON file or inline JSON (features/pipeline.h)");
  exp->add_option("--split", split, "standard | random | fold")
      ->check(CLI::IsMember({"standard", "random", "fold"}))
      ->capture_default_str();
  exp->add_option("--train-fraction", train_fraction, "for --split random")->capture_default_str();
  exp->add_option("--folds", folds, "for --split fold")->capture_default_str();
  exp->add_option("--fold", fold, "for --split fold: the test fold")->capture_default_str();
  exp->add_option("--seed", seed, "seed of the random split / folds")->capture_default_str();
  exp->add_option("--category", category,
                  "write +1/-1 labels for this category (multi-label corpora); default: class ids "
                  "of the first label");
  exp->callback([exp] {
    if (corpus.find('/') != std::string::npos && !corpus.starts_with("folder:")) {
      export_experiment_task(*exp, corpus, task, out_dir);
      return;
    }
    if (!task.empty())
      throw ConfigError(fmt::format(
          "export: --task takes an experiment (<paper>/<id>), not the corpus view {}", corpus));
    const Corpus c = load_corpus_view(corpus);
    const TextSplit s = split == "standard" ? split_standard(c)
                        : split == "random" ? split_random(c, train_fraction, seed)
                                            : split_fold(c, folds, fold, seed);
    const FeatureConfig cfg = read_feature_config(features_cfg);
    const PreparedText p = prepare_text(s, cfg);
    std::vector<double> ytr, yte;
    int32_t cat_id = -1;
    if (!category.empty()) {
      const auto& names = s.train_labels.class_names;
      const auto it = std::find(names.begin(), names.end(), category);
      if (it == names.end())
        throw ConfigError(fmt::format("category '{}' is not a label of {}", category, corpus));
      cat_id = static_cast<int32_t>(it - names.begin());
      ytr = one_vs_rest(p.train_labels, cat_id);
      yte = one_vs_rest(p.test_labels, cat_id);
    } else {
      for (int32_t v : first_labels(p.train_labels).y) ytr.push_back(v);
      for (int32_t v : first_labels(p.test_labels).y) yte.push_back(v);
    }
    nlohmann::json extra = {{"corpus", c.identity},
                            {"split", split},
                            {"seed", seed},
                            {"label_names", s.train_labels.class_names},
                            {"category", category}};
    const auto files =
        export_split(out_dir, p.features, ytr, yte, extra, p.features.per_category() ? cat_id : -1);
    fmt::print("wrote {} ({} rows) and {} ({} rows), {} features\n", files.train.string(),
               p.features.matrices.train.rows, files.test.string(), p.features.matrices.test.rows,
               p.features.matrices.train.cols);
  });
}

}  // namespace linrepro::cli
