#include "experiments/graphsvm2002/main_tasks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include "core/error.h"
#include "core/seed.h"
#include "corpora/corpus_view.h"
#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/main_runs.h"
#include "experiments/graphsvm2002/methods.h"
#include "experiments/graphsvm2002/reuters_view.h"
#include "experiments/graphsvm2002/split_spread.h"

namespace linrepro {

namespace {

// --fast: five 20NG classes, two confusable families (religion, computers), so that GraphSVM
// builds second-stage SVMs and the hierarchy finds groups.
const std::vector<std::string> kFastClasses = {"alt.atheism", "comp.graphics",
                                               "comp.os.ms-windows.misc", "soc.religion.christian",
                                               "talk.religion.misc"};

// One prepared data set of the experiment.
struct MainSet {
  GraphsvmData data;
  std::optional<GraphsvmData> all_terms;  // every term: hier-nb-node-features
  int32_t num_clusters = 0;               // the hierarchy's groups; 0: the clip rule
  uint64_t seed = 0;
  std::string note;
  DatasetSizes sizes;
  bool timed = false;  // Table 2's and Figure 6's times are read from it
};

Json sizes_json(const DatasetSizes& s) {
  return {{"name", s.name},
          {"classes", s.classes},
          {"train_rows", s.train_rows},
          {"train_docs", s.train_docs},
          {"test_rows", s.test_rows},
          {"dropped_test_docs", s.dropped_test_docs},
          {"documents", s.documents},
          {"vocabulary", s.vocabulary}};
}

// Fits `method` (a main_runs.h key, or a registered solver added with --with-solver) on m.
RunRecord fit_main_method(const MainSet& m, const std::string& method, const Params& params,
                          uint64_t seed, const ExperimentContext& ctx) {
  const GraphsvmData& d = m.data;
  const double C = svmlight_default_C(d.Xtrain_svm);
  MethodSettings s{.C = C,
                   .seed = seed,
                   .threads = ctx.threads,
                   .progress = ctx.progress,
                   .label = d.name,
                   .num_clusters = m.num_clusters};
  if (method == "mcnb") return run_mcnb(d, s);
  if (method == "mcsvm") return run_mcsvm(d, s, "smo");
  if (method == "mcsvm-liblinear-s3")
    return run_flat_multiclass(d, s, "liblinear-s3", svm_params("liblinear-s3", C));
  if (method == "hier-nb") return run_hierarchy(d, s, "nb", "");
  if (method == "hier-nb-node-features") {
    if (!m.all_terms) throw ConfigError("graphsvm2002/main: " + d.name + " has no every-term copy");
    return run_hierarchy_node_features(d, *m.all_terms, s, d.features.k);
  }
  if (method == "hier-svm") return run_hierarchy(d, s, "smo", "");
  if (method == "hier-svm-l1svm") return run_hierarchy(d, s, "smo", "smo");
  for (const int32_t n : {10, 20})
    if (method == hier_groups_key(n)) {
      s.num_clusters = n;
      return run_hierarchy(d, s, "smo", "");
    }
  for (const double t : kMainThresholds)
    if (method == graphsvm_key(t)) return run_graphsvm(d, s, t);
  return run_flat_multiclass(d, s, method, params);  // a solver added with --with-solver
}

TaskSet main_task_set(std::shared_ptr<const MainSet> m, const ExperimentContext& ctx) {
  const GraphsvmData& d = m->data;
  TaskSet t;
  t.dataset = d.name;
  t.record = d.identity;
  t.record["name"] = d.name;
  t.record["train"] = d.Xtrain.rows;
  t.record["test"] = d.Xtest.rows;
  const auto& data = d.identity.value("data", Json::object());
  if (data.contains("content_sha256")) t.record["sha256"] = data["content_sha256"];
  t.record["note"] = m->note;
  t.record["sizes"] = sizes_json(m->sizes);
  t.config_fields = {{"data", data_config(d)},
                     {"C", svmlight_default_C(d.Xtrain_svm)},
                     {"num_clusters", m->num_clusters},
                     {"validation_fraction", 0.3},
                     {"nb", "nb (multinomial, Laplace smoothing 1) on term counts"},
                     {"svm_input", "unit-norm rows"},
                     {"memory", "model formula and measured peak of the largest SVM"}};
  if (m->all_terms) t.config_fields["all_terms"] = data_config(*m->all_terms);
  t.tasks = {d.name};
  t.untrainable = [](size_t) { return std::optional<RunRecord>(); };
  t.extra_lambdas = [m](size_t) { return extra_solver_lambdas_on(m->data); };
  t.seed = m->seed;
  t.timed = m->timed;
  t.fit = [m, ctx](size_t, const std::string& method, const Params& params, uint64_t seed) {
    if (ctx.progress) fmt::print(stderr, "[graphsvm2002] {}/{} ...\n", m->data.name, method);
    RunRecord r = fit_main_method(*m, method, params, seed, ctx);
    r.solver = method;
    r.class_name = m->data.name;
    if (ctx.progress)
      fmt::print(stderr, "[graphsvm2002] {}/{}: accuracy {:.2f} %, {:.2f} s CPU\n", m->data.name,
                 method, r.metrics.value("accuracy", std::nan("")), r.train_seconds);
    return r;
  };
  return t;
}

// A source of one prepared data set, built by `make` from the experiment's context.
TaskSource one_set(std::function<MainSet(const ExperimentContext&)> make) {
  return [make](const ExperimentContext& ctx) -> TaskPreparer {
    auto m = std::make_shared<const MainSet>(make(ctx));
    return [m, ctx](const Json&) { return main_task_set(m, ctx); };
  };
}

MainSet main_set(GraphsvmData d, const ExperimentContext& ctx, int32_t groups,
                 std::string note = "") {
  MainSet m;
  m.seed = derive_seed(ctx.seed, "graphsvm2002/" + d.name);
  m.num_clusters = groups;
  m.note = note.empty() ? data_note(d) : std::move(note);
  m.sizes = dataset_sizes(d);
  m.data = std::move(d);
  return m;
}

// 20NG's 5-class subset (the fast subset, also computed by the full run).
MainSet ng5_set(const ExperimentContext& ctx) {
  const GraphsvmData ng = make_graphsvm_20ng(load_graphsvm_20ng_corpus(), ctx);
  std::vector<int32_t> ids;
  for (const auto& c : kFastClasses) {
    const auto it = std::find(ng.class_names.begin(), ng.class_names.end(), c);
    if (it == ng.class_names.end()) throw ConfigError("graphsvm2002: no 20NG class " + c);
    ids.push_back(static_cast<int32_t>(it - ng.class_names.begin()));
  }
  GraphsvmData ng5 = restrict_to_classes(ng, ids);
  ng5.name = "20ng5";
  std::string note = data_note(ng5) +
                     "; 5 classes: " + fmt::format("{}", fmt::join(kFastClasses, ", ")) +
                     " (features selected on all 20)";
  return main_set(std::move(ng5), ctx, 0, std::move(note));
}

// 20NG with the same split's every-term copy (hier-nb-node-features) and the corpus vocabulary.
MainSet ng_set(const ExperimentContext& ctx) {
  const Corpus corpus = load_graphsvm_20ng_corpus();
  GraphsvmData ng = make_graphsvm_20ng(corpus, ctx);
  DatasetSizes sizes = dataset_sizes(ng);
  sizes.vocabulary = corpus_vocabulary(corpus, ng.features, ctx.threads);
  MainSet m = main_set(std::move(ng), ctx, k20ngGroups);
  m.sizes = sizes;
  m.all_terms = make_graphsvm_20ng(corpus, ctx, 0.7, 1.0, graphsvm_feature_config(0));
  m.timed = true;
  return m;
}

// The copy ablation "corpus-20ng" (experiments.json says why): the same methods on 20news-bydate,
// which keeps the Organization header the paper read and 20news-18828 lacks.
constexpr const char* kCorpusAblationView = "20news-bydate-subject-org";
constexpr const char* kCorpusAblationPrefix = "20ng-bydate";

MainSet bydate_set(const ExperimentContext& ctx) {
  GraphsvmData other = make_graphsvm_20ng(load_corpus_view(kCorpusAblationView), ctx);
  other.name = kCorpusAblationPrefix;
  other.view = kCorpusAblationView;
  return main_set(std::move(other), ctx, k20ngGroups);
}

// 20NG on another seeded 70/30 split (split_spread.h): the draw's seed for split and runs.
MainSet split_set(const ExperimentContext& ctx, int s) {
  const ExperimentContext c = split_replicate_context(ctx, s);
  GraphsvmData d = make_graphsvm_20ng(load_graphsvm_20ng_corpus(), c);
  d.name = fmt::format("20ng-split{}", s);
  return main_set(std::move(d), c, k20ngGroups);
}

// Reuters with the chosen selection rule, checked against the rule's own count.
MainSet reuters_set(const ExperimentContext& ctx) {
  GraphsvmData re = load_graphsvm_reuters(ctx);
  const Corpus modapte = load_corpus_view("reuters-modapte-topics");
  const auto rules = reuters_view_rules();
  const auto chosen = std::find_if(rules.begin(), rules.end(), [](auto& r) { return r.chosen; });
  // The view and the ablation are two implementations of one rule.
  const ReutersViewCounts n = count_reuters_view(modapte, *chosen);
  if (n.classes != static_cast<int32_t>(re.class_names.size()) || n.train_rows != re.Xtrain.rows ||
      n.test_docs != re.Xtest.rows)
    throw std::logic_error(fmt::format(
        "graphsvm2002: the Reuters rule {} counts {} / {} / {}, the data has {} / {} / {}",
        chosen->id, n.classes, n.train_rows, n.test_docs, re.class_names.size(), re.Xtrain.rows,
        re.Xtest.rows));
  MainSet m = main_set(std::move(re), ctx, 0);
  m.timed = true;
  return m;
}

// Reuters read by another selection rule (reuters_view.h): the ablation's accuracy columns.
MainSet reuters_rule_set(const ExperimentContext& ctx, const ReutersViewRule& r) {
  const Corpus modapte = load_corpus_view("reuters-modapte-topics");
  GraphsvmData d = make_graphsvm_reuters(reuters_view_corpus(modapte, r), ctx);
  d.name = "reuters-" + r.id;
  d.view = "reuters-modapte-topics, rule " + r.id;
  return main_set(std::move(d), ctx, 0);
}

}  // namespace

std::map<std::string, TaskSource> main_task_sources() {
  std::map<std::string, TaskSource> out = {{"20ng5", one_set(ng5_set)},
                                           {"20news-18828", one_set(ng_set)},
                                           {kCorpusAblationView, one_set(bydate_set)},
                                           {"reuters21578", one_set(reuters_set)}};
  for (int s = 1; s < kSplitReplicates; ++s)
    out[fmt::format("20ng-split{}", s)] =
        one_set([s](const ExperimentContext& ctx) { return split_set(ctx, s); });
  for (const ReutersViewRule& r : reuters_view_rules())
    if (!r.chosen)
      out["reuters-" + r.id] =
          one_set([r](const ExperimentContext& ctx) { return reuters_rule_set(ctx, r); });
  return out;
}

}  // namespace linrepro
