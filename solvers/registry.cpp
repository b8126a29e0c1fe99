#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "core/error.h"
#include "solvers/binary_labels.h"
#include "solvers/one_vs_rest.h"
#include "solvers/solver.h"

namespace linrepro {

void SolverRegistry::add(SolverInfo info) {
  if (contains(info.name))
    throw ConfigError(fmt::format("solver '{}' registered twice", info.name));
  if (!info.fit_binary && !info.fit_multiclass)
    throw ConfigError(
        fmt::format("solver '{}' has neither a binary nor a multiclass fit", info.name));
  check_declarations(info.params, info.name);
  if (info.kind.loss == Loss::unspecified)
    throw std::logic_error(fmt::format("solver '{}' does not declare its loss", info.name));
  if (info.kind.objective.empty())
    throw std::logic_error(
        fmt::format("solver '{}' does not say what its objective is", info.name));
  if (!find_declaration(info.params, info.kind.lambda_param))
    throw std::logic_error(
        fmt::format("solver '{}': its lambda goes to '{}', which it does not declare", info.name,
                    info.kind.lambda_param));
  if (!info.kind.intercept_params.is_object())
    throw std::logic_error(
        fmt::format("solver '{}': intercept_params must be an object", info.name));
  for (const auto& [key, value] : info.kind.intercept_params.items())
    if (!find_declaration(info.params, key))
      throw std::logic_error(
          fmt::format("solver '{}': intercept parameter '{}' is not declared", info.name, key));
  solvers_.push_back(std::move(info));
}

bool SolverRegistry::contains(const std::string& name) const {
  return std::any_of(solvers_.begin(), solvers_.end(),
                     [&](const SolverInfo& s) { return s.name == name; });
}

const SolverInfo& SolverRegistry::get(const std::string& name) const {
  for (const auto& s : solvers_)
    if (s.name == name) return s;
  std::vector<std::string> names;
  for (const auto& s : solvers_) names.push_back(s.name);
  throw ConfigError(fmt::format("unknown solver '{}' (known: {})", name, fmt::join(names, ", ")));
}

std::string classes_text(const SolverInfo& s) {
  if (s.fit_binary && s.fit_multiclass) return "binary + native multiclass";
  if (s.fit_multiclass) return "native multiclass only";
  return "binary (multiclass one-vs-rest)";
}

BinaryFit SolverRegistry::fit_binary(const std::string& name, const BinaryProblem& p,
                                     const Params& params, FitContext& ctx) const {
  const auto& s = get(name);
  if (!s.fit_binary) throw ConfigError(fmt::format("solver '{}' is multiclass-only", name));
  check_binary_problem(p.X, p.y, name);
  return s.fit_binary(p, params, ctx);
}

MulticlassFit SolverRegistry::fit_multiclass(const std::string& name, const MulticlassProblem& p,
                                             const Params& params, FitContext& ctx) const {
  const auto& s = get(name);
  if (s.fit_multiclass) return s.fit_multiclass(p, params, ctx);
  return fit_one_vs_rest(s.fit_binary, p, params, ctx);
}

}  // namespace linrepro
