#pragma once
// What an experiment's declaration names that is C++ code: the ProtocolHooks its driver registers
// (harness/protocol/protocol_runner.h: named_components, kept in ExperimentInfo::components).
// Everything else an experiment does is its declaration.
// `linrepro protocol reference` prints the list after the language's reference (docs/PROTOCOL.md,
// "Named components"), from the registered experiments themselves, so it cannot drift; the
// "summary in code" column shows which experiments still write cells, claims or ablations in C++.
#include <string>
#include <vector>

#include "harness/experiment/experiment.h"

namespace linrepro {

// The section "Named components": a row per registered experiment with a declared protocol.
std::string named_components_markdown(const std::vector<ExperimentInfo>& registry);

}  // namespace linrepro
