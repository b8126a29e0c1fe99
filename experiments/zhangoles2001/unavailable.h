#pragma once
// When Reuters-21578 is missing, Tables 1-3 and the text-4 claims cannot be computed. Their
// published cells carry "dataset": "reuters21578" (results/published/zhangoles2001.json), but three
// experiments share that data set and ResultFile::mark_unavailable marks every cell of the paper
// with the tag: each experiment would mark the others' cells too. This marks only the tagged cells
// the calling experiment reproduces.
#include <functional>
#include <string>

#include "harness/experiment.h"
#include "harness/published.h"

namespace linrepro {

inline constexpr const char* kZoReutersDataset = "reuters21578";

// Every published cell of the paper tagged `dataset` for which `reproduces` is true becomes
// data_unavailable with `reason` (unless the driver set it already). Returns how many.
int zo_mark_unavailable(const ExperimentContext& ctx, ResultFile& rf, const std::string& dataset,
                        const std::function<bool(const PublishedCell&)>& reproduces,
                        const std::string& reason);

}  // namespace linrepro
