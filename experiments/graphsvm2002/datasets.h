#pragma once
// The two collections of Godbole, Sarawagi & Chakrabarti (2002, section 3.1) as single-label
// train/test matrices, built only through features/text_dataset.h (corpus view -> split
// -> prepare_text): every graphsvm2002 experiment (main and sweeps) trains on exactly these.
//
// 20 Newsgroups: view "20news-18828-subject-org" (18,828 messages; the paper kept the Subject and
//   Organization headers, but the 18828 distribution keeps only From and Subject, so only the
//   Subject is there), a seeded random 70/30 split (the paper: "We randomly chose 70% of the
//   documents for training").
// Reuters-21578: view "reuters-gt10" (ModApte, the categories with more than 10 training
//   documents; 59 on these files, the paper reports 60). "Training instances with multiple class
//   assignments were considered once in every assigned class" -> a training document with L of the
//   categories becomes L identical rows, one per class (expand_multilabel_rows); "We ignored
//   multi-class test instances" -> only test documents with exactly one of the categories are
//   kept (single_label_rows).
// Features (graphsvm_feature_config): Porter stems, the top k terms by joint multi-class mutual
//   information on the training documents (the paper: "Features were selected using mutual
//   information", with Rainbow; it does not give the number, see kGraphsvmFeatures in
//   datasets.cpp for ours). Two representations of the same rows, as the paper ran two programs:
//     Xtrain / Xtest          term counts: what Rainbow's multinomial NB counts (MCNB, the NB
//                             stages of GraphSVM and the hierarchy);
//     Xtrain_svm / Xtest_svm  the same counts, each row scaled to unit L2 norm: the SVMs' input.
//   Why the SVMs do not get raw counts: with SVMlight's default C = 1/avg(x.x) (the paper used
//   SVMlight's defaults) raw counts give C ~ 4e-5 on 20NG, set by a few very long posts, and a
//   badly under-fitted SVM; length-normalised vectors are the usual SVM text input (Joachims) and
//   make the default C = 1.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/labels.h"
#include "core/sparse_matrix.h"
#include "corpora/document.h"
#include "features/pipeline.h"
#include "harness/experiment/experiment.h"

namespace linrepro {

struct GraphsvmData {
  std::string name;         // "20ng" | "reuters" (the prefix of the published rows, "20ng MCSVM")
  std::string view;         // the corpus view it came from
  CsrMatrix Xtrain, Xtest;  // term counts (NB)
  CsrMatrix Xtrain_svm, Xtest_svm;  // the same rows, unit L2 norm (SVMs)
  MulticlassLabels ytrain, ytest;   // class ids index class_names
  std::vector<std::string> class_names;
  std::vector<std::string> train_ids, test_ids;  // document id per row (repeated when expanded)
  FeatureConfig features;
  int32_t train_docs = 0, test_docs = 0;  // documents before expansion / filtering
  int32_t dropped_test_docs = 0;          // multi-label test documents ignored (Reuters)
  // Corpus identity + split + feature description + the counts above, for result files; also the
  // part of every run's config that identifies the data (see data_config).
  nlohmann::json identity;
};

// What a run's config must contain to identify its data (view, split, features, sizes, digest):
// a changed corpus, split or feature set changes every run's hash.
nlohmann::json data_config(const GraphsvmData& data);

// The feature pipeline configuration of both collections; k: another number of MI features (the
// feature-count ablation), 0 every term (no selection).
FeatureConfig graphsvm_feature_config(int32_t k = -1);

// The raw corpora (DataUnavailable when the data cannot be found). Read once, prepare many times.
Corpus load_graphsvm_20ng_corpus();
Corpus load_graphsvm_reuters_corpus();

// 20NG from an already loaded corpus. data_fraction in (0, 1]: a seeded random subset of that
// share of the documents is used (nested: a smaller fraction's documents are a subset of a larger
// one's), then split train_fraction : (1 - train_fraction). Figure 11's "training set from 10% to
// 70% of the whole data, train:test 70:30" is data_fraction = share / 0.7, train_fraction = 0.7.
// Features are selected on that training side.
// `features`: another feature configuration (the feature-count ablation); the default is the
// experiments' own.
GraphsvmData make_graphsvm_20ng(const Corpus& corpus, const ExperimentContext& ctx,
                                double train_fraction = 0.7, double data_fraction = 1.0,
                                const FeatureConfig& features = graphsvm_feature_config());

// Reuters from an already loaded corpus (the standard ModApte split; no randomness).
GraphsvmData make_graphsvm_reuters(const Corpus& corpus, const ExperimentContext& ctx,
                                   const FeatureConfig& features = graphsvm_feature_config());
GraphsvmData load_graphsvm_reuters(const ExperimentContext& ctx);

// The number of distinct terms in every document of `corpus` under f's tokenisation (the paper's
// "the corpus contained around 75,000 words", §3.1).
int32_t corpus_vocabulary(const Corpus& corpus, const FeatureConfig& f, int threads);

// The classes `classes` (ids into data.class_names, distinct) only: their training and test rows,
// relabelled 0..k-1 in the order given, same feature columns (features are not reselected; Figures
// 7-10's class sweeps keep one feature space). The name and identity record the subset.
GraphsvmData restrict_to_classes(const GraphsvmData& data, const std::vector<int32_t>& classes);

// --- the Reuters protocol pieces, exposed for tests ---

// One row per (document, label) pair, documents in order, a document's labels in ascending id
// order: row_of[r] = the document, y[r] = the class. Documents without a label give no row.
struct ExpandedRows {
  std::vector<int32_t> row_of;
  std::vector<int32_t> y;
};
ExpandedRows expand_multilabel_rows(const MultilabelLabels& labels);

// The documents with exactly one label (ascending).
std::vector<int32_t> single_label_rows(const MultilabelLabels& labels);

}  // namespace linrepro
