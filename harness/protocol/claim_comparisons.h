#pragma once
// Claims as data (issue 26): which comparisons decide a declared claim, written beside its text in
// experiments/<paper>/experiments.json, so a reader sees which runs are compared, by which test,
// on which side of which bound, and the driver only says what the names measure.
//   "tests": [{"measure": "accuracy", "a": "graphsvm", "b": ["mcnb", "mcsvm"], "side": ">",
//              "bound": 0, "what": "{group}: {a} - {b} (accuracy points)"}, ...]
//   measure  what a and b are compared by: a driver's measure (ClaimMeasures: a micro-F1
//            difference by the paired bootstrap, a difference over random splits) or one over
//            named runs (run_measures); a list: each in turn for every pair;
//   a, b     a name or a list of names: every (a, b) pair in order, a first; "b": "each later a"
//            pairs each a with every later one; without "b" the measure reads a alone (a count);
//   side     ">", ">=", "<", "<=", or "within": |value| <= bound, as ">= -bound" then "<= bound";
//   bound    a number, or a bound the claim declares by name ("within", "-below"), or "measured":
//            the measure's own for each group, which it gets as NaN (a bound that differs per
//            category, e.g. ln2/gamma of each run; a measure without one is a ConfigError);
//            side and bound may be lists of one length: each (side, bound) in turn;
//   what     the comparison's text, with "{a}", "{b}", "{measure}" and "{group}" filled in;
//   groups   optional: the groups the test applies to (a driver's data sets, a sweep's points),
//            as shell patterns ("share *"); other groups skip it;
//   optional optional, true: a pair whose names are not all measured is left out rather than
//            leaving the claim undecided.
// The comparisons come in the order pair, measure, side. Every comparison is still decided by the
// one rule of harness/results/claim_verdict.h.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/language/declared_texts.h"
#include "harness/language/text_checks.h"
#include "harness/results/claim_verdict.h"
#include "harness/results/result_schema.h"

namespace linrepro {

// One comparison of `a` against `b` (b empty: `a` alone) with the given bound and side; none
// when a name is not measured (a failed or absent run).
using ClaimMeasure = std::function<std::optional<ClaimComparison>(
    std::string what, const std::string& a, const std::string& b, double bound, bool above,
    bool strict)>;
using ClaimMeasures = std::map<std::string, ClaimMeasure>;

// The measures over named runs (null: not there):
//   accuracy, train_accuracy   accuracy(a) - accuracy(b) in points on the documents both were
//                              measured on (extra test_correct / train_correct), paired bootstrap;
//   error, train_error         error(a) - error(b), the same with the sign turned;
//   time_ratio                 a's CPU seconds / b's (harness/results/timing_rounds.h: by round);
//   metric:<name>              a's metrics[name] (minus b's), exact; a metric no run carries is
//                              not measured, as a run that is not there ("metric:*").
// The measures refer to `runs`, which must outlive them.
ClaimMeasures run_measures(const std::map<std::string, const RunRecord*>& runs);
ClaimMeasures run_measures(std::map<std::string, const RunRecord*>&&) = delete;

// The comparisons the claim declares for `group` (empty: a claim over one group), with `measures`;
// none when a non-optional pair is not measured. Throws ConfigError naming the claim for a measure
// that `measures` lacks or a bound it does not declare.
std::optional<std::vector<ClaimComparison>> declared_comparisons(const DeclaredClaim& claim,
                                                                 const ClaimMeasures& measures,
                                                                 const std::string& group = "");

}  // namespace linrepro
