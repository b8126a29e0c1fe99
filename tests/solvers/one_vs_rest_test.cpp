#include "solvers/one_vs_rest.h"

#include <gtest/gtest.h>

#include <map>
#include <mutex>
#include <stdexcept>

#include "core/seed.h"

namespace linrepro {
namespace {

// Five rows, three classes; features make each class separable by a positive weight on "its"
// column.
//   row  class  features
//   0    a      0:1 3:0.5
//   1    b      1:1
//   2    c      2:1 3:0.5
//   3    b      1:2
//   4    a      0:1
struct OneVsRestFixture {
  CsrMatrix X;
  MulticlassLabels labels{{0, 1, 2, 1, 0}, {"a", "b", "c"}};
  OneVsRestFixture() {
    X.append_row(std::vector<int32_t>{0, 3}, std::vector<double>{1, 0.5});
    X.append_row(std::vector<int32_t>{1}, std::vector<double>{1});
    X.append_row(std::vector<int32_t>{2, 3}, std::vector<double>{1, 0.5});
    X.append_row(std::vector<int32_t>{1}, std::vector<double>{2});
    X.append_row(std::vector<int32_t>{0}, std::vector<double>{1});
  }
};

// A fake binary solver that records what it was given, keyed by the class named in ctx.label.
struct Recorder {
  std::mutex mutex;
  std::map<std::string, std::vector<double>> y;
  std::map<std::string, uint64_t> seed;

  BinaryFitFn fn() {
    return [this](const BinaryProblem& p, const Params&, FitContext& ctx) {
      {
        std::lock_guard lock(mutex);
        const std::string cls = ctx.label.substr(ctx.label.rfind('/') + 1);
        y[cls].assign(p.y.begin(), p.y.end());
        seed[cls] = ctx.seed;
      }
      BinaryFit fit;  // w = X^T y (one perceptron-like pass), b = -1: depends on the labels
      fit.model.w.assign(p.X.cols, 0.0);
      p.X.multiply_transpose(p.y, fit.model.w);
      fit.model.b = -1;
      fit.iterations = 2;
      fit.objective = 0.25;
      fit.stop = StopReason::converged;
      return fit;
    };
  }
};

TEST(OneVsRest, ClassKSeesPlusOneOnItsRowsAndMinusOneElsewhere) {
  OneVsRestFixture f;
  Recorder rec;
  FitContext ctx;
  ctx.seed = 99;
  ctx.label = "toy";
  const MulticlassFit fit = fit_one_vs_rest(rec.fn(), {f.X, f.labels}, Params(), ctx);
  ASSERT_EQ(rec.y.size(), 3u);
  EXPECT_EQ(rec.y["a"], (std::vector<double>{1, -1, -1, -1, 1}));
  EXPECT_EQ(rec.y["b"], (std::vector<double>{-1, 1, -1, 1, -1}));
  EXPECT_EQ(rec.y["c"], (std::vector<double>{-1, -1, 1, -1, -1}));
  // Seeds derived per class name from the parent seed: distinct and reproducible.
  EXPECT_EQ(rec.seed["a"], derive_seed(99, "a"));
  EXPECT_EQ(rec.seed["c"], derive_seed(99, "c"));
  EXPECT_NE(rec.seed["a"], rec.seed["b"]);

  ASSERT_EQ(fit.model.per_class.size(), 3u);
  // Class a: w = X^T y_a = row0 + row4 - row1 - row2 - row3 = (2, -3, -1, 0).
  EXPECT_EQ(fit.model.per_class[0].w, (std::vector<double>{2, -3, -1, 0}));
  EXPECT_EQ(fit.iterations, 6);
  EXPECT_DOUBLE_EQ(fit.objective, 0.75);
  EXPECT_EQ(fit.stop, StopReason::converged);
  ASSERT_EQ(fit.extra["per_class"].size(), 3u);
  EXPECT_EQ(fit.extra["per_class"][2]["class"], "c");
  // Training rows are predicted correctly by the argmax.
  EXPECT_EQ(fit.model.predict(f.X), f.labels.y);
}

TEST(OneVsRest, ThreadsGiveTheSameResultAsOne) {
  OneVsRestFixture f;
  Recorder rec1, rec3;
  FitContext one, three, many;
  one.threads = 1;
  three.threads = 3;
  many.threads = 16;  // more workers than classes
  const MulticlassFit a = fit_one_vs_rest(rec1.fn(), {f.X, f.labels}, Params(), one);
  const MulticlassFit b = fit_one_vs_rest(rec3.fn(), {f.X, f.labels}, Params(), three);
  const MulticlassFit c = fit_one_vs_rest(rec3.fn(), {f.X, f.labels}, Params(), many);
  for (const MulticlassFit* other : {&b, &c}) {
    ASSERT_EQ(other->model.per_class.size(), a.model.per_class.size());
    for (size_t k = 0; k < a.model.per_class.size(); ++k) {
      EXPECT_EQ(other->model.per_class[k].w, a.model.per_class[k].w) << "class " << k;
      EXPECT_EQ(other->model.per_class[k].b, a.model.per_class[k].b);
    }
    EXPECT_EQ(other->extra, a.extra);
    EXPECT_EQ(other->iterations, a.iterations);
  }
  EXPECT_EQ(rec1.y, rec3.y);
  EXPECT_EQ(rec1.seed, rec3.seed);
}

TEST(OneVsRest, WorstStopReasonAndErrorsPropagate) {
  OneVsRestFixture f;
  const BinaryFitFn capped = [](const BinaryProblem& p, const Params&, FitContext& ctx) {
    BinaryFit fit;
    fit.model.w.assign(p.X.cols, 0.0);
    fit.stop = ctx.label.ends_with("/b") ? StopReason::max_iterations : StopReason::converged;
    return fit;
  };
  FitContext ctx;
  EXPECT_EQ(fit_one_vs_rest(capped, {f.X, f.labels}, Params(), ctx).stop,
            StopReason::max_iterations);

  const BinaryFitFn failing = [](const BinaryProblem&, const Params&,
                                 FitContext& ctx) -> BinaryFit {
    if (ctx.label.ends_with("/c")) throw std::runtime_error("class c diverged");
    return {};
  };
  ctx.threads = 2;
  EXPECT_THROW(fit_one_vs_rest(failing, {f.X, f.labels}, Params(), ctx), std::runtime_error);
}

}  // namespace
}  // namespace linrepro
