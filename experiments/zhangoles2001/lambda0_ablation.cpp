#include "experiments/zhangoles2001/lambda0_ablation.h"

#include <fmt/format.h>

#include <stdexcept>

#include "experiments/zhangoles2001/experiments.h"
#include "harness/declared_texts.h"
#include "harness/published.h"

namespace linrepro {

namespace {

std::string iterations_text(const std::vector<std::string>& columns, const Lambda0Row& row) {
  std::string s;
  for (size_t m = 0; m < columns.size(); ++m) {
    if (!row.methods[m]) continue;
    const Lambda0Result& r = *row.methods[m];
    s += fmt::format("{}{} {}/{}", s.empty() ? "" : "; ", columns[m], r.iterations_median,
                     r.iterations_max);
    if (row.to_convergence) s += fmt::format(" ({} of {} at the cap)", r.at_cap, r.trained);
  }
  return s;
}

}  // namespace

std::vector<Ablation> lambda0_ablations(const std::vector<std::string>& columns,
                                        const std::vector<Lambda0Row>& rows, double chosen_lambda,
                                        const std::vector<std::optional<double>>& published_bep,
                                        int64_t cap) {
  Ablation bep = declared_ablation_with(kZoPaper, "lambda0-bep", columns);
  Ablation f1 = declared_ablation_with(kZoPaper, "lambda0-f1", columns);
  for (const Lambda0Row& row : rows) {
    if (row.methods.size() != columns.size())
      throw std::invalid_argument(fmt::format("lambda0_ablations: a row has {} methods, {} columns",
                                              row.methods.size(), columns.size()));
    const std::string variant =
        fmt::format("lambda {:g}, {}", row.lambda,
                    row.to_convergence ? fmt::format("K to convergence (cap {})", cap)
                                       : std::string("K = 100 fixed"));
    const std::string description = fmt::format(
        "{}; iterations median/max per category: {}",
        row.to_convergence
            ? fmt::format("§3.1's stopping rule (change of sum |Dr_i| below 0.1% of 1 + sum |r_i|) "
                          "up to K = {} for Lin Reg and primal Mod Least Squares; the duals not "
                          "run (Algorithm 5 has no stopping rule; dual Mod Least Squares' "
                          "optimum is the primal's)",
                          cap)
            : std::string("K = 100 iterations exactly, no stopping rule"),
        iterations_text(columns, row));
    const bool chosen = !row.to_convergence && row.lambda == chosen_lambda;
    AblationRow b{variant, description, chosen, false, {}};
    AblationRow f{variant, description, chosen, false, {}};
    for (const auto& r : row.methods) {
      b.values.push_back(r ? std::optional<double>(r->bep) : std::nullopt);
      f.values.push_back(r ? std::optional<double>(r->f1) : std::nullopt);
    }
    bep.rows.push_back(std::move(b));
    f1.rows.push_back(std::move(f));
  }
  bep.rows.push_back({"published", "§4.2's \"about\" values (lambda -> 0, K = 100 fixed)", false,
                      true, published_bep});
  return {bep, f1};
}

}  // namespace linrepro
