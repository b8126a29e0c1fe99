#include "harness/experiment/solver_catalog.h"

#include <gtest/gtest.h>

#include "algorithms/register.h"
#include "baselines/register.h"

namespace linrepro {
namespace {

TEST(SolverCatalog, HoldsEveryBaselineAndAlgorithmOnce) {
  SolverRegistry baselines, algorithms;
  register_baseline_solvers(baselines);
  register_algorithm_solvers(algorithms);
  const SolverRegistry& catalog = solver_catalog();
  EXPECT_EQ(catalog.all().size(), baselines.all().size() + algorithms.all().size());
  for (const auto& s : baselines.all()) EXPECT_TRUE(catalog.contains(s.name)) << s.name;
  for (const auto& s : algorithms.all()) EXPECT_TRUE(catalog.contains(s.name)) << s.name;
  EXPECT_TRUE(catalog.contains("smo"));
  EXPECT_EQ(&catalog, &solver_catalog());  // built once
}

}  // namespace
}  // namespace linrepro
