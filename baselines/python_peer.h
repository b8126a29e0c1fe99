#pragma once
// The Python peers (scikit-learn scripts in baselines/, run with Debian's /usr/bin/python3):
// one way to start a script of this project and read its JSON Lines output, for every paper.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace linrepro {

// Debian's python3, with its python3-sklearn: every Python peer and py: solver runs under it.
inline constexpr const char* kDebianPython = "/usr/bin/python3";

// Runs <repo root>/<script> with `args` (no shell: paths need no quoting) and parses its stdout,
// one JSON value per non-empty line. Throws std::runtime_error naming the script with its exit
// status and stderr when it fails, or the line that is not JSON.
// progress: the script's stderr (its progress lines, scikit-learn's warnings) is passed through
// to ours as it comes; false (`-q`) drops it, except in the error of a failing script.
std::vector<nlohmann::json> run_python_peer(const std::string& script,
                                            const std::vector<std::string>& args, bool progress);

// scikit-learn's version as Debian's python3 reports it ("unknown" if it cannot be imported).
std::string sklearn_version();

}  // namespace linrepro
