// SMO against LIBSVM on the real a9a (32,561 rows, 123 binary features) at lambda = 1e-4 and
// LIBSVM's default eps = 1e-3. LIBSVM alone needs about half a minute here, so this lives in the
// separate program test_baselines_slow (ctest label "slow"). Skips when the mirror is absent.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "baselines/register.h"
#include "core/labels.h"
#include "core/libsvm_format.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

LibsvmData read_xz(const std::filesystem::path& xz, const testing::TempDir& dir, int32_t min_cols) {
  const auto plain = dir / xz.stem().string();
  const std::string cmd = fmt::format("xz -dc '{}' > '{}'", xz.string(), plain.string());
  if (std::system(cmd.c_str()) != 0) throw std::runtime_error("failed: " + cmd);
  return read_libsvm(plain, min_cols);
}

TEST(SlowA9a, SmoMatchesLibsvmDualAndPrimal) {
  const std::filesystem::path mirror = LINREPRO_MIRROR_DIR "/libsvm";
  if (!std::filesystem::exists(mirror / "a9a.xz") || !std::filesystem::exists(mirror / "a9a.t.xz"))
    GTEST_SKIP() << "a9a not in the data mirror at " << mirror;
  testing::TempDir dir;
  const LibsvmData train = read_xz(mirror / "a9a.xz", dir, 0);
  const LibsvmData test = read_xz(mirror / "a9a.t.xz", dir, train.X.cols);
  ASSERT_EQ(train.X.rows, 32561);
  const BinaryLabels y = to_binary(train.labels);
  const BinaryLabels y_test = to_binary(test.labels);

  SolverRegistry registry;
  register_baseline_solvers(registry);
  const Params params{{"lambda", 1e-4}, {"eps", 1e-3}};
  const auto run = [&](const std::string& name, double& seconds) {
    FitContext ctx;  // its clock starts now
    ctx.progress = true;
    ctx.label = "a9a";
    BinaryFit fit = registry.fit_binary(name, {train.X, y}, params, ctx);
    seconds = ctx.clock.seconds();
    return fit;
  };
  double smo_seconds = 0, svm_seconds = 0;
  const BinaryFit smo = run("smo", smo_seconds);
  const BinaryFit svm = run("libsvm-linear", svm_seconds);
  EXPECT_EQ(smo.stop, StopReason::converged);
  EXPECT_EQ(svm.stop, StopReason::converged);

  const double dual_smo = smo.extra["dual_objective"].get<double>();
  const double dual_svm = svm.extra["dual_objective"].get<double>();
  EXPECT_NEAR(dual_smo, dual_svm, 1e-4 * std::fabs(dual_svm));
  EXPECT_NEAR(smo.objective, svm.objective, 1e-4 * svm.objective);

  const auto agree = [](const std::vector<double>& a, const std::vector<double>& b) {
    int64_t same = 0;
    for (size_t i = 0; i < a.size(); ++i) same += a[i] == b[i];
    return static_cast<double>(same) / static_cast<double>(a.size());
  };
  const auto accuracy = [&](const BinaryFit& f) { return agree(f.model.predict(test.X), y_test); };
  EXPECT_GE(agree(smo.model.predict(train.X), svm.model.predict(train.X)), 0.995);
  EXPECT_GE(agree(smo.model.predict(test.X), svm.model.predict(test.X)), 0.995);
  std::printf(
      "a9a lambda 1e-4 (C = %.6g): dual smo %.10g libsvm %.10g | O_svm smo %.10g libsvm %.10g |\n"
      "  iterations smo %lld libsvm %lld | SV smo %d libsvm %d | a9a.t accuracy smo %.4f libsvm "
      "%.4f\n"
      "  seconds smo %.2f libsvm %.2f\n",
      smo.extra["C"].get<double>(), dual_smo, dual_svm, smo.objective, svm.objective,
      static_cast<long long>(smo.iterations), static_cast<long long>(svm.iterations),
      smo.extra["support_vectors"].get<int>(), svm.extra["support_vectors"].get<int>(),
      accuracy(smo), accuracy(svm), smo_seconds, svm_seconds);
}

}  // namespace
}  // namespace linrepro
