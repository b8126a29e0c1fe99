#pragma once
// What a solver gets besides data and parameters: its seed, its clock, the trace hook and progress.
// The trace hook (ensmallen's callback idea) is the one way convergence curves are recorded:
// iterative solvers call ctx.record(iteration, evaluate) each iteration; `evaluate` computes the
// objective value(s) and runs with the clock paused, so traces never inflate solver time.
#include <fmt/format.h>

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "core/stopwatch.h"

namespace linrepro {

struct CsrMatrix;

struct TracePoint {
  int64_t iteration = 0;
  double seconds = 0;                    // solver time so far, trace evaluation excluded
  std::map<std::string, double> values;  // e.g. {"O_svm": ..., "O_gamma": ...}
};

// Held-out rows a solver may evaluate at its trace points, never fitted on: the SGD report's
// Figures 1-4 draw the test error against updates. Binary fits only (one-vs-rest gives each class
// a fresh context without it); solvers that trace no test error ignore it.
struct HeldOutSet {
  const CsrMatrix* X_test = nullptr;
  std::span<const double> y_test;
};

struct FitContext {
  uint64_t seed = 0;
  Stopwatch clock;          // running from construction; paused while tracing
  int64_t trace_every = 0;  // 0: no trace; k: record iterations 0, k, 2k, ... and forced ones
  std::vector<TracePoint> trace;
  bool progress = false;  // one-line progress messages on stderr
  std::string label;      // what is being fitted, for progress messages ("smo earn")
  int threads = 1;        // workers an adapter (one-vs-rest) may use
  HeldOutSet held_out;    // X_test empty: none

  const HeldOutSet* monitor() const { return held_out.X_test ? &held_out : nullptr; }

  bool tracing(int64_t iteration, bool force = false) const {
    return trace_every > 0 && (force || iteration % trace_every == 0);
  }
  // evaluate: () -> std::map<std::string, double>
  template <class F>
  void record(int64_t iteration, F&& evaluate, bool force = false) {
    if (!tracing(iteration, force)) return;
    clock.pause();
    TracePoint p{iteration, clock.seconds(), evaluate()};
    trace.push_back(std::move(p));
    clock.resume();
  }
  template <class... Args>
  void report(fmt::format_string<Args...> f, Args&&... args) const {
    if (progress)
      fmt::print(stderr, "[{}] {}\n", label, fmt::format(f, std::forward<Args>(args)...));
  }
};

}  // namespace linrepro
