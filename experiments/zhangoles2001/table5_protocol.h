#pragma once
// Table 5's protocol pieces (table5.cpp has the protocol in words and the driver): its methods and
// collections, one split's matrices, and one (collection, split, method) fit. The grid itself
// (collections loaded, split slots, jobs) is harness/collection_grid.h.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/labels.h"
#include "features/text_dataset.h"
#include "harness/collection_grid.h"
#include "harness/experiment.h"
#include "solvers/params.h"

namespace linrepro::zo_table5 {

inline constexpr const char* kPaper = "zhangoles2001";
inline constexpr int kSplits = 5;
inline constexpr double kTrainFraction =
    0.8;  // "training set size four times that of test set size"
inline constexpr int32_t kFeatures =
    10000;                               // §4.2: "We select 10000 features for all algorithms ..."
inline constexpr int64_t kMinCount = 3;  // §4.1, after Joachims (1998)
// The split the lambda walk ("reuters-lambda-transfers", table5_transfer.h) runs on.
inline constexpr int kTransferSplit = 0;
// Runs are tagged extra.part = kTablePart or kWalkPart: Table 5's figures average only the former.
inline constexpr const char* kTablePart = "table5";
inline constexpr const char* kWalkPart = "lambda walk";

enum class Kind {
  nb1,           // native multi-class fit on Naive Bayes-1's matrices
  per_category,  // table5_ovr.h on the 10,000-feature per-category matrices
  sklearn_nb1,   // scikit-learn MultinomialNB on Naive Bayes-1's matrices
};

struct Method {
  std::string solver;     // registry name (sklearn-nb: the Python peer)
  std::string row;        // Table 5 row; "" for a peer
  std::string lambda_of;  // the key of zhangoles2001_lambdas
  Kind kind;
  bool in_fast;
};

// Table 5's rows in the paper's order, then the peers.
std::vector<Method> table5_methods();
// A method's params at Table 1's `lambdas` (defined in table5.cpp, beside the driver).
Params method_params(const Method& m, const std::map<std::string, double>& lambdas);
// Every method but Naive Bayes-1: 10,000 Gini-index features per category.
FeatureConfig selected_features();
// Naive Bayes-1: the same text options, no selection at all.
FeatureConfig all_term_features();

// Table 5's columns (GridCollection::name): 20NG and WebKB from the mirror; IndustrySector, GRANT
// and IBMweb only when their LINREPRO_*_DIR names a copy (view "" otherwise). Fast mode: WebKB
// only.
std::vector<GridCollection> table5_collections(bool fast);

// Seeded random 80/20 splits, split k's seed derive_seed(ctx.seed, "<column>/split<k>").
inline Partitioning table5_partitioning(int splits) {
  return {Partitioning::Kind::random_splits, splits};
}

// One split's matrices (a grid slot, built by the first of its runs that is not stored).
struct SplitData {
  PreparedSplit selected;   // per-category 10,000 features
  PreparedSplit all_terms;  // Naive Bayes-1
  MulticlassLabels train, test;
};

using SplitCollection = LoadedCollection<SplitData>;
using Job = GridJob<SplitData, Method>;

std::string run_key(const std::string& column, int split, const std::string& solver);
// Splits the collection (split k's seed), tokenises once, prepares both feature sets.
SplitData prepare_split(const SplitCollection& lc, int k, bool progress);
// One (collection, split, method) fit on the prepared split, scored on its test rows.
RunRecord run_job(const Job& job, const SplitData& sd, const Params& params, uint64_t fit_seed);
std::string percent(double fraction);
// What a Table 5 cell's note says about the method.
std::string method_note(const Method& m, const Params& params);

}  // namespace linrepro::zo_table5
