#pragma once
// What both scalability sweeps of graphsvm2002 (sweep_classes.cpp: Figures 7-10; sweeps.cpp:
// Figure 11) read off their runs, and how they describe their figures.
#include <functional>
#include <map>
#include <string>

#include "harness/experiment.h"

namespace linrepro {

// (method, x) -> run, x = number of classes or training-set share: the numbers the claims read.
// A run may be pending until the ResultFile is complete.
using SweepPoints = std::map<std::string, std::map<double, RunRecord>>;

// Training time as the figures and claims use it: CPU seconds (methods.h).
inline double cpu_of(const RunRecord& r) { return r.train_seconds; }
inline double acc_of(const RunRecord& r) { return r.metrics.value("accuracy", NAN); }

// "x: value, x: value, ..." for one method (values with 2 decimals), for claims' evidence.
std::string list_values(const SweepPoints& p, const std::string& method,
                        const std::function<double(const RunRecord&)>& value);

}  // namespace linrepro
