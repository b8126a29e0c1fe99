#pragma once
// Published cells a run cannot compute because their data is not here: each becomes a
// data_unavailable cell carrying the resolver's instructions, unless the driver set it already.
// Only the experiment's own cells (PublishedCell::experiment, against the result file's header),
// so that no experiment writes another's cell (harness/experiment/cell_matching.h would refuse it).
#include <functional>
#include <string>

#include "harness/experiment/experiment.h"
#include "harness/experiment/published.h"
#include "harness/results/result_file.h"

namespace linrepro {

// Every published cell of `rf`'s experiment that `selects` accepts. Returns how many were marked.
int mark_unavailable_cells(ResultFile& rf, const PublishedPaper& paper,
                           const std::function<bool(const PublishedCell&)>& selects,
                           const std::string& reason);

// Those that need `dataset` (PublishedCell::dataset), read from the paper's file in
// ctx.published(): what a driver over several datasets calls for the one that is missing.
int mark_unavailable(const ExperimentContext& ctx, ResultFile& rf, const std::string& dataset,
                     const std::string& reason);

}  // namespace linrepro
