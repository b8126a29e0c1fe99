#pragma once
// Table 2's bottom half of Zhang, Jin, Yang & Hauptmann (ICML 2003): RCV1's four top-level topics
// CCAT, ECAT, GCAT and MCAT with LYRL2004's split swapped (781,265 training, 23,149 test
// documents), MLR-CG against the SVM (SMO) and LIBLINEAR -s 3; the same code as the Reuters rows
// (reuters_table2.h). RCV1 is not in the data mirror: without it every cell is data_unavailable
// with the instructions of corpora/data_resolver.h.
#include "harness/experiment.h"

namespace linrepro {

inline constexpr const char* kRcv1Experiment = "table2_rcv1";

void run_rcv1(const ExperimentContext& ctx);

}  // namespace linrepro
