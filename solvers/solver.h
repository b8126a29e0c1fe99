#pragma once
// The two solver interfaces every method plugs into, and the registry that names them.
//
// Binary:     fit(X, y in {-1,+1}, params, ctx) -> LinearModel (w, b)
// Multiclass: fit(X, y in 0..K-1,  params, ctx) -> MulticlassModel (one (w, b) per class)
// A solver registers either or both; a binary-only solver is used for multiclass through the
// one-vs-rest adapter (solvers/one_vs_rest.h). Plain structs and std::function, no class tree
// (xgboost's registry idea: name, one-line description, parameters, factory next to the code).
// A solver is described as data: what it is (SolverKind) and its parameters (ParamDecl), each
// declared once, so listings, defaults and the drivers' lambda requests all read the same facts.
#include <deque>
#include <functional>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "core/labels.h"
#include "core/sparse_matrix.h"
#include "solvers/fit_context.h"
#include "solvers/linear_model.h"
#include "solvers/params.h"
#include "solvers/solver_kind.h"

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
  double objective =
      0;  // the solver's own objective at the end, in the paper convention if it has one
  nlohmann::json extra =
      nlohmann::json::object();  // solver-specific facts (dual objective, #SV, ...)
};

struct MulticlassFit {
  MulticlassModel model;
  StopReason stop = StopReason::not_iterative;
  int64_t iterations = 0;
  double objective = 0;
  nlohmann::json extra = nlohmann::json::object();
};

using BinaryFitFn = std::function<BinaryFit(const BinaryProblem&, const Params&, FitContext&)>;
using MulticlassFitFn =
    std::function<MulticlassFit(const MulticlassProblem&, const Params&, FitContext&)>;

struct SolverInfo {
  std::string name;         // registry key, e.g. "smo", "liblinear-s3", "mlr-cg"
  std::string description;  // one line
  std::string source;       // paper / algorithm / equation it implements, or the peer library
  SolverKind kind;          // loss, penalty, intercept (solvers/solver_kind.h)
  // Declared once: the fit functions read their Params through a ParamReader built from this
  // same list (solvers/params.h), and `linrepro solvers` lists it.
  std::vector<ParamDecl> params;
  // Binary or multiclass is what is filled in (classes_text says it in words).
  BinaryFitFn fit_binary;          // empty if the solver is multiclass-only
  MulticlassFitFn fit_multiclass;  // empty: the registry uses one-vs-rest over fit_binary
};

// "binary (multiclass one-vs-rest)", "binary + native multiclass" or "native multiclass only".
std::string classes_text(const SolverInfo& s);

class SolverRegistry {
 public:
  // Throws ConfigError on a duplicate name or no fit at all, std::logic_error on an inconsistent
  // declaration (parameters, or a kind naming undeclared parameters or no loss).
  void add(SolverInfo info);
  // Throws ConfigError listing the known names when `name` is unknown.
  const SolverInfo& get(const std::string& name) const;
  bool contains(const std::string& name) const;
  // A deque: adding a solver (an external one, harness/experiment/solver_catalog.h) keeps the
  // references get() handed out valid.
  const std::deque<SolverInfo>& all() const { return solvers_; }

  // Checks y in {-1,+1} first (solvers/binary_labels.h), so no solver needs to.
  BinaryFit fit_binary(const std::string& name, const BinaryProblem& p, const Params& params,
                       FitContext& ctx) const;
  // Native multiclass if the solver has it, else one-vs-rest over its binary fit.
  MulticlassFit fit_multiclass(const std::string& name, const MulticlassProblem& p,
                               const Params& params, FitContext& ctx) const;

 private:
  std::deque<SolverInfo> solvers_;
};

}  // namespace linrepro
