// Zhang & Oles (2001) Tables 2 and 3 and Figures 5 and 6 on Reuters-21578 ModApte: one binary
// classifier per category for each of the six methods, at the method's Table 1 lambda (OUR Table
// 1, lambdas.h; the paper's in fast mode), with LIBLINEAR -s 0/-s 2/-s 3 as peers on the same
// matrices (reuters_protocol.h has the data, features and methods).
//   - Table 2: micro-averaged precision, recall, F1 at the thresholds that minimise the error on
//     each category's out-of-fold training scores, and the micro-averaged break-even point, over
//     all 118 categories (the 3 without a training document count as missed, reuters_protocol.h).
//   - Table 3: F1 of the 10 largest categories.
//   - Figure 5: histograms of w.x y on the training set for earn, Lin Reg against Mod Least
//     Squares (stored in the two runs' extra.margins).
//   - Figure 6: macro F1 over the top 5, 10, 20, 40, 60, 80, 100 and all 118 categories
//     (categories ranked by training documents; cells "figure6").
// Thresholds: runs "<category>/oof/<method>" (every method, both modes) choose them on out-of-fold
// scores (threshold_oof.h), the variant Tables 2 and 3 and Figure 6 use (kTable2Threshold); the
// rules on training scores, which every main run evaluates, are the other rows of the threshold
// ablation (threshold_ablation.h).
// Fast mode: earn and acq only, lambda from the paper's Table 1 (lambdas.h), Table 3's two rows.
// Extra solvers (`--with-solver`, harness/extra_solvers.h) run on every category through
// the same features, threshold rule and metrics, keys "<category>/extra/<label>", runs tagged
// extra.part = "extra"; their cells (note kExtraSolverNote): table2 "<label> <row> (extra)" (full
// mode), table3 "<label> F1 (extra)", figure6 "<label> (extra)". Not in any claim.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <optional>

#include "core/error.h"
#include "core/parallel_for.h"
#include "core/seed.h"
#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/lambdas.h"
#include "experiments/zhangoles2001/micro_comparison.h"
#include "experiments/zhangoles2001/reuters_protocol.h"
#include "experiments/zhangoles2001/threshold_ablation.h"
#include "experiments/zhangoles2001/threshold_oof.h"
#include "harness/cell_cause.h"
#include "harness/claim_test.h"
#include "harness/declared_tests.h"
#include "harness/declared_texts.h"
#include "harness/document_outcomes.h"
#include "harness/experiment_declarations.h"
#include "harness/extra_solvers.h"
#include "harness/published.h"
#include "metrics/sampling_interval.h"

namespace linrepro {

namespace {

constexpr const char* kTable2Experiment = "table2";
constexpr int kTable3Rows = 10;
constexpr int kFastCategories = 2;
constexpr int kFigure6Tops[] = {5, 10, 20, 40, 60, 80, 100};
// Figure 5's two methods (their earn runs store the training margins): Lin Reg, Mod Least Squares.
constexpr const char* kFigure5Methods[] = {"cls", "cmls"};

const char* kMissedNote =
    "cottonseed, f-cattle and sfr (one test document each, no training document) count as "
    "missed: 1 FN each, TP 0 at break-even";

std::string lambda_source(const ExperimentContext& ctx) {
  return ctx.fast ? "the paper's Table 1 (fast-mode shortcut, lambdas.h)"
                  : "our Table 1 (5-fold CV, zhangoles2001/table1)";
}

// One set of binary classifiers over the categories: a paper's method, a LIBLINEAR peer, or a
// solver added with --with-solver (run through exactly the same protocol, tagged as extra).
struct Table2Method {
  ZoMethod method;  // for an extra solver: column = its label, lambda_of = the method it follows
  std::string key;  // "<category>/<key>": the solver name, or "extra/<label>"
  std::optional<ExtraSolver> extra;
  double lambda = 0;
  std::string lambda_rule;  // extra solvers: why this lambda (harness/extra_solvers.h)
  // The tie rule's ablation (issue 27 item 4): a paper method at the lambda with the best CV BEP
  // where Table 1's one-SE rule chose another; in no cell or claim, only in "table2-tie-rule".
  bool cv_best = false;
  bool in_tables() const { return !extra && !cv_best; }
  // Marks a run of an extra solver or of the tie rule's ablation as such.
  void tag(RunRecord& r) const {
    if (extra) r.extra.update(extra_solver_tag(*extra));
    if (cv_best) r.extra["part"] = "cv-best";
  }
  Params params() const {
    if (!extra) return zo_params(method.solver, lambda, false);
    // The protocol's regularised constant feature A = 1 comes with regularization_params (for
    // LIBLINEAR its -B 1, as the peers get it from zo_params).
    return extra_solver_params(*extra, lambda);
  }
};

std::vector<Table2Method> table2_methods(const ExperimentContext& ctx,
                                         const std::map<std::string, double>& lambdas) {
  std::vector<Table2Method> out;
  for (const ZoMethod& m : zo_methods(true))
    out.push_back({m, m.solver, std::nullopt, lambdas.at(m.lambda_of), "", false});
  for (const auto& [solver, lambda] : zhangoles2001_cv_best_lambdas(ctx))
    if (lambda != lambdas.at(solver))
      for (const ZoMethod& m : zo_methods(false))
        if (m.solver == solver)
          out.push_back({m, "cv-best/" + solver, std::nullopt, lambda, "", true});
  // An extra solver runs at the lambda of the paper's method with its declared loss.
  const std::vector<ProtocolLambda> by_loss = zhangoles2001_protocol_lambdas(lambdas);
  for (const ExtraSolver& e : extra_solvers(ctx)) {
    const ExtraLambda l = extra_solver_lambda(e, by_loss, "zhangoles2001/table2");
    out.push_back(
        {{e.label, e.solver, l.method, false}, "extra/" + e.label, e, l.lambda, l.rule, false});
  }
  return out;
}

Json table2_config(const ExperimentContext& ctx) {
  const std::map<std::string, double> lambdas = zhangoles2001_lambdas(ctx);
  Json method_list = Json::array(), extra_list = Json::array(), cv_best = Json::array();
  for (const Table2Method& t : table2_methods(ctx, lambdas)) {
    if (t.cv_best) {
      cv_best.push_back({{"solver", t.method.solver}, {"lambda", t.lambda}});
      continue;
    }
    if (t.extra) {  // params may depend on each category's n (C): the lambda they derive from
      extra_list.push_back({{"with_solver", t.extra->label},
                            {"solver", t.method.solver},
                            {"lambda_of", t.method.lambda_of},
                            {"lambda", t.lambda},
                            {"lambda_rule", t.lambda_rule}});
      continue;
    }
    method_list.push_back(
        {{"column", t.method.column}, {"solver", t.method.solver}, {"params", t.params()}});
  }
  Json config = {{"view", kZoReutersView},
                 {"features", to_json(zo_reuters_features())},
                 {"lambda_source", lambda_source(ctx)},
                 {"methods", method_list},
                 {"threshold", kTable2ThresholdWords},
                 {"fast", ctx.fast}};
  if (!extra_list.empty()) config["extra_solvers"] = extra_list;
  if (!cv_best.empty()) config["tie_rule_ablation_at_cv_best"] = cv_best;
  return config;
}

// evals[method][category id]; a pending run leaves its default entry (read only once complete).
using Evals = std::vector<std::vector<ZoEval>>;

// The out-of-fold threshold run of one category and method (threshold_oof.h), whose counts
// Tables 2 and 3 use (kTable2Threshold): the fit's config, marked as such, under
// "<category>/oof/<method key>". `cat` is built on first need and shared with the fit's run; once
// both runs are stored, `eval` takes the out-of-fold counts as its counts.
void declare_oof_run(ResultFile& rf, const ZoReuters& data, int32_t k, const Table2Method& t,
                     Json config, uint64_t seed, std::optional<ZoCategory>& cat,
                     const RunRecord& fit, ZoEval& eval) {
  config["threshold_scores"] = fmt::format("out-of-fold, {} folds", kOofFolds);
  config.erase("margins");
  const std::string& category = data.prep.train_labels.class_names[static_cast<size_t>(k)];
  const RunRecord oof = rf.run_once(category + "/oof/" + t.key, config, [&] {
    if (!cat) cat = zo_category(data, k);
    RunRecord out = out_of_fold_threshold_run(t.method.solver, t.params(), *cat, seed);
    out.extra["train_positives"] = data.train_positives[k];
    t.tag(out);
    return out;
  });
  if (oof.status != "ok" || fit.status != "ok") return;
  eval.counts_out_of_fold = out_of_fold_counts(oof.metrics);
  eval.counts = *eval.counts_out_of_fold;  // the adopted threshold
  if (oof.extra.contains("test_predicted") && eval.at_break_even)
    eval.at_threshold =
        category_outcomes(run_outcomes(oof, "test_predicted"), eval.at_break_even->truth);
}

// The run of method t on category k (stored, computed or pending) and its out-of-fold threshold
// run, read into `eval` once both are stored. `cat` is built on first need and shared.
void declare_fit_run(const ExperimentContext& ctx, ResultFile& rf, const ZoReuters& data, int32_t k,
                     const Table2Method& t, std::optional<ZoCategory>& cat, ZoEval& eval) {
  const std::string& category = data.prep.train_labels.class_names[static_cast<size_t>(k)];
  const std::string key = fmt::format("{}/{}", category, t.key);
  // The tie rule's runs take the seed of the method's own run: they differ by lambda only.
  const uint64_t seed =
      derive_seed(ctx.seed, t.cv_best ? fmt::format("{}/{}", category, t.method.solver) : key);
  const Params params = t.params();
  const bool margins = category == "earn" &&
                       std::find(std::begin(kFigure5Methods), std::end(kFigure5Methods), t.key) !=
                           std::end(kFigure5Methods);
  Json config = {{"dataset", data.dataset},
                 {"class", category},
                 {"solver", t.method.solver},
                 {"params", params},
                 {"seed", seed},
                 {"margins", margins},
                 {"threshold_rule", to_string(kZoThresholdRule)}};
  if (t.extra) config["with_solver"] = t.extra->label;
  const RunRecord r = rf.run_once(key, config, [&] {
    if (!cat) cat = zo_category(data, k);
    std::vector<double> w_x_y;
    ZoFitted fitted;
    const ZoEval e =
        zo_fit_evaluate(t.method.solver, params, cat->X_train, cat->y_train, cat->X_test,
                        cat->y_test, seed, margins ? &w_x_y : nullptr, &fitted);
    RunRecord out = zo_record(t.method.solver, params, fitted);
    out.metrics = zo_metrics(e);
    record_break_even_decisions(out, fitted, *cat, e);  // for the claims' paired comparisons
    out.extra["train_positives"] = data.train_positives[k];
    out.extra["test_positives"] = data.test_positives[k];
    out.extra["features"] = cat->X_train.cols;
    if (margins) out.extra["margins"] = w_x_y;
    t.tag(out);
    return out;
  });
  if (r.status == "ok") {
    eval = zo_eval_from_metrics(r.metrics);
    read_break_even_decisions(r, eval);
  }
  declare_oof_run(rf, data, k, t, config, seed, cat, r, eval);
}

// Asks for every (category, method) run, the largest categories first.
Evals declare_runs(const ExperimentContext& ctx, ResultFile& rf, const ZoReuters& data,
                   const std::vector<Table2Method>& methods) {
  std::vector<int32_t> categories = data.by_size;  // all, largest first
  if (ctx.fast) categories.resize(kFastCategories);
  Evals evals(methods.size(), std::vector<ZoEval>(data.prep.train_labels.class_names.size()));
  std::atomic<size_t> done{0};
  parallel_for(categories.size(), ctx.threads, [&](size_t ci) {
    const int32_t k = categories[ci];
    if (data.train_positives[k] == 0) {  // no classifier can be trained: counted as missed
      ZoEval missed = zo_missed_category(data, k);
      missed.at_threshold = missed.at_break_even;  // no document predicted at any threshold
      for (auto& e : evals) e[k] = missed;
    } else {
      std::optional<ZoCategory> cat;  // built only when a run is not stored
      for (size_t mi = 0; mi < methods.size(); ++mi)
        declare_fit_run(ctx, rf, data, k, methods[mi], cat, evals[mi][k]);
    }
    const size_t n = ++done;
    if (ctx.progress && (n % 10 == 0 || n == categories.size()))
      fmt::print(stderr, "table2: {}/{} categories ({} classifiers each)\n", n, categories.size(),
                 methods.size());
  });
  return evals;
}

// What tells why a category's F1 may differ (harness/cell_cause.h): its sampling interval over
// the test documents and its break-even point, the threshold-free measure of the same hyperplane.
CellEvidence f1_evidence(const ZoEval& e, uint64_t seed) {
  const SamplingInterval i = f1_bootstrap_interval(e.counts, seed);
  CellEvidence out;
  set_interval(
      out, 100 * i.lo, 100 * i.hi,
      fmt::format("bootstrap over the {} test documents, {} resamples, percentile interval",
                  e.counts.tp + e.counts.fp + e.counts.fn + e.counts.tn, kBootstrapResamples));
  out.threshold_free = 100 * e.bep.bep;
  out.threshold_free_what = "break-even point";
  return out;
}

// The sampling interval of an average over the categories (Table 2's micro, Figure 6's macro;
// harness/cell_cause.h).
CellEvidence averaged_evidence(const std::vector<ZoEval>& per_category, AveragedMeasure measure,
                               uint64_t seed) {
  std::vector<BinaryCounts> counts;
  for (const ZoEval& e : per_category) counts.push_back(e.counts);
  const SamplingInterval i = averaged_bootstrap_interval(counts, measure, seed);
  CellEvidence out;
  set_interval(
      out, 100 * i.lo, 100 * i.hi,
      fmt::format(
          "bootstrap over the test documents, {} resamples, percentile interval; each of the {} "
          "categories' counts drawn independently",
          kBootstrapResamples, counts.size()));
  return out;
}

// Table 3 (F1 of the 10 largest categories; in fast mode the two rows it computes). An extra
// solver's F1 is computed exactly as the paper's methods', in both modes: column "<label> F1
// (extra)".
void emit_table3(const ExperimentContext& ctx, ResultFile& rf, const ZoReuters& data,
                 const std::vector<Table2Method>& methods, const Evals& evals) {
  const auto& names = data.prep.train_labels.class_names;
  const int rows3 = ctx.fast ? kFastCategories : kTable3Rows;
  for (size_t mi = 0; mi < methods.size(); ++mi) {
    const Table2Method& t = methods[mi];
    if (t.method.peer || t.cv_best) continue;
    for (int r = 0; r < rows3; ++r) {
      const int32_t k = data.by_size[static_cast<size_t>(r)];
      const ZoEval& e = evals[mi][k];
      const std::string row = zo_row_name(names[k]);
      if (t.extra) {
        rf.set_cell(value_cell("table3", row, t.method.column + " F1 (extra)", 100 * f1(e.counts),
                               "%", kExtraSolverNote));
        continue;
      }
      Cell cell = value_cell(
          "table3", row, t.method.column, 100 * f1(e.counts), "%",
          fmt::format("F1 on the test set ({} test positives; P {:.1f}, R {:.1f}; at threshold "
                      "0: F1 {:.1f}; BEP {:.1f}), {}, lambda {:g} from {}",
                      data.test_positives[k], 100 * precision(e.counts), 100 * recall(e.counts),
                      100 * f1(e.counts_zero), 100 * e.bep.bep, kTable2ThresholdWords, t.lambda,
                      lambda_source(ctx)));
      cell.evidence = f1_evidence(e, derive_seed(ctx.seed, "bootstrap/" + names[k] + "/" + t.key));
      cell.evidence.common_group = fmt::format("Table 3 {} F1", row);  // the category's 6 methods
      rf.set_cell(cell);
    }
  }
}

// Figure 6: macro F1 over the top N categories, one column per method (extra solvers included,
// so the figure draws their series too, marked as not part of the paper).
void emit_figure6(ResultFile& rf, const ZoReuters& data, const Table2Method& t,
                  const std::vector<ZoEval>& evals, uint64_t seed) {
  const int32_t K = static_cast<int32_t>(data.prep.train_labels.class_names.size());
  std::vector<int> tops(std::begin(kFigure6Tops), std::end(kFigure6Tops));
  tops.push_back(K);
  for (int top : tops) {
    std::vector<ZoEval> sub;
    for (int r = 0; r < top; ++r) sub.push_back(evals[data.by_size[static_cast<size_t>(r)]]);
    const std::string note =
        t.extra ? std::string(kExtraSolverNote)
                : fmt::format(
                      "macro F1 (mean of per-category F1, {}) over the top N categories by "
                      "training documents; a category without test positives and predictions has "
                      "F1 = 1 (metrics/binary_counts.h)",
                      kTable2ThresholdWords);
    const std::string row = top == K ? "all" : fmt::format("top{}", top);
    Cell cell = value_cell("figure6", row, t.extra ? t.method.column + " (extra)" : t.method.column,
                           100 * zo_micro(sub).macro_f1, "%", note);
    if (!t.extra)
      cell.evidence = averaged_evidence(sub, AveragedMeasure::macro_f1,
                                        derive_seed(seed, "bootstrap/macro/" + row + "/" + t.key));
    rf.set_cell(cell);
  }
}

// The note of a Table 2 cell of method t (micro averages z).
std::string table2_note(const ExperimentContext& ctx, const ZoReuters& data, const Table2Method& t,
                        const ZoMicro& z) {
  if (t.extra) return kExtraSolverNote;
  return fmt::format(
      "micro-averaged over all {} categories of the ModApte view ({} / {} documents; {}); 10,000 "
      "ig_gini features per category, binary, title words separate, min count 3; lambda {:g} from "
      "{}; P/R/F1 at {} (at threshold 0 instead: P {:.1f}, R {:.1f}, F1 {:.1f})",
      data.prep.train_labels.class_names.size(), data.prep.features.stats.train_docs,
      data.prep.features.stats.test_docs, kMissedNote, t.lambda, lambda_source(ctx),
      kTable2ThresholdWords, 100 * z.prf0.precision, 100 * z.prf0.recall, 100 * z.prf0.f1);
}

// Table 2's cells (micro P/R/F1/BEP) of methods[mi], a paper method, peer or extra solver, and
// its Figure 6 series.
void emit_table2_method(const ExperimentContext& ctx, ResultFile& rf, const ZoReuters& data,
                        const std::vector<Table2Method>& methods, size_t mi, const Evals& evals,
                        const std::map<std::string, ZoMicro>& micro) {
  const Table2Method& t = methods[mi];
  const ZoMicro& z = micro.at(t.key);
  const std::string note = table2_note(ctx, data, t, z);
  const std::string table = t.method.peer ? "table2-peers" : "table2";
  const auto column = [&](const char* row) {
    return t.extra ? fmt::format("{} {} (extra)", t.method.column, row) : t.method.column;
  };
  const std::string bep_note =
      t.extra ? note : note + "; break-even point per category, micro-averaged";
  const Table2Method* peer = nullptr;  // the LIBLINEAR run of the same loss (zo_methods)
  for (const Table2Method& p : methods)
    if (p.method.peer && !t.method.peer && t.in_tables() && p.method.lambda_of == t.method.solver)
      peer = &p;
  // A paper method's or peer's cells carry their sampling interval (of the average `measure`; the
  // BEP row, none: its Wilson interval); a paper method's, the peer of the same loss.
  const auto cell = [&](const char* row, double value, double peer_value,
                        std::optional<AveragedMeasure> measure) {
    Cell c = value_cell(table, row, column(row), 100 * value, "%", measure ? note : bep_note);
    if (!t.extra) {
      c.evidence =
          measure ? averaged_evidence(
                        evals[mi], *measure,
                        derive_seed(ctx.seed, fmt::format("bootstrap/micro/{}/{}", row, t.key)))
                  : micro_bep_evidence(evals[mi]);
      if (!t.method.peer) {
        // The six methods' cells of one measure share the documents and the protocol.
        c.evidence.common_group = fmt::format("Table 2 micro {}", row);
        // P, R and F1 at the threshold rule; the micro BEP is the same hyperplanes' measure
        // without one, and the paper gives its own BEP beside them.
        if (measure) {
          c.evidence.threshold_free = 100 * z.bep;
          c.evidence.threshold_free_what = "micro break-even point";
          c.evidence.threshold_free_paper = CellEvidence::CellRef{table, "BEP", column("BEP")};
        }
      }
      if (peer) {
        c.evidence.peer = 100 * peer_value;
        c.evidence.peer_what =
            fmt::format("{}, the same categories and features", peer->method.column);
      }
    }
    rf.set_cell(c);
  };
  const ZoMicro* pz = peer ? &micro.at(peer->key) : nullptr;
  cell("Precision", z.prf.precision, pz ? pz->prf.precision : 0, AveragedMeasure::micro_precision);
  cell("Recall", z.prf.recall, pz ? pz->prf.recall : 0, AveragedMeasure::micro_recall);
  cell("F1", z.prf.f1, pz ? pz->prf.f1 : 0, AveragedMeasure::micro_f1);
  cell("BEP", z.bep, pz ? pz->bep : 0, std::nullopt);
  if (!t.method.peer) emit_figure6(rf, data, t, evals[mi], ctx.seed);
}

// Table 2 (micro P/R/F1/BEP), its peers and extra solvers, and Figure 6. Returns the micro
// averages by method key.
std::map<std::string, ZoMicro> emit_table2(const ExperimentContext& ctx, ResultFile& rf,
                                           const ZoReuters& data,
                                           const std::vector<Table2Method>& methods,
                                           const Evals& evals) {
  std::map<std::string, ZoMicro> micro;
  for (size_t mi = 0; mi < methods.size(); ++mi) micro[methods[mi].key] = zo_micro(evals[mi]);
  for (size_t mi = 0; mi < methods.size(); ++mi)
    if (!methods[mi].cv_best)  // the tie rule's runs are only in its ablation
      emit_table2_method(ctx, rf, data, methods, mi, evals, micro);
  return micro;
}

// How many of Table 3's rows (the largest categories) give Naive Bayes (evals[0]) the lowest F1
// of the six methods.
int nb_lowest_f1_rows(const ZoReuters& data, const Evals& evals) {
  int rows = 0;
  for (int r = 0; r < kTable3Rows; ++r) {
    const int32_t k = data.by_size[static_cast<size_t>(r)];
    bool worst = true;
    for (size_t mi = 1; mi < 6; ++mi) worst &= f1(evals[0][k].counts) <= f1(evals[mi][k].counts);
    rows += worst;
  }
  return rows;
}

// The Table 2 claims' measures: a - b in micro F1 ("F1") or micro BEP ("BEP") points by the
// paired bootstrap over the test documents (harness/claim_test.h), from each method's
// per-category decisions: at the adopted thresholds, and at each category's break-even rank,
// whose micro recall is the micro BEP (its rank held as on the whole test set). The value is the
// cells' own difference.
struct Table2Comparisons {
  std::map<std::string, std::vector<CategoryOutcomes>> f1, bep;  // by method key
  std::map<std::string, ZoMicro> micro;
  ClaimMeasure measure(bool is_f1) const {
    return [this, is_f1](std::string what, const std::string& a, const std::string& b, double bound,
                         bool above, bool strict) -> std::optional<ClaimComparison> {
      return zo_micro_comparison(std::move(what), is_f1 ? ZoMicroMeasure::f1 : ZoMicroMeasure::bep,
                                 (is_f1 ? f1 : bep).at(a), (is_f1 ? f1 : bep).at(b),
                                 100 * (is_f1 ? micro.at(a).prf.f1 - micro.at(b).prf.f1
                                              : micro.at(a).bep - micro.at(b).bep),
                                 bound, above, strict);
    };
  }
};

// A method's decisions per category, for Table2Comparisons (a missed category predicts nothing:
// declare_runs). Throws ConfigError when a run lacks its outcomes.
void add_outcomes(Table2Comparisons& diff, const std::string& key, const ZoReuters& data,
                  std::span<const ZoEval> evals) {
  for (size_t k = 0; k < evals.size(); ++k) {
    const ZoEval& e = evals[k];
    if (!e.at_threshold || !e.at_break_even)
      throw ConfigError(
          fmt::format("table2 {}/{}: the runs hold no per-document decisions "
                      "(stored before they were recorded: rerun with --force)",
                      data.prep.train_labels.class_names[k], key));
    diff.f1[key].push_back(*e.at_threshold);
    diff.bep[key].push_back(*e.at_break_even);
  }
}

// The paper's claims about Tables 2 and 3 (the paper's methods and peers only).
void add_table2_claims(ResultFile& rf, const ZoReuters& data,
                       const std::vector<Table2Method>& methods, const Evals& evals,
                       const std::map<std::string, ZoMicro>& micro) {
  auto F = [&](const std::string& s) { return 100 * micro.at(s).prf.f1; };
  auto B = [&](const std::string& s) { return 100 * micro.at(s).bep; };
  Table2Comparisons diff;
  diff.micro = micro;
  std::string all_text;
  for (size_t mi = 0; mi < methods.size(); ++mi) {
    const Table2Method& t = methods[mi];
    if (!t.in_tables()) continue;
    add_outcomes(diff, t.key, data, evals[mi]);
    all_text += fmt::format("{}{}: F1 {:.2f} BEP {:.2f}", all_text.empty() ? "" : "; ",
                            t.method.column, F(t.key), B(t.key));
  }
  const int nb_worst_rows = nb_lowest_f1_rows(data, evals);
  const ClaimMeasures measures = {
      {"F1", diff.measure(true)},
      {"BEP", diff.measure(false)},
      {"rows_with_lowest_f1",
       [&](std::string what, const std::string&, const std::string&, double bound, bool above,
           bool strict) -> std::optional<ClaimComparison> {
         return exact_comparison(std::move(what), nb_worst_rows, bound, above, strict);
       }}};
  const auto add = [&](const char* id, const std::string& evidence) {
    const DeclaredClaim claim = declared_claim(kZoPaper, id);
    if (auto parts = declared_comparisons(claim, measures))
      rf.add_claim(tested_claim(claim, std::move(*parts), evidence));
  };
  // One part of the published naive-bayes-worst (Tables 2, 3 and 5); table5.cpp checks the other.
  add("naive-bayes-worst-reuters", all_text);
  add("comparable-hyperplanes", all_text);
  add("logistic-as-good-as-svm",
      fmt::format("Mod Least Squares F1 {:.2f} / BEP {:.2f}", F("cmls"), B("cmls")));
  add("linreg-slightly-worse-reuters", "");
  add("table2-liblinear-agrees", all_text);
}
// Issue 15 item 1: every threshold rule on the paper's six methods (threshold_ablation.h).
void add_threshold_ablations(const ExperimentContext& ctx, ResultFile& rf, const ZoReuters& data,
                             const std::vector<Table2Method>& methods, const Evals& evals) {
  std::vector<ThresholdAblationMethod> paper_methods;
  for (size_t mi = 0; mi < methods.size(); ++mi)
    if (methods[mi].in_tables() && !methods[mi].method.peer)
      paper_methods.push_back({methods[mi].method.column, &evals[mi]});
  const auto& names = data.prep.train_labels.class_names;
  std::vector<int32_t> largest(data.by_size.begin(), data.by_size.begin() + kTable3Rows);
  std::vector<std::string> rows;
  for (int32_t k : largest) rows.push_back(zo_row_name(names[static_cast<size_t>(k)]));
  for (const Ablation& a :
       threshold_ablations(paper_methods, largest, rows, load_published(ctx.published(), kZoPaper)))
    rf.add_ablation(a);
}

// Issue 27 item 4: Table 2's micro cells of each method whose CV choice the one-SE rule changed,
// at both lambdas (Table 1's ablation "table1-tie-rule" has the choices), with the paper's row.
void add_tie_rule_ablation(const ExperimentContext& ctx, ResultFile& rf,
                           const std::vector<Table2Method>& methods,
                           const std::map<std::string, ZoMicro>& micro) {
  const std::vector<std::string> rows = {"Precision", "Recall", "F1", "BEP"};
  Ablation a = declared_ablation_with(kZoPaper, "table2-tie-rule", rows);
  const PublishedPaper published = load_published(ctx.published(), kZoPaper);
  const auto values = [&](const ZoMicro& z) {
    return std::vector<std::optional<double>>{100 * z.prf.precision, 100 * z.prf.recall,
                                              100 * z.prf.f1, 100 * z.bep};
  };
  for (const Table2Method& best : methods) {
    if (!best.cv_best) continue;
    const Table2Method* chosen = nullptr;
    for (const Table2Method& t : methods)
      if (t.in_tables() && t.key == best.method.solver) chosen = &t;
    const std::string& column = best.method.column;
    a.rows.push_back({fmt::format("{} one-SE (lambda {:g})", column, chosen->lambda),
                      "Table 1's choice: the cells", true, false, values(micro.at(chosen->key))});
    a.rows.push_back({fmt::format("{} best CV (lambda {:g})", column, best.lambda),
                      "the largest pooled CV micro BEP", false, false, values(micro.at(best.key))});
    AblationRow paper{column + " published", "Table 2 of the paper", false, true, {}};
    for (const std::string& row : rows)
      paper.values.push_back(published_value(&published, "table2", row, column));
    a.rows.push_back(std::move(paper));
  }
  if (!a.rows.empty()) rf.add_ablation(a);
}

// §4.2's description of the collection (issue 15 item 7): the document and category counts the
// paper prints, from the prepared split (AS400's, in the same paragraph, are data_unavailable via
// the table4 experiment).
void emit_collection_cells(ResultFile& rf, const ZoReuters& data) {
  const auto& stats = data.prep.features.stats;
  const std::string note = "corpus view " + data.dataset_record.value("view", std::string()) +
                           ": Reuters-21578 ModApte, categorised or not";
  rf.set_cell(value_cell("text-4.2", "Reuters-21578", "train docs", stats.train_docs, "docs",
                         note + ", training side"));
  rf.set_cell(value_cell("text-4.2", "Reuters-21578", "test docs", stats.test_docs, "docs",
                         note + ", test side"));
  rf.set_cell(value_cell("text-4.2", "Reuters-21578", "classes",
                         static_cast<double>(data.prep.train_labels.class_names.size()), "",
                         "categories with a ModApte document, one binary task each"));
}

void run_table2(const ExperimentContext& ctx, ResultFile& rf) {
  const std::vector<Table2Method> methods = table2_methods(ctx, zhangoles2001_lambdas(ctx));
  const ZoReuters data = load_zo_reuters(ctx, zo_reuters_features());
  rf.add_dataset(data.dataset_record);
  const Evals evals = declare_runs(ctx, rf, data, methods);
  if (!rf.complete()) return;  // runs pending: nothing to summarise yet
  emit_table3(ctx, rf, data, methods, evals);
  if (ctx.fast) return;
  emit_collection_cells(rf, data);
  const auto micro = emit_table2(ctx, rf, data, methods, evals);
  add_table2_claims(rf, data, methods, evals, micro);
  add_threshold_ablations(ctx, rf, data, methods, evals);
  add_tie_rule_ablation(ctx, rf, methods, micro);
}

}  // namespace

void add_zhangoles2001_table2(std::vector<ExperimentInfo>& registry) {
  register_declared(registry, kZoPaper, kTable2Experiment, table2_config, run_table2);
}

}  // namespace linrepro
