#pragma once
// What an experiment's declaration names that is C++ code: the ProtocolHooks its driver registers
// (harness/protocol/protocol_runner.h). Everything else an experiment does is its declaration.
// `linrepro protocol reference` prints the list after the language's reference (docs/PROTOCOL.md,
// "Named components"), from the registered experiments themselves, so it cannot drift; the
// "summary in code" column shows which experiments still write cells, claims or ablations in C++.
#include <string>
#include <vector>

#include "harness/experiment/experiment.h"
#include "harness/protocol/protocol_runner.h"

namespace linrepro {

// The named components of `hooks` (the driver's own, before the declared task sources and builtin
// stop rules are added) for the declaration `p`.
Json named_components(const DeclaredProtocol& p, const ProtocolHooks& hooks);

// The section "Named components": a row per registered experiment with a declared protocol.
std::string named_components_markdown(const std::vector<ExperimentInfo>& registry);

}  // namespace linrepro
