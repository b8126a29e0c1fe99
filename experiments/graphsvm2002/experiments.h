#pragma once
// Godbole, Sarawagi & Chakrabarti (KDD 2002), paper id "graphsvm2002": the experiments, one
// function per source file; experiments/register.cpp calls each.
#include <vector>

#include "harness/experiment/experiment.h"

namespace linrepro {

inline constexpr const char* kGraphsvmPaper = "graphsvm2002";

// main.cpp: Figures 1-2 (NB confusion, clustered), Table 1 and Figures 3-4 (hierarchy, 20NG),
// Figures 5-6 (MCNB, MCSVM, Hier-SVM, GraphSVM on both corpora), Table 2 (threshold t).
void add_graphsvm2002_main(std::vector<ExperimentInfo>& registry);
// sweeps.cpp: Figure 11 (training-set size).
void add_graphsvm2002_sweeps(std::vector<ExperimentInfo>& registry);
// sweeps.cpp: Figures 7-10 (number of classes).
void add_graphsvm2002_sweep_classes(std::vector<ExperimentInfo>& registry);
// feature_sweep.cpp: accuracy by the number of MI features (issue 16 item 3).
void add_graphsvm2002_features(std::vector<ExperimentInfo>& registry);

// The paper's experiments, in the order `run --list` shows them (experiments/register.cpp).
inline void add_graphsvm2002(std::vector<ExperimentInfo>& registry) {
  add_graphsvm2002_sweep_classes(registry);
  add_graphsvm2002_sweeps(registry);
  add_graphsvm2002_main(registry);
  add_graphsvm2002_features(registry);
}

}  // namespace linrepro
