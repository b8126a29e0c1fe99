#include "algorithms/graphsvm.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/seed.h"
#include "core/stopwatch.h"

namespace linrepro {

std::vector<int32_t> GraphSvmModel::predict(const CsrMatrix& X1, const CsrMatrix& X2,
                                            std::vector<int32_t>* m1_predictions) const {
  if (X1.rows != X2.rows) throw ConfigError("graphsvm: the two representations differ in rows");
  std::vector<int32_t> y = m1.predict(X1);
  if (m1_predictions) *m1_predictions = y;
  for (int32_t r = 0; r < X2.rows; ++r) {
    const SubsetFit& refine = m2[y[r]];
    if (!refine.classes.empty()) y[r] = refine.predict_row(X2, r);
  }
  return y;
}

int32_t GraphSvmFit::num_m2() const {
  int32_t n = 0;
  for (const auto& m : model.m2) n += !m.classes.empty();
  return n;
}

GraphSvmFit fit_graph_svm(const SolverRegistry& registry, const CsrMatrix& X,
                          const MulticlassLabels& labels, const GraphSvmOptions& options,
                          FitContext& ctx) {
  return fit_graph_svm(registry, X, X, labels, options, ctx);
}

GraphSvmFit fit_graph_svm(const SolverRegistry& registry, const CsrMatrix& X, const CsrMatrix& X2,
                          const MulticlassLabels& labels, const GraphSvmOptions& options,
                          FitContext& ctx) {
  if (X2.rows != X.rows) throw ConfigError("graphsvm: the two representations differ in rows");
  if (!(options.t >= 0 && options.t <= 1))
    throw ConfigError(fmt::format("graphsvm: threshold t must be in [0, 1], got {}", options.t));
  if (static_cast<int32_t>(labels.y.size()) != X.rows)
    throw ConfigError("graphsvm: number of labels differs from number of rows");
  const int32_t K = labels.num_classes();
  GraphSvmFit out;

  Stopwatch clock;
  const ValidationConfusion vc = validation_confusion(
      registry, options.stage1, options.stage1_params, X, labels, options.validation_fraction, ctx);
  out.confusion = vc.C;
  out.model.F = confusion_graph(vc.C, options.t);
  out.confusion_seconds = clock.seconds();

  clock = Stopwatch();
  FitContext m1_ctx;
  m1_ctx.seed = derive_seed(ctx.seed, "graphsvm-m1");
  m1_ctx.threads = ctx.threads;
  out.model.m1 =
      registry.fit_multiclass(options.stage1, {X, labels}, options.stage1_params, m1_ctx).model;
  out.stage1_seconds = clock.seconds();

  clock = Stopwatch();
  out.model.m2.resize(K);
  // All M2(i) are independent: one job list, their SVMs in parallel on ctx.threads.
  std::vector<int32_t> owners;
  std::vector<std::vector<int32_t>> groups;
  std::vector<uint64_t> seeds;
  for (int32_t i = 0; i < K; ++i) {
    if (out.model.F[i].empty()) continue;
    std::vector<int32_t> group = out.model.F[i];
    group.push_back(i);
    std::sort(group.begin(), group.end());
    owners.push_back(i);
    groups.push_back(std::move(group));
    seeds.push_back(derive_seed(ctx.seed, fmt::format("graphsvm-m2/{}", i)));
  }
  std::vector<SubsetFit> m2 = fit_class_subsets(registry, options.stage2, options.stage2_params, X2,
                                                labels, groups, seeds, ctx);
  for (size_t g = 0; g < owners.size(); ++g) {
    const int32_t i = owners[g];
    out.model.m2[i] = std::move(m2[g]);
    for (const auto& s : out.model.m2[i].svms) out.svms.push_back(s);
    ctx.report("M2({}) over {} classes, {} rows", labels.class_names[i], groups[g].size(),
               out.model.m2[i].svms.front().rows);
  }
  out.stage2_seconds = clock.seconds();
  out.stage2_cpu_seconds = total_cpu_seconds(out.svms);
  out.peak_rss_bytes = peak_rss_bytes();
  return out;
}

}  // namespace linrepro
