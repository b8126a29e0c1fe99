#pragma once
// The solvers a user added with --with-solver, kept beside the results so that they stay part of
// them: <results>/solvers.json, {"schema": "linrepro-solvers/1", "solvers": [{"spec": "..."}]},
// in the order first added. `linrepro run` adds each --with-solver that ran; every later `run` and
// `plan` on the same results directory takes the kept solvers wherever they apply (an experiment
// that takes extra solvers, on tasks their kind fits), so their rows are made again on every rerun
// and a failed run is retried, never left behind silently (extra_solver_context,
// harness/experiment/extra_solvers.h, adds them); `linrepro forget --solver SPEC` drops one, with
// its runs. Written atomically under the file's lock (core/file_lock.h): two runs adding
// solvers at once both keep theirs.
#include <filesystem>
#include <string>
#include <vector>

namespace linrepro {

// <results_dir>/solvers.json.
std::filesystem::path kept_solvers_path(const std::filesystem::path& results_dir);

// The kept specs, in order; none when there is no file. A file that is not a solvers file is a
// DataError naming it (damaged data is an error).
std::vector<std::string> read_kept_solvers(const std::filesystem::path& results_dir);

// Adds the specs not kept yet (the file is written only when one is new).
void keep_solvers(const std::filesystem::path& results_dir, const std::vector<std::string>& specs);

// Drops `spec`; false when it was not kept.
bool forget_kept_solver(const std::filesystem::path& results_dir, const std::string& spec);

// Removes the runs of the extra solver `label` (config "with_solver") from the result file at
// `path` and from its run journal, under the file's lock; the cells stay until the experiment is
// summarised again. Returns how many runs (keys) it removed (0 when there is no file).
int forget_solver_runs(const std::filesystem::path& path, const std::string& label);

}  // namespace linrepro
