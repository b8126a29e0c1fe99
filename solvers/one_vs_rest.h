#pragma once
// One-vs-rest: K binary fits, class k against the rest; the model scores with each (w_k, b_k) and
// predicts the argmax ("winner = largest margin", as Godbole et al. and Zhang & Oles use it).
// Classes run on ctx.threads workers; class k's seed is derived from ctx.seed and k.
#include "solvers/solver.h"

namespace linrepro {

MulticlassFit fit_one_vs_rest(const BinaryFitFn& fit_binary, const MulticlassProblem& p,
                              const Params& params, FitContext& ctx);

}  // namespace linrepro
