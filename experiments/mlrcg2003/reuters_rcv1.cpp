#include "experiments/mlrcg2003/reuters_rcv1.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "corpora/data_errors.h"
#include "corpora/libsvm_sets.h"
#include "experiments/mlrcg2003/experiments.h"
#include "experiments/mlrcg2003/objective_measures.h"
#include "features/feature_selection.h"
#include "harness/protocol/binary_categories.h"

namespace linrepro {

namespace {

const std::vector<std::string> kTopics = {"CCAT", "ECAT", "GCAT", "MCAT"};

// Rows [begin, end) of X with every stored value set to 1: "binary-valued features" (§5) from
// LYRL2004's tf-idf vectors (their terms are already stemmed and stop-worded by Lewis et al.).
CsrMatrix binary_rows(const CsrMatrix& X, int32_t begin, int32_t end) {
  std::vector<int32_t> rows(static_cast<size_t>(end - begin));
  for (int32_t i = begin; i < end; ++i) rows[static_cast<size_t>(i - begin)] = i;
  CsrMatrix B = X.select_rows(rows);
  B.cols = X.cols;
  std::fill(B.values.begin(), B.values.end(), 1.0);
  return B;
}

// The topics' labels of rows [begin, end), restricted to kTopics (class id = index in kTopics).
MultilabelLabels topic_labels(const Rcv1Data& data, int32_t begin, int32_t end) {
  std::vector<int32_t> id_of(data.topics.class_names.size(), -1);
  for (size_t k = 0; k < kTopics.size(); ++k) {
    const auto& names = data.topics.class_names;
    const auto it = std::find(names.begin(), names.end(), kTopics[k]);
    if (it != names.end()) id_of[static_cast<size_t>(it - names.begin())] = static_cast<int32_t>(k);
  }
  MultilabelLabels out;
  out.class_names = kTopics;
  for (int32_t i = begin; i < end; ++i) {
    std::vector<int32_t> ids;
    for (int32_t c : data.topics.y[static_cast<size_t>(i)])
      if (id_of[static_cast<size_t>(c)] >= 0) ids.push_back(id_of[static_cast<size_t>(c)]);
    std::sort(ids.begin(), ids.end());
    out.y.push_back(std::move(ids));
  }
  return out;
}

// The result file's record of the RCV1 matrices: the reader's identity with the split's sizes.
Json rcv1_dataset_record(const Rcv1Data& data, int64_t train, int64_t test, int64_t features) {
  Json d = data.identity;
  d["name"] = "rcv1-v2";
  d["train"] = d["rows_train"] = train;
  d["test"] = d["rows_test"] = test;
  d["features"] = features;
  d["classes"] = kTopics.size();  // Table 1's count: the four topics, one binary task each
  const Json& source = data.identity.value("data", Json::object());
  if (source.contains("content_sha256")) d["sha256"] = source["content_sha256"];
  return d;
}

// MLR-CG's protocol on RCV1: train on LYRL2004's 781,265 test documents, test on its 23,149
// training documents (corpora/libsvm_sets.h), the 500 features of highest joint IG.
std::shared_ptr<const BinaryCollection> rcv1_collection(const Rcv1Data& data, bool progress) {
  const int32_t n = data.X.rows, n_lyrl = static_cast<int32_t>(data.n_lyrl_train);
  const CsrMatrix train_all = binary_rows(data.X, n_lyrl, n);
  const CsrMatrix test_all = binary_rows(data.X, 0, n_lyrl);
  auto labels = std::make_shared<const std::pair<MultilabelLabels, MultilabelLabels>>(
      topic_labels(data, n_lyrl, n), topic_labels(data, 0, n_lyrl));
  if (progress) fmt::print(stderr, "rcv1: selecting 500 features by information gain\n");
  const FeatureSelection selection =
      select_features(train_all, labels->first,
                      SelectionOptions{.method = SelectionMethod::ig,
                                       .k = 500,
                                       .scope = SelectionScope::global,
                                       .aggregate = GlobalAggregate::joint});
  auto m = std::make_shared<FeatureMatrices>();
  m->train = train_all.select_columns(selection.global);
  m->test = test_all.select_columns(selection.global);
  auto c = std::make_shared<BinaryCollection>();
  c->dataset = {{"name", "rcv1-v2"},
                {"split", "LYRL2004 swapped"},
                {"train", m->train.rows},
                {"test", m->test.rows},
                {"features", m->train.cols},
                {"selection", "binary, joint IG over CCAT/ECAT/GCAT/MCAT, k = 500"}};
  const Json& source = data.identity.value("data", Json::object());
  if (source.contains("content_sha256")) c->dataset["content_sha256"] = source["content_sha256"];
  c->record = rcv1_dataset_record(data, m->train.rows, m->test.rows, m->train.cols);
  c->categories = kTopics;
  c->objective_lambda = kMlrcgLambda;
  c->task = [m, labels](size_t k) {
    CategoryTask t;
    t.own = m;  // one matrix for every topic
    t.y_train = one_vs_rest(labels->first, static_cast<int32_t>(k));
    t.y_test = one_vs_rest(labels->second, static_cast<int32_t>(k));
    return t;
  };
  return c;
}

// 781,265 training documents are not a seconds-long regression subset, and `make test` must not
// start a download: the fast subset never reads RCV1 and marks its cells unavailable, so that
// `linrepro regress` reports SKIP with this reason (and the reference is the same on every
// machine, with or without RCV1).
TaskSource rcv1_tasks(std::function<Rcv1Data()> load) {
  return [load](const ExperimentContext& ctx) -> TaskPreparer {
    if (ctx.fast)
      throw DataUnavailable("rcv1-v2",
                            "data unavailable in the fast subset: RCV1-v2 is not in the mirror, "
                            "`make test` must not download it, and its 781,265 training "
                            "documents take minutes to read; `linrepro run mlrcg2003/table2_rcv1` "
                            "reproduces these cells");
    if (ctx.progress) fmt::print(stderr, "rcv1: loading RCV1-v2 (LYRL2004)\n");
    auto c = rcv1_collection(load(), ctx.progress);
    return [c](const Json& options) { return timed_task_set(c, options); };
  };
}

}  // namespace

ProtocolHooks rcv1_hooks(std::function<Rcv1Data()> load) {
  ProtocolHooks hooks;
  hooks.task_sources = {{"rcv1-v2", rcv1_tasks(std::move(load))}};
  hooks.run_claim_measures = mlrcg_objective_measures;
  return hooks;
}

void add_mlrcg2003_rcv1(std::vector<ExperimentInfo>& registry) {
  register_protocol(registry, kMlrcgPaper, kRcv1Experiment, rcv1_hooks([] { return load_rcv1(); }));
}

}  // namespace linrepro
