#include "solvers/one_vs_rest.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

#include "core/seed.h"

namespace linrepro {

MulticlassFit fit_one_vs_rest(const BinaryFitFn& fit_binary, const MulticlassProblem& p, const Params& params,
                              FitContext& ctx) {
  const int32_t K = p.labels.num_classes();
  std::vector<BinaryFit> fits(K);
  std::vector<std::vector<TracePoint>> traces(K);
  std::atomic<int32_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto worker = [&] {
    for (int32_t k = next++; k < K; k = next++) {
      try {
        const BinaryLabels y = one_vs_rest(p.labels, k);
        FitContext sub;
        sub.seed = derive_seed(ctx.seed, p.labels.class_names[k]);
        sub.progress = ctx.progress;
        sub.trace_every = ctx.trace_every;
        sub.label = ctx.label + "/" + p.labels.class_names[k];
        fits[k] = fit_binary(BinaryProblem{p.X, y}, params, sub);
        traces[k] = std::move(sub.trace);
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
      }
    }
  };
  const int workers = std::clamp(ctx.threads, 1, std::max(1, K));
  std::vector<std::thread> pool;
  for (int t = 1; t < workers; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);

  MulticlassFit out;
  out.stop = StopReason::converged;
  out.extra["per_class"] = nlohmann::json::array();
  for (int32_t k = 0; k < K; ++k) {
    out.model.per_class.push_back(std::move(fits[k].model));
    out.iterations += fits[k].iterations;
    out.objective += fits[k].objective;
    if (fits[k].stop != StopReason::converged && fits[k].stop != StopReason::not_iterative) out.stop = fits[k].stop;
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
