#pragma once
// Zhang & Oles (2001) on Reuters-21578 ModApte: the protocol every Reuters experiment of the paper
// shares (Tables 1-3, the section 4.2 text claims, Figures 5-8), written once.
//
//   - Data (§4.2): corpus view "reuters-modapte": all 118 categories with a ModApte document,
//     9,603 training / 3,299 test documents (documents without a category are negatives of every
//     category). 3 categories (cottonseed, f-cattle, sfr) have a single TEST document and no
//     training document: no classifier can be trained for them. We COUNT them, as the paper's "all
//     118 classes" does, as missed: each adds one false negative to the micro P/R/F1 (nothing is
//     predicted) and one positive with TP = 0 to the micro BEP, and F1 = 0 to macro averages.
//   - Features (§4.1): binary word occurrence, a title word distinct from the same body word,
//     terms seen fewer than 3 times in the training set dropped, then 10,000 features PER CATEGORY
//     (fig. 2: "feature selection separately for each category") ranked by information gain with
//     the Gini index in place of entropy ("ig_gini"). No stop list (§4.1: "we do not remove
//     stopwords"), Porter stems of >= 2 letters (fig. 1; the pipeline's defaults). The constant
//     feature A = 1 is appended by the solvers themselves (constant_feature = 1, regularised, §1),
//     by LIBLINEAR's -B 1 for the peers (regularised too), and not at all for naive Bayes (a
//     multinomial model would count it as a word).
//   - Methods (§4): Naive Bayes "nb" (lambda = smoothing count), Lin Reg "cls" (Alg. 2), Mod Least
//     Squares "cmls" (Alg. 3, c_k = max(0, 1 - k/50)), Logistic Reg "clg" (Alg. 4), SVM "smo"
//     (SMO with an unregularised threshold, (7)), Mod SVM "mod-svm" (Alg. 5 with (18), eta = 0.1);
//     K = 100. Peers on the same matrices: LIBLINEAR -s 0 (logistic), -s 2 (squared hinge = Mod
//     Least Squares' loss), -s 3 (hinge, dual CD = Mod SVM's problem), at the lambda of the method
//     they mirror, C = 1/(2 lambda n).
//   - Thresholds (§4.2): decision threshold moved to minimise the TRAINING error
//     (metrics/threshold.h, rule kZoThresholdRule below) for P/R/F1; BEP per category
//     (metrics/break_even.h), micro-averaged.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/labels.h"
#include "core/sparse_matrix.h"
#include "experiments/zhangoles2001/experiments.h"
#include "features/text_dataset.h"
#include "harness/experiment/experiment.h"
#include "harness/experiment/record_fit.h"
#include "metrics/averaging.h"
#include "metrics/binary_counts.h"
#include "metrics/break_even.h"
#include "metrics/paired_bootstrap.h"
#include "metrics/threshold.h"
#include "solvers/params.h"

namespace linrepro {

inline constexpr const char* kZoReutersView = "reuters-modapte";
inline constexpr int32_t kZoFeatures = 10000;

// §4.1's features with k per category; k = 0: no selection at all (text-4's "no feature
// selection": every term, min_count 1, i.e. the rare terms kept as well).
FeatureConfig zo_reuters_features(int32_t k = kZoFeatures);

struct ZoMethod {
  std::string column;     // Table 2's column ("Lin Reg"); for a peer its solver name
  std::string solver;     // registered solver
  std::string lambda_of;  // the Table 1 solver whose lambda it uses ("clg" for liblinear-s0)
  bool peer = false;
};
// The paper's six in Table 2's order, then (with_peers) LIBLINEAR -s 0, -s 2, -s 3.
std::vector<ZoMethod> zo_methods(bool with_peers);

// Solver parameters at `lambda` (naive Bayes: smoothing = lambda). fixed_K: K = 100 iterations
// exactly (text-4: "we fix the number of iterations to be 100"); otherwise the column-relaxation
// methods (cls, cmls, clg) stop early by §3.1's rule (change of sum |Dr_i| below 0.1% of
// 1 + sum |r_i|) with K = 100 at most.
Params zo_params(const std::string& solver, double lambda, bool fixed_K);

// The prepared collection.
struct ZoReuters {
  PreparedText prep;
  Json dataset;         // what every run's config says about the data
  Json dataset_record;  // for ResultFile::add_dataset
  std::vector<int32_t> train_positives, test_positives;  // per category id
  std::vector<int32_t> by_size;  // category ids, most training documents first (ties: name)
};
// Throws DataUnavailable (corpora/data_errors.h) when the corpus is not found.
ZoReuters load_zo_reuters(const ExperimentContext& ctx, const FeatureConfig& features);

// The corpus tokenised once, for experiments that prepare several feature sets from it (Figure 7's
// sweep over the number of features): every zo_reuters_features(k) shares the text options.
struct ZoTokenized {
  TextSplit split;
  TokenizedSplit tokens;
  Json dataset;  // as ZoReuters::dataset, without "features"
  Json identity;
};
ZoTokenized tokenize_zo_reuters(const ExperimentContext& ctx);
// The same with the text options of `text` (stemming, token length, ...; Figure 7's tokenisation
// study): prepare it only with feature configs that share them.
ZoTokenized tokenize_zo_reuters(const ExperimentContext& ctx, const FeatureConfig& text);
ZoReuters prepare_zo_reuters(const ZoTokenized& t, const ExperimentContext& ctx,
                             const FeatureConfig& features);
// The paper's category name style for Table 3's rows: "money-fx" -> "Money-fx".
std::string zo_row_name(const std::string& category);

// One category's matrices (its selected columns) and +1/-1 labels.
struct ZoCategory {
  CsrMatrix X_train, X_test;
  BinaryLabels y_train, y_test;
};
ZoCategory zo_category(const ZoReuters& data, int32_t k);

// The rule that picks a threshold inside the minimum-training-error set (metrics/threshold.h,
// which says why): the one Tables 2 and 3 use. The run configs name it, so changing it reruns them.
inline constexpr ThresholdRule kZoThresholdRule = ThresholdRule::lowest_midpoint;

// One binary classifier's test result.
struct ZoEval {
  // Threshold minimising the training error, by kZoThresholdRule (Table 2 replaces it by
  // counts_out_of_fold, the threshold it adopted: threshold_oof.h).
  BinaryCounts counts;
  BinaryCounts counts_zero;  // the solver's own threshold 0
  BreakEven bep;             // threshold-free
  // The test counts under every rule of kThresholdRules (the threshold ablation).
  std::vector<BinaryCounts> counts_by_rule;
  // At the out-of-fold threshold (threshold_oof.h), when that run was made (full Table 2 only).
  std::optional<BinaryCounts> counts_out_of_fold;
  // Per test document (Table 2's claims pair the methods on them; empty where not stored): the
  // positives at the adopted threshold (`counts`) and at the break-even rank (`bep`).
  std::optional<CategoryOutcomes> at_threshold, at_break_even;
};
// The test documents a classifier ranks in its top `positives` (ties to the earlier document):
// the break-even point's predicted positives, hex as harness/protocol/document_outcomes.h keeps
// them.
std::string break_even_outcomes(std::span<const double> decisions, int64_t positives);
// What the fit itself gave, for its run record (zo_record).
struct ZoFitted {
  BinaryFit fit;
  FitTime time;
  ThresholdChoice threshold;             // the training-error threshold (kZoThresholdRule)
  std::vector<ThresholdChoice> by_rule;  // per rule of kThresholdRules
  std::vector<double> test_decisions;    // the model's decisions on the test rows
};
// Fits `solver` and evaluates it. margins (optional): receives w.x_i y_i on the training rows
// (Figure 5). fitted (optional): the fit, its time and its threshold.
ZoEval zo_fit_evaluate(const std::string& solver, const Params& params, const CsrMatrix& X_train,
                       std::span<const double> y_train, const CsrMatrix& X_test,
                       std::span<const double> y_test, uint64_t seed,
                       std::vector<double>* margins = nullptr, ZoFitted* fitted = nullptr);
// The run record of a fit (harness/experiment/record_fit.h), with the thresholds it chose in its
// extra: "threshold": {rule, theta, train_errors, train_errors_at_zero, theta_by_rule}. Metrics are
// the caller's.
RunRecord zo_record(const std::string& solver, const Params& params, const ZoFitted& fitted);
// A category without a training document (see above): nothing predicted, positives ranked last.
ZoEval zo_missed(int64_t test_positives, int64_t test_rows);

// ZoEval <-> run metrics (tp, fp, fn, tn, tp0, fp0, fn0, tn0, bep_tp, positives, f1, bep, and
// per threshold rule tp_<rule>, fp_<rule>, fn_<rule>, tn_<rule>), so a stored run can be
// aggregated without refitting.
Json zo_metrics(const ZoEval& e);
ZoEval zo_eval_from_metrics(const Json& metrics);

struct ZoMicro {
  PrfScores prf;   // at the training-error thresholds
  PrfScores prf0;  // at threshold 0
  double bep = 0;
  double macro_f1 = 0;
};
// Throws std::invalid_argument on an empty list.
ZoMicro zo_micro(std::span<const ZoEval> per_category);

// The 95 % sampling interval of the categories' micro BEP, in % (harness/results/cell_intervals.h):
// the micro BEP is the break-even TP share of the test positives pooled over the categories
// (metrics/break_even.h), so the bootstrap over the test documents of every category's stored
// break-even decisions (each category's break-even threshold taken as fixed; seeded by `seed`);
// where a category lacks them, Wilson's score interval over the positives. Empty evidence when
// there is no positive.
CellEvidence micro_bep_evidence(std::span<const ZoEval> per_category, uint64_t seed);

}  // namespace linrepro
