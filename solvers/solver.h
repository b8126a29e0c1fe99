#pragma once
// The two solver interfaces every method plugs into, and the registry that names them.
//
// Binary:     fit(X, y in {-1,+1}, params, ctx) -> LinearModel (w, b)
// Multiclass: fit(X, y in 0..K-1,  params, ctx) -> MulticlassModel (one (w, b) per class)
// A solver registers either or both; a binary-only solver is used for multiclass through the
// one-vs-rest adapter (solvers/one_vs_rest.h). Plain structs and std::function, no class tree
// (xgboost's registry idea: name, one-line description, parameters, factory next to the code).
#include <functional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/labels.h"
#include "core/sparse_matrix.h"
#include "solvers/fit_context.h"
#include "solvers/linear_model.h"
#include "solvers/params.h"

namespace linrepro {

struct BinaryProblem {
  const CsrMatrix& X;
  std::span<const double> y;  // +1 / -1
};

struct MulticlassProblem {
  const CsrMatrix& X;
  const MulticlassLabels& labels;
};

struct BinaryFit {
  LinearModel model;
  StopReason stop = StopReason::not_iterative;
  int64_t iterations = 0;
  double objective = 0;  // the solver's own objective at the end, in the paper convention if it has one
  nlohmann::json extra = nlohmann::json::object();  // solver-specific facts (dual objective, #SV, ...)
};

struct MulticlassFit {
  MulticlassModel model;
  StopReason stop = StopReason::not_iterative;
  int64_t iterations = 0;
  double objective = 0;
  nlohmann::json extra = nlohmann::json::object();
};

struct ParamSpec {
  std::string name;
  std::string default_value;  // as text, for listings
  std::string description;
};

using BinaryFitFn = std::function<BinaryFit(const BinaryProblem&, const Params&, FitContext&)>;
using MulticlassFitFn = std::function<MulticlassFit(const MulticlassProblem&, const Params&, FitContext&)>;

struct SolverInfo {
  std::string name;         // registry key, e.g. "smo", "liblinear-s3", "mlr-cg"
  std::string description;  // one line
  std::string source;       // paper / algorithm / equation it implements, or the peer library
  std::vector<ParamSpec> params;
  BinaryFitFn fit_binary;          // empty if the solver is multiclass-only
  MulticlassFitFn fit_multiclass;  // empty: the registry uses one-vs-rest over fit_binary
};

class SolverRegistry {
 public:
  void add(SolverInfo info);  // throws on duplicate names
  // Throws ConfigError listing the known names when `name` is unknown.
  const SolverInfo& get(const std::string& name) const;
  bool contains(const std::string& name) const;
  const std::vector<SolverInfo>& all() const { return solvers_; }

  BinaryFit fit_binary(const std::string& name, const BinaryProblem& p, const Params& params,
                       FitContext& ctx) const;
  // Native multiclass if the solver has it, else one-vs-rest over its binary fit.
  MulticlassFit fit_multiclass(const std::string& name, const MulticlassProblem& p,
                               const Params& params, FitContext& ctx) const;

 private:
  std::vector<SolverInfo> solvers_;
};

}  // namespace linrepro
