#pragma once
// Wall-clock timing that can be paused (so a trace's objective evaluations are not charged to the
// solver), and the process's peak resident memory.
#include <chrono>
#include <cstdint>

namespace linrepro {

class Stopwatch {
 public:
  using Clock = std::chrono::steady_clock;
  Stopwatch() : start_(Clock::now()) {}
  double seconds() const {
    const auto now = paused_ ? pause_start_ : Clock::now();
    return std::chrono::duration<double>(now - start_).count() - paused_total_;
  }
  void pause() {
    if (!paused_) {
      paused_ = true;
      pause_start_ = Clock::now();
    }
  }
  void resume() {
    if (paused_) {
      paused_total_ += std::chrono::duration<double>(Clock::now() - pause_start_).count();
      paused_ = false;
    }
  }

 private:
  Clock::time_point start_;
  Clock::time_point pause_start_{};
  double paused_total_ = 0;
  bool paused_ = false;
};

// Peak resident set size of this process in bytes (getrusage ru_maxrss).
int64_t peak_rss_bytes();

// CPU time consumed so far by the calling thread (CLOCK_THREAD_CPUTIME_ID), in seconds, plus the
// CPU time of the child processes it started and waited for (run_command charges them: an
// external solver's program is part of its fit's cost). The difference around a single-threaded
// fit is its CPU cost, unaffected by other threads or processes competing for the cores (wall
// time is).
double thread_cpu_seconds();
// Charges `seconds` of a finished child process's CPU time (with its own waited-for children) to
// the calling thread's thread_cpu_seconds().
void charge_child_cpu_seconds(double seconds);
// CPU time consumed so far by all threads of this process (CLOCK_PROCESS_CPUTIME_ID), in seconds:
// around a fit that uses several workers and nothing else running, the fit's total CPU cost.
double process_cpu_seconds();

}  // namespace linrepro
