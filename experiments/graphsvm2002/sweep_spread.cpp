#include "experiments/graphsvm2002/sweep_spread.h"

#include <fmt/format.h>

#include <cmath>
#include <utility>

#include "core/statistics.h"
#include "experiments/graphsvm2002/sweeps_methods.h"

namespace linrepro {

namespace {

// The run of `method` at x in one draw, or nullptr when it is missing or did not finish.
const RunRecord* point_run(const SweepPoints& draw, const std::string& method, double x) {
  const auto m = draw.find(method);
  if (m == draw.end()) return nullptr;
  const auto r = m->second.find(x);
  return r == m->second.end() || r->second.status != "ok" ? nullptr : &r->second;
}

// Row `label` from one value per draw per column: the mean or the sd over the draws.
AblationRow summary_row(const std::string& label, const std::string& description,
                        const std::vector<std::vector<double>>& by_column, bool sd) {
  AblationRow row{label, description, false, false, false, {}};
  for (const std::vector<double>& v : by_column) {
    const MeanSd m = mean_and_sd(v);
    row.values.push_back(sd ? m.sd : m.mean);
  }
  return row;
}

}  // namespace

std::optional<Ablation> sweep_spread_ablation(const SweepSpreadSpec& spec,
                                              const std::vector<SweepPoints>& draws,
                                              const std::vector<std::string>& methods) {
  if (draws.empty() || !draws[0].contains(kGraphSvm)) return std::nullopt;
  std::vector<double> xs;
  for (const auto& [x, r] : draws[0].at(kGraphSvm)) xs.push_back(x);
  // acc[method][column][draw]
  std::map<std::string, std::vector<std::vector<double>>> acc;
  for (const std::string& method : methods) {
    auto& by_column = acc[method];
    by_column.resize(xs.size());
    for (size_t c = 0; c < xs.size(); ++c)
      for (const SweepPoints& draw : draws) {
        const RunRecord* r = point_run(draw, method, xs[c]);
        if (!r) return std::nullopt;
        by_column[c].push_back(acc_of(*r));
      }
  }
  if (!acc.contains(kMcsvm) || !acc.contains(kMcnb)) return std::nullopt;
  const auto difference = [&](const std::string& other) {
    std::vector<std::vector<double>> d(xs.size());
    for (size_t c = 0; c < xs.size(); ++c)
      for (size_t s = 0; s < draws.size(); ++s)
        d[c].push_back(acc[kGraphSvm][c][s] - acc[other][c][s]);
    return d;
  };
  Ablation a = spec.head;
  for (double x : xs) a.columns.push_back(spec.column(x));
  const std::string over = fmt::format("over the {} draws ({})", draws.size(), spec.draw);
  for (const std::string& method : methods) {
    a.rows.push_back(summary_row(method + " mean", "accuracy, mean " + over, acc[method], false));
    a.rows.push_back(summary_row(method + " sd", "accuracy, sample sd " + over, acc[method], true));
  }
  const auto vs_mcsvm = difference(kMcsvm);
  for (size_t s = 0; s < draws.size(); ++s) {
    AblationRow row{fmt::format("GraphSVM - MCSVM, draw {}", s),
                    s == 0 ? "the figures' draw" : "another seed's draw",
                    s == 0,
                    false,
                    false,  // a draw, not a variant
                    {}};
    for (const std::vector<double>& v : vs_mcsvm) row.values.push_back(v[s]);
    a.rows.push_back(std::move(row));
  }
  a.rows.push_back(summary_row("GraphSVM - MCSVM mean", "mean " + over, vs_mcsvm, false));
  a.rows.push_back(summary_row("GraphSVM - MCSVM sd", "sample sd " + over, vs_mcsvm, true));
  const auto vs_mcnb = difference(kMcnb);
  a.rows.push_back(summary_row("GraphSVM - MCNB mean", "mean " + over, vs_mcnb, false));
  a.rows.push_back(summary_row("GraphSVM - MCNB sd", "sample sd " + over, vs_mcnb, true));
  return a;
}

}  // namespace linrepro
