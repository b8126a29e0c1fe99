// Zhang & Oles (2001) §4.2's statements about lambda -> 0 and feature selection ("text-4"), and
// Figure 7 (break-even point of logistic regression against the number of features), on
// Reuters-21578 ModApte with the protocol of reuters_protocol.h, micro BEP over all 118 categories;
// and §3.1's two claims about the column relaxation itself (K = 100 against the optimum, the
// continuation c_k), on Table 3's 10 largest categories (the claims are about convergence, which
// each category's objective shows; the small categories would only repeat it at the same cost per
// sweep). The runs, their settings and the BEP cells are declared ("protocol" in
// experiments.json, whose "why" gives the settings' sources) and run by
// harness/protocol/protocol_runner.h on the task set of reuters_tasks.h, and so are §3.1's
// objective-gap cells and every claim. Here: Table 1's lambdas (supplied values), the micro BEP
// aggregate and the claims' measure "BEP" (both micro_comparison.h's, this paper's). Solvers
// added with --with-solver run on every category at Table 1's lambda of their loss: with 10,000
// features their micro BEP is a text-4 row "<label> (extra)", and at each of Figure 7's feature
// counts a series "<label> (extra)" in Figure 7 (fast mode: of the largest category); in no claim.
#include <optional>

#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/lambdas.h"
#include "experiments/zhangoles2001/micro_comparison.h"
#include "experiments/zhangoles2001/reuters_protocol.h"
#include "experiments/zhangoles2001/reuters_tasks.h"
#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/protocol_runner.h"

namespace linrepro {

namespace {

constexpr const char* kText4Experiment = "text4";

// The declared claims' measure "BEP" (experiments.json "claims"): a - b in micro BEP points of two
// methods' runs of data set `cls`, paired over the test documents (micro_comparison.h).
ClaimMeasures bep_measures(const ProtocolResults& results, const std::string& cls) {
  const auto& tasks = results.tasks.at(cls);
  return {{"BEP",
           [&tasks](std::string what, const std::string& a, const std::string& b, double bound,
                    bool above, bool strict) -> std::optional<ClaimComparison> {
             if (!finished_tasks(tasks, a) || !finished_tasks(tasks, b)) return std::nullopt;
             const ZoVariantResult ra = zo_variant_result(tasks.at(a)),
                                   rb = zo_variant_result(tasks.at(b));
             return zo_micro_comparison(
                 what, ZoMicroMeasure::bep, zo_break_even_decisions(ra.evals, a),
                 zo_break_even_decisions(rb.evals, b),
                 100 * zo_micro(ra.evals).bep - 100 * zo_micro(rb.evals).bep, bound, above, strict);
           }}};
}

}  // namespace

void add_zhangoles2001_text4(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.values = zhangoles2001_supplied_lambdas;
  hooks.task_sources = {{"zo-reuters", zo_reuters_tasks()}};
  hooks.aggregates = {
      {"micro-bep", [](auto runs, const AggregateContext&) { return zo_micro_bep_of(runs); }}};
  hooks.claim_measures = bep_measures;
  register_protocol(registry, kZoPaper, kText4Experiment, hooks);
}

}  // namespace linrepro
