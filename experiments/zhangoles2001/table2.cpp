// Zhang & Oles (2001) Tables 2 and 3 and Figures 5 and 6 on Reuters-21578 ModApte. The runs are
// the declared protocol of "table2" in experiments.json (one binary classifier per category for
// each of the six methods at its Table 1 lambda, LIBLINEAR -s 0/-s 2/-s 3 as peers, each fit's
// out-of-fold threshold run, the tie rule's runs at the CV-best lambda) on the task set of
// reuters_tasks.h. Here: the supplied lambdas, the experiment config and the summary.
//   - Table 2: micro-averaged precision, recall, F1 at the thresholds that minimise the error on
//     each category's out-of-fold training scores, and the micro-averaged break-even point, over
//     all 118 categories (the 3 without a training document count as missed, reuters_protocol.h).
//   - Table 3: F1 of the 10 largest categories.
//   - Figure 5: histograms of w.x y on the training set for earn, Lin Reg against Mod Least
//     Squares (stored in the two runs' extra.margins).
//   - Figure 6: macro F1 over the top 5, 10, 20, 40, 60, 80, 100 and all 118 categories
//     (categories ranked by training documents; cells "figure6").
// Thresholds: the runs "<category>/oof/<method>" choose them on out-of-fold scores
// (threshold_oof.h), the variant Tables 2 and 3 and Figure 6 use (kTable2Threshold); the rules on
// training scores, which every fit evaluates, are the other rows of the threshold ablation
// (threshold_ablation.h).
// Fast mode: earn and acq only, lambda from the paper's Table 1 (lambdas.h), Table 3's two rows.
// Extra solvers (`--with-solver`, harness/experiment/extra_solvers.h) run on every category through
// the same features, threshold rule and metrics, keys "<category>/extra/<label>"; their cells (note
// kExtraSolverNote): table2 "<label> (extra)" (full mode), table3 "<label> F1 (extra)",
// figure6 "<label> (extra)". Not in any claim.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "core/error.h"
#include "core/seed.h"
#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/lambdas.h"
#include "experiments/zhangoles2001/micro_comparison.h"
#include "experiments/zhangoles2001/naive_bayes_ablation.h"
#include "experiments/zhangoles2001/reuters_protocol.h"
#include "experiments/zhangoles2001/reuters_tasks.h"
#include "experiments/zhangoles2001/threshold_ablation.h"
#include "experiments/zhangoles2001/threshold_oof.h"
#include "harness/experiment/published.h"
#include "harness/language/declared_texts.h"
#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/protocol/protocol_runner.h"
#include "harness/results/cell_intervals.h"
#include "harness/results/claim_verdict.h"
#include "metrics/sampling_interval.h"

namespace linrepro {

namespace {

constexpr const char* kTable2Experiment = "table2";
constexpr size_t kTable3Rows = 10;
constexpr int kFigure6Tops[] = {5, 10, 20, 40, 60, 80, 100};

const char* kMissedNote =
    "cottonseed, f-cattle and sfr (one test document each, no training document) count as "
    "missed: 1 FN each, TP 0 at break-even";

const DeclaredProtocol& table2_protocol() {
  static const DeclaredProtocol p = declared_protocol(kZoPaper, kTable2Experiment);
  return p;
}

std::string lambda_source(const ExperimentContext& ctx) {
  return ctx.fast ? "the paper's Table 1 (fast-mode shortcut, lambdas.h)"
                  : "our Table 1 (5-fold CV, zhangoles2001/table1)";
}

// Table 1's lambdas, and the tie rule's: "cv_best_<solver>" where the CV's best lambda differs
// from Table 1's choice, else null (its runs are then not made).
Json table2_values(const ExperimentContext& ctx) {
  Json out = zhangoles2001_supplied_lambdas(ctx);
  const std::map<std::string, double> chosen = zhangoles2001_lambdas(ctx);
  const std::map<std::string, double> best = zhangoles2001_cv_best_lambdas(ctx);
  for (const ZoTable1Column& c : kZoTable1Columns) {
    std::string name = fmt::format("cv_best_{}", c.solver);
    std::replace(name.begin(), name.end(), '-', '_');
    const auto it = best.find(c.solver);
    const bool differs = it != best.end() && it->second != chosen.at(c.solver);
    out[name] = differs ? Json(it->second) : Json(nullptr);
  }
  return out;
}

// One set of classifiers over the categories: a declared method (its tags say its Table 2 column
// and role: "paper", "peer", "cv-best") or an extra solver ("extra"), with its evaluation per
// category (largest first).
struct Table2Method {
  std::string name;  // its runs' name: "cls", "cv-best/clg", "extra/<label>"
  std::string column, role;
  std::string lambda_of;  // a peer's: the paper method of the same loss
  std::string variant;    // an nb-ablation run's: its row (naive_bayes_ablation.h)
  std::string solver;
  double lambda = 0;
  std::vector<ZoEval> evals;
  bool in_tables() const { return role == "paper" || role == "peer"; }
  // Runs only its ablation reads: the tie rule's ("cv-best"), naive Bayes' ("nb-ablation").
  bool ablation_only() const { return role == "cv-best" || role == "nb-ablation"; }
  bool peer() const { return role == "peer"; }
  bool extra() const { return role == "extra"; }
};

// What every summary step reads: the categories (largest first) and the prepared collection's
// dataset record.
struct Categories {
  std::vector<std::string> names;
  Json record;
  // The categories by name, the order of their labels (corpora/reuters21578.cpp): the order in
  // which the bootstrap of a micro average draws them.
  std::vector<ZoEval> by_name(const std::vector<ZoEval>& evals) const {
    std::vector<size_t> order(names.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return names[a] < names[b]; });
    std::vector<ZoEval> out;
    for (size_t i : order) out.push_back(evals[i]);
    return out;
  }
};

// The evaluation of one category from its fit and its out-of-fold threshold run: the adopted
// counts are the out-of-fold ones (a category without training documents predicts nothing).
ZoEval category_eval(const RunRecord& fit, const RunRecord& oof) {
  ZoEval e;
  if (fit.status != "ok" && fit.status != "untrainable") return e;  // a failed extra solver's
  e = zo_eval_from_metrics(fit.metrics);
  read_break_even_decisions(fit, e);
  if (fit.status == "untrainable") {
    e.counts_out_of_fold = e.counts;
    e.at_threshold = e.at_break_even;
    return e;
  }
  if (oof.status != "ok") return e;
  e.counts_out_of_fold = out_of_fold_counts(oof.metrics);
  e.counts = *e.counts_out_of_fold;
  if (oof.extra.contains("test_predicted") && e.at_break_even)
    e.at_threshold = category_outcomes(run_outcomes(oof, "test_predicted"), e.at_break_even->truth);
  return e;
}

Table2Method method_of(const std::string& name, const TaskOutcomes& tasks) {
  Table2Method t;
  t.name = name;
  const auto& by_method = tasks.at("reuters");
  const std::vector<RunRecord>& fits = by_method.at(name);
  if (!by_method.contains("oof/" + name))  // Tables 2 and 3 adopt the out-of-fold threshold
    throw ConfigError(
        fmt::format("experiments/zhangoles2001/experiments.json (table2): method "
                    "\"{}\" has no out-of-fold threshold run \"oof/{}\"",
                    name, name));
  const std::vector<RunRecord>& oofs = by_method.at("oof/" + name);
  for (size_t i = 0; i < fits.size(); ++i) t.evals.push_back(category_eval(fits[i], oofs[i]));
  return t;
}

// The methods that ran, in declaration order, then the extra solvers.
std::vector<Table2Method> table2_methods(const ExperimentContext& ctx,
                                         const ProtocolResults& results) {
  const DeclaredProtocol& p = table2_protocol();
  const auto& ran = results.tasks.at("reuters");
  std::vector<Table2Method> out;
  for (const ProtocolMethod& m : p.methods) {
    if (m.extra || !m.tags.contains("role") || !ran.contains(m.name)) continue;
    Table2Method t = method_of(m.name, results.tasks);
    t.column = m.tags.value("column", "");  // an nb-ablation run has none
    t.role = m.tags.at("role");
    t.lambda_of = m.tags.value("lambda_of", "");
    t.variant = m.tags.value("variant", "");
    t.solver = m.solver;
    t.lambda = resolve_protocol_value(m.lambda, results.values, p.where).get<double>();
    out.push_back(std::move(t));
  }
  for (const ExtraSolver& e : extra_solvers(ctx)) {
    Table2Method t = method_of("extra/" + e.label, results.tasks);
    t.column = e.label;
    t.role = "extra";
    out.push_back(std::move(t));
  }
  return out;
}

// What tells why a category's F1 may differ (harness/results/cell_intervals.h): its sampling
// interval over the test documents and its break-even point, the threshold-free measure of the same
// hyperplane.
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

// The sampling interval of an average over the categories (Table 2's micro, Figure 6's macro): a
// micro average's by a bootstrap over the test documents from the stored decisions at the
// threshold where every category has them, else (and a macro average's) from the counts
// (docs/RESULTS.md).
CellEvidence averaged_evidence(std::span<const ZoEval> per_category, AveragedMeasure measure,
                               uint64_t seed) {
  std::vector<BinaryCounts> counts;
  std::vector<CategoryOutcomes> decisions;
  for (const ZoEval& e : per_category) {
    counts.push_back(e.counts);
    if (e.at_threshold) decisions.push_back(*e.at_threshold);
  }
  CellEvidence out;
  if (measure != AveragedMeasure::macro_f1 && decisions.size() == counts.size())
    set_document_bootstrap_interval(out, decisions, measure, seed);
  else
    set_averaged_bootstrap_interval(out, counts, measure, seed);
  return out;
}

// Table 3 (F1 of the 10 largest categories; in fast mode the two rows it computes). An extra
// solver's F1 is computed exactly as the paper's methods', in both modes: column "<label> F1
// (extra)".
void emit_table3(const ExperimentContext& ctx, ResultFile& rf, const Categories& cats,
                 const std::vector<Table2Method>& methods) {
  const size_t rows = std::min(kTable3Rows, cats.names.size());
  for (const Table2Method& t : methods) {
    if (t.peer() || t.ablation_only()) continue;
    for (size_t r = 0; r < rows; ++r) {
      const ZoEval& e = t.evals[r];
      const std::string row = zo_row_name(cats.names[r]);
      if (t.extra()) {
        rf.set_cell(value_cell("table3", row, t.column + " F1 (extra)", 100 * f1(e.counts), "%",
                               kExtraSolverNote));
        continue;
      }
      Cell cell = value_cell(
          "table3", row, t.column, 100 * f1(e.counts), "%",
          fmt::format("F1 on the test set ({} test positives; P {:.1f}, R {:.1f}; at threshold "
                      "0: F1 {:.1f}; BEP {:.1f}), {}, lambda {:g} from {}",
                      e.counts.tp + e.counts.fn, 100 * precision(e.counts), 100 * recall(e.counts),
                      100 * f1(e.counts_zero), 100 * e.bep.bep, kTable2ThresholdWords, t.lambda,
                      lambda_source(ctx)));
      cell.evidence =
          f1_evidence(e, derive_seed(ctx.seed, "bootstrap/" + cats.names[r] + "/" + t.name));
      if (t.name == "nb" && !ctx.fast)
        cell.evidence.ablations.push_back({kNaiveBayesAblation, row});
      rf.set_cell(cell);
    }
  }
}

// Figure 6: macro F1 over the top N categories, one column per method (extra solvers included,
// so the figure draws their series too, marked as not part of the paper).
void emit_figure6(ResultFile& rf, const Table2Method& t, uint64_t seed) {
  const int K = static_cast<int>(t.evals.size());
  std::vector<int> tops(std::begin(kFigure6Tops), std::end(kFigure6Tops));
  tops.push_back(K);
  for (int top : tops) {
    const std::span<const ZoEval> sub(t.evals.data(), static_cast<size_t>(top));
    const std::string note =
        t.extra() ? std::string(kExtraSolverNote)
                  : fmt::format(
                        "macro F1 (mean of per-category F1, {}) over the top N categories by "
                        "training documents; a category without test positives and predictions "
                        "has F1 = 1 (metrics/binary_counts.h)",
                        kTable2ThresholdWords);
    const std::string row = top == K ? "all" : fmt::format("top{}", top);
    Cell cell = value_cell("figure6", row, t.extra() ? t.column + " (extra)" : t.column,
                           100 * zo_micro(sub).macro_f1, "%", note);
    if (!t.extra())
      cell.evidence = averaged_evidence(sub, AveragedMeasure::macro_f1,
                                        derive_seed(seed, "bootstrap/macro/" + row + "/" + t.name));
    rf.set_cell(cell);
  }
}

// The note of a Table 2 cell of method t (micro averages z).
std::string table2_note(const ExperimentContext& ctx, const Categories& cats, const Table2Method& t,
                        const ZoMicro& z) {
  if (t.extra()) return kExtraSolverNote;
  const Json& stats = cats.record.at("preparation").at("stats");
  return fmt::format(
      "micro-averaged over all {} categories of the ModApte view ({} / {} documents; {}); 10,000 "
      "ig_gini features per category, binary, title words separate, min count 3; lambda {:g} from "
      "{}; P/R/F1 at {} (at threshold 0 instead: P {:.1f}, R {:.1f}, F1 {:.1f})",
      cats.names.size(), stats.at("train_docs").get<int64_t>(),
      stats.at("test_docs").get<int64_t>(), kMissedNote, t.lambda, lambda_source(ctx),
      kTable2ThresholdWords, 100 * z.prf0.precision, 100 * z.prf0.recall, 100 * z.prf0.f1);
}

// A paper method's or peer's Table 2 cell (the BEP row: measure empty) carries its sampling
// interval (of the average `measure`; the BEP's Wilson interval); a paper method's, the
// threshold-free BEP and the peer of the same loss (`peer`, may be null).
CellEvidence table2_evidence(const ExperimentContext& ctx, const Categories& cats,
                             const std::string& table, const Table2Method& t, const char* row,
                             std::optional<AveragedMeasure> measure, const ZoMicro& z,
                             const Table2Method* peer, double peer_value) {
  CellEvidence c =
      measure ? averaged_evidence(
                    cats.by_name(t.evals), *measure,
                    derive_seed(ctx.seed, fmt::format("bootstrap/micro/{}/{}", row, t.name)))
              : micro_bep_evidence(
                    cats.by_name(t.evals),
                    derive_seed(ctx.seed, fmt::format("bootstrap/micro/{}/{}", "BEP", t.name)));
  if (!t.peer()) {
    // P, R and F1 at the threshold rule; the micro BEP is the same hyperplanes' measure without
    // one, and the paper gives its own BEP beside them.
    if (measure) {
      c.threshold_free = 100 * z.bep;
      c.threshold_free_what = "micro break-even point";
      c.threshold_free_paper = CellEvidence::CellRef{table, "BEP", t.column};
    }
  }
  if (peer) {
    c.peer = 100 * peer_value;
    c.peer_what = fmt::format("{}, the same categories and features", peer->column);
  }
  return c;
}

// Table 2's cells (micro P/R/F1/BEP) of methods[mi], a paper method, peer or extra solver, and
// its Figure 6 series.
void emit_table2_method(const ExperimentContext& ctx, ResultFile& rf, const Categories& cats,
                        const std::vector<Table2Method>& methods, size_t mi,
                        const std::map<std::string, ZoMicro>& micro) {
  const Table2Method& t = methods[mi];
  const ZoMicro& z = micro.at(t.name);
  const std::string note = table2_note(ctx, cats, t, z);
  const std::string table = t.peer() ? "table2-peers" : "table2";
  const Table2Method* peer = nullptr;  // the LIBLINEAR run of the same loss (its "lambda_of")
  for (const Table2Method& p : methods)
    if (p.peer() && t.role == "paper" && p.lambda_of == t.name) peer = &p;
  const ZoMicro* pz = peer ? &micro.at(peer->name) : nullptr;
  const auto cell = [&](const char* row, double value, double peer_value,
                        std::optional<AveragedMeasure> measure) {
    // An extra solver is one column beside the paper's methods, its rows theirs (issue 60: a
    // column per measure filled the table on a diagonal).
    const std::string column = t.extra() ? t.column + " (extra)" : t.column;
    const std::string n =
        t.extra() || measure ? note : note + "; break-even point per category, micro-averaged";
    Cell c = value_cell(table, row, column, 100 * value, "%", n);
    if (!t.extra())
      c.evidence = table2_evidence(ctx, cats, table, t, row, measure, z, peer, peer_value);
    rf.set_cell(c);
  };
  cell("Precision", z.prf.precision, pz ? pz->prf.precision : 0, AveragedMeasure::micro_precision);
  cell("Recall", z.prf.recall, pz ? pz->prf.recall : 0, AveragedMeasure::micro_recall);
  cell("F1", z.prf.f1, pz ? pz->prf.f1 : 0, AveragedMeasure::micro_f1);
  cell("BEP", z.bep, pz ? pz->bep : 0, std::nullopt);
  if (!t.peer()) emit_figure6(rf, t, ctx.seed);
}

// How many of Table 3's rows (the largest categories) give Naive Bayes (methods[0]) the lowest
// F1 of the six paper methods.
int nb_lowest_f1_rows(const std::vector<Table2Method>& methods) {
  int rows = 0;
  for (size_t r = 0; r < kTable3Rows; ++r) {
    bool worst = true;
    for (const Table2Method& t : methods)
      if (t.role == "paper") worst &= f1(methods[0].evals[r].counts) <= f1(t.evals[r].counts);
    rows += worst;
  }
  return rows;
}

// The Table 2 claims' measures: a - b in micro F1 ("F1") or micro BEP ("BEP") points by the
// paired bootstrap over the test documents (harness/results/claim_verdict.h), from each method's
// per-category decisions: at the adopted thresholds, and at each category's break-even rank,
// whose micro recall is the micro BEP (its rank held as on the whole test set). The value is the
// cells' own difference.
struct Table2Comparisons {
  std::map<std::string, std::vector<CategoryOutcomes>> f1, bep;  // by method name
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

// A method's decisions per category, for Table2Comparisons. Throws ConfigError when a run lacks
// its outcomes.
void add_outcomes(Table2Comparisons& diff, const Categories& cats, const Table2Method& t) {
  for (size_t k = 0; k < t.evals.size(); ++k) {
    const ZoEval& e = t.evals[k];
    if (!e.at_threshold || !e.at_break_even)
      throw ConfigError(
          fmt::format("table2 {}/{}: the runs hold no per-document decisions "
                      "(stored before they were recorded: rerun with --force)",
                      cats.names[k], t.name));
    diff.f1[t.name].push_back(*e.at_threshold);
    diff.bep[t.name].push_back(*e.at_break_even);
  }
}

// The paper's claims about Tables 2 and 3 (the paper's methods and peers only).
void add_table2_claims(ResultFile& rf, const Categories& cats,
                       const std::vector<Table2Method>& methods,
                       const std::map<std::string, ZoMicro>& micro) {
  auto F = [&](const std::string& s) { return 100 * micro.at(s).prf.f1; };
  auto B = [&](const std::string& s) { return 100 * micro.at(s).bep; };
  Table2Comparisons diff;
  diff.micro = micro;
  std::string all_text;
  for (const Table2Method& t : methods) {
    if (!t.in_tables()) continue;
    add_outcomes(diff, cats, t);
    all_text += fmt::format("{}{}: F1 {:.2f} BEP {:.2f}", all_text.empty() ? "" : "; ", t.column,
                            F(t.name), B(t.name));
  }
  const int nb_worst_rows = nb_lowest_f1_rows(methods);
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
void add_threshold_ablations(const ExperimentContext& ctx, ResultFile& rf, const Categories& cats,
                             const std::vector<Table2Method>& methods) {
  std::vector<ThresholdAblationMethod> paper_methods;
  for (const Table2Method& t : methods)
    if (t.role == "paper") paper_methods.push_back({t.column, &t.evals});
  std::vector<int32_t> largest;
  std::vector<std::string> rows;
  for (size_t r = 0; r < kTable3Rows; ++r) {
    largest.push_back(static_cast<int32_t>(r));
    rows.push_back(zo_row_name(cats.names[r]));
  }
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
    if (best.role != "cv-best") continue;
    const auto chosen = std::find_if(methods.begin(), methods.end(), [&](const Table2Method& t) {
      return t.role == "paper" && t.name == best.solver;
    });
    // The paper is silent on ties: both rules are readings it allows.
    a.rows.push_back({fmt::format("{} one-SE (lambda {:g})", best.column, chosen->lambda),
                      "Table 1's choice: the cells", true, false, true,
                      values(micro.at(chosen->name))});
    a.rows.push_back({fmt::format("{} best CV (lambda {:g})", best.column, best.lambda),
                      "the largest pooled CV micro BEP", false, false, true,
                      values(micro.at(best.name))});
    AblationRow paper{best.column + " published", "Table 2 of the paper", false, true, false, {}};
    for (const std::string& row : rows)
      paper.values.push_back(published_value(&published, "table2", row, best.column));
    a.rows.push_back(std::move(paper));
  }
  if (!a.rows.empty()) rf.add_ablation(a);
}

// Issue 59 item 4a: naive Bayes on Table 3's categories under other readings
// (naive_bayes_ablation.h).
void add_naive_bayes_ablation(const ExperimentContext& ctx, ResultFile& rf, const Categories& cats,
                              const std::vector<Table2Method>& methods) {
  const auto used = std::find_if(methods.begin(), methods.end(),
                                 [](const Table2Method& t) { return t.name == "nb"; });
  std::map<std::string, std::vector<ZoEval>> variants;
  for (const Table2Method& t : methods)
    if (t.role == "nb-ablation") variants[t.variant] = t.evals;
  std::vector<std::string> rows;
  for (size_t r = 0; r < std::min(kTable3Rows, cats.names.size()); ++r)
    rows.push_back(zo_row_name(cats.names[r]));
  rf.add_ablation(
      naive_bayes_ablation(used->evals, variants, rows, load_published(ctx.published(), kZoPaper)));
  rf.add_claim(naive_bayes_peer_check(used->evals, variants, rows));
}

void summarise_table2(const ExperimentContext& ctx, ResultFile& rf,
                      const ProtocolResults& results) {
  if (!results.unavailable.at("reuters").empty()) return;  // the runner marked the cells
  const std::vector<Table2Method> methods = table2_methods(ctx, results);
  Categories cats;
  for (const RunRecord& r : results.tasks.at("reuters").at("nb"))
    cats.names.push_back(r.class_name);
  cats.record = results.task_records.at("reuters").at("nb");
  emit_table3(ctx, rf, cats, methods);
  if (ctx.fast) return;
  std::map<std::string, ZoMicro> micro;
  for (const Table2Method& t : methods) micro[t.name] = zo_micro(t.evals);
  for (size_t mi = 0; mi < methods.size(); ++mi)
    if (!methods[mi].ablation_only()) emit_table2_method(ctx, rf, cats, methods, mi, micro);
  add_table2_claims(rf, cats, methods, micro);
  add_threshold_ablations(ctx, rf, cats, methods);
  add_tie_rule_ablation(ctx, rf, methods, micro);
  add_naive_bayes_ablation(ctx, rf, cats, methods);
}

}  // namespace

void add_zhangoles2001_table2(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.values = table2_values;
  hooks.task_sources = {{"zo-reuters", zo_reuters_tasks()}};
  hooks.summarise = summarise_table2;
  hooks.summary_tags = {"role", "column", "lambda_of", "variant"};  // table2_methods
  register_protocol(registry, kZoPaper, kTable2Experiment, hooks);
}

}  // namespace linrepro
