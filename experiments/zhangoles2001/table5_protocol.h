#pragma once
// Table 5's protocol pieces (table5.cpp has the protocol in words and the driver): its collections
// as task sets of five seeded random splits (harness/protocol/partition_tasks.h), one split's
// matrices, and one method's fit on them.
#include <cstdint>
#include <string>
#include <vector>

#include "core/labels.h"
#include "features/text_dataset.h"
#include "harness/language/declared_protocol.h"
#include "harness/protocol/collection_grid.h"
#include "harness/protocol/task_sets.h"
#include "solvers/params.h"

namespace linrepro::zo_table5 {

inline constexpr const char* kPaper = "zhangoles2001";
inline constexpr int kSplits = 5;
inline constexpr double kTrainFraction =
    0.8;  // "training set size four times that of test set size"
inline constexpr int32_t kFeatures =
    10000;  // §4.2: "We select 10000 features for all algorithms ..."
// The split the lambda walk ("reuters-lambda-transfers", table5_transfer.h) runs on; the only one
// whose runs keep their per-document outcomes (the walk's paired comparisons).
inline constexpr int kTransferSplit = 0;
// Runs are tagged extra.part (declared "record"): Table 5's figures average only kTablePart's.
inline constexpr const char* kTablePart = "table5";
inline constexpr const char* kWalkPart = "lambda walk";

// Every method but Naive Bayes-1: 10,000 Gini-index features per category.
FeatureConfig selected_features();
// Naive Bayes-1: the same text options, no selection at all.
FeatureConfig all_term_features();

// Seeded random 80/20 splits, split k's seed derive_seed(ctx.seed, "<collection>/split<k>").
inline Partitioning table5_partitioning(int splits) {
  return {Partitioning::Kind::random_splits, splits};
}

// A task set of the declaration: Table 5's columns (20NG and WebKB from the mirror; IndustrySector,
// GRANT and IBMweb only when their LINREPRO_*_DIR names a copy, view "" otherwise) and the title
// and HTML ablations' other readings of 20NG and WebKB ("20NewsGroup [bydate-headers]"), seeded as
// their collection (collection.name), so that the same documents split alike.
struct Table5Collection {
  std::string tasks;   // the declared task set: the published dataset tag, or the reading's column
  std::string column;  // the runs' class: Table 5's column, "<column> [<reading id>]"
  GridCollection collection;
};
std::vector<Table5Collection> table5_collections();

// One split's matrices, built by the first of its runs that is not stored.
struct SplitData {
  int split = 0;
  PreparedSplit selected;   // per-category 10,000 features
  PreparedSplit all_terms;  // Naive Bayes-1
  MulticlassLabels train, test;
};

// Collection `c`'s splits as a task set whose runs are recorded under `column`. A registered solver
// is fitted one-vs-rest on the per-category features (table5_ovr.h), or, with data "matrices":
// "all-terms", as one multi-class problem on every training term (Naive Bayes-1); the set also
// fits "sklearn-nb", scikit-learn's MultinomialNB on Naive Bayes-1's matrices (params
// {"smoothing": alpha}), a peer that is no registered solver.
TaskSource table5_splits(const GridCollection& c, const std::string& column);

std::string percent(double fraction);

}  // namespace linrepro::zo_table5
