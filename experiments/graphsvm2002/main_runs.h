#pragma once
// graphsvm2002/main: the methods' keys (experiments.json declares the runs, main_tasks.h fits
// them) and what the ablations and claims (main_cells.h) read off a data set's MainResults once
// every run is stored.
#include <map>
#include <string>
#include <vector>

#include "experiments/graphsvm2002/datasets.h"
#include "harness/experiment/experiment.h"
#include "harness/protocol/claim_comparisons.h"

namespace linrepro {

// Table 2's thresholds; Figures 5-6 quote its t = 0.05 row.
inline const std::vector<double> kMainThresholds = {0.01, 0.03, 0.05, 0.07};
inline constexpr double kMainFigureT = 0.05;

// "0.05": how a threshold appears in run keys and cell rows.
std::string t_name(double t);
// The method key of Hier-SVM with exactly n groups: "hier-svm-g10".
std::string hier_groups_key(int32_t n);
// The method key of GraphSVM at threshold t: "graphsvm-t0.05".
std::string graphsvm_key(double t);

// The runs of one data set by method key (mcnb, mcsvm, graphsvm-t0.05, ...); a run may be pending
// until the ResultFile is complete.
struct MainResults {
  std::map<std::string, RunRecord> runs;
  // The finished run of a method, or nullptr (not run, pending or failed).
  const RunRecord* get(const std::string& key) const;
};

// What the ablations and claims read off a finished run: accuracy in % (NaN when absent), the
// formula's largest two-class SVM memory in bytes (0 when absent).
double accuracy_of(const RunRecord& r);
double max_svm_memory_of(const RunRecord& r);
// The claim measure (harness/protocol/claim_comparisons.h) of run a's largest two-class SVM memory
// over run b's, exact; `runs` must outlive it.
ClaimMeasure svm_memory_ratio(const std::map<std::string, const RunRecord*>& runs);

}  // namespace linrepro
