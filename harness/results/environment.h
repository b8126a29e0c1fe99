#pragma once
// What produced a result: the code (git commit + dirty flag), the build (compiler, flags), the
// machine (CPU, cores, RAM, OS) and the library versions. Every result file carries it under
// "environment" (docs/RESULTS.md), so a number can always be traced to what computed it.
#include <nlohmann/json.hpp>
#include <string>

namespace linrepro {

// Captures the environment now. Never throws for a missing piece (no git, no /proc, no dpkg):
// that field is null instead.
nlohmann::json capture_environment();

// capture_environment() once per process (thread-safe): result files saved many times during a
// run carry the same record instead of re-running git each time.
const nlohmann::json& process_environment();

// The current time in UTC, ISO 8601 ("2026-01-01T12:00:00Z").
std::string utc_timestamp();

}  // namespace linrepro
