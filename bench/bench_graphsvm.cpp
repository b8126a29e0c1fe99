// Parallel second-stage SVMs (algorithms/graphsvm_sub_svm.h fit_class_subsets): wall time of one
// MCSVM fit (20 one-vs-others "smo" SVMs on all rows) and one GraphSVM fit (NB confusion graph,
// then the M2(i) SVMs) with 1 and 2 worker threads. The fits are identical whatever the number of
// workers (tests/algorithms/graphsvm_parallel_test.cpp); only the wall time may change.
//
//   graphsvm/<method>/threads:<t>   real time (wall) of one fit; counters cpu_seconds (the SVMs'
//                                   thread CPU times summed) and svms
//
// Data: 20 Newsgroups as the graphsvm2002 experiments prepare it (experiments/graphsvm2002/
// datasets.h: subject-org view, seeded 70:30 split, 10,000 MI features, unit-norm rows for the
// SVMs), 30% of the documents as training rows (Figure 11's 30% point: 5,648 rows) so one MCSVM
// fit takes seconds. Without the data mirror every benchmark reports an error.
#include <benchmark/benchmark.h>

#include <memory>
#include <numeric>
#include <optional>

#include "algorithms/graphsvm.h"
#include "corpora/data_resolver.h"
#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/methods.h"
#include "harness/experiment/solver_catalog.h"

namespace linrepro {
namespace {

constexpr double kShare = 0.3;

const GraphsvmData* data_or_null() {
  static const std::unique_ptr<GraphsvmData> data = []() -> std::unique_ptr<GraphsvmData> {
    try {
      ExperimentContext ctx;
      ctx.progress = false;
      return std::make_unique<GraphsvmData>(
          make_graphsvm_20ng(load_graphsvm_20ng_corpus(), ctx, 0.7, kShare / 0.7));
    } catch (const DataUnavailable&) {
      return nullptr;
    }
  }();
  return data.get();
}

void BM_Mcsvm(benchmark::State& state) {
  const GraphsvmData* d = data_or_null();
  if (!d) return state.SkipWithError("20 Newsgroups not in the data mirror");
  std::vector<int32_t> all(d->class_names.size());
  std::iota(all.begin(), all.end(), 0);
  const Params params{{"C", svmlight_default_C(d->Xtrain_svm)}};
  double cpu = 0;
  size_t svms = 0;
  for (auto _ : state) {
    FitContext ctx;
    ctx.threads = static_cast<int>(state.range(0));
    const SubsetFit f =
        fit_class_subset(solver_catalog(), "smo", params, d->Xtrain_svm, d->ytrain, all, ctx);
    cpu = total_cpu_seconds(f.svms);
    svms = f.svms.size();
  }
  state.counters["cpu_seconds"] = cpu;
  state.counters["svms"] = static_cast<double>(svms);
}

void BM_GraphSvm(benchmark::State& state) {
  const GraphsvmData* d = data_or_null();
  if (!d) return state.SkipWithError("20 Newsgroups not in the data mirror");
  GraphSvmOptions options;
  options.stage2_params = Params{{"C", svmlight_default_C(d->Xtrain_svm)}};
  double cpu = 0;
  size_t svms = 0;
  for (auto _ : state) {
    FitContext ctx;
    ctx.seed = 1;
    ctx.threads = static_cast<int>(state.range(0));
    const GraphSvmFit f =
        fit_graph_svm(solver_catalog(), d->Xtrain, d->Xtrain_svm, d->ytrain, options, ctx);
    cpu = f.stage2_cpu_seconds;
    svms = f.svms.size();
  }
  state.counters["cpu_seconds"] = cpu;
  state.counters["svms"] = static_cast<double>(svms);
}

BENCHMARK(BM_Mcsvm)
    ->Name("graphsvm/MCSVM")
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kSecond)
    ->Iterations(2);
BENCHMARK(BM_GraphSvm)
    ->Name("graphsvm/GraphSVM")
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->UseRealTime()
    ->Unit(benchmark::kSecond)
    ->Iterations(3);

}  // namespace
}  // namespace linrepro

BENCHMARK_MAIN();
