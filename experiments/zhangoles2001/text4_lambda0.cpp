// Issue 15 item 5, outside the default set (`linrepro run zhangoles2001/text4-lambda0`): the
// curve behind text4.cpp's "lambda -> 0" cells, BEP against lambda, for the five methods §4.2's
// lambda -> 0 statements name, with K = 100 fixed and (the column relaxations at the cells'
// lambda) K to convergence. The runs are declared ("protocol" in experiments.json, whose "why"
// gives the grid and what is left out) and run by harness/protocol_runner.h on the task set of
// reuters_tasks.h, each tagged with its method and reading. Here: the ablation tables
// (lambda0_ablation.h), the curve's cells and the config; no cells of the paper. Fast mode (the
// regression subset, about a second): the primal and dual Mod Least Squares at the cells' lambda
// on the largest category; its cells and ablation rows come from those runs by the same code.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>

#include "experiments/zhangoles2001/experiments.h"
#include "experiments/zhangoles2001/lambda0_ablation.h"
#include "experiments/zhangoles2001/reuters_tasks.h"
#include "harness/protocol_runner.h"
#include "harness/published.h"

namespace linrepro {

namespace {

constexpr const char* kText4Lambda0Experiment = "text4-lambda0";

const DeclaredProtocol& lambda0_protocol() {
  static const DeclaredProtocol p = declared_protocol(kZoPaper, kText4Lambda0Experiment);
  return p;
}

// The ablation's columns: the methods' tags, their names and their text-4 rows.
struct Method {
  const char* id;         // the runs' tag "method"
  const char* column;     // ablation column
  const char* text4_row;  // the published text-4 row of the same method
};
constexpr Method kMethods[] = {
    {"cmls-primal", "Mod Least Squares primal", "Mod Least Squares primal, lambda -> 0"},
    {"cmls-dual", "Mod Least Squares dual", "Mod Least Squares dual, lambda -> 0"},
    {"mod-svm", "Mod SVM dual", "Mod SVM dual, lambda -> 0"},
    {"cls", "Lin Reg", "Lin Reg, lambda -> 0"},
    {"cls-100", "Lin Reg 100 features", "Lin Reg 100 features, lambda -> 0"}};

// The declared run of (method, lambda, reading), "" when none is declared.
std::string run_of(const std::string& method, double lambda, bool to_convergence) {
  for (const ProtocolMethod& m : lambda0_protocol().methods)
    if (m.tags.at("method") == method && m.lambda.get<double>() == lambda &&
        m.tags.at("reading") == (to_convergence ? "conv" : "k100"))
      return m.name;
  return "";
}

// The declared lambdas, in order.
std::vector<double> lambdas() {
  std::vector<double> out;
  for (const ProtocolMethod& m : lambda0_protocol().methods)
    if (std::ranges::count(out, m.lambda.get<double>()) == 0) out.push_back(m.lambda.get<double>());
  return out;
}

int64_t cap() { return lambda0_protocol().value("cap").get<int64_t>(); }

int64_t median_of(std::vector<int64_t> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

Lambda0Result summarise_runs(const ZoVariantResult& r, int64_t K) {
  Lambda0Result out;
  const ZoMicro micro = zo_micro(r.evals);
  out.bep = 100 * micro.bep;
  out.f1 = 100 * micro.prf.f1;
  std::vector<int64_t> its;
  for (size_t i = 0; i < r.iterations.size(); ++i)
    if (!std::isnan(r.objective[i])) {
      its.push_back(r.iterations[i]);
      out.at_cap += r.iterations[i] >= K;
    }
  out.trained = static_cast<int32_t>(its.size());
  out.iterations_median = median_of(its);
  out.iterations_max = its.empty() ? 0 : *std::max_element(its.begin(), its.end());
  return out;
}

// The curve: one line per (method, reading), x = lambda.
void emit_curve_point(const ExperimentContext& ctx, ResultFile& rf, const Method& m, double lambda,
                      bool conv, const Lambda0Result& r, std::span<const ZoEval> evals) {
  Cell point = value_cell(
      "lambda0-curve", fmt::format("{:g}", lambda),
      fmt::format("{}, {}", m.column, conv ? "K to convergence" : "K = 100"), r.bep, "%",
      fmt::format("micro BEP over {}; {}; iterations median {}, max {}",
                  ctx.fast ? std::string("the largest category (fast subset)")
                           : std::string("all 118 categories"),
                  conv ? fmt::format("stopping rule, cap {} ({} of {} categories at the cap)",
                                     cap(), r.at_cap, r.trained)
                       : std::string("K = 100 fixed"),
                  r.iterations_median, r.iterations_max));
  point.evidence = micro_bep_evidence(evals);
  rf.set_cell(point);
}

// The rows (lambda, reading) that were run, their curve points, and the ablations.
void summarise_lambda0(const ExperimentContext& ctx, ResultFile& rf,
                       const ProtocolResults& results) {
  if (!results.unavailable.at("reuters").empty()) return;  // said in the dataset record
  const auto& runs = results.tasks.at("reuters");
  std::vector<std::string> columns;
  std::vector<std::optional<double>> published_bep;
  const PublishedPaper published = load_published(ctx.published(), kZoPaper);
  for (const Method& m : kMethods) {
    columns.push_back(m.column);
    published_bep.push_back(published_value(&published, "text-4", m.text4_row, "BEP"));
  }
  std::vector<Lambda0Row> rows;
  for (bool conv : {false, true})
    for (double lambda : lambdas()) {
      Lambda0Row row{lambda, conv, {}};
      for (const Method& m : kMethods) {
        const auto it = runs.find(run_of(m.id, lambda, conv));
        if (it == runs.end()) {
          row.methods.push_back(std::nullopt);  // not in the study (experiments.json's "why")
          continue;
        }
        const ZoVariantResult r = zo_variant_result(it->second);
        row.methods.push_back(summarise_runs(r, conv ? cap() : 100));
        emit_curve_point(ctx, rf, m, lambda, conv, *row.methods.back(), r.evals);
      }
      if (std::ranges::any_of(row.methods, [](const auto& x) { return x.has_value(); }))
        rows.push_back(std::move(row));
    }
  const double cells_lambda = lambda0_protocol().value("cells_lambda").get<double>();
  for (const Ablation& a : lambda0_ablations(columns, rows, cells_lambda, published_bep, cap()))
    rf.add_ablation(a);
}

}  // namespace

void add_zhangoles2001_text4_lambda0(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.task_sources = {{"zo-reuters", zo_reuters_tasks()}};
  hooks.summarise = summarise_lambda0;
  register_protocol(registry, kZoPaper, kText4Lambda0Experiment, hooks);
}

}  // namespace linrepro
