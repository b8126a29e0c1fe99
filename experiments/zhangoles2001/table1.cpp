// Zhang & Oles (2001) Table 1: the regularisation parameter of each method, chosen by 5-fold
// cross-validation on the Reuters-21578 ModApte training set over lambda = 10^-k, k = 0..6, one
// value for all categories (§4.1); and Figure 8 (break-even point against lambda), which the
// same sweep gives for free.
//
// Protocol (reuters_protocol.h for the data, features and methods; cv_select.h for the rule; the
// runs declared in experiments.json on table1_cv.h's task set):
//   - Categories: the cross-validation is RESTRICTED to the 10 largest categories by training
//     documents (Table 3's: earn ... corn), fixed by size before any result was seen; they hold
//     about three quarters of the training positives, most of the weight of the micro average the
//     criterion is. The paper runs it over all categories, whose cost (table1_all.cpp: more than
//     20 minutes on 2 cores) is beyond the default set's 8 minutes: that is its own experiment,
//     zhangoles2001/table1_all, whose ablation shows whether the two choices differ. These cells
//     (and so Tables 2-5) stay with the 10 largest, so that the default set is complete on its own
//     and its lambdas do not depend on whether an optional experiment was run.
//   - Folds: 5 seeded folds of the training documents, the same for every category and method;
//     features selected INSIDE each fold, on its training part only (table1_cv.h says why; until
//     issue 15 on the whole training set: table1_all's "whole_training" row).
//   - Criterion: micro BEP pooled over folds and categories; the choice: the one-SE rule
//     (cv_select.h, both since issue 27); the pooled micro F1 at
//     the training-error thresholds is recorded per lambda as well (extra), not used.
//   - Solvers as in Table 2: K = 100 with §3.1's stopping rule for cls/cmls/clg.
// Fast mode: no cells (a CV over a subset would give another lambda): naive Bayes and Lin Reg on
// corn (the 10th largest category) over the whole grid, to exercise the code.
//
// Everything is declared (experiments.json: the runs, Table 1's and Figure 8's cells, the tie
// rule's ablation, Figure 8's claim); here: the task set and the cross-validation's aggregates
// and claim measure (cv_aggregates.h), the components that read the grid.
#include "experiments/zhangoles2001/cv_aggregates.h"
#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/table1_cv.h"
#include "harness/protocol/protocol_runner.h"

namespace linrepro {

void add_zhangoles2001_table1(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.task_sources["zo-reuters-cv"] = zo_reuters_cv_tasks();
  hooks.aggregates = zo_cv_aggregates();
  hooks.claim_measures = zo_cv_measures;
  register_protocol(registry, kZoPaper, "table1", hooks);
}

}  // namespace linrepro
