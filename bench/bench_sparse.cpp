// Sparse matrix-vector throughput against this machine's memory bandwidth.
//
// Every solver's inner loop is X.w (margins) or X^T.v (gradients) over a CSR matrix much larger
// than the caches, so the ceiling is memory bandwidth. We measure it with a STREAM-like copy
// (McCalpin's convention: a copy of N doubles moves 16 N bytes) and a read-only sum, and report
// the sparse products in the same unit: the bytes they must move at least once --
//   X.w:    values + column indices (12 B per nonzero) + row pointers (8 B per row)
//           + the output (8 B per row) + w (8 B per column);
//   X^T.v:  the same matrix bytes + v (8 B per row) + the output (8 B per column).
// The gathers from w (scatters into the output) are charged once, so a product that misses the
// cache on every gather shows up as a lower GB/s. run_benchmarks.py prints the ratio to copy.
// Data: clearly synthetic text-like matrices (core/synthetic_data.h), 400,000 rows x 40 nonzeros
// (16 M nonzeros, 200 MB: beyond the caches), with 20,000 columns (w fits in L2) and 1,000,000
// columns (w spills out of L2).
// Times are CPU times (Google Benchmark's default): the machine is shared, and wall time would
// charge other processes' slices to the kernel.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <numeric>
#include <vector>

#include "core/sparse_matrix.h"
#include "core/synthetic_data.h"

namespace linrepro {
namespace {

// 256 MiB per array: measured on this VM, copies stop getting faster than DRAM from 256 MiB on
// (64 MiB arrays still gain from the large L3).
constexpr int64_t kStreamDoubles = int64_t{1} << 25;

void BM_StreamCopy(benchmark::State& state) {
  std::vector<double> a(kStreamDoubles, 1.0), b(kStreamDoubles, 0.0);
  for (auto _ : state) {
    double* __restrict dst = b.data();
    const double* __restrict src = a.data();
    for (int64_t i = 0; i < kStreamDoubles; ++i) dst[i] = src[i];
    benchmark::DoNotOptimize(b.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * kStreamDoubles * 2 * 8);
}
BENCHMARK(BM_StreamCopy)->Unit(benchmark::kMillisecond);

void BM_StreamRead(benchmark::State& state) {
  std::vector<double> a(kStreamDoubles, 1.0);
  for (auto _ : state) {
    double s = std::accumulate(a.begin(), a.end(), 0.0);
    benchmark::DoNotOptimize(s);
  }
  state.SetBytesProcessed(state.iterations() * kStreamDoubles * 8);
}
BENCHMARK(BM_StreamRead)->Unit(benchmark::kMillisecond);

const CsrMatrix& matrix(int32_t features) {
  static std::map<int32_t, CsrMatrix> cache;
  auto it = cache.find(features);
  if (it == cache.end()) {
    SyntheticSpec s;
    s.rows = 400'000;
    s.features = features;
    s.mean_nnz = 40;
    s.seed = 2024;
    it = cache.emplace(features, make_synthetic_text(s).X).first;
  }
  return it->second;
}

int64_t matrix_bytes(const CsrMatrix& X) { return X.nnz() * (8 + 4) + (int64_t{X.rows} + 1) * 8; }

void BM_SparseXw(benchmark::State& state) {
  const CsrMatrix& X = matrix(static_cast<int32_t>(state.range(0)));
  std::vector<double> w(X.cols, 0.5), out(X.rows);
  for (auto _ : state) {
    X.multiply(w, out);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() *
                          (matrix_bytes(X) + int64_t{X.rows} * 8 + int64_t{X.cols} * 8));
  state.counters["nnz"] = static_cast<double>(X.nnz());
  state.counters["cols"] = X.cols;
}
BENCHMARK(BM_SparseXw)->Arg(20'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

void BM_SparseXtv(benchmark::State& state) {
  const CsrMatrix& X = matrix(static_cast<int32_t>(state.range(0)));
  std::vector<double> v(X.rows, 0.25), out(X.cols);
  for (auto _ : state) {
    X.multiply_transpose(v, out);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() *
                          (matrix_bytes(X) + int64_t{X.rows} * 8 + int64_t{X.cols} * 8));
  state.counters["nnz"] = static_cast<double>(X.nnz());
  state.counters["cols"] = X.cols;
}
BENCHMARK(BM_SparseXtv)->Arg(20'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace linrepro

BENCHMARK_MAIN();
