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
// ablation row (the SVMs and the other ablations only in the full run). The runs and the ablations
// are declared in experiments.json: each variant of the input is a method's "data" on its
// corpus's task set (corpus_variants below), prepared once for the methods that read it; each
// ablation row names its runs ("ablation_tables", harness/protocol/protocol_ablations.h). Here: the
// data of each variant.
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
#include "harness/experiment/published.h"
#include "harness/language/declared_texts.h"
#include "harness/protocol/protocol_runner.h"

namespace linrepro {

namespace {

// Issue 16 item 4: what the SVMs read, and SVMlight's default C = 1 / avg(x.x) on it (the paper
// ran SVMlight with its defaults on whatever Rainbow wrote; it does not say what that was).
struct SvmInput {
  std::string id;
  bool binary = false, unit_norm = false;
};

const std::vector<SvmInput>& svm_inputs() {
  static const std::vector<SvmInput> v = {{"tf-unit", false, true},
                                          {"tf-raw", false, false},
                                          {"binary-raw", true, false},
                                          {"binary-unit", true, true}};
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

// The stoplists a variant may read (ablation stoplist-<corpus>; the adopted one, the one
// graphsvm_feature_config() uses, is the sweep's own run at the used k).
struct StoplistVariant {
  StopwordList list;
  const char* id;
};
constexpr std::array<StoplistVariant, 3> kStoplists{{{StopwordList::smart, "smart"},
                                                     {StopwordList::glasgow, "glasgow"},
                                                     {StopwordList::none, "none"}}};

// The data of one variant, a task set's options: {"sweep": "features" or "candidates", "k": k}
// (0: every term),
// or at the experiments' k {"sweep": "stoplist", "k": k, "stoplist": id} (kStoplists) or
// {"sweep": "svm_input", "k": k, "input": id} (svm_inputs()). Throws ConfigError otherwise.
GraphsvmData variant_data(const std::string& name, const Corpus& corpus,
                          const ExperimentContext& ctx, const Json& options) {
  const auto bad = [&] {
    throw ConfigError(fmt::format(
        "graphsvm2002/features: \"data\" {} must give \"sweep\" (features, candidates, stoplist, "
        "svm_input), "
        "\"k\" and, for the last two, a known \"stoplist\" or \"input\"",
        options.dump()));
  };
  const std::string sweep = options.value("sweep", "");
  // "candidates": the features at k again, for the rows that vary a method's settings instead
  // (ablation graphsvm-vs-mcsvm-reuters), kept apart from the feature-count figures.
  const bool at_k = sweep == "features" || sweep == "candidates";
  if (!options.contains("k") || !options.at("k").is_number_integer() ||
      options.size() != (at_k ? 2u : 3u))
    bad();
  FeatureConfig f = graphsvm_feature_config(options.at("k").get<int32_t>());
  const StoplistVariant* list = nullptr;
  const SvmInput* input = nullptr;
  for (const StoplistVariant& v : kStoplists)
    if (sweep == "stoplist" && options.value("stoplist", "") == v.id) list = &v;
  for (const SvmInput& in : svm_inputs())
    if (sweep == "svm_input" && options.value("input", "") == in.id) input = &in;
  if (!at_k && !list && !input) bad();
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
      // A solver added with --with-solver: the lambda of its loss on the variant's data
      // (SVMlight's default C there for the hinge), a flat multiclass fit.
      s.extra_lambdas = [d](size_t) { return extra_solver_lambdas_on(*d); };
      s.fit = [d, name, options, threads = ctx.threads](size_t, const std::string& method,
                                                        const Params& variant, uint64_t seed) {
        RunRecord r = is_sweep_method(method) ? fit_sweep_method(method, *d, seed, threads, variant)
                                              : fit_extra_solver(*d, method, variant, seed);
        r.class_name = fmt::format("{} {}", name, options.dump());
        r.extra["features"] = d->Xtrain.cols;
        r.extra["svm_default_C"] = svmlight_default_C(d->Xtrain_svm);
        return r;
      };
      return s;
    };
  };
}

}  // namespace

void add_graphsvm2002_features(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  for (const char* corpus : {"20ng", "reuters"})
    hooks.task_sources[corpus] = corpus_variants(corpus);
  register_protocol(registry, kGraphsvmPaper, "features", hooks);
}

}  // namespace linrepro
