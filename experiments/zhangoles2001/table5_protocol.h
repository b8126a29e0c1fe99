#pragma once
// Table 5's protocol pieces (table5.cpp has the protocol in words and the driver): its methods and
// collections, one split's matrices built on first use, and one (collection, split, method) fit.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/labels.h"
#include "experiments/common/text_dataset.h"
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

struct Collection {
  std::string column;   // Table 5's column
  std::string view;     // corpus view; "" = not available
  std::string env_var;  // "" for the mirrored ones
  std::string what;     // for the unavailable note
  std::string caveat;   // how our copy differs from the paper's
  // The "dataset" tag of its cells in results/published/zhangoles2001.json (mark_unavailable).
  std::string dataset;
};

// Table 5's columns: 20NG and WebKB from the mirror; IndustrySector, GRANT and IBMweb only when
// their LINREPRO_*_DIR names a copy (view "" otherwise). Fast mode: WebKB only.
std::vector<Collection> table5_collections(bool fast);

// One split's matrices, built on first use (every run of a split may already be stored) and
// released when its last job is done (20NG's five splits would otherwise all stay in memory).
struct SplitData {
  std::once_flag once;
  std::mutex release_mutex;
  int remaining_jobs = 0;
  bool keep = false;  // split 0 stays for the lambda walk after its Table 5 jobs
  std::optional<PreparedSplit> selected;   // per-category 10,000 features
  std::optional<PreparedSplit> all_terms;  // Naive Bayes-1
  MulticlassLabels train, test;
};

struct LoadedCollection {
  Collection info;
  std::optional<Corpus> corpus;
  std::string unavailable_note;
  Json description;
  std::vector<uint64_t> split_seeds;
  std::vector<std::unique_ptr<SplitData>> splits;
};

struct Job {
  LoadedCollection* collection;
  int split;
  const Method* method;
};

std::string run_key(const std::string& column, int split, const std::string& solver);
// Splits the collection (split k's seed), tokenises once, prepares both feature sets.
void prepare_split(LoadedCollection& lc, int k, SplitData& sd, bool progress);
// One (collection, split, method) fit on the prepared split, scored on its test rows.
RunRecord run_job(const Job& job, const Params& params, uint64_t fit_seed);
std::string percent(double fraction);
// What a Table 5 cell's note says about the method.
std::string method_note(const Method& m, const Params& params);

}  // namespace linrepro::zo_table5
