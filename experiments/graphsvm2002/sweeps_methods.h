#pragma once
// The methods of Figures 7-11 (Godbole, Sarawagi & Chakrabarti 2002, sections 3.3-3.4), by name,
// over the main experiments' method runners (methods.h), so the sweeps fit exactly what Figures
// 5-6 fit (same inputs, same SVMlight-default C, same t):
//   MCNB     run_mcnb                       multinomial NB over all classes
//   MCSVM    run_mcsvm(.., "smo")           one-vs-others SVMs over all classes on all rows
//   GraphSVM run_graphsvm(.., t = 0.05)     NB confusion graph, then the M2(i) SVMs
//   Hier-SVM run_hierarchy(.., "smo", "")   NB-L1 over the clustered confusion, SVMs per group
// Training time: train_seconds as methods.h defines it (CPU seconds: every SVM's thread CPU time
// summed plus the single-threaded NB stages -- the paper's total over all models on one machine),
// and extra.wall_seconds, the wall time of the whole fit with its SVMs on `threads` workers.
// Maximum memory of any SVM: extra.max_memory_bytes (SubSvmStats.memory_bytes, a formula).
// Also what both scalability sweeps (sweeps.cpp: Figures 7-10, Figure 11) share: how a point's
// runs are declared and what the claims read off them.
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "experiments/graphsvm2002/datasets.h"
#include "harness/experiment.h"
#include "harness/extra_solvers.h"

namespace linrepro {

inline constexpr const char* kMcnb = "MCNB";
inline constexpr const char* kMcsvm = "MCSVM";
inline constexpr const char* kGraphSvm = "GraphSVM";
inline constexpr const char* kHierSvm = "Hier-SVM";

// The method's solvers and settings on d, for run configs (hashed: a changed setting reruns).
Json sweep_method_config(const std::string& method, const GraphsvmData& d);

// Fits `method` on d's training rows and scores d's test rows; the record's solver is the method.
RunRecord fit_sweep_method(const std::string& method, const GraphsvmData& d, uint64_t seed,
                           int threads);

// One method at a sweep point: the paper's (by name), or a solver added with --with-solver, a flat
// multiclass fit (run_flat_multiclass) at the regularisation of its declared loss
// (extra_solver_params_on), named "extra/<label>". Extra solvers join draw 0, the figures' draw;
// the claims and the spread ablations read the paper's methods only.
struct SweepMethod {
  std::string name;
  std::optional<ExtraSolver> extra;

  // The run config's "method", "solver" (and "with_solver") fields on d.
  Json config_fields(const GraphsvmData& d, const std::string& experiment) const;
  RunRecord fit(const GraphsvmData& d, uint64_t seed, int threads,
                const std::string& experiment) const;
};

// `paper` by name, then (draw 0) ctx's extra solvers.
std::vector<SweepMethod> sweep_methods(const std::vector<std::string>& paper,
                                       const ExperimentContext& ctx, int draw);

// (method, x) -> run, x = number of classes or training-set share: the numbers the claims read.
// A run may be pending until the ResultFile is complete.
using SweepPoints = std::map<std::string, std::map<double, RunRecord>>;

// Training time as the figures and claims use it: CPU seconds (methods.h).
inline double cpu_of(const RunRecord& r) { return r.train_seconds; }
inline double acc_of(const RunRecord& r) { return r.metrics.value("accuracy", std::nan("")); }

// One point of a sweep in one draw: its key (the run key without the draw prefix and method),
// its own config fields (config.sweep gets "-draw" appended for a draw > 0, which the figures'
// filters leave out; data, seed, the method's fields and draw are added), what the progress line
// and the records' class_name say, and its x.
struct SweepPoint {
  std::string key;
  Json config;
  std::string progress, class_name;
  double x = 0;
};
// Asks rf for every method's run at the point on d (ctx: the draw's), into points[method][x]
// (paper's methods only). Draw 0 is the figures' and claims'; a draw s > 0 (sweep_spread.h) has
// key prefix "draw<s>/".
void declare_sweep_point(const ExperimentContext& ctx, ResultFile& rf,
                         const std::string& experiment, const std::vector<std::string>& methods,
                         int draw, const GraphsvmData& d, const SweepPoint& point,
                         SweepPoints& points);
// Draw 0 with ctx, then (full mode) the spread's other draws with split_replicate_context's.
std::vector<SweepPoints> declare_sweep_draws(
    const ExperimentContext& ctx,
    const std::function<SweepPoints(const ExperimentContext&, int draw)>& declare);
// A sweep's config: `own` with fast, the methods, the time convention, (full mode) `spread` with
// its number of draws, and the extra solvers.
Json sweep_config(const ExperimentContext& ctx, Json own, const std::vector<std::string>& methods,
                  Json spread);

}  // namespace linrepro
