#include "solvers/one_vs_rest.h"

#include "core/parallel_for.h"
#include "core/seed.h"

namespace linrepro {

MulticlassFit fit_one_vs_rest(const BinaryFitFn& fit_binary, const MulticlassProblem& p,
                              const Params& params, FitContext& ctx) {
  const int32_t K = p.labels.num_classes();
  std::vector<BinaryFit> fits(K);
  std::vector<std::vector<TracePoint>> traces(K);
  parallel_for(static_cast<size_t>(K), ctx.threads, [&](size_t kk) {
    const auto k = static_cast<int32_t>(kk);
    const BinaryLabels y = one_vs_rest(p.labels, k);
    FitContext sub;
    sub.seed = derive_seed(ctx.seed, p.labels.class_names[k]);
    sub.progress = ctx.progress;
    sub.trace_every = ctx.trace_every;
    sub.label = ctx.label + "/" + p.labels.class_names[k];
    fits[k] = fit_binary(BinaryProblem{p.X, y}, params, sub);
    traces[k] = std::move(sub.trace);
  });

  MulticlassFit out;
  out.stop = StopReason::converged;
  out.extra["per_class"] = nlohmann::json::array();
  for (int32_t k = 0; k < K; ++k) {
    out.model.per_class.push_back(std::move(fits[k].model));
    out.iterations += fits[k].iterations;
    out.objective += fits[k].objective;
    if (fits[k].stop != StopReason::converged && fits[k].stop != StopReason::not_iterative)
      out.stop = fits[k].stop;
    out.extra["per_class"].push_back({{"class", p.labels.class_names[k]},
                                      {"iterations", fits[k].iterations},
                                      {"objective", fits[k].objective},
                                      {"stop", to_string(fits[k].stop)}});
    // Per-class convergence traces, tagged with the class (the multiclass trace is their union).
    for (auto& point : traces[k]) {
      point.values["class"] = k;
      ctx.trace.push_back(std::move(point));
    }
  }
  return out;
}

}  // namespace linrepro
