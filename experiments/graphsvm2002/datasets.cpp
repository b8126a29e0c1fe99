#include "experiments/graphsvm2002/datasets.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/seed.h"
#include "corpora/splits.h"
#include "features/analyzer.h"
#include "features/text_dataset.h"
#include "features/vectorizer.h"

namespace linrepro {

namespace {

constexpr const char* k20ngView = "20news-18828-subject-org";
constexpr const char* kReutersView = "reuters-gt10";

// The number of features. The paper says only that features were selected by mutual information
// with Rainbow (section 3.1; "the corpus contained around 75,000 words"). We keep the top 10,000
// terms by joint MI on both collections: a round number that keeps all the terms that carry class
// information on either collection (Reuters has about 20,000 stems, 20NG about 75,000, most of
// them seen once), chosen before any run and never changed to move a result.
constexpr int32_t kGraphsvmFeatures = 10000;

PrepareOptions prepare_options(const ExperimentContext& ctx) {
  return PrepareOptions{.threads = ctx.threads, .progress = ctx.progress};
}

void fill_identity(GraphsvmData& d, const Corpus& corpus, const PreparedText& prep) {
  d.Xtrain_svm = finish_rows(d.Xtrain, /*l2_normalize=*/true, /*bias=*/0);
  d.Xtest_svm = finish_rows(d.Xtest, /*l2_normalize=*/true, /*bias=*/0);
  d.identity = corpus.identity;
  d.identity["name"] = d.name;
  d.identity["view"] = d.view;
  d.identity["preparation"] = prep.identity;
  d.identity["features"] = d.Xtrain.cols;
  d.identity["classes"] = d.class_names.size();
  d.identity["train_docs"] = d.train_docs;
  d.identity["test_docs"] = d.test_docs;
  d.identity["rows_train"] = d.Xtrain.rows;
  d.identity["rows_test"] = d.Xtest.rows;
  d.identity["dropped_test_docs"] = d.dropped_test_docs;
  d.identity["svm_rows"] = "term counts scaled to unit L2 norm";
}

}  // namespace

FeatureConfig graphsvm_feature_config(int32_t k) {
  FeatureConfig c;
  c.stemming = "porter";
  // Rainbow's text processing (§3.1: "Rainbow was used for feature selection, text processing"),
  // at its defaults where the paper is silent (libbow's option table): a stoplist is on ("Toss
  // lexed words that appear in the stoplist ... usually the default SMART stoplist"; --no-stoplist
  // turns it off, and the paper names no such step), words shorter than 2 letters are tossed,
  // tokens are runs of letters (digits need --lex-alphanum), stemming is off unless asked for
  // (the paper asked: Porter). The stoplist is Rainbow's own, SMART's (adoption rule: the
  // why of ablation stoplist-{corpus}, experiments.json); that ablation (graphsvm2002/features)
  // also shows Glasgow's list (used before) and none (used before that).
  c.stopwords = StopwordList::smart;
  c.selection = k == 0 ? SelectionMethod::none : SelectionMethod::mi;
  c.k = k < 0 ? kGraphsvmFeatures : k;
  c.scope = SelectionScope::global;
  c.aggregate = GlobalAggregate::joint;
  c.representation = Representation::tf;
  c.l2_normalize = false;
  c.bias = 0;  // NB would count a bias column as a word; the SVMs have their own intercept
  c.validate();
  return c;
}

nlohmann::json data_config(const GraphsvmData& d) {
  nlohmann::json j = {{"name", d.name},
                      {"view", d.view},
                      {"features", to_json(d.features)},
                      {"split", d.identity.value("split", nlohmann::json::object())},
                      {"subset", d.identity.value("subset", nlohmann::json::object())},
                      {"classes", d.class_names},
                      {"rows_train", d.Xtrain.rows},
                      {"rows_test", d.Xtest.rows},
                      {"columns", d.Xtrain.cols},
                      {"svm_rows", "unit L2 norm"}};
  const auto& data = d.identity.value("data", nlohmann::json::object());
  if (data.contains("content_sha256")) j["content_sha256"] = data["content_sha256"];
  return j;
}

Corpus load_graphsvm_20ng_corpus() { return load_corpus_view(k20ngView); }
Corpus load_graphsvm_reuters_corpus() { return load_corpus_view(kReutersView); }

GraphsvmData make_graphsvm_20ng(const Corpus& full, const ExperimentContext& ctx,
                                double train_fraction, double data_fraction,
                                const FeatureConfig& features) {
  if (!(data_fraction > 0 && data_fraction <= 1))
    throw ConfigError(
        fmt::format("graphsvm2002: data_fraction {} must be in (0, 1]", data_fraction));
  const uint64_t seed = derive_seed(ctx.seed, "graphsvm2002/20ng-split");
  Corpus corpus;
  const Corpus* use = &full;
  if (data_fraction < 1) {
    // A prefix of one seeded permutation: the subsets are nested across fractions.
    const auto n = static_cast<int32_t>(full.docs.size());
    const auto keep = static_cast<int32_t>(std::lround(data_fraction * n));
    std::vector<int32_t> p = seeded_permutation(n, derive_seed(seed, "subset"));
    p.resize(static_cast<size_t>(keep));
    std::sort(p.begin(), p.end());  // keep corpus order
    corpus.name = full.name;
    corpus.label_names = full.label_names;
    corpus.identity = full.identity;
    for (int32_t i : p) corpus.docs.push_back(full.docs[static_cast<size_t>(i)]);
    corpus.identity["subset"] = {{"data_fraction", data_fraction}, {"docs", keep}};
    use = &corpus;
  }
  const TextSplit split = split_random(*use, train_fraction, seed);
  GraphsvmData d;
  d.name = "20ng";
  d.view = k20ngView;
  d.features = features;
  const PreparedText prep = prepare_text(split, d.features, prepare_options(ctx));
  d.Xtrain = prep.features.matrices.train;
  d.Xtest = prep.features.matrices.test;
  d.ytrain = first_labels(prep.train_labels);  // 20NG: exactly one label per document
  d.ytest = first_labels(prep.test_labels);
  d.class_names = prep.train_labels.class_names;
  d.train_ids = split.train_ids;
  d.test_ids = split.test_ids;
  d.train_docs = d.Xtrain.rows;
  d.test_docs = d.Xtest.rows;
  fill_identity(d, *use, prep);
  d.identity["split"] = {{"kind", "random"},
                         {"train_fraction", train_fraction},
                         {"seed", seed},
                         {"train", d.train_docs},
                         {"test", d.test_docs}};
  if (data_fraction < 1) d.identity["subset"] = use->identity["subset"];
  return d;
}

ExpandedRows expand_multilabel_rows(const MultilabelLabels& labels) {
  ExpandedRows e;
  for (size_t i = 0; i < labels.y.size(); ++i) {
    std::vector<int32_t> ls = labels.y[i];
    std::sort(ls.begin(), ls.end());
    ls.erase(std::unique(ls.begin(), ls.end()), ls.end());
    for (int32_t c : ls) {
      e.row_of.push_back(static_cast<int32_t>(i));
      e.y.push_back(c);
    }
  }
  return e;
}

std::vector<int32_t> single_label_rows(const MultilabelLabels& labels) {
  std::vector<int32_t> rows;
  for (size_t i = 0; i < labels.y.size(); ++i)
    if (labels.y[i].size() == 1) rows.push_back(static_cast<int32_t>(i));
  return rows;
}

GraphsvmData make_graphsvm_reuters(const Corpus& corpus, const ExperimentContext& ctx,
                                   const FeatureConfig& features) {
  const TextSplit split = split_standard(corpus);
  GraphsvmData d;
  d.name = "reuters";
  d.view = kReutersView;
  d.features = features;
  // Selection sees each training document once, with all its labels (the joint MI counts a
  // multi-label document once in each of its classes: features/feature_selection.h).
  const PreparedText prep = prepare_text(split, d.features, prepare_options(ctx));
  d.class_names = prep.train_labels.class_names;
  d.train_docs = prep.features.matrices.train.rows;
  d.test_docs = prep.features.matrices.test.rows;

  const ExpandedRows e = expand_multilabel_rows(prep.train_labels);
  d.Xtrain = prep.features.matrices.train.select_rows(e.row_of);
  d.ytrain.class_names = d.class_names;
  d.ytrain.y = e.y;
  for (int32_t r : e.row_of) d.train_ids.push_back(split.train_ids[static_cast<size_t>(r)]);

  const std::vector<int32_t> keep = single_label_rows(prep.test_labels);
  d.Xtest = prep.features.matrices.test.select_rows(keep);
  d.ytest.class_names = d.class_names;
  for (int32_t r : keep) {
    d.ytest.y.push_back(prep.test_labels.y[static_cast<size_t>(r)].front());
    d.test_ids.push_back(split.test_ids[static_cast<size_t>(r)]);
  }
  d.dropped_test_docs = d.test_docs - static_cast<int32_t>(keep.size());
  fill_identity(d, corpus, prep);
  d.identity["split"] = {{"kind", "standard"},
                         {"train", d.train_docs},
                         {"test", d.test_docs},
                         {"train_rows", "one per (document, class) pair"},
                         {"test_rows", "single-label test documents only"}};
  return d;
}

int32_t corpus_vocabulary(const Corpus& corpus, const FeatureConfig& f, int threads) {
  std::vector<TextDoc> docs;
  docs.reserve(corpus.docs.size());
  for (const Document& d : corpus.docs) docs.push_back({d.title, d.body});
  return static_cast<int32_t>(tokenize_corpus(docs, f.text_options(), threads).terms.size());
}

GraphsvmData load_graphsvm_reuters(const ExperimentContext& ctx) {
  return make_graphsvm_reuters(load_graphsvm_reuters_corpus(), ctx);
}

GraphsvmData restrict_to_classes(const GraphsvmData& data, const std::vector<int32_t>& classes) {
  const auto K = static_cast<int32_t>(data.class_names.size());
  std::vector<int32_t> local(static_cast<size_t>(K), -1);
  for (size_t k = 0; k < classes.size(); ++k) {
    const int32_t c = classes[k];
    if (c < 0 || c >= K)
      throw ConfigError(
          fmt::format("restrict_to_classes: class id {} out of range 0..{}", c, K - 1));
    if (local[static_cast<size_t>(c)] >= 0)
      throw ConfigError(fmt::format("restrict_to_classes: class id {} given twice", c));
    local[static_cast<size_t>(c)] = static_cast<int32_t>(k);
  }
  GraphsvmData out;
  out.name = data.name;
  out.view = data.view;
  out.features = data.features;
  for (int32_t c : classes) out.class_names.push_back(data.class_names[static_cast<size_t>(c)]);
  out.ytrain.class_names = out.ytest.class_names = out.class_names;
  // The rows of the kept classes on one side: labels and document ids into yo and ido.
  auto pick = [&](const MulticlassLabels& y, const std::vector<std::string>& ids,
                  MulticlassLabels& yo, std::vector<std::string>& ido) {
    std::vector<int32_t> rows;
    for (size_t r = 0; r < y.y.size(); ++r) {
      const int32_t c = y.y[r];
      if (c < 0 || local[static_cast<size_t>(c)] < 0) continue;
      rows.push_back(static_cast<int32_t>(r));
      yo.y.push_back(local[static_cast<size_t>(c)]);
      if (r < ids.size()) ido.push_back(ids[r]);
    }
    return rows;
  };
  const std::vector<int32_t> train = pick(data.ytrain, data.train_ids, out.ytrain, out.train_ids);
  const std::vector<int32_t> test = pick(data.ytest, data.test_ids, out.ytest, out.test_ids);
  out.Xtrain = data.Xtrain.select_rows(train);
  out.Xtest = data.Xtest.select_rows(test);
  out.Xtrain_svm = data.Xtrain_svm.select_rows(train);
  out.Xtest_svm = data.Xtest_svm.select_rows(test);
  out.train_docs = out.Xtrain.rows;
  out.test_docs = out.Xtest.rows;
  out.identity = data.identity;
  out.identity["subset"] = {{"classes", out.class_names},
                            {"of", data.class_names.size()},
                            {"features", "as selected on all classes"}};
  out.identity["classes"] = out.class_names.size();
  out.identity["rows_train"] = out.Xtrain.rows;
  out.identity["rows_test"] = out.Xtest.rows;
  return out;
}

}  // namespace linrepro
