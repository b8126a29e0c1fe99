#pragma once
// The SGD L1/ridge implementation report (/work/shared/papers/sgd-l1-ridge-report.md), paper id
// "sgdreport": its experiments; experiments/register.cpp calls each add_* function.
#include <vector>

#include "harness/experiment/experiment.h"

namespace linrepro {

inline constexpr const char* kSgdPaper = "sgdreport";

// tables.cpp: Tables 1-6, Figures 1-4 and the report's claims (a9a; covtype.binary if present).
void add_sgdreport_tables(std::vector<ExperimentInfo>& registry);

// The paper's experiments (experiments/register.cpp).
inline void add_sgdreport(std::vector<ExperimentInfo>& registry) { add_sgdreport_tables(registry); }

}  // namespace linrepro
