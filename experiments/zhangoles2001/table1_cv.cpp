#include "experiments/zhangoles2001/table1_cv.h"

#include <fmt/format.h>

#include <memory>
#include <optional>

#include "core/error.h"
#include "core/seed.h"
#include "core/stopwatch.h"
#include "corpora/splits.h"
#include "features/vocabulary.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/results/counts_json.h"
#include "solvers/regularization.h"

namespace linrepro {

namespace {

// What the data of one experiment's cross-validations is: the prepared collection
// (whole-training-set selection, labels, category sizes) and the per-fold features.
struct ZoCvData {
  ZoReuters data;
  ZoFoldFeatures folds;
  uint64_t fold_seed = 0;
};

// The held-out counts of one fold's fit, added to the per-lambda totals.
struct LambdaTotals {
  BinaryCounts counts;
  double bep_tp = 0;
  int64_t positives = 0, iterations = 0;
  // Per fold: the tie rule's standard error needs each fold's own BEP.
  std::vector<double> fold_bep_tp;
  std::vector<int64_t> fold_positives;
};

// The fold matrices of category k under `selection`.
std::vector<ZoFoldCategory> fold_matrices(const ZoCvData& cv, int32_t k, ZoCvSelection selection) {
  const MultilabelLabels& labels = cv.data.prep.train_labels;
  std::vector<ZoFoldCategory> out(kZoCvFolds);
  if (selection == ZoCvSelection::in_fold) {
    for (int32_t f = 0; f < kZoCvFolds; ++f) out[f] = zo_fold_category(cv.folds, labels, k, f);
    return out;
  }
  const ZoCategory cat = zo_category(cv.data, k);
  for (int32_t f = 0; f < kZoCvFolds; ++f) {
    out[f].X_train = cat.X_train.select_rows(cv.folds.train_rows[f]);
    out[f].X_heldout = cat.X_train.select_rows(cv.folds.heldout_rows[f]);
    for (int32_t i : cv.folds.train_rows[f]) out[f].y_train.push_back(cat.y_train[i]);
    for (int32_t i : cv.folds.heldout_rows[f]) out[f].y_heldout.push_back(cat.y_train[i]);
  }
  return out;
}

RunRecord cv_run(const ZoCvData& cv, int32_t k, const std::string& solver, const Params& params,
                 ZoCvSelection selection, uint64_t seed) {
  const SolverInfo& info = solver_catalog().get(solver);
  // The grid sets the regularisation; a solver added with --with-solver and its own lambda or C
  // (`liblinear-s5:C=1`, `:lambda=0.1`) would have both, or its setting silently replaced. The
  // declaration gives every run lambda 1 (regularization_params at 1): anything else is the user's.
  const Params grid_keys = regularization_params(info, 1.0);
  for (const char* key : {"lambda", "C"})
    if (params.contains(key) && (!grid_keys.contains(key) || params.at(key) != grid_keys.at(key)))
      throw ConfigError(fmt::format(
          "Table 1's cross-validation chooses {}'s regularisation over its lambda grid: drop '{}' "
          "here (zhangoles2001/table2 runs a solver at the {} you give)",
          solver, key, key));
  const std::vector<ZoFoldCategory> folds = fold_matrices(cv, k, selection);
  Json per_lambda = Json::array();
  double seconds = 0;
  for (double lambda : zo_lambda_grid()) {
    Params at = params;  // the declared params, lambda (naive Bayes: smoothing) at the grid point
    at.update(regularization_params(info, lambda));
    LambdaTotals t;
    for (int32_t f = 0; f < kZoCvFolds; ++f) {
      ZoFitted fit;
      const ZoEval e = zo_fit_evaluate(solver, at, folds[f].X_train, folds[f].y_train,
                                       folds[f].X_heldout, folds[f].y_heldout,
                                       derive_seed(seed, fmt::format("fold {}", f)), nullptr, &fit);
      t.counts += e.counts;
      t.bep_tp += e.bep.tp;
      t.positives += e.bep.positives;
      t.fold_bep_tp.push_back(e.bep.tp);
      t.fold_positives.push_back(e.bep.positives);
      t.iterations += fit.fit.iterations;
      seconds += fit.time.wall_seconds;
    }
    Json point = {{"lambda", lambda},
                  {"bep_tp", t.bep_tp},
                  {"positives", t.positives},
                  {"fold_bep_tp", t.fold_bep_tp},
                  {"fold_positives", t.fold_positives},
                  {"iterations", t.iterations}};
    put_counts(point, t.counts);
    per_lambda.push_back(point);
  }
  RunRecord r;
  r.solver = solver;
  r.class_name = cv.data.prep.train_labels.class_names[static_cast<size_t>(k)];
  r.extra = {{"per_lambda", per_lambda},
             {"train_positives", cv.data.train_positives[static_cast<size_t>(k)]}};
  r.train_seconds = seconds;
  return r;
}

ZoCvData load_zo_cv_data(const ExperimentContext& ctx) {
  const ZoTokenized t = tokenize_zo_reuters(ctx);
  ZoCvData cv;
  cv.data = prepare_zo_reuters(t, ctx, zo_reuters_features());
  cv.fold_seed = derive_seed(ctx.seed, "table1/folds");
  Stopwatch sw;
  // Every training term (no cut): each fold makes its own min-count cut.
  const Vocabulary vocab = build_vocabulary(t.tokens.train, 1);
  const CsrMatrix counts = count_matrix(t.tokens.train, vocab);
  const std::vector<int32_t> fold = fold_assignment(counts.rows, kZoCvFolds, cv.fold_seed);
  cv.folds =
      zo_fold_features(counts, cv.data.prep.train_labels, fold, kZoCvFolds, zo_reuters_features());
  if (ctx.progress)
    fmt::print(stderr, "table1: per-fold feature selection ({} folds, {} terms) in {:.1f}s\n",
               kZoCvFolds, vocab.size(), sw.seconds());
  return cv;
}

ZoCvSelection selection_of(const Json& options) {
  const Json selection = options.is_object() ? options.value("selection", Json()) : Json();
  if (!options.is_object() || options.size() != 1 ||
      (selection != "in_fold" && selection != "whole_training"))
    throw ConfigError(
        fmt::format("zo-reuters-cv tasks: \"data\" {} must be {{\"selection\": \"in_fold\" or "
                    "\"whole_training\"}}",
                    options.dump()));
  return selection == "in_fold" ? ZoCvSelection::in_fold : ZoCvSelection::whole_training;
}

TaskSet cv_task_set(std::shared_ptr<const ZoCvData> cv, ZoCvSelection selection) {
  TaskSet s;
  s.dataset = cv->data.dataset;
  s.record = cv->data.dataset_record;
  s.config_fields = {{"grid", zo_lambda_grid()},
                     {"folds", kZoCvFolds},
                     {"fold_seed", cv->fold_seed},
                     {"threshold_rule", to_string(kZoThresholdRule)},
                     {"feature_selection", to_string(selection)}};
  std::vector<int32_t> categories;  // the trainable ones: a fold needs a positive to learn from
  for (int32_t k : cv->data.by_size)
    if (cv->data.train_positives[static_cast<size_t>(k)] > 0) categories.push_back(k);
  for (int32_t k : categories)
    s.tasks.push_back(cv->data.prep.train_labels.class_names[static_cast<size_t>(k)]);
  s.untrainable = [](size_t) -> std::optional<RunRecord> { return std::nullopt; };
  s.fit = [cv, categories, selection](size_t i, const std::string& solver, const Params& params,
                                      uint64_t seed) {
    return cv_run(*cv, categories[i], solver, params, selection, seed);
  };
  return s;
}

}  // namespace

const char* to_string(ZoCvSelection s) {
  return s == ZoCvSelection::in_fold ? "in_fold" : "whole_training";
}

TaskSource zo_reuters_cv_tasks() {
  return [](const ExperimentContext& ctx) -> TaskPreparer {
    // The corpus read, tokenised and its folds' features selected once, for both selections.
    auto cv = std::make_shared<const ZoCvData>(load_zo_cv_data(ctx));
    return [cv](const Json& options) { return cv_task_set(cv, selection_of(options)); };
  };
}

size_t ZoCvPooled::chosen() const {
  if (one_se < 0)
    throw ConfigError(
        "Table 1's stored cross-validation runs have no per-fold counts, which the tie rule "
        "(one standard error) needs: rerun `linrepro run zhangoles2001/table1 --force`");
  return static_cast<size_t>(one_se);
}

ZoCvPooled zo_pool_cv(std::span<const RunRecord> runs) {
  const std::vector<double> grid = zo_lambda_grid();
  ZoCvPooled p;
  p.points.resize(grid.size());
  p.f1_counts.resize(grid.size());
  for (size_t g = 0; g < grid.size(); ++g) {
    p.points[g].lambda = grid[g];
    p.points[g].fold_tp.assign(kZoCvFolds, 0.0);
    p.points[g].fold_positives.assign(kZoCvFolds, 0);
  }
  bool folds = true;
  for (const RunRecord& r : runs) {
    const Json& pl = r.extra.at("per_lambda");
    for (size_t g = 0; g < grid.size(); ++g) {
      p.points[g].tp += pl.at(g).at("bep_tp").get<double>();
      p.points[g].positives += pl.at(g).at("positives").get<int64_t>();
      folds = folds && pl.at(g).contains("fold_bep_tp");
      for (int32_t f = 0; folds && f < kZoCvFolds; ++f) {
        p.points[g].fold_tp[f] += pl.at(g).at("fold_bep_tp").at(f).get<double>();
        p.points[g].fold_positives[f] += pl.at(g).at("fold_positives").at(f).get<int64_t>();
      }
      p.f1_counts[g] += counts_from(pl.at(g));
    }
  }
  p.best = zo_best_lambda(p.points);
  if (folds) p.one_se = static_cast<int64_t>(zo_one_se_lambda(p.points));
  return p;
}

std::string zo_cv_grid_text(const ZoCvPooled& p) {
  std::string s;
  for (size_t g = 0; g < p.points.size(); ++g)
    s += fmt::format("{}{:g}: BEP {:.2f} / F1 {:.2f}", g ? ", " : "", p.points[g].lambda,
                     100 * p.points[g].bep(), 100 * f1(p.f1_counts[g]));
  return s;
}

}  // namespace linrepro
