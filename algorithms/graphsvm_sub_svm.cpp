#include "algorithms/graphsvm_sub_svm.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/parallel_for.h"
#include "core/peak_memory.h"
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

namespace {

// One subset's training subproblem: its rows, labels renumbered 0..k-1, and the stats every SVM
// on it shares.
struct Subproblem {
  CsrMatrix X;
  MulticlassLabels labels;
  SubSvmStats base;
};

Subproblem make_subproblem(const CsrMatrix& X, const MulticlassLabels& labels,
                           const std::vector<int32_t>& classes) {
  if (classes.size() < 2 || !std::is_sorted(classes.begin(), classes.end()) ||
      std::adjacent_find(classes.begin(), classes.end()) != classes.end())
    throw ConfigError("fit_class_subset: need at least 2 sorted, distinct classes");
  if (classes.front() < 0 || classes.back() >= labels.num_classes())
    throw ConfigError("fit_class_subset: class id out of range");
  std::vector<int32_t> local(labels.num_classes(), -1);
  Subproblem p;
  for (size_t k = 0; k < classes.size(); ++k) {
    local[classes[k]] = static_cast<int32_t>(k);
    p.labels.class_names.push_back(labels.class_names[classes[k]]);
  }
  std::vector<int32_t> rows;
  for (int32_t i = 0; i < static_cast<int32_t>(labels.y.size()); ++i)
    if (local[labels.y[i]] >= 0) rows.push_back(i), p.labels.y.push_back(local[labels.y[i]]);
  p.X = X.select_rows(rows);
  p.base.classes = classes;
  p.base.rows = p.X.rows;
  p.base.nnz = p.X.nnz();
  p.base.cols = p.X.cols;
  p.base.memory_bytes = sub_svm_memory_bytes(p.base.rows, p.base.nnz, p.base.cols);
  return p;
}

// One fit of the job list: subset s, local class k against the subset's others (k = -1: the
// solver's native multiclass fit on the subset).
struct Job {
  size_t s = 0;
  int32_t k = -1;
};

}  // namespace

std::vector<SubsetFit> fit_class_subsets(const SolverRegistry& registry, const std::string& solver,
                                         const Params& params, const CsrMatrix& X,
                                         const MulticlassLabels& labels,
                                         const std::vector<std::vector<int32_t>>& subsets,
                                         const std::vector<uint64_t>& seeds,
                                         const FitContext& ctx) {
  if (seeds.size() != subsets.size())
    throw ConfigError("fit_class_subsets: one seed per subset expected");
  const SolverInfo& info = registry.get(solver);
  const bool native = static_cast<bool>(info.fit_multiclass);
  const size_t S = subsets.size();

  std::vector<Subproblem> sub(S);
  parallel_for(S, ctx.threads, [&](size_t s) { sub[s] = make_subproblem(X, labels, subsets[s]); });

  // Jobs in the canonical order (subset by subset, class by class): the order of the stats.
  std::vector<Job> jobs;
  for (size_t s = 0; s < S; ++s) {
    if (native) jobs.push_back({s, -1});
    for (int32_t k = 0; !native && k < static_cast<int32_t>(subsets[s].size()); ++k)
      jobs.push_back({s, k});
  }
  // Run order: largest subproblem first (longest-processing-time scheduling keeps the workers
  // busy to the end); it changes only who fits what when, never a result.
  std::vector<size_t> order(jobs.size());
  for (size_t j = 0; j < jobs.size(); ++j) order[j] = j;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return sub[jobs[a].s].base.nnz > sub[jobs[b].s].base.nnz;
  });

  std::vector<MulticlassModel> native_models(native ? S : 0);
  std::vector<LinearModel> binary_models(native ? 0 : jobs.size());
  std::vector<SubSvmStats> stats(jobs.size());
  parallel_for(jobs.size(), ctx.threads, [&](size_t o) {
    const size_t j = order[o];
    const Job& job = jobs[j];
    const Subproblem& p = sub[job.s];
    FitContext fit_ctx;
    fit_ctx.threads = 1;  // one fit, one thread: its thread CPU time is its whole cost
    SubSvmStats s = p.base;
    const double cpu0 = thread_cpu_seconds();
    const Stopwatch clock;
    if (job.k < 0) {
      fit_ctx.seed = derive_seed(seeds[job.s], "subset");
      native_models[job.s] =
          registry.fit_multiclass(solver, {p.X, p.labels}, params, fit_ctx).model;
    } else {
      const BinaryLabels y = one_vs_rest(p.labels, job.k);
      fit_ctx.seed =
          derive_seed(seeds[job.s], fmt::format("one-vs-others/{}", subsets[job.s][job.k]));
      binary_models[j] = registry.fit_binary(solver, {p.X, y}, params, fit_ctx).model;
      s.positive_class = subsets[job.s][job.k];
    }
    s.seconds = clock.seconds();
    s.cpu_seconds = thread_cpu_seconds() - cpu0;
    stats[j] = std::move(s);
  });

  std::vector<SubsetFit> out(S);
  for (size_t s = 0; s < S; ++s) {
    out[s].classes = subsets[s];
    if (native) out[s].model = std::move(native_models[s]);
  }
  for (size_t j = 0; j < jobs.size(); ++j) {
    SubsetFit& f = out[jobs[j].s];
    if (!native) f.model.per_class.push_back(std::move(binary_models[j]));
    f.svms.push_back(std::move(stats[j]));
  }
  return out;
}

SubsetFit fit_class_subset(const SolverRegistry& registry, const std::string& solver,
                           const Params& params, const CsrMatrix& X, const MulticlassLabels& labels,
                           const std::vector<int32_t>& classes, FitContext& ctx) {
  return std::move(
      fit_class_subsets(registry, solver, params, X, labels, {classes}, {ctx.seed}, ctx).front());
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

double total_cpu_seconds(const std::vector<SubSvmStats>& svms) {
  double t = 0;
  for (const auto& s : svms) t += s.cpu_seconds;
  return t;
}

std::optional<int64_t> measure_sub_svm_peak_bytes(const SolverRegistry& registry,
                                                  const std::string& solver, const Params& params,
                                                  const CsrMatrix& X,
                                                  const MulticlassLabels& labels,
                                                  const SubSvmStats& svm, uint64_t seed) {
  return peak_rss_growth_bytes([&] {
    const Subproblem p = make_subproblem(X, labels, svm.classes);
    FitContext ctx;
    ctx.threads = 1;
    ctx.seed = seed;
    if (svm.positive_class < 0) {
      (void)registry.fit_multiclass(solver, {p.X, p.labels}, params, ctx);
      return;
    }
    const auto k =
        std::find(svm.classes.begin(), svm.classes.end(), svm.positive_class) - svm.classes.begin();
    (void)registry.fit_binary(solver, {p.X, one_vs_rest(p.labels, static_cast<int32_t>(k))}, params,
                              ctx);
  });
}

const SubSvmStats& largest_sub_svm(const std::vector<SubSvmStats>& svms) {
  if (svms.empty()) throw ConfigError("largest_sub_svm: no SVMs");
  return *std::max_element(svms.begin(), svms.end(), [](const auto& a, const auto& b) {
    return a.memory_bytes < b.memory_bytes;
  });
}

}  // namespace linrepro
