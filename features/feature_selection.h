#pragma once
// Feature selection scores, computed from the TRAINING documents only (the caller passes the
// training count matrix and training labels; nothing here can see a test document).
//
// Notation (Yang & Pedersen 1997). For a term t and a category c over the N training documents:
//   A = #docs with t in c,  B = #docs with t not in c,  C = #docs without t in c,
//   D = #docs without t not in c;  N = A + B + C + D. Occurrence is binary (t in the doc or not).
// Per-category scores (class variable c vs. not c):
//   df       A + B (the same for every category).
//   ig       information gain with entropy: IG = H(C) - P(t) H(C|t) - P(~t) H(C|~t),
//            H(p) = -sum_i p_i ln p_i over {c, ~c}; P(t) = (A+B)/N, P(c|t) = A/(A+B),
//            P(c|~t) = C/(C+D).
//   ig_gini  Zhang & Oles (2001, §5): "we employ a method similar to the information gain (IG)
//            approach described in Yang and Pedersen (1997). However, we replace the entropy
//            scoring in the IG criterion by Gini index":
//              GI = G(C) - P(t) G(C|t) - P(~t) G(C|~t),  G(p) = 1 - sum_i p_i^2,
//            i.e. for the two classes {c, ~c}: G(p) = 2 p (1 - p).
//   mi       the expected (average) mutual information between term occurrence and the class,
//              I(T;C) = sum_{x in {t,~t}} sum_{y} P(x,y) ln( P(x,y) / (P(x) P(y)) ).
//            This is what GraphSVM used: Godbole et al. (2002, §5) selected "using mutual
//            information" with Rainbow, whose selection (--prune-vocab-by-infogain) computes this
//            average mutual information. It equals ig mathematically (IG is the expected MI):
//            mutual_information() evaluates the MI formula itself (a test checks the identity),
//            and select_features() scores ig and mi per category through one tabulated
//            expansion, so they select the same features; only the joint scope evaluates them by
//            different formulas (rounding may order exact near-ties differently). The name exists
//            so a GraphSVM config says what the paper says. It is NOT Yang & Pedersen's pointwise
//            MI log P(t,c)/(P(t)P(c)), which favours rare terms.
//   chi2     N (AD - CB)^2 / ((A+C)(B+D)(A+B)(C+D)) (Yang & Pedersen), 0 when a margin is 0.
//
// Scopes:
//   per_category  one ranked list per category from its 2x2 tables (Zhang & Oles, fig. 2: "feature
//                 selection separately for each category").
//   global        one list for all categories, scored by an aggregate:
//     joint         the class variable ranges over all categories at once (Rainbow's multi-class
//                   information gain; what GraphSVM ran). Multi-label documents count as one
//                   instance in each of their categories (Godbole et al. 2002, §5: "Training
//                   instances with multiple class assignments were considered once in every
//                   assigned class"); documents without a category form one extra class "none" so
//                   that they still count. ig/ig_gini/mi use the m-class H, G and I; chi2 is
//                   Pearson's statistic of the 2 x m table; df is df.
//     max           max_k score_k(t)              (Yang & Pedersen's chi2_max)
//     weighted_avg  sum_k P(c_k) score_k(t), P(c_k) = (#docs in c_k) / N  (their chi2_avg)
// Top-k: highest score first; ties broken by the term string, ascending (vocabulary ids are in
// term order, so this is the smaller id). Deterministic for every thread count and doc order.
#include <cstdint>
#include <span>
#include <vector>

#include "core/labels.h"
#include "core/sparse_matrix.h"

namespace linrepro {

enum class SelectionMethod { none, df, ig, ig_gini, mi, chi2 };
enum class SelectionScope { global, per_category };
enum class GlobalAggregate { joint, max, weighted_avg };

struct SelectionOptions {
  SelectionMethod method = SelectionMethod::none;  // none: every vocabulary term, k must be 0
  int32_t k = 0;  // features kept (per category in per_category scope); more than exist: all
  SelectionScope scope = SelectionScope::global;
  GlobalAggregate aggregate = GlobalAggregate::joint;  // global scope only
};

// One term/category 2x2 table of document counts (see the notation above).
struct TermCategoryTable {
  double A = 0, B = 0, C = 0, D = 0;
};

double information_gain(const TermCategoryTable& t);
double gini_information_gain(const TermCategoryTable& t);
double mutual_information(const TermCategoryTable& t);
double chi_square(const TermCategoryTable& t);
// The per-category score of `method` (df = A + B). `method` must not be none.
double category_score(SelectionMethod method, const TermCategoryTable& t);

// Joint scores over m classes: a[k] = instances of class k containing the term, n[k] = instances of
// class k (a[k] <= n[k]). `method` must not be none.
double joint_score(SelectionMethod method, std::span<const double> a, std::span<const double> n);

struct FeatureSelection {
  SelectionOptions options;
  // Global scope: selected vocabulary ids, best first. Method none: every id in vocabulary order.
  std::vector<int32_t> global;
  std::vector<double> global_scores;  // global scope, method != none: the score of every term
  // Per-category scope: per_category[k] = selected vocabulary ids for category k, best first.
  // A category with no training document scores every term 0 and so gets the first k terms by
  // name; no classifier can be trained for it anyway.
  std::vector<std::vector<int32_t>> per_category;
};

// train_counts: rows = training documents, columns = vocabulary ids (only the non-zero pattern is
// used). train_targets.y[i] = sorted category ids of training document i (may be empty).
// Throws ConfigError for inconsistent sizes or options.
FeatureSelection select_features(const CsrMatrix& train_counts,
                                 const MultilabelLabels& train_targets,
                                 const SelectionOptions& options);

// Indices of the k highest scores, best first; ties by smaller index. k > size: all.
std::vector<int32_t> top_k(std::span<const double> scores, int32_t k);

// Single-label targets in the multi-label form select_features takes.
MultilabelLabels as_multilabel(const MulticlassLabels& labels);

}  // namespace linrepro
