#pragma once
// graphsvm2002/main, step "check claims": the paper's claims on GraphSVM's speed, accuracy and
// memory (sections 3.2-3.3, Table 2) and on the two-level hierarchy (section 2.1.1), from the
// finished runs of each data set (main_runs.h).
#include <map>
#include <string>

#include "experiments/graphsvm2002/main_runs.h"
#include "harness/experiment.h"

namespace linrepro {

// `all`: the runs by data set ("20ng", "reuters"); a data set without MCNB, MCSVM and GraphSVM at
// t = 0.05 is left out of the evidence.
void add_main_claims(ResultFile& rf, const std::map<std::string, MainResults>& all);
// Table 1's hierarchy claim, on 20NG's runs.
void add_hierarchy_claim(ResultFile& rf, const MainResults& res);

}  // namespace linrepro
