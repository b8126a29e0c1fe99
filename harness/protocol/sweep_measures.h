#pragma once
// Claims over a sweep: each method's runs at the points x of a sequential task set (a class
// count, a training share), read by the declared tests of harness/protocol/claim_comparisons.h.
//   point_tests     a claim's tests at each point x of one method's, on the methods' runs at x
//                   (run_measures, plus the caller's measures of those runs), group "<group>" with
//                   x filled in ("K = {:g}")
//   sweep_measures  over the whole sweep (group "sweep"; a slope needs 3 points):
//     loglog_slope     the log-log slope of a's time over its runs' size (extra field
//                      `size_field`, e.g. the training rows), t interval
//     time_gap_slope   the slope over x of a's time minus b's, at b's points, t interval
//     last_time_ratio  a's time / b's at b's last point (timing_rounds.h: by round)
//     mean_accuracy    the mean over a's points of accuracy(a) - accuracy(b), each x on its own
//                      test documents (harness/protocol/document_outcomes.h)
// Time is a run's train_seconds (the sweeps' CPU seconds).
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "harness/protocol/claim_comparisons.h"

namespace linrepro {

// (method, x) -> run.
using SweepPoints = std::map<std::string, std::map<double, RunRecord>>;

// The measures a caller adds at one point, over the methods' runs there (which outlive them).
using PointMeasures =
    std::function<void(ClaimMeasures&, const std::map<std::string, const RunRecord*>& runs)>;

std::vector<ClaimComparison> point_tests(const DeclaredClaim& claim, const SweepPoints& p,
                                         const std::string& at_method, const std::string& group,
                                         const PointMeasures& extra = {});
ClaimMeasures sweep_measures(const SweepPoints& p, const std::string& size_field);

// "<what>: m1 x: value, x: value, ...; m2 ..." (values with 2 decimals; "-" for a method without
// points): a claim's evidence.
std::string sweep_values_text(const SweepPoints& p, const std::string& what,
                              double (*value)(const RunRecord&),
                              const std::vector<std::string>& methods);

}  // namespace linrepro
