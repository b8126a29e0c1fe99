// Table 3 of Zhang, Jin, Yang & Hauptmann (ICML 2003): MMLR-CG against one-vs-rest SVM on the
// multiclass web-page collections, micro- and macro-F1 of five-fold cross-validation with the five
// test folds combined (§5: "we split them into 5 equal-sized subsets, and every time 4 of them are
// used as training set and the remaining one as test set. Our results in table 3 are the
// combination of the five runs").
//
// Protocol, per collection and fold:
//   - "Page only" words (corpora/webkb.h: the text on the page, no anchor text of linking pages);
//   - 500 binary features by information gain (§5), one joint multi-class IG ranking computed on
//     the 4 training folds only, so the features are re-selected for every fold;
//   - lambda = 0.001 for every solver (§5; SVMs get C = 1/(2 lambda n) in their adapters);
//   - MMLR-CG (200 CG steps, §3.3), SMO one-vs-rest (our SVMlight stand-in; argmax of the K
//     decision values), and LIBLINEAR -s 3 one-vs-rest as a peer (runs only: the paper has no
//     such column);
//   - each run stores its test confusion matrix; the cells are the micro/macro-F1 of the sum of
//     the five (univ6_folds.h).
// Solvers added with --with-solver run on every fold the same way (one-vs-rest when binary, the
// paper's lambda) and get columns "<label> (extra) micro-F1 / macro-F1", not part of the paper.
// Univ-6 is the corpus view "webkb-univ6" (4,158 pages in 6 classes against the paper's 4,165;
// corpora/webkb.h documents the choice). The Hoovers collections are not public: their cells are
// data_unavailable unless LINREPRO_HOOVERS28_DIR / LINREPRO_HOOVERS255_DIR name a one-folder-per-
// class copy, which then runs through exactly the same protocol (corpus view "folder:<path>").
//
// Fast mode (the regression subset): Univ-6 fold 0 with MMLR-CG and SMO, runs only, no cells (a
// single fold cannot give the combined five-fold numbers).
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>
#include <tuple>

#include "core/error.h"
#include "core/seed.h"
#include "core/stopwatch.h"
#include "experiments/mlrcg2003/experiments.h"
#include "experiments/mlrcg2003/univ6_fold_spread.h"
#include "features/text_dataset.h"
#include "harness/cell_cause.h"
#include "harness/claim_test.h"
#include "harness/collection_grid.h"
#include "harness/declared_tests.h"
#include "harness/declared_texts.h"
#include "harness/experiment_declarations.h"
#include "harness/extra_solvers.h"
#include "harness/record_fit.h"
#include "harness/solver_catalog.h"
#include "harness/unavailable_cells.h"
#include "metrics/confusion_folds.h"

namespace linrepro {

namespace {

constexpr const char* kTable3Experiment = "table3";
constexpr int kTable3Folds = 5;

const char* const kHooversNote =
    "data unavailable: Hoovers collections (Yang, Slattery & Ghani 2002) are not public; point "
    "`folder:<path>` at a copy to run them (set {} to a folder with one sub-folder per class)";

struct Table3Solver {
  std::string name;    // registry name
  std::string column;  // Table 3 column prefix; "" for a peer without a published column
  Params params;
  bool in_fast;
  std::string extra;  // the --with-solver label of a solver added by the user, not the paper's
  Json extra_tag = Json::object();  // its runs' tag (extra_solver_tag)

  // What its runs are keyed and grouped by: the registry name, or "extra/<label>".
  std::string id() const { return extra.empty() ? name : "extra/" + extra; }
};

std::vector<Table3Solver> table3_solvers() {
  return {
      {"mmlr-cg", "MMLR-CG", Params{{"lambda", kMlrcgLambda}, {"max_steps", 200}}, true, {}},
      {"smo", "SVM", Params{{"lambda", kMlrcgLambda}}, true, {}},
      // LIBLINEAR's intercept is a regularised bias feature (-B 1); the paper's SVM has a free b.
      {"liblinear-s3", "", Params{{"lambda", kMlrcgLambda}, {"bias", 1}}, false, {}},
  };
}

// Solvers added with --with-solver: every fold of every collection, one-vs-rest where the solver
// is binary, at the paper's one lambda (§5: 0.001 for every method, whatever its loss).
std::vector<Table3Solver> extra_table3_solvers(const ExperimentContext& ctx) {
  std::vector<Table3Solver> out;
  for (const ExtraSolver& e : extra_solvers(ctx)) {
    const ExtraLambda l = extra_solver_lambda(
        e, {{Loss::unspecified, Penalty::l2, kMlrcgLambda, "every method"}}, "mlrcg2003/table3");
    out.push_back(
        {e.solver, "", extra_solver_params(e, l.lambda), true, e.label, extra_solver_tag(e)});
  }
  return out;
}

FeatureConfig table3_features() {
  // §5: "We use binary-valued features ... and 500 features are selected with Information Gain";
  // the tokeniser/stemmer are the pipeline's defaults (the paper does not describe them).
  return feature_config_from_json(Json{{"selection", "ig"},
                                       {"k", 500},
                                       {"scope", "global"},
                                       {"aggregate", "joint"},
                                       {"representation", "binary"}});
}

// Table 3's rows (GridCollection::name). Univ-6's caveat: the corpus view differs from the
// paper's collection; a user's Hoovers copy is named by its view.
std::vector<GridCollection> table3_collections(bool fast) {
  std::vector<GridCollection> out = {
      {"Univ-6", "webkb-univ6", "webkb-univ6", "",
       "corpus: the WebKB pages of the 4 universities in 6 classes (no 'department'; Table 1's "
       "cells count them), the paper's Univ-6 has 4,165 (corpora/webkb.h)"}};
  if (fast) return out;
  for (auto [row, tag, env] :
       {std::tuple{"Hoovers-28", "hoovers-28", "LINREPRO_HOOVERS28_DIR"},
        std::tuple{"Hoovers-255", "hoovers-255", "LINREPRO_HOOVERS255_DIR"}}) {
    const char* dir = std::getenv(env);
    const std::string view = dir && *dir ? std::string("folder:") + dir : "";
    out.push_back(
        {row, tag, view, fmt::format(fmt::runtime(kHooversNote), env), "corpus: " + view});
  }
  return out;
}

// One seeded fold assignment per collection (seed "<row>/folds"); fold k is its test side.
constexpr Partitioning kFoldPartitioning{Partitioning::Kind::folds, kTable3Folds};

// One fold's matrices (a grid slot, built by the first of its runs that is not stored).
struct FoldData {
  PreparedText prepared;
  MulticlassLabels train, test;
};

using FoldCollection = LoadedCollection<FoldData>;
using Job = GridJob<FoldData, Table3Solver>;

std::string run_key(const std::string& row, int fold, const std::string& solver) {
  return fmt::format("{}/fold{}/{}", row, fold, solver);
}

RunRecord run_fold(const Job& job, const FeatureConfig& features, uint64_t fit_seed,
                   bool progress) {
  const FoldCollection& lc = *job.collection;
  const int fold = job.partition;
  const FoldData& fd = partition_data(job.slot(), [&] {
    const TextSplit split = split_fold(*lc.corpus, kTable3Folds, fold, lc.seeds[fold]);
    FoldData d{
        prepare_text(split, features, PrepareOptions{.threads = 1, .progress = progress}), {}, {}};
    d.train = first_labels(d.prepared.train_labels);
    d.test = first_labels(d.prepared.test_labels);
    return d;
  });
  const CsrMatrix& X_train = fd.prepared.features.matrices.train;
  const CsrMatrix& X_test = fd.prepared.features.matrices.test;
  const int32_t K = fd.train.num_classes();

  FitContext ctx;
  ctx.seed = fit_seed;
  ctx.threads = 1;  // the driver runs folds/solvers in parallel instead
  ctx.label = run_key(lc.info.name, fold, job.method->id());
  FitTime time;
  const MulticlassFit fit = timed_fit(
      [&] {
        return solver_catalog().fit_multiclass(
            job.method->name, MulticlassProblem{X_train, fd.train}, job.method->params, ctx);
      },
      time);

  Stopwatch test_clock;
  const std::vector<int32_t> predicted = fit.model.predict(X_test);
  const double test_seconds = test_clock.seconds();
  const ConfusionMatrix C = confusion_matrix(fd.test.y, predicted, K);
  const ConfusionMatrix C_train = confusion_matrix(fd.train.y, fit.model.predict(X_train), K);
  const F1Pair test_f1 = micro_macro_f1(C), train_f1 = micro_macro_f1(C_train);

  RunRecord r = record_fit(job.method->name, job.method->params, fit, time);
  r.class_name = fmt::format("fold {}", fold);
  r.metrics = {{"accuracy", accuracy(C)},
               {"micro_f1", test_f1.micro},
               {"macro_f1", test_f1.macro},
               {"train_micro_f1", train_f1.micro},
               {"train_macro_f1", train_f1.macro}};
  r.test_seconds = test_seconds;
  r.extra["confusion"] = confusion_to_json(C);
  // Each test page's class and predicted class: a paired comparison of two solvers reads them.
  r.extra["test_truth"] = fd.test.y;
  r.extra["test_predicted"] = predicted;
  r.extra["labels"] = fd.test.class_names;
  r.extra["train_rows"] = X_train.rows;
  r.extra["test_rows"] = X_test.rows;
  r.extra["features"] = fd.prepared.features.stats.features;
  r.extra["empty_test_rows"] = fd.prepared.features.stats.empty_test_rows;
  r.extra.update(job.method->extra_tag);
  return r;
}

std::string percent(double fraction) { return fmt::format("{:.2f}%", 100 * fraction); }

Json table3_config(const ExperimentContext& ctx) {
  Json solver_list = Json::array();
  for (const auto& s : table3_solvers())
    if (!ctx.fast || s.in_fast) solver_list.push_back({{"solver", s.name}, {"params", s.params}});
  Json collections = Json::array();
  for (const auto& c : table3_collections(ctx.fast)) collections.push_back(c.name);
  Json config = {
      {"folds", kTable3Folds},  {"fast", ctx.fast},       {"features", to_json(table3_features())},
      {"lambda", kMlrcgLambda}, {"solvers", solver_list}, {"collections", collections}};
  if (!ctx.fast) config["fold_spread"] = {{"draws", kTable3FoldDraws}};
  if (!ctx.extra_solvers.empty()) config["extra_solvers"] = ctx.extra_solvers;
  return config;
}

using Loaded = LoadedCollections<FoldData>;
// (row, solver) -> the runs of its folds, in job order.
using FoldRuns = std::map<std::pair<std::string, std::string>, std::vector<RunRecord>>;

// Asks for every (collection, fold, solver) run of fold assignment `draw` (0: the cells'; s > 0:
// univ6_fold_spread.h, keys prefixed "draw<s>/"); fold-major job order, so the two workers share
// each fold's feature preparation.
FoldRuns declare_runs(const ExperimentContext& ctx, ResultFile& rf, const Loaded& loaded,
                      const std::vector<Table3Solver>& solvers, int draw = 0) {
  const FeatureConfig features = table3_features();
  const auto jobs = grid_jobs(loaded, ctx.fast ? 1 : kTable3Folds, solvers,
                              [&](const Table3Solver& s) { return !ctx.fast || s.in_fast; });
  std::mutex results_mutex;
  FoldRuns results;
  run_grid(jobs, ctx.threads, [&](const Job& job) {
    const FoldCollection& lc = *job.collection;
    const std::string key = (draw == 0 ? "" : fmt::format("draw{}/", draw)) +
                            run_key(lc.info.name, job.partition, job.method->id());
    const uint64_t fit_seed = derive_seed(ctx.seed, key);
    Json config = {{"collection", lc.info.name},
                   {"corpus", lc.description},
                   {"folds", kTable3Folds},
                   {"fold", job.partition},
                   {"fold_seed", lc.seeds[job.partition]},
                   {"features", to_json(features)},
                   {"solver", job.method->name},
                   {"params", job.method->params},
                   {"seed", fit_seed}};
    if (draw > 0) config["draw"] = draw;
    if (!job.method->extra.empty()) config["with_solver"] = job.method->extra;
    const RunRecord r =
        rf.run_once(key, config, [&] { return run_fold(job, features, fit_seed, ctx.progress); });
    if (ctx.progress && r.status != "pending")
      fmt::print(stderr, "table3: {}: micro-F1 {}, macro-F1 {} ({:.1f} s)\n", key,
                 percent(r.metrics.value("micro_f1", 0.0)),
                 percent(r.metrics.value("macro_f1", 0.0)), r.train_seconds);
    // By fold, whatever order the workers finish in: the claim pairs fold k of one method with
    // fold k of the other (paired_pages), and the fold spread reads the folds in order.
    std::lock_guard lock(results_mutex);
    std::vector<RunRecord>& folds = results[{lc.info.name, job.method->id()}];
    const auto k = static_cast<size_t>(job.partition);
    if (folds.size() <= k) folds.resize(k + 1);
    folds[k] = r;
  });
  return results;
}

using Combined = std::map<std::pair<std::string, std::string>, F1Pair>;

// The five test folds' confusion matrices summed: Table 3's combination of the five runs.
ConfusionMatrix combined_confusion(const std::vector<RunRecord>& fold_runs) {
  std::vector<ConfusionMatrix> folds;
  for (const auto& r : fold_runs)
    folds.push_back(confusion_from_json(r.extra.at("confusion"), r.key));
  return sum_confusions(folds);
}

// Another fold assignment of an available collection (univ6_fold_spread.h): the same corpus, the
// seed of draw s, partitions prepared afresh.
std::unique_ptr<FoldCollection> redrawn(const FoldCollection& lc, const ExperimentContext& ctx,
                                        int s) {
  auto out = std::make_unique<FoldCollection>();
  static_cast<CollectionCorpus&>(*out) = static_cast<const CollectionCorpus&>(lc);
  out->seeds.assign(lc.seeds.size(),
                    derive_seed(ctx.seed, fmt::format("{}/folds/draw{}", lc.info.name, s)));
  for (size_t k = 0; k < lc.partitions.size(); ++k)
    out->partitions.push_back(std::make_unique<PartitionSlot<FoldData>>());
  return out;
}

// The other draws' runs of every available collection, draw 1 .. kTable3FoldDraws - 1.
std::vector<FoldRuns> declare_other_draws(const ExperimentContext& ctx, ResultFile& rf,
                                          const Loaded& loaded,
                                          const std::vector<Table3Solver>& solvers) {
  std::vector<FoldRuns> draws;
  for (int s = 1; s < kTable3FoldDraws; ++s) {
    Loaded again;
    for (const auto& lc : loaded)
      if (lc->corpus) again.push_back(redrawn(*lc, ctx, s));
    draws.push_back(declare_runs(ctx, rf, again, solvers, s));
  }
  return draws;
}

// Each available collection's fold-spread ablation from draw 0's runs and the other draws'.
void add_fold_spread(ResultFile& rf, const Loaded& loaded, const std::vector<Table3Solver>& solvers,
                     const FoldRuns& draw0, const std::vector<FoldRuns>& others) {
  std::vector<std::string> columns;
  for (const auto& s : solvers) columns.push_back(s.column.empty() ? "LIBLINEAR -s 3" : s.column);
  for (const auto& lc : loaded) {
    if (!lc->corpus) continue;
    std::vector<DrawF1> draws;
    for (size_t d = 0; d <= others.size(); ++d) {
      const FoldRuns& runs = d == 0 ? draw0 : others[d - 1];
      DrawF1& f = draws.emplace_back();
      for (size_t i = 0; i < solvers.size(); ++i)
        f[columns[i]] =
            micro_macro_f1(combined_confusion(runs.at({lc->info.name, solvers[i].name})));
    }
    rf.add_ablation(fold_spread_ablation(lc->info.name, draws, columns));
  }
}

// Table 1's row of a loaded collection (issue 15 item 7). Table 1 prints the collection size as
// both the training and the test count (Univ-6: 4,165 and 4,165): under 5-fold cross-validation
// with the test folds combined every page is tested once and trains the other four splits, so
// both cells are the number of pages we use. Features: the fewest any fold run selected.
void emit_table1_row(ResultFile& rf, const FoldCollection& lc, const FoldRuns& results,
                     const std::vector<Table3Solver>& solvers) {
  const std::string& row = lc.info.name;
  const double pages = static_cast<double>(lc.corpus->docs.size());
  const std::string count_note = fmt::format(
      "pages of corpus view {} (5-fold cross-validation, test folds combined: each page is a test "
      "page once and a training page in the other four splits, so Table 1 gives the collection "
      "size in both columns); {}",
      lc.info.view, lc.info.caveat);
  for (const char* column : {"train docs", "test docs"}) {
    Cell c = value_cell("table1", row, column, pages, "docs", count_note);
    c.evidence = corpus_count_evidence(
        fmt::format("corpus view {} has {} pages; the paper's Univ-6 (4,165 pages) is not "
                    "recoverable from our WebKB copy (corpora/webkb.h, the data mirror's NOTES.md)",
                    lc.info.view, lc.corpus->docs.size()));
    rf.set_cell(c);
  }
  rf.set_cell(value_cell("table1", row, "classes",
                         static_cast<double>(lc.corpus->label_names.size()), "",
                         "classes of the corpus view, one multiclass task"));
  int64_t fewest = INT64_MAX;
  for (const auto& s : solvers)
    for (const auto& r : results.at({row, s.name}))
      fewest = std::min(fewest, r.extra.value("features", int64_t{0}));
  rf.set_cell(value_cell("table1", row, "features", static_cast<double>(fewest), "",
                         "binary, 500 by joint information gain over the classes, re-selected on "
                         "the 4 training folds of each split (fewest over the splits)"));
}

// Table 3's cells: the five test folds combined; an unavailable collection's cells are marked
// from the published file's dataset tags. Returns the combined F1 of every (row, solver).
Combined emit_cells(const ExperimentContext& ctx, ResultFile& rf, const Loaded& loaded,
                    const std::vector<Table3Solver>& solvers, const FoldRuns& results) {
  Combined combined;
  for (const auto& lc : loaded) {
    const std::string& row = lc->info.name;
    if (!lc->corpus) {
      mark_unavailable(ctx, rf, lc->info.dataset, lc->unavailable_note);
      continue;
    }
    emit_table1_row(rf, *lc, results, solvers);
    for (const auto& s : solvers) {
      const ConfusionMatrix all = combined_confusion(results.at({row, s.name}));
      const F1Pair f1 = micro_macro_f1(all);
      combined[{row, s.name}] = f1;
      if (s.column.empty()) continue;
      const std::string note = fmt::format(
          "{}; 5-fold cross-validation (seeded folds), the 5 test folds' predictions combined; "
          "500 binary features by joint {}-class information gain, re-selected on the 4 training "
          "folds of each split; lambda = 0.001; {}",
          solver_catalog().get(s.name).kind.loss == Loss::hinge
              ? "SMO one-vs-rest (argmax of the decision values), our stand-in for "
                "SVMlight 5.00"
              : "MMLR-CG, 200 CG steps (gamma 1, +10 every 10 steps)",
          lc->corpus->label_names.size(), lc->info.caveat);
      const F1Intervals in = micro_macro_f1_intervals(
          all, derive_seed(ctx.seed, "bootstrap/table3/" + row + "/" + s.name));
      for (const auto& [suffix, value, interval, method] :
           {std::tuple{" micro-F1", f1.micro, in.micro,
                       fmt::format("Wilson's score interval over the {} pages (micro-F1 is the "
                                   "accuracy here)",
                                   all.total())},
            std::tuple{" macro-F1", f1.macro, in.macro,
                       fmt::format("bootstrap over the {} pages, {} resamples, percentile "
                                   "interval; each class's counts drawn independently",
                                   all.total(), kBootstrapResamples)}}) {
        Cell c = value_cell("table3", row, s.column + suffix, 100 * value, "%", note);
        set_interval(c.evidence, 100 * interval.lo, 100 * interval.hi, method);
        rf.set_cell(c);
      }
    }
  }
  return combined;
}

// The extra solvers' Table 3 columns "<label> (extra) micro-F1" / "macro-F1", not part of the
// paper: the five test folds combined like the paper's columns. A collection where one of its
// folds failed gets none (`linrepro run` reports the failure).
void emit_extra_cells(ResultFile& rf, const Loaded& loaded, const std::vector<Table3Solver>& extras,
                      const FoldRuns& results) {
  for (const auto& lc : loaded) {
    if (!lc->corpus) continue;
    for (const Table3Solver& s : extras) {
      const std::vector<RunRecord>& runs = results.at({lc->info.name, s.id()});
      if (!std::all_of(runs.begin(), runs.end(),
                       [](const RunRecord& r) { return r.status == "ok"; }))
        continue;
      const F1Pair f1 = micro_macro_f1(combined_confusion(runs));
      for (const auto& [suffix, value] :
           {std::pair{" micro-F1", f1.micro}, {" macro-F1", f1.macro}})
        rf.set_cell(value_cell("table3", lc->info.name, s.extra + " (extra)" + suffix, 100 * value,
                               "%", kExtraSolverNote));
    }
  }
}

// The pages of all folds, each with its class and the two solvers' predictions (the folds' test
// pages are disjoint, so together they are every page once).
struct PairedPages {
  std::vector<int32_t> truth, a, b;
  int32_t classes = 0;
};

PairedPages paired_pages(const std::vector<RunRecord>& a, const std::vector<RunRecord>& b) {
  if (a.size() != b.size()) throw ConfigError("table3: the two solvers ran different folds");
  PairedPages p;
  for (size_t f = 0; f < a.size(); ++f) {
    for (const RunRecord* r : {&a[f], &b[f]})
      if (!r->extra.contains("test_predicted"))
        throw ConfigError(
            fmt::format("run '{}' has no per-page predictions (stored before they "
                        "were recorded: rerun it with --force)",
                        r->key));
    const auto truth = a[f].extra.at("test_truth").get<std::vector<int32_t>>();
    const auto pa = a[f].extra.at("test_predicted").get<std::vector<int32_t>>();
    const auto pb = b[f].extra.at("test_predicted").get<std::vector<int32_t>>();
    if (b[f].extra.at("test_truth").get<std::vector<int32_t>>() != truth ||
        pa.size() != truth.size() || pb.size() != truth.size())
      throw ConfigError(
          fmt::format("runs '{}' and '{}' hold different test pages", a[f].key, b[f].key));
    p.truth.insert(p.truth.end(), truth.begin(), truth.end());
    p.a.insert(p.a.end(), pa.begin(), pa.end());
    p.b.insert(p.b.end(), pb.begin(), pb.end());
    p.classes = std::max(p.classes, static_cast<int32_t>(a[f].extra.at("labels").size()));
  }
  return p;
}

// The claim measures "micro-F1" and "macro-F1" of one collection's solvers: a - b over its folds'
// pages combined, by the paired bootstrap over the pages; "train-micro-F1" and "train-macro-F1":
// a's mean training F1 over the folds in %, exact (the training pages are the whole population).
ClaimMeasures f1_measures(const FoldRuns& results, const std::string& collection) {
  ClaimMeasures m;
  for (const bool micro : {true, false})
    m[micro ? "micro-F1" : "macro-F1"] = [&results, collection, micro](
                                             std::string what, const std::string& a,
                                             const std::string& b, double bound, bool above,
                                             bool strict) -> std::optional<ClaimComparison> {
      const auto ra = results.find({collection, a}), rb = results.find({collection, b});
      if (ra == results.end() || rb == results.end()) return std::nullopt;
      const PairedPages p = paired_pages(ra->second, rb->second);
      const auto stat = [&p, micro](std::span<const int32_t> d) {
        std::vector<int32_t> truth, pa, pb;
        for (int32_t i : d) truth.push_back(p.truth[i]), pa.push_back(p.a[i]), pb.push_back(p.b[i]);
        const F1Pair fa = micro_macro_f1(confusion_matrix(truth, pa, p.classes));
        const F1Pair fb = micro_macro_f1(confusion_matrix(truth, pb, p.classes));
        return 100 * (micro ? fa.micro - fb.micro : fa.macro - fb.macro);
      };
      return paired_statistic_comparison(std::move(what), static_cast<int64_t>(p.truth.size()),
                                         stat, bound, above, kClaimBootstrapSeed, strict);
    };
  for (const char* metric : {"train_micro_f1", "train_macro_f1"})
    m[metric == std::string("train_micro_f1") ? "train-micro-F1" : "train-macro-F1"] =
        [&results, collection, metric](std::string what, const std::string& a, const std::string& b,
                                       double bound, bool above,
                                       bool strict) -> std::optional<ClaimComparison> {
      const auto ra = results.find({collection, a});
      if (!b.empty() || ra == results.end() || ra->second.empty()) return std::nullopt;
      double mean = 0;
      for (const RunRecord& r : ra->second)
        mean += r.metrics.value(metric, 0.0) / static_cast<double>(ra->second.size());
      return exact_comparison(std::move(what), 100 * mean, bound, above, strict);
    };
  return m;
}

void add_claims(ResultFile& rf, const Combined& combined, const FoldRuns& results) {
  // Table 3's point for Univ-6: the native multiclass MMLR-CG performs like 1-vs-rest SVM.
  if (combined.contains({"Univ-6", "mmlr-cg"}) && combined.contains({"Univ-6", "smo"})) {
    const F1Pair m = combined.at({"Univ-6", "mmlr-cg"}), s = combined.at({"Univ-6", "smo"});
    const DeclaredClaim claim = declared_claim(kMlrcgPaper, "table3-mmlr-like-svm");
    std::string evidence = fmt::format(
        "Univ-6, 5 folds combined: MMLR-CG micro/macro-F1 {}/{}, SMO one-vs-rest {}/{} "
        "(differences {:+.2f}/{:+.2f} points; criterion: both within {} points, the F1 "
        "tolerance of Table 3; paper: 86.04/57.27 vs 85.84/57.56)",
        percent(m.micro), percent(m.macro), percent(s.micro), percent(s.macro),
        100 * (m.micro - s.micro), 100 * (m.macro - s.macro), claim.bound("within"));
    if (combined.contains({"Univ-6", "liblinear-s3"})) {
      const F1Pair l = combined.at({"Univ-6", "liblinear-s3"});
      evidence += fmt::format("; peer LIBLINEAR -s 3 one-vs-rest (bias 1): {}/{}", percent(l.micro),
                              percent(l.macro));
    }
    rf.add_claim(tested_claim(
        claim, declared_comparisons(claim, f1_measures(results, "Univ-6")).value(), evidence));
  }
  // §6.2: MMLR-CG overfits with many categories (training F1 > 90% even on Hoovers-255). Only
  // checkable when a Hoovers-255 copy was given.
  if (combined.contains({"Hoovers-255", "mmlr-cg"})) {
    double train_micro = 0, train_macro = 0;
    const auto& runs = results.at({"Hoovers-255", "mmlr-cg"});
    for (const auto& r : runs) {
      train_micro += r.metrics.value("train_micro_f1", 0.0) / static_cast<double>(runs.size());
      train_macro += r.metrics.value("train_macro_f1", 0.0) / static_cast<double>(runs.size());
    }
    const F1Pair test = combined.at({"Hoovers-255", "mmlr-cg"});
    const DeclaredClaim claim = declared_claim(kMlrcgPaper, "mmlr-overfits-many-classes");
    rf.add_claim(tested_claim(
        claim, declared_comparisons(claim, f1_measures(results, "Hoovers-255")).value(),
        fmt::format("Hoovers-255 MMLR-CG: mean training micro/macro-F1 over the 5 folds {}/{}, "
                    "combined test {}/{}",
                    percent(train_micro), percent(train_macro), percent(test.micro),
                    percent(test.macro))));
  }
}

void run_table3(const ExperimentContext& ctx, ResultFile& rf) {
  const auto solvers = table3_solvers();
  const auto extras = extra_table3_solvers(ctx);  // a bad --with-solver fails before the data
  const Loaded loaded =
      load_collections<FoldData>(ctx, rf, table3_collections(ctx.fast), kFoldPartitioning);
  std::vector<Table3Solver> all = solvers;
  all.insert(all.end(), extras.begin(), extras.end());
  const FoldRuns results = declare_runs(ctx, rf, loaded, all);
  const std::vector<FoldRuns> other_draws =
      ctx.fast ? std::vector<FoldRuns>{} : declare_other_draws(ctx, rf, loaded, solvers);
  // Fast mode: one fold cannot give the combined five-fold numbers, so no cells.
  if (ctx.fast || !rf.complete()) return;
  const Combined combined = emit_cells(ctx, rf, loaded, solvers, results);
  add_claims(rf, combined, results);
  add_fold_spread(rf, loaded, solvers, results, other_draws);
  emit_extra_cells(rf, loaded, extras, results);
}

}  // namespace

void add_mlrcg2003_univ6(std::vector<ExperimentInfo>& registry) {
  register_declared(registry, kMlrcgPaper, kTable3Experiment, table3_config, run_table3);
}

}  // namespace linrepro
