#pragma once
// Claim measures over one task set's runs (harness/protocol/task_sets.h,
// harness/protocol/claim_comparisons.h), by method name; a method whose runs are not all there is
// not measured. Both compare objectives of seeded, deterministic runs, so they are exact
// (harness/results/claim_verdict.h), over the tasks both methods trained on (an untrainable task
// has no objective):
//   objective_lower_share      the share in % of those tasks where a's objective is below b's;
//   median_gap_to:<reference>  the median over those tasks of a's relative gap to the reference
//                              method's objective, (O_a - O_ref) / O_ref in %, minus b's.
// The same two as aggregates of one method's runs (a value expression names them: a cell's value,
// a claim's evidence), objective_aggregate:
//   objective-lower:<b>        the share in % of those tasks where the runs' objective is below
//                              b's; fields "lower" and "of" (the counts), "mean" and
//                              "mean_other" (the mean objectives of the runs and of b's there);
//   median-gap-to:<reference>  the median relative gap (O - O_ref) / O_ref of the runs; fields
//                              "max" and "gaps" (each task's in %, as text: "1.81, 1.54").
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

// The relative gaps (O_a - O_ref) / O_ref over the tasks both a and ref trained on, in task order.
std::vector<double> relative_objective_gaps(std::span<const RunRecord> a,
                                            std::span<const RunRecord> ref);

// The measures refer to `runs`, which must outlive them.
ClaimMeasures task_measures(const std::map<std::string, std::vector<RunRecord>>& runs);
ClaimMeasures task_measures(std::map<std::string, std::vector<RunRecord>>&&) = delete;

// The aggregate `name` above, or nothing when it is neither.
std::optional<TaskAggregate> objective_aggregate(const std::string& name);

}  // namespace linrepro
