#pragma once
// Table 2's bottom half of Zhang, Jin, Yang & Hauptmann (ICML 2003): RCV1's four top-level topics
// CCAT, ECAT, GCAT and MCAT with LYRL2004's split swapped (781,265 training, 23,149 test
// documents), MLR-CG against the SVM (SMO) and LIBLINEAR -s 3; the same code as the Reuters rows
// (reuters_table2.h). RCV1 is not in the data mirror: without it every cell is data_unavailable
// with the instructions of corpora/data_resolver.h.
//
// No figures are declared: a declared figure names its runs, which RCV1 usually does not have.
#include <vector>

#include "corpora/libsvm_sets.h"
#include "harness/experiment.h"

namespace linrepro {

inline constexpr const char* kRcv1Experiment = "table2_rcv1";

// table2_rcv1 (add_mlrcg2003_rcv1, experiments.h) loads RCV1 (corpora/libsvm_sets.h load_rcv1) and
// runs run_rcv1_on, or marks the cells tagged "rcv1-v2" in the published file data_unavailable.
// Fast mode records nothing (no download, no hours of SMO).

// The experiment on given data: binary features, the 500 of highest joint information gain over
// the four topics on the training side (LYRL2004's test set), then Table 2's runs and, once they
// are all stored, its cells and claims.
void run_rcv1_on(const ExperimentContext& ctx, ResultFile& rf, const Rcv1Data& data);

}  // namespace linrepro
