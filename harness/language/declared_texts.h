#pragma once
// The texts an experiment declares beside its runs (experiments/<paper>/experiments.json), so the
// paper's claims as we state them and the protocol choices a reader checks stand in one file per
// paper, not in string literals across the drivers:
//   "claims": {"<id>": {"claim": "...", "kind": "correctness_check", "bounds": {"within": 2}}}
//       the claim as the experiment tests it ("kind" optional: "claim" by default) and the bounds
//       its criterion sets (optional), which the claim's text names as placeholders ("within
//       {within} points") and the driver's comparisons read (DeclaredClaim::bound), so the
//       number a reader sees is the number that decides; the driver gives the comparisons
//       (harness/results/claim_verdict.h), or the claim declares them as "tests"
//       (harness/protocol/claim_comparisons.h) and the driver names what they measure.
//   "ablations": {"<id>": {"title": "...", "why": "...", "unit": "%"}}
//       an ablation's title, why (the adoption rule, written before the runs) and unit; or
//       {"title": "...", "same_why_as": "<id>", "unit": ...} where two ablations of one choice
//       share their why.
// An id may hold placeholders ("feature-count-{corpus}", "mlr-error-as-svm{suffix}"), and every
// text is a fmt format string: a placeholder ("{corpus}", "{jump:.3f}") takes the value the driver
// names (TextArgs), and a literal brace is written twice. Ids are unique within a paper, as the
// result files and the published file name claims and ablations by id alone. A missing
// declaration, a placeholder without a value or a malformed entry is a ConfigError naming the
// file and the id.
#include <fmt/args.h>
#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

#include "harness/experiment/experiment.h"
#include "harness/results/ablation.h"
#include "harness/results/result_schema.h"

namespace linrepro {

// Named values for a declared text's placeholders.
class TextArgs {
 public:
  template <class T>
  TextArgs& set(const char* name, const T& value) {  // name: a string literal
    store_.push_back(fmt::arg(name, value));
    return *this;
  }
  const fmt::dynamic_format_arg_store<fmt::format_context>& store() const { return store_; }

 private:
  fmt::dynamic_format_arg_store<fmt::format_context> store_;
};

// The declared ablation `id` of `paper` with its placeholders filled: id, title, why and unit
// set, no columns or rows yet.
Ablation declared_ablation(const std::string& paper, const std::string& id,
                           const TextArgs& args = TextArgs());

// The same with its columns set (no rows yet): the ablations whose rows are plain variants.
Ablation declared_ablation_with(const std::string& paper, const std::string& id,
                                const std::vector<std::string>& columns);

// The declared claim `id` of `paper`, filled: its bounds fill their placeholders, `args` the
// others.
struct DeclaredClaim {
  std::string id;
  std::string claim;
  ClaimKind kind = ClaimKind::claim;
  std::map<std::string, double> bounds;
  Json tests = Json::array();  // the comparisons that decide it, as declared
                               // (harness/protocol/claim_comparisons.h)
  // The declared bound `name`; ConfigError naming the claim when it has none.
  double bound(const std::string& name) const;
};
DeclaredClaim declared_claim(const std::string& paper, const std::string& id,
                             const TextArgs& args = TextArgs());
// tested_claim (result_schema.h) of a declared claim.
Claim tested_claim(const DeclaredClaim& declared, std::vector<ClaimComparison> comparisons,
                   std::string evidence);

}  // namespace linrepro
