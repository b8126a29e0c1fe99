#include "experiments/zhangoles2001/reuters_protocol.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

#include "harness/experiment/solver_catalog.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/results/cell_intervals.h"
#include "harness/results/counts_json.h"
#include "metrics/threshold.h"
#include "solvers/regularization.h"

namespace linrepro {

FeatureConfig zo_reuters_features(int32_t k) {
  Json j = {{"title_separate", true}, {"representation", "binary"}, {"stopwords", "none"},
            {"stemming", "porter"},   {"min_token_length", 2},      {"bias", 0.0}};
  if (k > 0) {
    j["min_count"] = 3;
    j["selection"] = "ig_gini";
    j["k"] = k;
    j["scope"] = "per_category";
  } else {
    j["min_count"] = 1;
    j["selection"] = "none";
  }
  return feature_config_from_json(j);
}

std::vector<ZoMethod> zo_methods(bool with_peers) {
  std::vector<ZoMethod> m = {{"Naive Bayes", "nb", "nb", false},
                             {"Lin Reg", "cls", "cls", false},
                             {"Mod Least Squares", "cmls", "cmls", false},
                             {"Logistic Reg", "clg", "clg", false},
                             {"SVM", "smo", "smo", false},
                             {"Mod SVM", "mod-svm", "mod-svm", false}};
  if (with_peers) {
    m.push_back({"liblinear-s0", "liblinear-s0", "clg", true});
    m.push_back({"liblinear-s2", "liblinear-s2", "cmls", true});
    m.push_back({"liblinear-s3", "liblinear-s3", "mod-svm", true});
  }
  return m;
}

Params zo_params(const std::string& solver, double lambda, bool fixed_K) {
  // lambda where the solver takes it (naive Bayes: smoothing), and LIBLINEAR's -B 1: a
  // regularised constant feature, as our A = 1 (solvers/regularization.h).
  const SolverInfo& info = solver_catalog().get(solver);
  Params p = regularization_params(info, lambda);
  // §4.1's K = 100 written out, and §3.1's stopping rule, wherever the solver has them (the five
  // Zhang-Oles algorithms; Algorithm 5 has no stopping rule and always runs K iterations).
  if (find_declaration(info.params, "K")) p["K"] = 100;
  if (find_declaration(info.params, "stop_rule")) p["stop_rule"] = !fixed_K;
  return p;
}

ZoTokenized tokenize_zo_reuters(const ExperimentContext& ctx) {
  return tokenize_zo_reuters(ctx, zo_reuters_features());
}

ZoTokenized tokenize_zo_reuters(const ExperimentContext& ctx, const FeatureConfig& text) {
  const Corpus corpus = load_corpus_view(kZoReutersView);
  ZoTokenized t;
  t.split = split_standard(corpus);
  t.tokens = tokenize_split(t.split.train, t.split.test, text,
                            PrepareOptions{.threads = ctx.threads, .progress = ctx.progress});
  t.dataset = {{"view", kZoReutersView}, {"docs", corpus.docs.size()}};
  const Json& data = corpus.identity.value("data", Json::object());
  if (data.contains("content_sha256")) t.dataset["content_sha256"] = data["content_sha256"];
  t.identity = corpus.identity;
  return t;
}

ZoReuters prepare_zo_reuters(const ZoTokenized& t, const ExperimentContext& ctx,
                             const FeatureConfig& features) {
  ZoReuters d;
  d.prep.features = prepare(t.tokens, t.split.train_labels, features,
                            PrepareOptions{.threads = ctx.threads, .progress = ctx.progress});
  d.prep.train_labels = t.split.train_labels;
  d.prep.test_labels = t.split.test_labels;
  d.prep.identity = describe(d.prep.features);
  d.dataset = t.dataset;
  d.dataset["features"] = to_json(features);
  const auto& stats = d.prep.features.stats;
  d.dataset_record = t.identity;
  d.dataset_record["train"] = d.dataset_record["rows_train"] = stats.train_docs;
  d.dataset_record["test"] = d.dataset_record["rows_test"] = stats.test_docs;
  if (d.dataset.contains("content_sha256"))
    d.dataset_record["sha256"] = d.dataset["content_sha256"];
  d.dataset_record["features"] = stats.features;
  d.dataset_record["preparation"] = d.prep.identity;

  const int32_t K = d.prep.train_labels.num_classes();
  d.train_positives.assign(K, 0);
  d.test_positives.assign(K, 0);
  for (const auto& ids : d.prep.train_labels.y)
    for (int32_t c : ids) ++d.train_positives[c];
  for (const auto& ids : d.prep.test_labels.y)
    for (int32_t c : ids) ++d.test_positives[c];
  d.by_size.resize(K);
  for (int32_t c = 0; c < K; ++c) d.by_size[c] = c;
  const auto& names = d.prep.train_labels.class_names;
  std::stable_sort(d.by_size.begin(), d.by_size.end(), [&](int32_t a, int32_t b) {
    if (d.train_positives[a] != d.train_positives[b])
      return d.train_positives[a] > d.train_positives[b];
    return names[a] < names[b];
  });
  return d;
}

ZoReuters load_zo_reuters(const ExperimentContext& ctx, const FeatureConfig& features) {
  return prepare_zo_reuters(tokenize_zo_reuters(ctx), ctx, features);
}

std::string zo_row_name(const std::string& category) {
  std::string s = category;
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

ZoCategory zo_category(const ZoReuters& data, int32_t k) {
  ZoCategory c;
  if (data.prep.features.per_category()) {
    FeatureMatrices m = for_category(data.prep.features, k);
    c.X_train = std::move(m.train);
    c.X_test = std::move(m.test);
  } else {
    c.X_train = data.prep.features.matrices.train;
    c.X_test = data.prep.features.matrices.test;
  }
  c.y_train = one_vs_rest(data.prep.train_labels, k);
  c.y_test = one_vs_rest(data.prep.test_labels, k);
  return c;
}

ZoEval zo_fit_evaluate(const std::string& solver, const Params& params, const CsrMatrix& X_train,
                       std::span<const double> y_train, const CsrMatrix& X_test,
                       std::span<const double> y_test, uint64_t seed, std::vector<double>* margins,
                       ZoFitted* fitted) {
  FitContext fc;
  fc.seed = seed;
  fc.progress = false;
  FitTime time;
  const BinaryFit fit = timed_fit(
      [&] {
        return solver_catalog().fit_binary(solver, BinaryProblem{X_train, y_train}, params, fc);
      },
      time);
  const std::vector<double> f_train = fit.model.decisions(X_train);
  const std::vector<double> f_test = fit.model.decisions(X_test);
  ZoEval e;
  std::vector<ThresholdChoice> by_rule;
  ThresholdChoice t;
  for (ThresholdRule rule : kThresholdRules) {
    by_rule.push_back(threshold_minimizing_training_error(y_train, f_train, rule));
    e.counts_by_rule.push_back(count_binary_at_threshold(y_test, f_test, by_rule.back().theta));
    if (rule == kZoThresholdRule) {
      t = by_rule.back();
      e.counts = e.counts_by_rule.back();
    }
  }
  e.counts_zero = count_binary_at_threshold(y_test, f_test, 0.0);
  e.bep = break_even_point(y_test, f_test);
  if (margins) {
    margins->resize(f_train.size());
    for (size_t i = 0; i < f_train.size(); ++i) (*margins)[i] = f_train[i] * y_train[i];
  }
  if (fitted) *fitted = {fit, time, t, by_rule, f_test};
  return e;
}

RunRecord zo_record(const std::string& solver, const Params& params, const ZoFitted& fitted) {
  RunRecord r = record_fit(solver, params, fitted.fit, fitted.time);
  Json by_rule = Json::object();
  for (size_t i = 0; i < fitted.by_rule.size(); ++i)
    by_rule[std::string(to_string(kThresholdRules[i]))] = fitted.by_rule[i].theta;
  r.extra["threshold"] = {{"rule", to_string(kZoThresholdRule)},
                          {"theta", fitted.threshold.theta},
                          {"train_errors", fitted.threshold.errors},
                          {"train_errors_at_zero", fitted.threshold.errors_at_zero},
                          {"theta_by_rule", by_rule}};
  return r;
}

ZoEval zo_missed(int64_t test_positives, int64_t test_rows) {
  ZoEval e;
  e.counts.fn = test_positives;
  e.counts.tn = test_rows - test_positives;
  e.counts_zero = e.counts;
  e.counts_by_rule.assign(kThresholdRules.size(), e.counts);
  e.counts_out_of_fold = e.counts;
  e.bep.positives = test_positives;
  e.bep.tp = 0;
  e.bep.bep = test_positives > 0 ? 0.0 : 1.0;
  return e;
}

Json zo_metrics(const ZoEval& e) {
  Json m = {{"bep_tp", e.bep.tp},
            {"positives", e.bep.positives},
            {"f1", f1(e.counts)},
            {"bep", e.bep.bep}};
  put_counts(m, e.counts);
  put_counts(m, e.counts_zero, "0");
  for (size_t i = 0; i < e.counts_by_rule.size(); ++i)
    put_counts(m, e.counts_by_rule[i], "_" + std::string(to_string(kThresholdRules[i])));
  return m;
}

ZoEval zo_eval_from_metrics(const Json& m) {
  ZoEval e;
  e.counts = counts_from(m);
  e.counts_zero = counts_from(m, "0");
  e.bep.tp = m.at("bep_tp").get<double>();
  e.bep.positives = m.at("positives").get<int64_t>();
  e.bep.bep = m.at("bep").get<double>();
  for (ThresholdRule rule : kThresholdRules)
    e.counts_by_rule.push_back(counts_from(m, "_" + std::string(to_string(rule))));
  return e;
}

std::string break_even_outcomes(std::span<const double> decisions, int64_t positives) {
  std::vector<int32_t> order(decisions.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int32_t>(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](int32_t a, int32_t b) { return decisions[a] > decisions[b]; });
  std::vector<uint8_t> top(decisions.size(), 0);
  for (int64_t r = 0; r < positives && r < static_cast<int64_t>(order.size()); ++r)
    top[static_cast<size_t>(order[static_cast<size_t>(r)])] = 1;
  return outcomes_to_hex(top);
}

ZoMicro zo_micro(std::span<const ZoEval> per_category) {
  if (per_category.empty()) throw std::invalid_argument("zo_micro: no categories");
  for (const ZoEval& e : per_category)
    if (e.counts_by_rule.size() != kThresholdRules.size())
      throw std::invalid_argument("zo_micro: a category without its counts by threshold rule");
  // Each category's counts under `of`, and the mean of their F1.
  const auto each = [&](const auto& of) {
    std::vector<BinaryCounts> counts;
    for (const ZoEval& e : per_category) counts.push_back(of(e));
    return counts;
  };
  const auto mean_f1 = [](const std::vector<BinaryCounts>& counts) {
    double sum = 0;
    for (const BinaryCounts& c : counts) sum += f1(c);
    return sum / static_cast<double>(counts.size());
  };
  std::vector<BreakEven> beps;
  for (const ZoEval& e : per_category) beps.push_back(e.bep);
  const std::vector<BinaryCounts> at_theta = each([](const ZoEval& e) { return e.counts; });
  ZoMicro m;
  m.prf = micro_average(at_theta);
  m.prf0 = micro_average(each([](const ZoEval& e) { return e.counts_zero; }));
  m.bep = micro_break_even(beps);
  m.macro_f1 = mean_f1(at_theta);
  return m;
}

CellEvidence micro_bep_evidence(std::span<const ZoEval> per_category, uint64_t seed) {
  std::vector<BreakEven> beps;
  std::vector<CategoryOutcomes> decisions;
  int64_t positives = 0;
  for (const ZoEval& e : per_category) {
    beps.push_back(e.bep);
    positives += e.bep.positives;
    if (e.at_break_even) decisions.push_back(*e.at_break_even);
  }
  CellEvidence out;
  // The break-even decisions' TP share of the positives is the micro BEP: their micro recall,
  // resampled over the test documents (docs/RESULTS.md).
  if (!per_category.empty() && decisions.size() == per_category.size()) {
    set_document_bootstrap_interval(out, decisions, AveragedMeasure::micro_recall, seed);
    out.interval_method += " (at each category's break-even threshold: the micro BEP)";
    return out;
  }
  set_wilson_interval(out, micro_break_even(beps), positives,
                      fmt::format("test positives of the {} categories (the micro BEP is their "
                                  "break-even TP share)",
                                  per_category.size()));
  return out;
}

}  // namespace linrepro
