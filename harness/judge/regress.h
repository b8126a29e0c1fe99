#pragma once
// `linrepro regress`: the regression check `make test` relies on. Every registered experiment is
// re-run in fast mode into a temporary directory (never results/) and held against
//   1. its committed reference run, results/<paper>/fast/<id>.json: same seed, same numbers, run
//      by run and cell by cell (regress_diff.h says how exactly). A changed config hash, a
//      missing, new or failed run, a missing, new or changed cell is a failure.
//   2. the published tolerance: a fast cell whose cell is `within` in the committed
//      results/comparison.json and is now outside it fails (unless the reference fast run had it
//      outside too: then fast mode, not the code, is the cause and it is only noted).
// Each experiment ends in one of three outcomes:
//   PASS  nothing differs and at least one run or cell was compared;
//   SKIP  nothing was compared because the data is unavailable here (RCV1, covtype, IBM's
//         collections): its runs or cells are data_unavailable, and the line says why;
//   FAIL  anything differs, or nothing was compared with the data at hand: a check that compares
//         nothing cannot fail, so it must not pass.
// A reference whose provenance is not one clean commit (provenance.h) is warned about on its
// line and listed in the summary; it does not fail the check.
// `update` (`linrepro regress --update`) writes each new fast run as the committed reference
// (an experiment without a reference fails until then); the tolerance check, the "compared
// nothing" rule and the provenance warning (now of the file written) still apply.
// One line per experiment on stderr (with its seconds), then on stdout the summary: exactly
// "N passed, N failed, N skipped", and when some reference has dirty provenance a second line
// "warning: dirty provenance in N reference(s): <paper>/<id>, ...".
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/experiment/experiment.h"
#include "harness/judge/regress_diff.h"

namespace linrepro {

struct RegressOptions {
  std::filesystem::path results_dir = "results";
  const std::vector<ExperimentInfo>* experiments = nullptr;  // nullptr: experiment_registry()
  bool update = false;
  std::vector<std::string> only;  // "paper" or "paper/id" to check a subset; empty: all
  bool progress = false;          // pass the experiments' own progress messages through
  int threads = 2;
  // Experiments checked at once (each in a directory of its own; timed ones alone, as `run
  // --jobs`): the same outcomes and summary as one at a time.
  int jobs = 1;
  std::ostream* out = &std::cout;  // the summary
  std::ostream* err = &std::cerr;  // per-experiment lines
};

enum class RegressOutcome { pass, fail, skip };

struct ExperimentCheck {
  std::string paper, id;
  RegressOutcome outcome = RegressOutcome::fail;
  bool reference_written = false;
  std::vector<std::string> problems;    // why it failed
  std::vector<std::string> notes;       // what was not compared and why
  std::vector<std::string> provenance;  // what is wrong with the reference's provenance
  std::string skip_reason;              // SKIP: why the data is unavailable
  int runs_compared = 0;
  int cells_checked = 0;    // cells and ablation values held against the reference
  int tolerance_cells = 0;  // cells held against their published tolerance
  double seconds = 0;       // wall time of the fast subset
};

struct RegressSummary {
  int passed = 0, failed = 0, skipped = 0;
  std::vector<ExperimentCheck> checks;
  int exit_code() const { return failed == 0 ? 0 : 1; }
};

// The entry point of `linrepro regress`. Throws only for an invalid published file or
// comparison.json (an experiment that throws is a failed experiment, not an abort).
RegressSummary regression_check(const RegressOptions& options);

}  // namespace linrepro
