#include "experiments/common/extra_solvers.h"

#include <fmt/format.h>

#include "core/error.h"
#include "harness/solver_catalog.h"
#include "solvers/regularization.h"

namespace linrepro {

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

Params extra_solver_params(const ExtraSolver& extra, double lambda) {
  // What the protocol gives every solver of this kind (lambda where the solver takes it, its
  // intercept switch), then what the user set; a user's C replaces the protocol's lambda.
  Params p = regularization_params(solver_catalog().get(extra.solver), lambda);
  const Params& user = extra.params.is_object() ? extra.params : Params::object();
  if (user.contains("lambda") || user.contains("C")) p.erase("lambda");
  for (const auto& [k, v] : user.items()) p[k] = v;
  return p;
}

Json extra_solver_tag(const ExtraSolver& extra) {
  return {{"part", "extra"}, {"with_solver", extra.label}, {"note", kExtraSolverNote}};
}

}  // namespace linrepro
