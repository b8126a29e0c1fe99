// Zhang & Oles (2001) §4.2's statements about lambda -> 0 and feature selection ("text-4"), and
// Figure 7 (break-even point of logistic regression against the number of features), on
// Reuters-21578 ModApte with the protocol of reuters_protocol.h, micro BEP over all 118 categories;
// and §3.1's two claims about the column relaxation itself (K = 100 against the optimum, the
// continuation c_k), on Table 3's 10 largest categories (the claims are about convergence, which
// each category's objective shows; the small categories would only repeat it at the same cost per
// sweep). The runs, their settings and the BEP cells are declared ("protocol" in
// experiments.json, whose "why" gives the settings' sources) and run by
// harness/protocol/protocol_runner.h on the task set of reuters_tasks.h. Here: Table 1's lambdas
// (supplied values), the experiment config, the objective-gap cells of §3.1 and the claims. Solvers
// added with --with-solver run on every category at Table 1's lambda of their loss: with 10,000
// features their micro BEP is a text-4 row "<label> (extra)", and at each of Figure 7's feature
// counts a series "<label> (extra)" in Figure 7 (fast mode: of the largest category); in no claim.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>

#include "core/statistics.h"
#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/lambdas.h"
#include "experiments/zhangoles2001/micro_comparison.h"
#include "experiments/zhangoles2001/reuters_protocol.h"
#include "experiments/zhangoles2001/reuters_tasks.h"
#include "harness/language/declared_texts.h"
#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/protocol_runner.h"
#include "harness/protocol/task_measures.h"

namespace linrepro {

namespace {

constexpr const char* kText4Experiment = "text4";

const DeclaredProtocol& text4_protocol() {
  static const DeclaredProtocol p = declared_protocol(kZoPaper, kText4Experiment);
  return p;
}

// §3.1: each column-relaxation method and the LIBLINEAR solver of its problem (12).
struct Relaxation {
  const char* solver;
  const char* peer;
  const char* column;
};
constexpr Relaxation kRelaxations[] = {{"cls", "liblinear-s11", "Lin Reg"},
                                       {"cmls", "liblinear-s2", "Mod Least Squares"},
                                       {"clg", "liblinear-s0", "Logistic Reg"}};

using VariantResult = ZoVariantResult;

std::string percents(const std::vector<double>& v) {
  std::string s;
  for (double x : v) s += fmt::format("{}{:.3g}", s.empty() ? "" : ", ", 100 * x);
  return s;
}

// Where §3.1's claims are checked.
std::string section31_where() {
  return fmt::format("the {} largest categories, Table 1's lambda",
                     text4_protocol().value("section31_categories").get<int>());
}

// The finished variants and their micro BEP and micro F1 in %, by variant id.
struct Text4Results {
  std::map<std::string, VariantResult> runs;
  std::map<std::string, double> bep, f1;
  const std::map<std::string, std::vector<RunRecord>>* tasks = nullptr;  // the runs, by method
  // a - b in micro BEP points of two variants, paired over the test documents
  // (micro_comparison.h).
  ClaimComparison diff(const std::string& a, const std::string& b, const std::string& what,
                       double bound, bool above = true, bool strict = true) const {
    return zo_micro_comparison(
        what, ZoMicroMeasure::bep, zo_break_even_decisions(runs.at(a).evals, a),
        zo_break_even_decisions(runs.at(b).evals, b), bep.at(a) - bep.at(b), bound, above, strict);
  }
};

// The declared claims' measure "BEP" (experiments.json "claims"): as Text4Results::diff, of the
// runs of data set `cls`.
ClaimMeasures bep_measures(const ProtocolResults& results, const std::string& cls) {
  const auto& tasks = results.tasks.at(cls);
  return {{"BEP",
           [&tasks](std::string what, const std::string& a, const std::string& b, double bound,
                    bool above, bool strict) -> std::optional<ClaimComparison> {
             if (!finished_tasks(tasks, a) || !finished_tasks(tasks, b)) return std::nullopt;
             const VariantResult ra = zo_variant_result(tasks.at(a)),
                                 rb = zo_variant_result(tasks.at(b));
             return zo_micro_comparison(
                 what, ZoMicroMeasure::bep, zo_break_even_decisions(ra.evals, a),
                 zo_break_even_decisions(rb.evals, b),
                 100 * zo_micro(ra.evals).bep - 100 * zo_micro(rb.evals).bep, bound, above, strict);
           }}};
}

// K = 100 against the optimum, per relaxation: the objective-gap cells and the claim.
void add_k100_claim(ResultFile& rf, const Text4Results& r) {
  const auto& bep = r.bep;
  const auto& f1 = r.f1;
  const std::string where = section31_where();
  const DeclaredClaim claim =
      declared_claim(kZoPaper, "k100-sufficient", TextArgs().set("where", where));
  std::vector<ClaimComparison> parts;
  std::string evidence;
  for (const Relaxation& m : kRelaxations) {
    const std::string k100 = fmt::format("k100-{}", m.solver),
                      opt = fmt::format("optimum-{}", m.solver);
    const std::vector<double> gaps = relative_objective_gaps(r.tasks->at(k100), r.tasks->at(opt));
    const double gap_median = median(gaps), gap_max = *std::max_element(gaps.begin(), gaps.end());
    // "k100" and "optimum": this relaxation's variants.
    const ClaimMeasures measures = {
        {"BEP",
         [&](std::string what, const std::string& a, const std::string& b, double bound, bool above,
             bool strict) -> std::optional<ClaimComparison> {
           return r.diff(a + "-" + m.solver, b + "-" + m.solver, what, bound, above, strict);
         }}};
    const auto p = declared_comparisons(claim, measures, m.column).value();
    parts.insert(parts.end(), p.begin(), p.end());
    evidence += fmt::format(
        "{}{}: micro BEP {:.2f} after K = 100 vs {:.2f} at the optimum ({}), F1 {:.2f} vs {:.2f}; "
        "objective gap median {:.3g}%, max {:.3g}%",
        evidence.empty() ? "" : "; ", m.column, bep.at(k100), bep.at(opt), m.peer, f1.at(k100),
        f1.at(opt), 100 * gap_median, 100 * gap_max);
    rf.set_cell(value_cell(
        "section3.1", m.column, "objective gap after K = 100 (median)", 100 * gap_median, "%",
        fmt::format("relative gap to {} per category: {} %", m.peer, percents(gaps))));
  }
  rf.add_claim(tested_claim(claim, std::move(parts), evidence));
}

// The continuation c_k against none: the objective-gap cells and the claim.
void add_continuation_claim(ResultFile& rf, const Text4Results& r) {
  const auto& bep = r.bep;
  const std::string where = section31_where();
  const auto& runs = *r.tasks;
  const std::vector<double> with = relative_objective_gaps(runs.at("cmls-continuation"),
                                                           runs.at("optimum-cmls")),
                            without = relative_objective_gaps(runs.at("cmls-no-continuation"),
                                                              runs.at("optimum-cmls"));
  int better = 0;
  for (size_t i = 0; i < std::min(with.size(), without.size()); ++i) better += with[i] < without[i];
  const double m_with = median(with), m_without = median(without);
  for (const auto& [row, gaps, id] :
       {std::tuple{"c_k = max(0, 1 - k/50)", with, "cmls-continuation"},
        std::tuple{"c_k = 0 (no continuation)", without, "cmls-no-continuation"}}) {
    rf.set_cell(value_cell("section3.1", fmt::format("Mod Least Squares, {}", row),
                           "objective gap after K = 100 (median)", 100 * median(gaps), "%",
                           fmt::format("K = 100 fixed; relative gap to liblinear-s2 per category: "
                                       "{} %; micro BEP {:.2f}",
                                       percents(gaps), bep.at(id))));
  }
  // Decided by its declared tests over the runs' objectives (harness/protocol/task_measures.h).
  const DeclaredClaim claim =
      declared_claim(kZoPaper, "continuation-accelerates", TextArgs().set("where", where));
  rf.add_claim(tested_claim(
      claim, declared_comparisons(claim, task_measures(*r.tasks)).value(),
      fmt::format("nearer with continuation in {} of {} categories; median relative gap {:.3g}% "
                  "with, {:.3g}% without; micro BEP {:.2f} with, {:.2f} without (the paper gives "
                  "no measurement; with c_k > 0 the first 50 sweeps descend f_{{c_k}}, not the "
                  "final loss)",
                  better, with.size(), 100 * m_with, 100 * m_without, bep.at("cmls-continuation"),
                  bep.at("cmls-no-continuation"))));
}

// §4.2: the primal CMLS reaches the lower objective as lambda -> 0.
void add_primal_claim(ResultFile& rf, const Text4Results& r) {
  const auto& rp = r.runs.at("cmls-primal-l0");
  const auto& rd = r.runs.at("cmls-dual-l0");
  int lower = 0, both = 0;
  double sum_p = 0, sum_d = 0;
  for (size_t i = 0; i < rp.objective.size(); ++i) {
    if (std::isnan(rp.objective[i]) || std::isnan(rd.objective[i])) continue;
    ++both;
    lower += rp.objective[i] < rd.objective[i];
    sum_p += rp.objective[i];
    sum_d += rd.objective[i];
  }
  const DeclaredClaim claim = declared_claim(kZoPaper, "primal-converges-faster-lambda0");
  rf.add_claim(tested_claim(
      claim, declared_comparisons(claim, task_measures(*r.tasks)).value(),
      fmt::format("lambda = 1e-6, K = 100: primal objective lower in {} of {} categories; mean "
                  "objective primal {:.4g}, dual {:.4g}",
                  lower, both, sum_p / std::max(both, 1), sum_d / std::max(both, 1))));
}

// §4.2's claim on the primal's objective, then §3.1's with their objective-gap cells (the other
// claims are declared: experiments.json "claims", measure "BEP" of bep_measures).
void summarise_text4(const ExperimentContext&, ResultFile& rf, const ProtocolResults& results) {
  if (!results.unavailable.at("reuters").empty()) return;  // the runner's cells say why
  Text4Results r;
  r.tasks = &results.tasks.at("reuters");
  for (const auto& [id, runs] : results.tasks.at("reuters")) {
    r.runs[id] = zo_variant_result(runs);
    const ZoMicro micro = zo_micro(r.runs[id].evals);
    r.bep[id] = 100 * micro.bep;
    r.f1[id] = 100 * micro.prf.f1;
  }
  add_primal_claim(rf, r);
  add_k100_claim(rf, r);
  add_continuation_claim(rf, r);
}

}  // namespace

void add_zhangoles2001_text4(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.values = zhangoles2001_supplied_lambdas;
  hooks.task_sources = {{"zo-reuters", zo_reuters_tasks()}};
  hooks.aggregates = {
      {"micro-bep", [](auto runs, const AggregateContext&) { return zo_micro_bep_of(runs); }}};
  hooks.claim_measures = bep_measures;
  hooks.summarise = summarise_text4;
  register_protocol(registry, kZoPaper, kText4Experiment, hooks);
}

}  // namespace linrepro
