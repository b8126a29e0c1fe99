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
// Also what both scalability sweeps (sweeps.cpp: Figures 7-10, Figure 11) share: what the claims
// read off their runs, and their config.
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "experiments/graphsvm2002/datasets.h"
#include "harness/experiment/experiment.h"
#include "harness/protocol/sweep_measures.h"

namespace linrepro {

inline constexpr const char* kMcnb = "MCNB";
inline constexpr const char* kMcsvm = "MCSVM";
inline constexpr const char* kGraphSvm = "GraphSVM";
inline constexpr const char* kHierSvm = "Hier-SVM";

// The method's solvers and settings on d, recorded with its run (extra.method).
Json sweep_method_config(const std::string& method, const GraphsvmData& d);

// Fits `method` on d's training rows and scores d's test rows; the record's solver is the method.
// `variant` changes one of the paper's settings (ablation graphsvm-vs-mcsvm-reuters): "C" (the
// SVMs' cost in place of SVMlight's default; MCSVM, GraphSVM), "stage1" (GraphSVM's M1, a
// registered solver) or "validation_fraction" (GraphSVM's held-out share); anything else, or a
// setting the method has not, is a ConfigError naming it.
RunRecord fit_sweep_method(const std::string& method, const GraphsvmData& d, uint64_t seed,
                           int threads, const Params& variant = Params::object());

// True for the paper's methods above; any other name a sweep fits is a solver added with
// --with-solver.
bool is_sweep_method(const std::string& name);

// A solver added with --with-solver on d: one flat multiclass fit on the SVMs' input (a binary
// solver one-vs-rest), its record's extra.train_rows and extra.num_classes set.
RunRecord fit_extra_solver(const GraphsvmData& d, const std::string& solver, const Params& params,
                           uint64_t seed);

// SweepPoints (harness/protocol/sweep_measures.h): (method, x) -> run, x = number of classes or
// training-set share: the numbers the claims read. A run may be pending until the ResultFile is
// complete.

// Training time as the figures and claims use it: CPU seconds (methods.h).
inline double cpu_of(const RunRecord& r) { return r.train_seconds; }
inline double acc_of(const RunRecord& r) { return r.metrics.value("accuracy", std::nan("")); }

}  // namespace linrepro
