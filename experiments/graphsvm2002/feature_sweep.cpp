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
// ablation row (the SVMs and the other ablations only in the full run). The runs are declared in
// experiments.json: each variant of the input is a method's "data" on its corpus's task set
// (corpus_variants below), prepared once for the methods that read it.
#include "experiments/graphsvm2002/feature_sweep.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
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
#include "harness/protocol_runner.h"
#include "harness/published.h"

namespace linrepro {

namespace {

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

// The data of one variant, a task set's options: {"sweep": "features", "k": k} (0: every term),
// or at the experiments' k {"sweep": "stoplist", "k": k, "stoplist": id} (kStoplists) or
// {"sweep": "svm_input", "k": k, "input": id} (svm_inputs()). Throws ConfigError otherwise.
GraphsvmData variant_data(const std::string& name, const Corpus& corpus,
                          const ExperimentContext& ctx, const Json& options) {
  const auto bad = [&] {
    throw ConfigError(fmt::format(
        "graphsvm2002/features: \"data\" {} must give \"sweep\" (features, stoplist, svm_input), "
        "\"k\" and, for the last two, a known \"stoplist\" or \"input\"",
        options.dump()));
  };
  const std::string sweep = options.value("sweep", "");
  if (!options.contains("k") || !options.at("k").is_number_integer() ||
      options.size() != (sweep == "features" ? 2u : 3u))
    bad();
  FeatureConfig f = graphsvm_feature_config(options.at("k").get<int32_t>());
  const StoplistVariant* list = nullptr;
  const SvmInput* input = nullptr;
  for (const StoplistVariant& v : kStoplists)
    if (sweep == "stoplist" && options.value("stoplist", "") == v.id) list = &v;
  for (const SvmInput& in : svm_inputs())
    if (sweep == "svm_input" && options.value("input", "") == in.id) input = &in;
  if (sweep != "features" && !list && !input) bad();
  if (list) f.stopwords = list->list;
  GraphsvmData d = name == "20ng" ? make_graphsvm_20ng(corpus, ctx, 0.7, 1.0, f)
                                  : make_graphsvm_reuters(corpus, ctx, f);
  return input ? with_svm_input(std::move(d), *input) : d;
}

// A corpus ("20ng" or "reuters") as a task set of one task, itself: each variant prepared once
// for the methods that read it. A run records the width of its matrix and SVMlight's default C on
// the variant's SVM input (extra.svm_default_C).
TaskSource corpus_variants(const std::string& name) {
  return [name](const ExperimentContext& ctx) -> TaskPreparer {
    auto corpus = std::make_shared<const Corpus>(name == "20ng" ? load_graphsvm_20ng_corpus()
                                                                : load_graphsvm_reuters_corpus());
    return [name, corpus, ctx](const Json& options) {
      if (ctx.progress)
        fmt::print(stderr, "graphsvm2002/features: preparing {} {}\n", name, options.dump());
      auto d = std::make_shared<const GraphsvmData>(variant_data(name, *corpus, ctx, options));
      TaskSet s;
      s.dataset = name;
      s.record = corpus->identity;  // the corpus the variants are read from, with its digest
      s.record["name"] = name;
      s.config_fields = options;
      s.config_fields["data"] = data_config(*d);
      s.tasks = {name};
      s.untrainable = [](size_t) -> std::optional<RunRecord> { return std::nullopt; };
      s.fit = [d, name, options, threads = ctx.threads](size_t, const std::string& method,
                                                        const Params&, uint64_t seed) {
        RunRecord r = fit_sweep_method(method, *d, seed, threads);
        r.class_name = fmt::format("{} {}", name, options.dump());
        r.extra["features"] = d->Xtrain.cols;
        r.extra["svm_default_C"] = svmlight_default_C(d->Xtrain_svm);
        return r;
      };
      return s;
    };
  };
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

// One corpus's finished runs by variant, from the declared methods' tags ({"sweep", "k",
// "stoplist" or "input"}; the method is the solver), keyed as the ablations read them.
struct SweepResults {
  std::vector<int32_t> ks;                                          // in declared order
  std::map<int32_t, std::map<std::string, const RunRecord*>> by_k;  // then method
  std::map<std::string, std::map<std::string, const RunRecord*>> by_stoplist;
  std::map<std::string, const RunRecord*> by_input;  // MCSVM's
};

SweepResults sweep_results(const std::string& corpus,
                           const std::map<std::string, std::vector<RunRecord>>& runs) {
  SweepResults out;
  const int32_t used = graphsvm_feature_config().k;
  for (const ProtocolMethod& m : declared_protocol(kGraphsvmPaper, "features").methods) {
    const auto it = runs.find(m.name);
    if (m.classes.at(0) != corpus || it == runs.end() || it->second.at(0).status != "ok") continue;
    const RunRecord* r = &it->second.at(0);
    const std::string sweep = m.tags.at("sweep");
    const auto k = m.tags.at("k").get<int32_t>();
    if (sweep == "features") {
      if (std::ranges::find(out.ks, k) == out.ks.end()) out.ks.push_back(k);
      out.by_k[k][m.solver] = r;
      if (k == used && m.solver == kMcsvm) out.by_input["tf-unit"] = r;  // the sweep's own
    }
    if (sweep == "stoplist") out.by_stoplist[m.tags.at("stoplist")][m.solver] = r;
    if (sweep == "svm_input") out.by_input[m.tags.at("input")] = r;
  }
  for (const StoplistVariant& v : kStoplists)  // the adopted list is the sweep's own run
    if (v.list == graphsvm_feature_config().stopwords && out.by_k.contains(used))
      out.by_stoplist[v.id] = out.by_k.at(used);
  return out;
}

// accuracy[variant][method] of some runs.
template <class Key>
std::map<Key, std::map<std::string, double>> accuracies(
    const std::map<Key, std::map<std::string, const RunRecord*>>& runs) {
  std::map<Key, std::map<std::string, double>> out;
  for (const auto& [variant, by_method] : runs)
    for (const auto& [method, r] : by_method)
      out[variant][method] = r->metrics.value("accuracy", 0.0);
  return out;
}

// The feature-count ablation of each corpus that ran (fast mode: its one row), then, in the full
// run, its SVM-input and stoplist ablations.
void summarise_features(const ExperimentContext& ctx, ResultFile& rf,
                        const ProtocolResults& results) {
  const std::optional<PublishedPaper> published =
      load_published_if_present(ctx.published(), kGraphsvmPaper);
  const PublishedPaper* paper = published ? &*published : nullptr;
  for (const char* corpus : {"20ng", "reuters"}) {
    if (!results.tasks.contains(corpus)) continue;  // not here, or not in the fast subset
    const SweepResults res = sweep_results(corpus, results.tasks.at(corpus));
    std::map<int32_t, int32_t> columns;
    for (const auto& [k, by_method] : res.by_k)
      for (const auto& [m, r] : by_method) columns[k] = r->extra.value("features", 0);
    rf.add_ablation(feature_count_ablation(corpus, res.ks, accuracies(res.by_k), columns, paper));
    if (ctx.fast) continue;  // the fast subset runs none of the other ablations' variants
    std::vector<SvmInputRow> rows;
    for (const SvmInput& in : svm_inputs()) {
      SvmInputRow row{in.id, in.description, in.id == "tf-unit", {}, {}};
      if (const auto it = res.by_input.find(in.id); it != res.by_input.end()) {
        row.C = it->second->extra.at("svm_default_C").get<double>();
        row.accuracy = it->second->metrics.value("accuracy", 0.0);
      }
      rows.push_back(row);
    }
    rf.add_ablation(svm_input_ablation(corpus, rows, paper));
    rf.add_ablation(stoplist_ablation(corpus, accuracies(res.by_stoplist), paper));
  }
}

}  // namespace

void add_graphsvm2002_features(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  for (const char* corpus : {"20ng", "reuters"})
    hooks.task_sources[corpus] = corpus_variants(corpus);
  hooks.summarise = summarise_features;
  register_protocol(registry, kGraphsvmPaper, "features", hooks);
}

}  // namespace linrepro
