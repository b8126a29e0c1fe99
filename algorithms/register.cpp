#include "algorithms/register.h"

#include "algorithms/clg.h"
#include "algorithms/cls.h"
#include "algorithms/cls_dual.h"
#include "algorithms/cmls.h"
#include "algorithms/cmls_dual.h"
#include "algorithms/dual_cd_logistic.h"
#include "algorithms/mlr_cg.h"
#include "algorithms/mmlr_cg.h"
#include "algorithms/mod_svm.h"
#include "algorithms/primal_cd.h"
#include "algorithms/sgd_l1_logistic.h"
#include "algorithms/sgd_ridge.h"
#include "solvers/solver.h"

namespace linrepro {

// One line per solver; each file exposes <name>_solver_info().
void register_algorithm_solvers(SolverRegistry& registry) {
  registry.add(mlr_cg_solver_info());
  registry.add(mmlr_cg_solver_info());
  registry.add(sgd_l1_logistic_solver_info());
  registry.add(sgd_ridge_solver_info());
  registry.add(cls_solver_info());
  registry.add(cmls_solver_info());
  registry.add(clg_solver_info());
  registry.add(mod_svm_solver_info());
  registry.add(cmls_dual_solver_info());
  // Accelerated variants beside the paper-faithful ones (issue 19).
  registry.add(cls_dual_solver_info());
  registry.add(cd_least_squares_solver_info());
  registry.add(cd_squared_hinge_solver_info());
  registry.add(cd_logistic_solver_info());
  registry.add(dcd_logistic_solver_info());
}

}  // namespace linrepro
