#include "baselines/register.h"

#include "baselines/liblinear_adapter.h"
#include "baselines/libsvm_adapter.h"
#include "baselines/naive_bayes.h"
#include "baselines/sklearn_sgd_peers.h"
#include "baselines/smo_svm.h"

namespace linrepro {

void register_baseline_solvers(SolverRegistry& registry) {
  registry.add(smo_solver_info());
  for (SolverInfo& info : liblinear_solver_infos()) registry.add(std::move(info));
  registry.add(libsvm_linear_solver_info());
  registry.add(naive_bayes_solver_info());
  registry.add(naive_bayes_ovr_solver_info());
  for (SolverInfo& info : sklearn_sgd_peer_infos()) registry.add(std::move(info));
}

}  // namespace linrepro
