#include "experiments/common/extra_solvers.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "harness/solver_catalog.h"
#include "solvers/regularization.h"

namespace linrepro {

namespace {

bool declares(const SolverInfo& info, const std::string& param) {
  return std::any_of(info.params.begin(), info.params.end(),
                     [&](const ParamSpec& p) { return p.name == param; });
}

}  // namespace

std::vector<ExtraSolver> extra_solvers(const ExperimentContext& ctx) {
  std::vector<ExtraSolver> out;
  for (const std::string& text : ctx.extra_solvers) {
    ExtraSolver e;
    e.label = text;
    const size_t colon = text.find(':');
    e.solver = text.substr(0, colon);
    e.params = Params::object();
    solver_catalog().get(e.solver);  // ConfigError naming the known solvers
    if (colon != std::string::npos) {
      const std::string list = text.substr(colon + 1);
      size_t start = 0;
      while (start <= list.size()) {
        const size_t comma = std::min(list.find(',', start), list.size());
        const std::string assignment = list.substr(start, comma - start);
        if (assignment.empty())
          throw ConfigError(fmt::format("--with-solver '{}': empty assignment", text));
        set_param_from_text(e.params, assignment);
        start = comma + 1;
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

Params extra_solver_params(const ExtraSolver& extra, double lambda, int64_t n) {
  Params p = extra.params.is_object() ? extra.params : Params::object();
  if (p.contains("lambda") || p.contains("C")) return p;
  const SolverInfo& info = solver_catalog().get(extra.solver);
  if (declares(info, "lambda"))
    p["lambda"] = lambda;
  else if (declares(info, "C"))
    p["C"] = lambda_to_C(lambda, n);
  return p;
}

Json extra_solver_tag(const ExtraSolver& extra) {
  return {{"part", "extra"}, {"with_solver", extra.label}, {"note", kExtraSolverNote}};
}

}  // namespace linrepro
