#include "algorithms/graphsvm_confusion.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/seed.h"

namespace linrepro {

void stratified_validation_split(const MulticlassLabels& labels, double validation_fraction,
                                 uint64_t seed, std::vector<int32_t>& fit_rows,
                                 std::vector<int32_t>& validation_rows) {
  if (!(validation_fraction > 0 && validation_fraction < 1))
    throw ConfigError(fmt::format("graphsvm: validation_fraction must be in (0, 1), got {}",
                                  validation_fraction));
  const int32_t K = labels.num_classes();
  std::vector<std::vector<int32_t>> by_class(K);
  for (int32_t i = 0; i < static_cast<int32_t>(labels.y.size()); ++i)
    by_class[labels.y[i]].push_back(i);
  Rng rng(derive_seed(seed, "graphsvm-validation"));
  fit_rows.clear();
  validation_rows.clear();
  for (auto& rows : by_class) {
    std::shuffle(rows.begin(), rows.end(), rng);
    const auto n = static_cast<int64_t>(rows.size());
    int64_t held = std::llround(validation_fraction * static_cast<double>(n));
    if (n >= 2)
      held = std::clamp<int64_t>(held, 1, n - 1);
    else
      held = 0;
    validation_rows.insert(validation_rows.end(), rows.begin(), rows.begin() + held);
    fit_rows.insert(fit_rows.end(), rows.begin() + held, rows.end());
  }
  std::sort(fit_rows.begin(), fit_rows.end());
  std::sort(validation_rows.begin(), validation_rows.end());
}

ConfusionCounts count_confusion(const std::vector<int32_t>& truth,
                                const std::vector<int32_t>& predicted, int32_t K) {
  if (truth.size() != predicted.size())
    throw ConfigError("graphsvm: truth and prediction lengths differ");
  ConfusionCounts C(K, std::vector<int64_t>(K, 0));
  for (size_t i = 0; i < truth.size(); ++i) ++C[truth[i]][predicted[i]];
  return C;
}

ValidationConfusion validation_confusion(const SolverRegistry& registry, const std::string& solver,
                                         const Params& params, const CsrMatrix& X,
                                         const MulticlassLabels& labels, double validation_fraction,
                                         FitContext& ctx) {
  ValidationConfusion out;
  stratified_validation_split(labels, validation_fraction, ctx.seed, out.fit_rows,
                              out.validation_rows);
  MulticlassLabels fit_labels{{}, labels.class_names};
  for (int32_t i : out.fit_rows) fit_labels.y.push_back(labels.y[i]);
  const CsrMatrix X_fit = X.select_rows(out.fit_rows);
  const CsrMatrix X_val = X.select_rows(out.validation_rows);
  FitContext sub;
  sub.seed = derive_seed(ctx.seed, "graphsvm-stage1-validation");
  sub.threads = ctx.threads;
  const MulticlassFit fit = registry.fit_multiclass(solver, {X_fit, fit_labels}, params, sub);
  std::vector<int32_t> truth;
  for (int32_t i : out.validation_rows) truth.push_back(labels.y[i]);
  out.C = count_confusion(truth, fit.model.predict(X_val), labels.num_classes());
  ctx.report("confusion of {} on {} held-out rows", solver, out.validation_rows.size());
  return out;
}

std::vector<std::vector<int32_t>> confusion_graph(const ConfusionCounts& C, double t) {
  const auto K = static_cast<int32_t>(C.size());
  std::vector<std::vector<int32_t>> F(K);
  for (int32_t j = 0; j < K; ++j) {
    int64_t n_j = 0;
    for (int64_t c : C[j]) n_j += c;
    if (n_j == 0) continue;
    for (int32_t i = 0; i < K; ++i)
      // The 1e-9 slack keeps an exact tie (9 of 300 at t = 0.03) on the ">=" side despite rounding.
      if (i != j && C[j][i] > 0 &&
          static_cast<double>(C[j][i]) >= (t - 1e-9) * static_cast<double>(n_j))
        F[i].push_back(j);
  }
  return F;  // each F[i] is filled in increasing j: sorted
}

std::vector<std::vector<double>> confusion_row_distributions(const ConfusionCounts& C) {
  std::vector<std::vector<double>> P;
  for (const auto& row : C) {
    int64_t n = 0;
    for (int64_t c : row) n += c;
    std::vector<double> p(row.size(), 0.0);
    if (n > 0)
      for (size_t k = 0; k < row.size(); ++k)
        p[k] = static_cast<double>(row[k]) / static_cast<double>(n);
    P.push_back(std::move(p));
  }
  return P;
}

}  // namespace linrepro
