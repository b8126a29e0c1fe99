#pragma once
// Zhang, Jin, Yang & Hauptmann (ICML 2003), paper id "mlrcg2003": the experiments, one function
// per source file; add_mlrcg2003 calls each.
#include <vector>

#include "harness/experiment/experiment.h"

namespace linrepro {

inline constexpr const char* kMlrcgPaper = "mlrcg2003";
inline constexpr double kMlrcgLambda = 0.001;  // §5: "we use lambda = 0.001 for all algorithms"

void add_mlrcg2003_reuters(
    std::vector<ExperimentInfo>& registry);  // reuters.cpp: Tables 1-2, Figure 2, §6.1
void add_mlrcg2003_rcv1(std::vector<ExperimentInfo>& registry);     // reuters_rcv1.cpp: RCV1's
void add_mlrcg2003_univ6(std::vector<ExperimentInfo>& registry);    // univ6.cpp: Table 3
void add_mlrcg2003_scaling(std::vector<ExperimentInfo>& registry);  // scaling.cpp: time vs n

// The paper's experiments, in the order `run --list` shows them (experiments/register.cpp).
inline void add_mlrcg2003(std::vector<ExperimentInfo>& registry) {
  add_mlrcg2003_univ6(registry);
  add_mlrcg2003_scaling(registry);
  add_mlrcg2003_reuters(registry);
  add_mlrcg2003_rcv1(registry);
}

}  // namespace linrepro
