#include "experiments/zhangoles2001/table5_ovr.h"

#include <fmt/format.h>

#include "core/error.h"
#include "core/parallel_for.h"
#include "core/seed.h"
#include "harness/experiment/solver_catalog.h"

namespace linrepro {

PerCategoryOvr fit_per_category_one_vs_rest(const std::string& solver, const PreparedSplit& split,
                                            const MulticlassLabels& train_labels,
                                            const Params& params, const FitContext& ctx) {
  const int32_t K = train_labels.num_classes();
  if (!split.per_category())
    throw ConfigError("fit_per_category_one_vs_rest: the split has global feature selection");
  if (static_cast<int32_t>(split.category_columns.size()) != K ||
      split.category_names != train_labels.class_names)
    throw ConfigError(fmt::format(
        "fit_per_category_one_vs_rest: the split's {} categories are not the {} classes",
        split.category_columns.size(), K));
  const int32_t n_test = split.matrices.test.rows;
  PerCategoryOvr out;
  out.scores.assign(static_cast<size_t>(n_test), std::vector<double>(static_cast<size_t>(K), 0));
  std::vector<Json> per_class(static_cast<size_t>(K));
  std::vector<int64_t> iterations(static_cast<size_t>(K), 0);
  std::vector<double> objectives(static_cast<size_t>(K), 0);

  parallel_for(static_cast<size_t>(K), ctx.threads, [&](size_t k) {
    const int32_t c = static_cast<int32_t>(k);
    const FeatureMatrices m = for_category(split, c);
    const BinaryLabels y = one_vs_rest(train_labels, c);
    FitContext fc;
    fc.seed = derive_seed(ctx.seed, train_labels.class_names[k]);
    fc.threads = 1;
    fc.progress = ctx.progress;
    fc.label = ctx.label + " " + train_labels.class_names[k];
    const BinaryFit fit =
        solver_catalog().fit_binary(solver, BinaryProblem{m.train, y}, params, fc);
    const std::vector<double> d = fit.model.decisions(m.test);
    for (int32_t i = 0; i < n_test; ++i) out.scores[static_cast<size_t>(i)][k] = d[i];
    iterations[k] = fit.iterations;
    objectives[k] = fit.objective;
    per_class[k] = {{"class", train_labels.class_names[k]},
                    {"features", m.train.cols},
                    {"iterations", fit.iterations},
                    {"objective", fit.objective},
                    {"stop", to_string(fit.stop)}};
  });

  out.predicted.resize(static_cast<size_t>(n_test));
  for (int32_t i = 0; i < n_test; ++i) {
    const auto& s = out.scores[static_cast<size_t>(i)];
    int32_t best = 0;
    for (int32_t k = 1; k < K; ++k)
      if (s[k] > s[best]) best = k;  // strict: ties go to the lowest class, as MulticlassModel
    out.predicted[static_cast<size_t>(i)] = best;
  }
  for (int32_t k = 0; k < K; ++k) {
    out.iterations += iterations[k];
    out.objective += objectives[k];
    out.per_class.push_back(per_class[k]);
  }
  return out;
}

}  // namespace linrepro
