#pragma once
// Registers the papers' own methods (this folder) with the solver registry.
namespace linrepro {
class SolverRegistry;
void register_algorithm_solvers(SolverRegistry& registry);
}  // namespace linrepro
