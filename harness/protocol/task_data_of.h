#pragma once
// The data of one run of a declared protocol's task set, found by its run key: the set prepared
// with that run's options (the corpus read, tokenised and its features selected as for the run)
// and its TaskSet::data for the run's task. What `linrepro export <paper>/<experiment> --task KEY`
// writes and `linrepro.load_task` returns.
#include <functional>
#include <map>
#include <string>

#include "harness/experiment/task_data.h"
#include "harness/language/declared_protocol.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

// ConfigError when no run of a task set has `run_key` (naming the key forms the protocol has),
// or the set's kind does not give its data; DataUnavailable when the corpus is not here.
// `supplied` and `task_sources`: the experiment's (its ProtocolHooks' values and task sources).
TaskData protocol_task_data(const ExperimentContext& ctx, const DeclaredProtocol& p,
                            const std::function<Json(const ExperimentContext&)>& supplied,
                            const std::map<std::string, TaskSource>& task_sources,
                            const std::string& experiment, const std::string& run_key);

}  // namespace linrepro
