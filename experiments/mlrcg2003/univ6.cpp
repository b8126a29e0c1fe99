// Table 3 of Zhang, Jin, Yang & Hauptmann (ICML 2003): MMLR-CG against one-vs-rest SVM on the
// multiclass web-page collections, micro- and macro-F1 of five-fold cross-validation with the five
// test folds combined (§5: "we split them into 5 equal-sized subsets, and every time 4 of them are
// used as training set and the remaining one as test set. Our results in table 3 are the
// combination of the five runs").
//
// Protocol, per collection and fold:
//   - "Page only" words (corpora/webkb.h: the text on the page, no anchor text of linking pages);
//   - 500 binary features by information gain (§5), one joint multi-class IG ranking computed on
//     the 4 training folds only, so the features are re-selected for every fold;
//   - lambda = 0.001 for every solver (§5; SVMs get C = 1/(2 lambda n) in their adapters);
//   - MMLR-CG (200 CG steps, §3.3), SMO one-vs-rest (our SVMlight stand-in; argmax of the K
//     decision values), and LIBLINEAR -s 3 one-vs-rest as a peer (runs only: the paper has no
//     such column);
//   - each run stores its test confusion matrix; the cells are the micro/macro-F1 of the sum of
//     the five (harness/protocol/partition_measures.h).
// The runs and cells are declared in experiments.json: each collection's folds are a task set
// declared whole (harness/protocol/multiclass_partitions.h), each solver a method at the paper's
// lambda, each cell an aggregate of a method's fold runs (harness/protocol/partition_measures.h),
// and each collection's fold-spread ablation a declared table over the fold assignments (draws
// 1-4). Solvers added with --with-solver run on every fold the same way (one-vs-rest when binary)
// and get columns "<label> (extra) micro-F1 / macro-F1" (rows of the --with-solver method), not
// part of the paper. The claims and
// their evidence are declared as well: this file only registers the experiment. Univ-6 is the
// corpus view "webkb-univ6" (4,158 pages in 6 classes against the paper's 4,165; corpora/webkb.h
// documents the choice). The Hoovers collections are not public: their cells are data_unavailable
// unless LINREPRO_HOOVERS28_DIR / LINREPRO_HOOVERS255_DIR name a one-folder-per-class copy, which
// then runs through exactly the same protocol (corpus views "hoovers-28", "hoovers-255").
//
// Fast mode (the regression subset): Univ-6 fold 0 with MMLR-CG and SMO, runs only, no cells (a
// single fold cannot give the combined five-fold numbers).
#include "experiments/mlrcg2003/experiments.h"
#include "harness/protocol/protocol_runner.h"

namespace linrepro {

void add_mlrcg2003_univ6(std::vector<ExperimentInfo>& registry) {
  register_protocol(registry, kMlrcgPaper, "table3", {});
}

}  // namespace linrepro
