#pragma once
// A scaling study as a declared protocol: a sequential task set (declared_protocol.h
// "sequential") whose tasks are the sizes n of one data set, and what is measured over a method's
// series of sizes: its log-log slope of time over n, the slope of its time over another's, and
// the stop rule that ends a super-linear series before a fit would exceed a time cap.
//
// Every run of a series has config "n" (SizeSeries::data_config must give it) and, when it
// finished, train_seconds and extra.cpu_seconds (the thread's CPU time of the fit: on a loaded
// machine wall time also measures the other processes).
//   aggregate  "cpu-slope"        the log-log slope of CPU time over n of a method's finished runs,
//                                 with its t interval from 3 sizes on (declared cells, builtin);
//                                 fields wall (the wall-time slope), and for evidence texts range
//                                 ("10,000..800,000"), times (each n's wall and CPU seconds) and
//                                 stopped ("<method> on <data set>: <why>; ", or "")
//              "cpu-slope-within:<method>"  the same over the n up to <method>'s largest; field
//                                 range (<method>'s)
//              "cpu-percent-of:<method>"    CPU time / <method>'s at the last n both ran; field
//                                 shares ("n = 10,000: 9%, ...", every n both ran)
//   stop rule  "time-cap:<s>"     before each n, the next fit's time predicted from the last two
//                                 points' power law (metrics/scaling_analysis.h); over s seconds
//                                 (or a measured time over it), the series ends there. It depends
//                                 on timings, so it applies in the full run only.
//   measures   loglog_slope, ratio_slope   claim measures (series_slope_measures below), of
//                                 every claim on a sequential task set
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "corpora/libsvm_sets.h"
#include "harness/protocol/claim_comparisons.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

// One series: its data set's name and record, its sizes, what each size's runs' config says of
// the data (with "n"), how that size's data is built and how one run is fitted on it.
struct SizeSeries {
  std::string dataset;
  Json record;
  std::vector<int32_t> sizes;
  std::function<Json(int32_t)> data_config;
  std::function<BinaryDataset(int32_t)> make;
  std::function<RunRecord(const BinaryDataset&, const std::string& solver, const Params&,
                          uint64_t seed)>
      fit;
};

// The series as a task set: task i is size sizes[i] ("n=<n>"), its data built by the first run
// that needs it and kept until another size is asked for (one size in memory). Each run's class
// is "<dataset> n=<n>" (one group per size in the generic solvers-vs-peers bars).
TaskPreparer size_series_preparer(SizeSeries s, bool progress);

// A finished run of a series.
struct SeriesPoint {
  double n = 0, seconds = 0, cpu_seconds = 0;
  const RunRecord* run = nullptr;
};
// A method's finished runs over a series, smallest n first.
std::vector<SeriesPoint> series_points(std::span<const RunRecord> runs);
// Why a method's series stopped growing (its stop rule's reason), or "".
std::string series_stopped_reason(std::span<const RunRecord> runs);

// The log-log slope of (CPU or wall) time over n of the points up to n_max (none below 2 points).
std::optional<double> time_slope(const std::vector<SeriesPoint>& pts, bool cpu,
                                 double n_max = 1e300);
// "10,000..800,000": the sizes the points span; group_digits(12345) is "12,345".
std::string n_range(const std::vector<SeriesPoint>& pts);
std::string group_digits(double v);

// The builtin aggregate `name` ("cpu-slope", "cpu-slope-within:<m>", "cpu-percent-of:<m>"), or
// none.
std::optional<TaskAggregate> series_aggregate(const std::string& name);
// The builtin stop rule `name` ("time-cap:<seconds>"), or none.
std::optional<StopRule> series_stop_rule(const std::string& name);

// The claim measures over methods' series (`points` gives a method's, by name; 3 points at
// least): loglog_slope, a's log-log slope of CPU time over n; ratio_slope, that of a's CPU time
// over b's at the n both ran. Each by its t interval (harness/results/claim_verdict.h
// slope_comparison).
ClaimMeasures series_slope_measures(
    std::function<std::vector<SeriesPoint>(const std::string&)> points);

}  // namespace linrepro
