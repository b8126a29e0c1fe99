// The SGD report's solvers (algorithms/sgd_l1_logistic.h, algorithms/sgd_ridge.h): update rates.
//
//   sgd_a9a/<impl>/<variant>   the report's setting on the real a9a (32,561 rows, 123 features,
//                              about 14 nonzeros per row; lambda 1e-4, gamma 0.001, 200 epochs):
//                              ours (naive, clipping, cumulative L1; ridge) against scikit-learn's
//                              SGDClassifier on the same files and epochs, run through
//                              baselines/sklearn_sgd_peer.py (log_loss + L1 with the
//                              constant rate; squared_error + L2 with a constant rate, one fit
//                              call).
//   sgd_20ng/<impl>/...        sparse text: 20 Newsgroups (18828), one class against the rest
//                              (80/20 split, binary words, about 125 nonzeros per row over 80k
//                              features), cumulative L1, 20 epochs, ours against the same
//                              SGDClassifier on the same rows (issue 19 item 2).
//   sgd_lazy_vs_dense/<variant>/<lazy|dense>   one epoch on clearly synthetic sparse text-like data
//                              (core/synthetic_data.h: 5,000 rows, 50,000 features, about 40
//                              nonzeros per row): O(nnz) lazy updates against the dense
//                              O(features) form of the same update.
//
// Every benchmark reports the counter updates_per_cpu_second: updates divided by the CPU time of
// the fit (ours: this process's CPU clock around the fit; scikit-learn: time.process_time() around
// its fit, so Python start-up and file parsing are excluded). CPU time because the machine may be
// shared. Without the data (a9a not resolvable, or python3/scikit-learn missing) the a9a
// benchmarks report an error and the others still run.
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "algorithms/sgd_l1_logistic.h"
#include "algorithms/sgd_ridge.h"
#include "core/libsvm_format.h"
#include "core/subprocess.h"
#include "core/synthetic_data.h"
#include "corpora/data_resolver.h"
#include "corpora/libsvm_sets.h"
#include "features/text_dataset.h"

namespace linrepro {
namespace {

constexpr int64_t kA9aEpochs = 200;

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

struct A9a {
  std::optional<BinaryDataset> data;
  std::filesystem::path dir;
  std::string error;
};

const A9a& a9a() {
  static const A9a d = [] {
    A9a r;
    try {
      r.dir = resolve("a9a").path;
      r.data = read_a9a(r.dir);
    } catch (const std::exception& e) {
      r.error = e.what();
    }
    return r;
  }();
  return d;
}

// variant: l1-naive | l1-clipping | l1-cumulative | ridge
BinaryFit fit_variant(const std::string& variant, const CsrMatrix& X, const BinaryLabels& y,
                      int64_t epochs, bool lazy) {
  FitContext ctx;
  ctx.seed = 1;
  if (variant == "ridge") {
    SgdRidgeOptions o;  // the report's Table 5
    o.epochs = epochs;
    o.lazy = lazy;
    return fit_sgd_ridge(X, y, o, ctx);
  }
  SgdL1LogisticOptions o;  // the report's Table 1
  o.penalty = variant == "l1-naive"      ? L1Penalty::naive
              : variant == "l1-clipping" ? L1Penalty::clipping
                                         : L1Penalty::cumulative;
  o.epochs = epochs;
  o.lazy = lazy;
  return fit_sgd_l1_logistic(X, y, o, ctx);
}

void BM_OursA9a(benchmark::State& state, std::string variant) {
  const auto& d = a9a();
  if (!d.data) {
    state.SkipWithError(d.error.c_str());
    return;
  }
  double cpu = 0;
  int64_t updates = 0;
  for (auto _ : state) {
    const double start = cpu_seconds();
    const auto fit = fit_variant(variant, d.data->X_train, d.data->y_train, kA9aEpochs, true);
    cpu += cpu_seconds() - start;
    updates += fit.iterations;
    benchmark::DoNotOptimize(fit.model.w.data());
  }
  state.counters["updates_per_cpu_second"] = static_cast<double>(updates) / cpu;
}

// method: a sklearn_sgd_peer.py method name, on LIBSVM files.
void run_sklearn(benchmark::State& state, const std::filesystem::path& train,
                 const std::filesystem::path& test, const std::string& method, int64_t epochs) {
  const std::string script =
      (std::filesystem::path(LINREPRO_SOURCE_DIR) / "baselines/sklearn_sgd_peer.py")
          .string();
  double cpu = 0, updates = 0;
  for (auto _ : state) {
    const auto r =
        run_command({"/usr/bin/python3", script, "--train", train.string(), "--test", test.string(),
                     "--method", method, "--epochs", std::to_string(epochs)});
    if (r.exit_code != 0) {
      state.SkipWithError(fmt::format("sklearn_sgd_peer.py failed: {}", r.err).c_str());
      return;
    }
    const auto j = nlohmann::json::parse(r.out);
    cpu += j.at("cpu_seconds").get<double>();
    updates += j.at("updates").get<double>();
    state.SetIterationTime(j.at("cpu_seconds").get<double>());
  }
  state.counters["updates_per_cpu_second"] = updates / cpu;
}

void BM_SklearnA9a(benchmark::State& state, std::string method) {
  const auto& d = a9a();
  if (!d.data) return state.SkipWithError(d.error.c_str());
  run_sklearn(state, d.dir / "a9a", d.dir / "a9a.t", method, kA9aEpochs);
}

// 20 Newsgroups (18828) as text: an 80/20 seeded random split, the default features (binary
// words), one class against the rest (issue 19 item 2: SGD on sparse text rows, about 125
// nonzeros per row over 80k features, where a9a has 14 over 123). Written once as LIBSVM files
// for the peer; removed when the program ends.
struct NewsgroupsBinary {
  CsrMatrix X;
  BinaryLabels y;
  std::filesystem::path dir, train, test;
  std::string error;
  NewsgroupsBinary() {
    try {
      const Corpus c = load_corpus_view("20news-18828");
      const PreparedText p = prepare_text(split_random(c, 0.8, 1), FeatureConfig{});
      X = p.features.matrices.train;
      y = one_vs_rest(p.train_labels, 0);
      dir =
          std::filesystem::temp_directory_path() / fmt::format("linrepro-bench-sgd-{}", ::getpid());
      std::filesystem::create_directories(dir);
      train = dir / "train.libsvm";
      test = dir / "test.libsvm";
      write_libsvm(train, X, y);
      write_libsvm(test, p.features.matrices.test, one_vs_rest(p.test_labels, 0));
    } catch (const DataUnavailable& e) {
      error = e.what();
    }
  }
  ~NewsgroupsBinary() {
    std::error_code ec;
    if (!dir.empty()) std::filesystem::remove_all(dir, ec);
  }
};
const NewsgroupsBinary& newsgroups() {
  static const NewsgroupsBinary d;
  return d;
}
constexpr int64_t kNewsgroupsEpochs = 20;

void BM_OursNewsgroups(benchmark::State& state) {
  const auto& d = newsgroups();
  if (!d.error.empty()) return state.SkipWithError(d.error.c_str());
  double cpu = 0;
  int64_t updates = 0;
  for (auto _ : state) {
    const double start = cpu_seconds();
    const auto fit = fit_variant("l1-cumulative", d.X, d.y, kNewsgroupsEpochs, true);
    cpu += cpu_seconds() - start;
    updates += fit.iterations;
    benchmark::DoNotOptimize(fit.model.w.data());
  }
  state.counters["updates_per_cpu_second"] = static_cast<double>(updates) / cpu;
}

void BM_SklearnNewsgroups(benchmark::State& state) {
  const auto& d = newsgroups();
  if (!d.error.empty()) return state.SkipWithError(d.error.c_str());
  run_sklearn(state, d.train, d.test, "sgd-l1-logistic", kNewsgroupsEpochs);
}

const SyntheticData& sparse_text() {
  static const SyntheticData d = [] {
    SyntheticSpec s;
    s.rows = 5'000;
    s.features = 50'000;
    s.mean_nnz = 40;
    s.seed = 11;
    return make_synthetic_text(s);
  }();
  return d;
}

void BM_LazyVsDense(benchmark::State& state, std::string variant, bool lazy) {
  const auto& d = sparse_text();
  double cpu = 0;
  int64_t updates = 0;
  for (auto _ : state) {
    const double start = cpu_seconds();
    const auto fit = fit_variant(variant, d.X, d.y, 1, lazy);
    cpu += cpu_seconds() - start;
    updates += fit.iterations;
    benchmark::DoNotOptimize(fit.model.w.data());
  }
  state.counters["updates_per_cpu_second"] = static_cast<double>(updates) / cpu;
}

const char* const kVariants[] = {"l1-naive", "l1-clipping", "l1-cumulative", "ridge"};

void register_all() {
  for (const char* v : kVariants)
    benchmark::RegisterBenchmark(fmt::format("sgd_a9a/ours/{}", v).c_str(), BM_OursA9a,
                                 std::string(v))
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  for (const char* m : {"sgd-l1-logistic", "sgd-ridge-constant"})
    benchmark::RegisterBenchmark(fmt::format("sgd_a9a/sklearn/{}", m).c_str(), BM_SklearnA9a,
                                 std::string(m))
        ->Iterations(1)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("sgd_20ng/ours/l1-cumulative", BM_OursNewsgroups)
      ->Iterations(1)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("sgd_20ng/sklearn/sgd-l1-logistic", BM_SklearnNewsgroups)
      ->Iterations(1)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);
  for (const char* v : kVariants)
    for (bool lazy : {true, false})
      benchmark::RegisterBenchmark(
          fmt::format("sgd_lazy_vs_dense/{}/{}", v, lazy ? "lazy" : "dense").c_str(),
          BM_LazyVsDense, std::string(v), lazy)
          ->Unit(benchmark::kMillisecond);
}

}  // namespace
}  // namespace linrepro

int main(int argc, char** argv) {
  linrepro::register_all();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
