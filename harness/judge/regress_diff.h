#pragma once
// Rule 1 of `linrepro regress` (regress.h): a fast result document against its committed
// reference, results/<paper>/fast/<id>.json. Same seed, same code, same numbers:
//   - runs: metrics, counts, stop reason and iterations equal exactly; objectives, trace values,
//     extras and metrics whose name says they are an objective (obj, loss, gap, norm, residual,
//     dual, primal, margin, risk, gradient) to a relative 1e-6. A changed config hash, a missing,
//     new or failed run is a problem.
//   - cells and ablation values: the same values, by the same rule (exact, or relative 1e-6 when
//     the cell's row or column names an objective). A missing or new cell is a problem.
// Timings and memory (by name, or a cell's unit "s" / "MB") are never compared: they differ from
// run to run. A run or cell whose data is unavailable now but was there for the reference is not
// compared and is explained in `notes`. Both functions return the number of items compared.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace linrepro {

int diff_fast_results(const nlohmann::json& reference, const nlohmann::json& now,
                      std::vector<std::string>& problems, std::vector<std::string>& notes);

int diff_fast_cells(const nlohmann::json& reference, const nlohmann::json& now,
                    std::vector<std::string>& problems, std::vector<std::string>& notes);

}  // namespace linrepro
