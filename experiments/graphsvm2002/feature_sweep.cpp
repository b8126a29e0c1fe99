// graphsvm2002/features (issue 16 item 3): accuracy of MCNB, MCSVM and GraphSVM (t = 0.05) by the
// number of mutual-information features, the full vocabulary included, on both corpora. The
// paper says only "The corpus contained around 75,000 words. Features were selected using mutual
// information" (§3.1), with Rainbow; it gives no count. The cells of graphsvm2002/main use
// graphsvm_feature_config() (datasets.h); this experiment shows what the count does, as the
// ablations "feature-count-20ng" and "feature-count-reuters" (the chosen row is the main
// experiment's count, the published row the paper's numbers).
//
// Cost (2 cores): five 20NG and four Reuters feature sets, three methods each; MCSVM dominates
// (about 13 s of CPU on 20NG per set). Fast mode (the regression subset, about a second): MCNB
// on Reuters with 1,000 features, the same run as the full sweep's, and its feature-count
// ablation row (the SVMs and the other ablations only in the full run).
#include "experiments/graphsvm2002/feature_sweep.h"

#include <fmt/format.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/seed.h"
#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/experiments.h"
#include "experiments/graphsvm2002/methods.h"
#include "experiments/graphsvm2002/sweeps_methods.h"
#include "features/vectorizer.h"
#include "harness/declared_texts.h"
#include "harness/experiment_declarations.h"
#include "harness/published.h"
#include "harness/with_data.h"

namespace linrepro {

namespace {

const std::vector<std::string> kMethods = {kMcnb, kMcsvm, kGraphSvm};
const std::vector<std::string> kFastMethods = {kMcnb};

const std::vector<std::string>& methods(const ExperimentContext& ctx) {
  return ctx.fast ? kFastMethods : kMethods;
}

struct FeatureSweepOfCorpus {
  std::string name;         // "20ng" | "reuters"
  std::vector<int32_t> ks;  // 0: every term (no selection)
};

const std::vector<FeatureSweepOfCorpus>& sweeps(const ExperimentContext& ctx) {
  static const std::vector<FeatureSweepOfCorpus> s = {{"20ng", {1000, 3000, 10000, 30000, 0}},
                                                      {"reuters", {1000, 3000, 10000, 0}}};
  static const std::vector<FeatureSweepOfCorpus> fast = {{"reuters", {1000}}};
  return ctx.fast ? fast : s;
}

// Issue 16 item 4: what the SVMs read, and SVMlight's default C = 1 / avg(x.x) on it (the paper
// ran SVMlight with its defaults on whatever Rainbow wrote; it does not say what that was).
struct SvmInput {
  std::string id, description;
  bool binary = false, unit_norm = false;
};

const std::vector<SvmInput>& svm_inputs() {
  static const std::vector<SvmInput> v = {
      {"tf-unit", "term counts scaled to unit length (ours: C = 1)", false, true},
      {"tf-raw", "raw term counts (what Rainbow's word counts are)", false, false},
      {"binary-raw", "0/1 word occurrences", true, false},
      {"binary-unit", "0/1 occurrences scaled to unit length", true, true}};
  return v;
}

GraphsvmData with_svm_input(GraphsvmData d, const SvmInput& in) {
  CsrMatrix tr = d.Xtrain, te = d.Xtest;
  if (in.binary) {
    for (double& v : tr.values) v = 1;
    for (double& v : te.values) v = 1;
  }
  d.Xtrain_svm = finish_rows(std::move(tr), in.unit_norm, 0);
  d.Xtest_svm = finish_rows(std::move(te), in.unit_norm, 0);
  return d;
}

std::string k_name(int32_t k) { return k == 0 ? "all" : fmt::format("{:05d}", k); }

// The paper's accuracy for a method on a corpus (Figure 5 / Table 1 cells), if published.
std::optional<double> published_accuracy(const PublishedPaper* p, const std::string& corpus,
                                         const std::string& method) {
  const std::string label = method == kGraphSvm ? "GraphSVM" : method;
  for (const char* table : {"figure5", "table2", "table1"}) {
    std::optional<double> v = published_value(p, table, corpus + " " + label, "Accuracy");
    if (!v && corpus == "20ng") v = published_value(p, table, label, "Accuracy");
    if (v) return v;
  }
  return std::nullopt;
}

// The three methods' values of one variant (accuracy[key][method]); missing ones stay empty.
template <class Key>
std::vector<std::optional<double>> method_values(
    const std::map<Key, std::map<std::string, double>>& accuracy, const Key& key) {
  std::vector<std::optional<double>> out;
  for (const char* m : {kMcnb, kMcsvm, kGraphSvm}) {
    std::optional<double> v;
    if (auto it = accuracy.find(key); it != accuracy.end())
      if (auto jt = it->second.find(m); jt != it->second.end()) v = jt->second;
    out.push_back(v);
  }
  return out;
}

// The paper's row of a three-method ablation.
AblationRow published_row(const std::string& description, const PublishedPaper* p,
                          const std::string& corpus) {
  AblationRow ref{"published", description, false, true, {}};
  for (const char* m : {kMcnb, kMcsvm, kGraphSvm})
    ref.values.push_back(published_accuracy(p, corpus, m));
  return ref;
}

// Results by k, then method; MCSVM by SVM input (at the experiments' own k).
struct SweepResults {
  std::map<int32_t, std::map<std::string, RunRecord>> by_k;
  std::map<std::string, std::pair<double, RunRecord>> by_input;  // C, run
  // The stoplists other than the adopted one, by list, then method, at the used k.
  std::map<std::string, std::map<std::string, RunRecord>> by_stoplist;
};

// The stoplist rows of ablation stoplist-<corpus>, in the order shown; the adopted list (the one
// graphsvm_feature_config() uses) is the sweep's own run at the used k.
struct StoplistVariant {
  StopwordList list;
  const char* id;
  const char* description;
};
constexpr std::array<StoplistVariant, 3> kStoplists{{
    {StopwordList::smart, "smart",
     "SMART's list, Rainbow's built-in default (Debian r-cran-tm's SMART.dat, 571 entries)"},
    {StopwordList::glasgow, "glasgow",
     "Glasgow's list (318 words; scikit-learn's \"english\"), used before"},
    {StopwordList::none, "none", "no stoplist, used before that"},
}};

// Asks rf for `method`'s run on v at k: key, the variant's own config fields (data, method,
// solver and seed are added; "method" when not given), the progress line and the record's
// class_name; `features`: the record keeps v's feature count.
RunRecord declare_run(const ExperimentContext& ctx, ResultFile& rf, const std::string& key,
                      const std::string& method, const GraphsvmData& v, Json config,
                      const std::string& progress, const std::string& class_name,
                      bool features = false) {
  const uint64_t seed = derive_seed(ctx.seed, key);
  config["data"] = data_config(v);
  if (!config.contains("method")) config["method"] = sweep_method_config(method, v);
  config["solver"] = method;
  config["seed"] = seed;
  return rf.run_once(key, config, [&] {
    if (ctx.progress) fmt::print(stderr, "graphsvm2002/features: {}\n", progress);
    RunRecord r = fit_sweep_method(method, v, seed, ctx.threads);
    r.class_name = class_name;
    if (features) r.extra["features"] = v.Xtrain.cols;
    return r;
  });
}

// The runs under the other stoplists at the experiments' k (ablation stoplist-<corpus>).
void declare_stoplist_runs(const ExperimentContext& ctx, ResultFile& rf,
                           const FeatureSweepOfCorpus& s, const Corpus& corpus,
                           const FeatureConfig& f, int32_t k, SweepResults& out) {
  for (const StoplistVariant& list : kStoplists) {
    if (list.list == f.stopwords) continue;  // the sweep's own run
    FeatureConfig other = f;
    other.stopwords = list.list;
    const GraphsvmData v = s.name == "20ng" ? make_graphsvm_20ng(corpus, ctx, 0.7, 1.0, other)
                                            : make_graphsvm_reuters(corpus, ctx, other);
    for (const std::string& method : kMethods)
      out.by_stoplist[list.id][method] =
          declare_run(ctx, rf, fmt::format("stoplist/{}/{}/{}", s.name, list.id, method), method, v,
                      {{"sweep", "stoplist"}, {"dataset", s.name}, {"k", k}, {"stoplist", list.id}},
                      fmt::format("{} with stoplist {} {}", s.name, list.id, method),
                      fmt::format("{} stoplist {}", s.name, list.id));
  }
}

// MCSVM on each other SVM input at the experiments' k (ablation svm-input-<corpus>).
void declare_svm_input_runs(const ExperimentContext& ctx, ResultFile& rf,
                            const FeatureSweepOfCorpus& s, const GraphsvmData& d, int32_t k,
                            SweepResults& out) {
  for (const SvmInput& in : svm_inputs()) {
    if (in.id == "tf-unit") continue;  // the sweep's own MCSVM run at this k
    const GraphsvmData v = with_svm_input(d, in);
    Json method = sweep_method_config(kMcsvm, v);
    method["svm"]["input"] = in.description;
    out.by_input[in.id] = {
        svmlight_default_C(v.Xtrain_svm),
        declare_run(ctx, rf, fmt::format("svm-input/{}/{}/{}", s.name, in.id, kMcsvm), kMcsvm, v,
                    {{"sweep", "svm_input"},
                     {"dataset", s.name},
                     {"k", k},
                     {"input", in.id},
                     {"method", method}},
                    fmt::format("{} MCSVM on {}", s.name, in.id),
                    fmt::format("{} {}", s.name, in.id))};
  }
}

SweepResults declare_runs(const ExperimentContext& ctx, ResultFile& rf,
                          const FeatureSweepOfCorpus& s, const Corpus& corpus) {
  SweepResults out;
  for (const int32_t k : s.ks) {
    const std::string size = k == 0 ? "all" : std::to_string(k);
    if (ctx.progress)
      fmt::print(stderr, "graphsvm2002/features: preparing {} with {} features\n", s.name, size);
    const FeatureConfig f = graphsvm_feature_config(k);
    const GraphsvmData d = s.name == "20ng" ? make_graphsvm_20ng(corpus, ctx, 0.7, 1.0, f)
                                            : make_graphsvm_reuters(corpus, ctx, f);
    for (const std::string& method : methods(ctx))
      out.by_k[k][method] =
          declare_run(ctx, rf, fmt::format("features/{}/k={}/{}", s.name, k_name(k), method),
                      method, d, {{"sweep", "features"}, {"dataset", s.name}, {"k", k}},
                      fmt::format("{} k={} {}", s.name, k_name(k), method),
                      fmt::format("{} {}", s.name, size), true);
    if (k != graphsvm_feature_config().k) continue;
    declare_stoplist_runs(ctx, rf, s, corpus, f, k, out);
    declare_svm_input_runs(ctx, rf, s, d, k, out);
    out.by_input["tf-unit"] = {svmlight_default_C(d.Xtrain_svm), out.by_k[k][kMcsvm]};
  }
  return out;
}

// The declared ablation `id` ("...-{corpus}") of a corpus, its title naming "20NG" or "Reuters".
Ablation corpus_ablation_head(const std::string& id, const std::string& corpus) {
  return declared_ablation(
      kGraphsvmPaper, id,
      TextArgs().set("corpus", corpus).set("corpus_title", corpus == "20ng" ? "20NG" : "Reuters"));
}

}  // namespace

Ablation feature_count_ablation(const std::string& corpus, const std::vector<int32_t>& ks,
                                const std::map<int32_t, std::map<std::string, double>>& accuracy,
                                const std::map<int32_t, int32_t>& columns,
                                const PublishedPaper* published) {
  Ablation a = corpus_ablation_head("feature-count-{corpus}", corpus);
  a.columns = {kMcnb, kMcsvm, kGraphSvm};
  const int32_t used = graphsvm_feature_config().k;
  for (const int32_t k : ks) {
    const auto cols = columns.find(k);
    const std::string size =
        cols == columns.end() ? "" : fmt::format(" ({} columns)", cols->second);
    AblationRow row{k == 0 ? "all" : fmt::format("k={}", k),
                    (k == 0 ? std::string("every training term, no selection")
                            : fmt::format("top {} terms by joint mutual information", k)) +
                        size,
                    k == used, false, method_values(accuracy, k)};
    a.rows.push_back(std::move(row));
  }
  a.rows.push_back(
      published_row("the paper (Table 1, Figure 5 and Table 2 at t = 0.05)", published, corpus));
  return a;
}

Ablation svm_input_ablation(const std::string& corpus, const std::vector<SvmInputRow>& rows,
                            const PublishedPaper* published) {
  Ablation a = corpus_ablation_head("svm-input-{corpus}", corpus);
  a.columns = {"SVMlight default C", "MCSVM accuracy (%)"};
  for (const SvmInputRow& r : rows)
    a.rows.push_back({r.id, r.description, r.chosen, false, {r.C, r.accuracy}});
  a.rows.push_back({"published",
                    "the paper's MCSVM (SVMlight with its defaults)",
                    false,
                    true,
                    {std::nullopt, published_accuracy(published, corpus, kMcsvm)}});
  return a;
}

Ablation stoplist_ablation(const std::string& corpus,
                           const std::map<std::string, std::map<std::string, double>>& accuracy,
                           const PublishedPaper* published) {
  Ablation a = corpus_ablation_head("stoplist-{corpus}", corpus);
  a.columns = {kMcnb, kMcsvm, kGraphSvm};
  const StopwordList used = graphsvm_feature_config().stopwords;
  for (const StoplistVariant& v : kStoplists)
    a.rows.push_back(
        {v.id, v.description, v.list == used, false, method_values(accuracy, std::string(v.id))});
  a.rows.push_back(
      published_row("the paper (Rainbow, whose default stoplist is SMART's)", published, corpus));
  return a;
}

namespace {

void run_features(const ExperimentContext& ctx, ResultFile& rf) {
  std::vector<std::pair<const FeatureSweepOfCorpus*, SweepResults>> all;
  for (const FeatureSweepOfCorpus& s : sweeps(ctx)) {
    std::optional<Corpus> corpus;
    if (!with_data(ctx, rf, s.name, [&] {
           corpus = s.name == "20ng" ? load_graphsvm_20ng_corpus() : load_graphsvm_reuters_corpus();
         }).empty())
      continue;
    all.emplace_back(&s, declare_runs(ctx, rf, s, *corpus));
  }
  if (!rf.complete()) return;
  const std::optional<PublishedPaper> published =
      load_published_if_present(ctx.published(), kGraphsvmPaper);
  const PublishedPaper* paper = published ? &*published : nullptr;
  for (const auto& [s, res] : all) {
    std::map<int32_t, std::map<std::string, double>> acc;
    std::map<int32_t, int32_t> columns;
    for (const auto& [k, by_method] : res.by_k)
      for (const auto& [m, r] : by_method) {
        if (r.status != "ok") continue;
        acc[k][m] = r.metrics.value("accuracy", 0.0);
        columns[k] = r.extra.value("features", 0);
      }
    rf.add_ablation(feature_count_ablation(s->name, s->ks, acc, columns, paper));
    if (ctx.fast) continue;  // the fast subset runs none of the other ablations' variants
    std::vector<SvmInputRow> rows;
    for (const SvmInput& in : svm_inputs()) {
      SvmInputRow row{in.id, in.description, in.id == "tf-unit", {}, {}};
      if (auto it = res.by_input.find(in.id); it != res.by_input.end()) {
        row.C = it->second.first;
        if (it->second.second.status == "ok")
          row.accuracy = it->second.second.metrics.value("accuracy", 0.0);
      }
      rows.push_back(row);
    }
    rf.add_ablation(svm_input_ablation(s->name, rows, paper));
    std::map<std::string, std::map<std::string, double>> stop;
    const int32_t used = graphsvm_feature_config().k;
    for (const auto& [list, by_method] : res.by_stoplist)
      for (const auto& [m, r] : by_method)
        if (r.status == "ok") stop[list][m] = r.metrics.value("accuracy", 0.0);
    for (const StoplistVariant& v : kStoplists)
      if (v.list == graphsvm_feature_config().stopwords)
        if (auto it = acc.find(used); it != acc.end()) stop[v.id] = it->second;
    rf.add_ablation(stoplist_ablation(s->name, stop, paper));
  }
}

Json features_config(const ExperimentContext& ctx) {
  Json ks = Json::object();
  for (const auto& s : sweeps(ctx)) ks[s.name] = s.ks;
  return {{"fast", ctx.fast},
          {"ks", ks},
          {"k_zero", "every training term, no selection"},
          {"methods", methods(ctx)},
          {"used_k", graphsvm_feature_config().k}};
}

}  // namespace

void add_graphsvm2002_features(std::vector<ExperimentInfo>& registry) {
  register_declared(registry, kGraphsvmPaper, "features", features_config, run_features);
}

}  // namespace linrepro
