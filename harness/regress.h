#pragma once
// `linrepro regress`: the regression check `make test` relies on. Every registered experiment is
// re-run in fast mode into a temporary directory (never results/) and held against
//   1. its committed reference run, results/<paper>/fast/<id>.json: same seed, same numbers.
//      Metrics and counts must be equal exactly; objectives, trace values and metrics whose name
//      says they are an objective (obj, loss, gap, norm, residual, dual, primal, margin, risk,
//      gradient) to a relative 1e-6; timings and memory are ignored. A changed config hash, a
//      missing, new or failed run is a failure. A run whose data is unavailable now is skipped
//      with a note.
//   2. the published tolerance: a fast cell whose cell is `within` in the committed
//      results/comparison.json and is now outside it fails (unless the reference fast run had it
//      outside too: then fast mode, not the code, is the cause and it is only noted).
// `update` (`linrepro regress --update`) writes each new fast run as the committed reference
// (an experiment without a reference fails until then); the tolerance check still applies.
// One line per experiment on stderr, then exactly "N passed, N failed" on stdout.
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/experiment.h"

namespace linrepro {

struct RegressOptions {
  std::filesystem::path results_dir = "results";
  const std::vector<ExperimentInfo>* experiments = nullptr;  // nullptr: experiment_registry()
  bool update = false;
  std::vector<std::string> only;  // "paper" or "paper/id" to check a subset; empty: all
  bool progress = false;          // pass the experiments' own progress messages through
  int threads = 2;
  std::ostream* out = &std::cout;  // the closing "N passed, N failed"
  std::ostream* err = &std::cerr;  // per-experiment lines
};

struct ExperimentCheck {
  std::string paper, id;
  bool passed = false;
  bool reference_written = false;
  std::vector<std::string> problems;  // why it failed
  std::vector<std::string> notes;     // what was skipped and why
  int runs_compared = 0, cells_checked = 0;
};

struct RegressSummary {
  int passed = 0, failed = 0;
  std::vector<ExperimentCheck> checks;
  int exit_code() const { return failed == 0 ? 0 : 1; }
};

// The entry point of `linrepro regress`. Throws only for an invalid published file or
// comparison.json (an experiment that throws is a failed experiment, not an abort).
RegressSummary regression_check(const RegressOptions& options);

// The differences between a reference fast result document and a new one (rule 1 above), as
// readable problems; skipped runs are explained in `notes`. Returns the number of runs compared.
int diff_fast_results(const nlohmann::json& reference, const nlohmann::json& now,
                      std::vector<std::string>& problems, std::vector<std::string>& notes);

}  // namespace linrepro
