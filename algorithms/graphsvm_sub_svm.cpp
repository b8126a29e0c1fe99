#include "algorithms/graphsvm_sub_svm.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/seed.h"
#include "core/stopwatch.h"

namespace linrepro {

int64_t sub_svm_memory_bytes(int64_t n, int64_t nnz, int64_t d) {
  const int64_t subproblem = 8 * (n + 1) + (4 + 8) * nnz + 8 * n;
  const int64_t solver_state = 8 * (n + n + d);
  return subproblem + solver_state;
}

int32_t SubsetFit::predict_row(const CsrMatrix& X, int32_t i) const {
  int32_t best = 0;
  double best_score = model.per_class[0].decision(X, i);
  for (int32_t k = 1; k < static_cast<int32_t>(model.per_class.size()); ++k) {
    const double s = model.per_class[k].decision(X, i);
    if (s > best_score) best_score = s, best = k;
  }
  return classes[best];
}

SubsetFit fit_class_subset(const SolverRegistry& registry, const std::string& solver,
                           const Params& params, const CsrMatrix& X, const MulticlassLabels& labels,
                           const std::vector<int32_t>& classes, FitContext& ctx) {
  if (classes.size() < 2 || !std::is_sorted(classes.begin(), classes.end()) ||
      std::adjacent_find(classes.begin(), classes.end()) != classes.end())
    throw ConfigError("fit_class_subset: need at least 2 sorted, distinct classes");
  std::vector<int32_t> local(labels.num_classes(), -1);
  MulticlassLabels sub_labels;
  for (size_t k = 0; k < classes.size(); ++k) {
    local[classes[k]] = static_cast<int32_t>(k);
    sub_labels.class_names.push_back(labels.class_names[classes[k]]);
  }
  std::vector<int32_t> rows;
  for (int32_t i = 0; i < static_cast<int32_t>(labels.y.size()); ++i)
    if (local[labels.y[i]] >= 0) rows.push_back(i), sub_labels.y.push_back(local[labels.y[i]]);
  const CsrMatrix X_sub = X.select_rows(rows);

  SubsetFit out;
  out.classes = classes;
  SubSvmStats base;
  base.classes = classes;
  base.rows = X_sub.rows;
  base.nnz = X_sub.nnz();
  base.cols = X_sub.cols;
  base.memory_bytes = sub_svm_memory_bytes(base.rows, base.nnz, base.cols);
  const SolverInfo& info = registry.get(solver);
  if (info.fit_multiclass) {
    FitContext sub;
    sub.seed = derive_seed(ctx.seed, "subset");
    sub.threads = ctx.threads;
    const Stopwatch clock;
    out.model = registry.fit_multiclass(solver, {X_sub, sub_labels}, params, sub).model;
    base.seconds = clock.seconds();
    out.svms.push_back(base);
    return out;
  }
  for (size_t k = 0; k < classes.size(); ++k) {
    const BinaryLabels y = one_vs_rest(sub_labels, static_cast<int32_t>(k));
    FitContext sub;
    sub.seed = derive_seed(ctx.seed, fmt::format("one-vs-others/{}", classes[k]));
    const Stopwatch clock;
    out.model.per_class.push_back(registry.fit_binary(solver, {X_sub, y}, params, sub).model);
    SubSvmStats s = base;
    s.positive_class = classes[k];
    s.seconds = clock.seconds();
    out.svms.push_back(std::move(s));
  }
  return out;
}

int64_t max_memory_bytes(const std::vector<SubSvmStats>& svms) {
  int64_t m = 0;
  for (const auto& s : svms) m = std::max(m, s.memory_bytes);
  return m;
}

int64_t total_rows(const std::vector<SubSvmStats>& svms) {
  int64_t r = 0;
  for (const auto& s : svms) r += s.rows;
  return r;
}

}  // namespace linrepro
