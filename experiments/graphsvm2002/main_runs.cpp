#include "experiments/graphsvm2002/main_runs.h"

#include <fmt/format.h>

#include <cmath>
#include <functional>

#include "core/seed.h"
#include "experiments/graphsvm2002/methods.h"

namespace linrepro {

std::string t_name(double t) { return fmt::format("{:.2f}", t); }

std::string graphsvm_key(double t) { return "graphsvm-t" + t_name(t); }

std::string hier_groups_key(int32_t n) { return fmt::format("hier-svm-g{}", n); }

std::string extra_method_key(const ExtraSolver& e) { return "extra/" + e.label; }

const RunRecord* MainResults::get(const std::string& key) const {
  auto it = runs.find(key);
  return it == runs.end() || it->second.status != "ok" ? nullptr : &it->second;
}

namespace {

// Declares one run of a method (ResultFile::run_once) and keeps its record; `extra` is the extra
// solver it belongs to, or null for the paper's methods.
using DeclareRun = std::function<void(
    const std::string& method, const std::string& solver, const nlohmann::json& params,
    const std::function<RunRecord()>& body, const ExtraSolver* extra)>;

// The paper's methods: MCNB, MCSVM (and its LIBLINEAR peer), the hierarchies, GraphSVM by t.
void declare_paper_methods(const DeclareRun& declare, const GraphsvmData& d, const MainPlan& plan,
                           const MethodSettings& s, const GraphsvmData* all_terms) {
  const double C = s.C;
  auto run = [&](const std::string& method, const std::string& solver, const nlohmann::json& p,
                 const std::function<RunRecord()>& body) {
    declare(method, solver, p, body, nullptr);
  };
  const nlohmann::json svm = {{"C", C}};
  run("mcnb", "nb", {{"figure2_groups", plan.num_clusters}}, [&] { return run_mcnb(d, s); });
  run("mcsvm", "smo", svm, [&] { return run_mcsvm(d, s, "smo"); });
  if (plan.peers)
    run("mcsvm-liblinear-s3", "liblinear-s3", {{"C", C}, {"bias", 1}},
        [&] { return run_flat_multiclass(d, s, "liblinear-s3", svm_params("liblinear-s3", C)); });
  if (plan.hierarchy_nb)
    run("hier-nb", "nb", {{"stage2", "nb"}, {"num_clusters", plan.num_clusters}},
        [&] { return run_hierarchy(d, s, "nb", ""); });
  if (plan.hierarchy_node_features && all_terms) {
    const int32_t k = d.features.k;
    run("hier-nb-node-features", "nb",
        {{"stage2", "nb"},
         {"num_clusters", plan.num_clusters},
         {"node_features", k},
         {"all_terms", data_config(*all_terms)}},
        [&] { return run_hierarchy_node_features(d, *all_terms, s, k); });
  }
  run("hier-svm", "smo", {{"stage2", "smo"}, {"C", C}, {"num_clusters", plan.num_clusters}},
      [&] { return run_hierarchy(d, s, "smo", ""); });
  for (const int32_t n : plan.extra_group_counts) {
    MethodSettings fixed = s;
    fixed.num_clusters = n;
    run(hier_groups_key(n), "smo", {{"stage2", "smo"}, {"C", C}, {"num_clusters", n}},
        [&, fixed] { return run_hierarchy(d, fixed, "smo", ""); });
  }
  if (plan.svm_l1)
    run("hier-svm-l1svm", "smo",
        {{"stage2", "smo"}, {"l1", "smo"}, {"C", C}, {"num_clusters", plan.num_clusters}},
        [&] { return run_hierarchy(d, s, "smo", "smo"); });
  for (double t : plan.thresholds)
    run(graphsvm_key(t), "smo", {{"t", t}, {"C", C}, {"stage1", "nb"}},
        [&] { return run_graphsvm(d, s, t); });
}

// Extra solvers: one flat multiclass method each, at the lambda their declared loss maps to.
void declare_extra_methods(const DeclareRun& run, const GraphsvmData& d, const MainPlan& plan,
                           const MethodSettings& s) {
  for (const ExtraSolver& e : plan.extras) {
    const Params p = extra_solver_params_on(e, d, "graphsvm2002/main");
    run(
        extra_method_key(e), e.solver, p, [&, p] { return run_flat_multiclass(d, s, e.solver, p); },
        &e);
  }
}

}  // namespace

MainResults declare_main_runs(ResultFile& rf, const ExperimentContext& ctx, const GraphsvmData& d,
                              const MainPlan& plan, const GraphsvmData* all_terms) {
  const double C = svmlight_default_C(d.Xtrain_svm);
  const uint64_t seed = derive_seed(ctx.seed, "graphsvm2002/" + plan.prefix);
  MethodSettings s{.C = C,
                   .seed = seed,
                   .threads = ctx.threads,
                   .progress = ctx.progress,
                   .label = plan.prefix,
                   .num_clusters = plan.num_clusters};
  const nlohmann::json data = data_config(d);
  MainResults res;
  const DeclareRun run = [&](const std::string& method, const std::string& solver,
                             const nlohmann::json& p, const std::function<RunRecord()>& body,
                             const ExtraSolver* extra) {
    nlohmann::json config = {{"data", data},
                             {"method", method},
                             {"solver", solver},
                             {"params", p},
                             {"seed", seed},
                             {"validation_fraction", 0.3},
                             {"nb", "nb (multinomial, Laplace smoothing 1) on term counts"},
                             {"svm_input", "unit-norm rows"},
                             {"memory", "model formula and measured peak of the largest SVM"}};
    if (extra) config["with_solver"] = extra->label;
    res.runs[method] = rf.run_once(plan.prefix + "/" + method, config, [&] {
      if (ctx.progress) fmt::print(stderr, "[graphsvm2002] {}/{} ...\n", plan.prefix, method);
      RunRecord out = body();
      out.solver = method;
      if (extra) out.extra.update(extra_solver_tag(*extra));
      out.class_name = plan.prefix;
      if (ctx.progress)
        fmt::print(stderr, "[graphsvm2002] {}/{}: accuracy {:.2f} %, {:.2f} s CPU\n", plan.prefix,
                   method, out.metrics.value("accuracy", std::nan("")), out.train_seconds);
      return out;
    });
  };
  declare_paper_methods(run, d, plan, s, all_terms);
  declare_extra_methods(run, d, plan, s);
  return res;
}

double accuracy_of(const RunRecord& r) { return r.metrics.value("accuracy", std::nan("")); }
double metric_of(const RunRecord& r, const char* name) {
  return r.metrics.value(name, std::nan(""));
}
double max_svm_memory_of(const RunRecord& r) { return r.extra.value("max_memory_bytes", 0.0); }

ClaimMeasure svm_memory_ratio(const std::map<std::string, const RunRecord*>& runs) {
  return [&runs](std::string what, const std::string& a, const std::string& b, double bound,
                 bool above, bool strict) -> std::optional<ClaimComparison> {
    if (!runs.count(a) || !runs.count(b)) return std::nullopt;
    return exact_comparison(std::move(what),
                            max_svm_memory_of(*runs.at(a)) / max_svm_memory_of(*runs.at(b)), bound,
                            above, strict);
  };
}

}  // namespace linrepro
