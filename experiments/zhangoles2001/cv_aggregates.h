#pragma once
// Table 1's cross-validation as named components a declaration reads (Zhang & Oles 2001, §4.1;
// the runs: table1_cv.h, one per category and method over the whole lambda grid). Each aggregate
// pools one method's runs over their categories (zo_pool_cv) and reads one choice off the grid:
//   cv-choice       log10 of Table 1's lambda (the one-SE rule, cv_select.h); its interval the
//                   one-SE band; fields lambda, bep (in the column's scale), and for the note
//                   se_points ("0.47"), best_lambda ("0.01") and grid (zo_cv_grid_text)
//   cv-best         log10 of the lambda with the largest pooled BEP; fields lambda, bep, fold_se
//                   (both in the column's scale)
//   cv-best:<n>     the same over the first n categories (the n largest: the tasks are in size
//                   order); not measured when fewer ran
//   cv-bep:<lambda> the pooled BEP at that grid lambda ("0.001", "1e-06"), with Wilson's interval
//                   over the held-out positives
// and the claim measure cv_fold_bep:<method> (a: "best" or "smallest" grid point, b: the other):
// a - b in BEP points, a paired t interval over the 5 folds, each fold pooled over the categories.
#include <map>
#include <string>

#include "harness/protocol/protocol_claims.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

std::map<std::string, TaskAggregate> zo_cv_aggregates();

ClaimMeasures zo_cv_measures(const ProtocolResults& results, const std::string& cls);

}  // namespace linrepro
