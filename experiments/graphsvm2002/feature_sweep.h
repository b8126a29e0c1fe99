#pragma once
// The feature-count ablation of graphsvm2002/features (feature_sweep.cpp), exposed for tests.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/ablation.h"
#include "harness/published.h"

namespace linrepro {

// How the experiments' feature count was chosen (datasets.cpp, kGraphsvmFeatures), from the
// paper's text and Rainbow's behaviour, before the sweep was measured.
inline constexpr const char* kFeatureCountWhy =
    "GraphSVM §3.1: \"The corpus contained around 75,000 words. Features were selected using "
    "mutual information\", with Rainbow, which keeps every word unless told to prune "
    "(--prune-vocab-by-infogain=N); the paper gives no N. So some pruning by mutual information "
    "was done, to an unknown count below the full vocabulary. Used: the 10,000 terms of highest "
    "joint mutual information, for NB and the SVMs alike (one Rainbow vocabulary fed both), chosen "
    "before any run and never moved to land nearer a published number. The rows show what the "
    "count does, the full vocabulary included.";

// Issue 16 item 4: why the SVMs read unit-length term-count rows.
inline constexpr const char* kSvmInputWhy =
    "GraphSVM §3.1: \"SVMLight was used for all experiments involving SVMs\"; no parameter is "
    "given, so SVMlight's defaults: linear kernel, a biased hyperplane, C = 1 / avg(x.x) over the "
    "training rows. The paper does not say what vectors Rainbow handed SVMlight. Used: term counts "
    "scaled to unit length, the usual SVM input for text (Joachims 1998), on which the default C "
    "is 1; on raw counts the default C is set by the longest posts (orders of magnitude below 1), "
    "a regularisation so strong that the SVMs under-fit. Chosen before these rows were run; each "
    "row uses SVMlight's default C on its own input, as SVMlight would.";

// Issue 16 item 2: Rainbow's defaults where the paper is silent (datasets.cpp says which).
inline constexpr const char* kStoplistWhy =
    "GraphSVM §3.1: \"Rainbow was used for feature selection, text processing and experiments "
    "involving NB classifiers\"; the paper names one text step, Porter stemming, which Rainbow "
    "does only when asked. Where it is silent, Rainbow's defaults (libbow's option table): "
    "multinomial word-count events, Laplace smoothing, class priors from the training data, "
    "words of at least 2 letters, information gain on document events for --prune-vocab-by-"
    "infogain, and a stoplist (\"usually the default SMART stoplist\", off only with "
    "--no-stoplist), used for NB and the SVMs alike (one Rainbow vocabulary fed both). "
    "Adoption rule for the list (issue 28), written and committed before any run with SMART's "
    "list: the list is the one Rainbow uses by default, whatever its numbers. libbow's built-in "
    "stoplist is \"from SMART\" (its stopwords.c), so SMART's list is adopted: the file Debian's "
    "r-cran-tm package ships as tm/stopwords/SMART.dat (571 entries, sha256 pinned; the 47 with "
    "an apostrophe never match, as neither Rainbow's lexer nor ours makes such a token; the "
    "other words are libbow's where we checked). The list used before, Glasgow's 318 words, was "
    "chosen after a trial run with a stoplist (so not blind to its effect) while SMART's list was "
    "not yet available as data; it stays as a row, as does no stoplist (used before that).";

struct SvmInputRow {
  std::string id, description;
  bool chosen = false;
  std::optional<double> C, accuracy;
};
// One ablation per corpus: the SVM input variants with their default C and MCSVM's accuracy,
// and the paper's MCSVM.
Ablation svm_input_ablation(const std::string& corpus, const std::vector<SvmInputRow>& rows,
                            const PublishedPaper* published);

// One ablation per corpus: accuracy[variant][method] for "smart" (used), "glasgow" and "none".
Ablation stoplist_ablation(const std::string& corpus,
                           const std::map<std::string, std::map<std::string, double>>& accuracy,
                           const PublishedPaper* published);

// One ablation per corpus ("20ng" | "reuters"): a row per k (0 = every term), accuracy of MCNB,
// MCSVM and GraphSVM (accuracy[k][method]; missing values stay empty), columns[k] the matrix
// width it gave, and the paper's row when `published` has it. The chosen row is
// graphsvm_feature_config().k.
Ablation feature_count_ablation(const std::string& corpus, const std::vector<int32_t>& ks,
                                const std::map<int32_t, std::map<std::string, double>>& accuracy,
                                const std::map<int32_t, int32_t>& columns,
                                const PublishedPaper* published);

}  // namespace linrepro
