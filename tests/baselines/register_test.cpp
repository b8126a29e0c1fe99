// Every baseline solver is registered and, whatever label LIBLINEAR/LIBSVM see first, predicts the
// training labels of clearly separable data (decision > 0 means +1).
#include "baselines/register.h"

#include <gtest/gtest.h>

#include "baseline_fixtures.h"

namespace linrepro {
namespace {

const std::vector<std::string> kNames = {"smo",          "liblinear-s0", "liblinear-s1",
                                         "liblinear-s2", "liblinear-s3", "liblinear-s5",
                                         "liblinear-s6", "liblinear-s7", "libsvm-linear"};

TEST(BaselineRegistry, RegistersAllSolvers) {
  SolverRegistry registry;
  register_baseline_solvers(registry);
  for (const auto& name : kNames) EXPECT_TRUE(registry.contains(name)) << name;
  EXPECT_THROW(register_baseline_solvers(registry), std::exception);  // names are unique
}

TEST(BaselineRegistry, EverySolverSeparatesSeparableDataWhicheverLabelComesFirst) {
  SolverRegistry registry;
  register_baseline_solvers(registry);
  const auto base = testing::separable_text(41);
  ASSERT_GT(base.X.rows, 100);
  for (const bool negative_first : {true, false}) {
    auto d = negative_first ? testing::negative_first(base) : base;
    if (!negative_first) {  // put a positive row first
      for (auto& v : d.y) v = -v;
      d = testing::negative_first(d);
      for (auto& v : d.y) v = -v;
    }
    ASSERT_EQ(d.y[0], negative_first ? -1.0 : 1.0);
    for (const auto& name : kNames) {
      FitContext ctx;
      const BinaryFit fit = registry.fit_binary(name, {d.X, d.y}, Params{{"lambda", 1e-5}}, ctx);
      EXPECT_EQ(fit.model.predict(d.X), d.y)
          << name << (negative_first ? " (-1 first)" : " (+1 first)");
    }
  }
}

TEST(BaselineRegistry, MulticlassThroughOneVsRest) {
  SolverRegistry registry;
  register_baseline_solvers(registry);
  // Three well separated clusters on three features.
  auto d = testing::dense_rows(
      {{3, 0, 0}, {0, 3, 0}, {0, 0, 3}, {2, 0, 0.5}, {0.5, 2, 0}, {0, 0.5, 2}}, {});
  MulticlassLabels labels{{0, 1, 2, 0, 1, 2}, {"a", "b", "c"}};
  for (const auto& name : {"smo", "liblinear-s3", "libsvm-linear"}) {
    FitContext ctx;
    const auto fit = registry.fit_multiclass(name, {d.X, labels}, Params{{"C", 10}}, ctx);
    EXPECT_EQ(fit.model.predict(d.X), labels.y) << name;
  }
}

}  // namespace
}  // namespace linrepro
