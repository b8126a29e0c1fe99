#include "algorithms/graphsvm_hierarchy.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "core/error.h"
#include "core/seed.h"
#include "core/stopwatch.h"

namespace linrepro {

std::vector<int32_t> HierarchyModel::predict_groups(const CsrMatrix& X1,
                                                    const CsrMatrix& X2) const {
  if (X1.rows != X2.rows) throw ConfigError("hierarchy: the two representations differ in rows");
  return l1.predict(l1_on_x2 ? X2 : X1);
}

std::vector<int32_t> HierarchyModel::predict_within(const CsrMatrix& X,
                                                    const std::vector<int32_t>& groups) const {
  if (static_cast<int32_t>(groups.size()) != X.rows)
    throw ConfigError("hierarchy: one group per row expected");
  std::vector<int32_t> y(X.rows);
  for (int32_t r = 0; r < X.rows; ++r) {
    const int32_t g = groups[r];
    y[r] = l2[g].classes.empty() ? clusters[g].front() : l2[g].predict_row(X, r);
  }
  return y;
}

HierarchyFit fit_hierarchy(const SolverRegistry& registry, const CsrMatrix& X,
                           const MulticlassLabels& labels, const HierarchyOptions& options,
                           FitContext& ctx) {
  return fit_hierarchy(registry, X, X, labels, options, ctx);
}

namespace {

// A model fitted on the columns `cols` of a matrix with `width` columns, as a model of the whole
// matrix: weight k goes to column cols[k], every other column weighs 0.
void lift_to_columns(MulticlassModel& m, const std::vector<int32_t>& cols, int32_t width) {
  for (LinearModel& lm : m.per_class) {
    std::vector<double> w(static_cast<size_t>(width), 0.0);
    for (size_t k = 0; k < cols.size() && k < lm.w.size(); ++k)
      w[static_cast<size_t>(cols[k])] = lm.w[k];
    lm.w = std::move(w);
  }
}

// The columns a classifier keeps (sorted, so the projection keeps X2's column order).
std::vector<int32_t> node_columns(const HierarchyOptions& o, const CsrMatrix& X,
                                  const MulticlassLabels& labels) {
  std::vector<int32_t> cols = o.node_features(X, labels);
  std::sort(cols.begin(), cols.end());
  return cols;
}

}  // namespace

HierarchyFit fit_hierarchy(const SolverRegistry& registry, const CsrMatrix& X, const CsrMatrix& X2,
                           const MulticlassLabels& labels, const HierarchyOptions& options,
                           FitContext& ctx) {
  if (X2.rows != X.rows) throw ConfigError("hierarchy: the two representations differ in rows");
  if (static_cast<int32_t>(labels.y.size()) != X.rows)
    throw ConfigError("hierarchy: number of labels differs from number of rows");
  const int32_t K = labels.num_classes();
  if (options.num_clusters < 0 || options.num_clusters > K)
    throw ConfigError(fmt::format("hierarchy: num_clusters must be in 0..{}", K));
  HierarchyFit out;

  Stopwatch clock;
  out.confusion = validation_confusion(registry, options.stage1, options.stage1_params, X, labels,
                                       options.validation_fraction, ctx)
                      .C;
  out.dendrogram = agglomerate(confusion_row_distributions(out.confusion), options.distance);
  const int32_t kept =
      options.num_clusters > 0 ? K - options.num_clusters : clip_merges(out.dendrogram);
  out.model.clusters = clusters_after(out.dendrogram, kept);
  out.model.cluster_of = cluster_of_class(out.model.clusters, K);
  out.confusion_seconds = clock.seconds();
  ctx.report("{} groups from {} classes", out.model.clusters.size(), K);

  clock = Stopwatch();
  MulticlassLabels group_labels;
  for (size_t g = 0; g < out.model.clusters.size(); ++g)
    group_labels.class_names.push_back(fmt::format("group{}", g));
  for (int32_t c : labels.y) group_labels.y.push_back(out.model.cluster_of[c]);
  FitContext l1_ctx;
  l1_ctx.seed = derive_seed(ctx.seed, "hierarchy-l1");
  l1_ctx.threads = ctx.threads;
  const bool own_l1 = !options.l1.empty();
  const bool node_features = static_cast<bool>(options.node_features);
  out.model.l1_on_x2 = own_l1 || node_features;
  const std::string& l1_solver = own_l1 ? options.l1 : options.stage1;
  const Params& l1_params = own_l1 ? options.l1_params : options.stage1_params;
  if (node_features) {
    const std::vector<int32_t> cols = node_columns(options, X2, group_labels);
    out.model.l1 =
        registry
            .fit_multiclass(l1_solver, {X2.select_columns(cols), group_labels}, l1_params, l1_ctx)
            .model;
    lift_to_columns(out.model.l1, cols, X2.cols);
  } else {
    out.model.l1 =
        registry.fit_multiclass(l1_solver, {own_l1 ? X2 : X, group_labels}, l1_params, l1_ctx)
            .model;
  }
  out.l1_seconds = clock.seconds();

  clock = Stopwatch();
  out.model.l2.resize(out.model.clusters.size());
  // The L2 classifiers are independent: one job list, their SVMs in parallel on ctx.threads.
  std::vector<size_t> owners;
  std::vector<std::vector<int32_t>> groups;
  std::vector<uint64_t> seeds;
  for (size_t g = 0; g < out.model.clusters.size(); ++g) {
    if (out.model.clusters[g].size() < 2) continue;
    owners.push_back(g);
    groups.push_back(out.model.clusters[g]);
    seeds.push_back(derive_seed(ctx.seed, fmt::format("hierarchy-l2/{}", g)));
  }
  std::vector<SubsetFit> l2;
  if (!node_features) {
    l2 = fit_class_subsets(registry, options.stage2, options.stage2_params, X2, labels, groups,
                           seeds, ctx);
  } else {
    // Each group selects its columns from its own rows and classes, then is fitted alone.
    for (size_t j = 0; j < groups.size(); ++j) {
      std::vector<int32_t> rows, local(static_cast<size_t>(K), -1);
      MulticlassLabels group_y;
      for (size_t k = 0; k < groups[j].size(); ++k) {
        local[static_cast<size_t>(groups[j][k])] = static_cast<int32_t>(k);
        group_y.class_names.push_back(labels.class_names[static_cast<size_t>(groups[j][k])]);
      }
      for (int32_t i = 0; i < X2.rows; ++i)
        if (local[static_cast<size_t>(labels.y[i])] >= 0)
          rows.push_back(i), group_y.y.push_back(local[static_cast<size_t>(labels.y[i])]);
      const std::vector<int32_t> cols = node_columns(options, X2.select_rows(rows), group_y);
      FitContext gctx = ctx;
      gctx.seed = seeds[j];
      SubsetFit f = fit_class_subset(registry, options.stage2, options.stage2_params,
                                     X2.select_columns(cols), labels, groups[j], gctx);
      lift_to_columns(f.model, cols, X2.cols);
      l2.push_back(std::move(f));
    }
  }
  for (size_t j = 0; j < owners.size(); ++j) {
    out.model.l2[owners[j]] = std::move(l2[j]);
    for (const auto& s : out.model.l2[owners[j]].svms) out.svms.push_back(s);
  }
  out.l2_seconds = clock.seconds();
  out.l2_cpu_seconds = total_cpu_seconds(out.svms);
  return out;
}

HierarchyAccuracies hierarchy_level_accuracies(const HierarchyModel& model, const CsrMatrix& X,
                                               const std::vector<int32_t>& truth) {
  return hierarchy_level_accuracies(model, X, X, truth);
}

HierarchyAccuracies hierarchy_level_accuracies(const HierarchyModel& model, const CsrMatrix& X1,
                                               const CsrMatrix& X,
                                               const std::vector<int32_t>& truth) {
  if (static_cast<int32_t>(truth.size()) != X.rows || X.rows == 0)
    throw ConfigError("hierarchy: need one true class per row and at least one row");
  std::vector<int32_t> true_groups(X.rows);
  for (int32_t r = 0; r < X.rows; ++r) true_groups[r] = model.cluster_of[truth[r]];
  const std::vector<int32_t> groups = model.predict_groups(X1, X);
  const std::vector<int32_t> routed = model.predict_within(X, groups);
  const std::vector<int32_t> perfect = model.predict_within(X, true_groups);
  int64_t l1_ok = 0, l2_ok_routed = 0, perfect_ok = 0, overall_ok = 0;
  HierarchyAccuracies a;
  a.overall_correct.resize(static_cast<size_t>(X.rows));
  a.l1_correct.resize(static_cast<size_t>(X.rows));
  for (int32_t r = 0; r < X.rows; ++r) {
    const bool l1 = groups[r] == true_groups[r];
    a.l1_correct[static_cast<size_t>(r)] = l1;
    a.overall_correct[static_cast<size_t>(r)] = routed[r] == truth[r];
    l1_ok += l1;
    l2_ok_routed += l1 && routed[r] == truth[r];
    perfect_ok += perfect[r] == truth[r];
    overall_ok += routed[r] == truth[r];
  }
  const double n = X.rows;
  a.l1 = static_cast<double>(l1_ok) / n;
  a.l2_given_l1 = l1_ok ? static_cast<double>(l2_ok_routed) / static_cast<double>(l1_ok)
                        : std::numeric_limits<double>::quiet_NaN();
  a.l2_perfect_l1 = static_cast<double>(perfect_ok) / n;
  a.overall = static_cast<double>(overall_ok) / n;
  return a;
}

}  // namespace linrepro
