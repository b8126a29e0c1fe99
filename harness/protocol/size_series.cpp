#include "harness/protocol/size_series.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>

#include "core/error.h"
#include "metrics/scaling_analysis.h"
#include "metrics/slope_interval.h"

namespace linrepro {

namespace {

TaskSet series_tasks(std::shared_ptr<const SizeSeries> series, bool progress) {
  struct Slot {
    std::mutex m;
    int32_t n = -1;
    std::optional<BinaryDataset> data;
  };
  auto slot = std::make_shared<Slot>();
  TaskSet t;
  t.dataset = series->dataset;
  t.record = series->record;
  for (const int32_t n : series->sizes) t.tasks.push_back(fmt::format("n={}", n));
  t.task_fields = [series](size_t i) { return series->data_config(series->sizes[i]); };
  t.untrainable = [](size_t) { return std::optional<RunRecord>(); };
  t.timed = true;  // a size series is its times
  t.fit = [series, slot, progress](size_t i, const std::string& solver, const Params& params,
                                   uint64_t seed) {
    const int32_t n = series->sizes[i];
    const std::lock_guard lock(slot->m);
    if (slot->n != n) {
      slot->data.reset();  // one size in memory: the largest ones are gigabytes
      if (progress) fmt::print(stderr, "scaling: {} n = {}: preparing data\n", series->dataset, n);
      slot->data = series->make(n);
      slot->n = n;
    }
    RunRecord r = series->fit(*slot->data, solver, params, seed);
    r.class_name = fmt::format("{} n={}", series->dataset, n);
    return r;
  };
  return t;
}

// log n and log CPU seconds of the points up to n_max: what the slope tests fit.
std::pair<std::vector<double>, std::vector<double>> loglog(const std::vector<SeriesPoint>& pts,
                                                           double n_max = 1e300) {
  std::vector<double> n, t;
  for (const auto& p : pts)
    if (p.n <= n_max)
      n.push_back(std::log(p.n)), t.push_back(std::log(std::max(p.cpu_seconds, 1e-6)));
  return {n, t};
}

// log n and log(a's / b's CPU time) at the n both ran: the slope of this line is the difference
// of their log-log slopes on the same n.
std::pair<std::vector<double>, std::vector<double>> loglog_ratio(
    const std::vector<SeriesPoint>& a, const std::vector<SeriesPoint>& b) {
  std::vector<double> n, r;
  for (const auto& x : a)
    for (const auto& y : b)
      if (x.n == y.n && y.cpu_seconds > 0 && x.cpu_seconds > 0)
        n.push_back(std::log(x.n)), r.push_back(std::log(x.cpu_seconds / y.cpu_seconds));
  return {n, r};
}

// "10,000: 0.23 s (CPU 0.23 s), ...": a series' times, for an evidence text.
std::string times_text(const std::vector<SeriesPoint>& pts) {
  std::string out;
  for (const auto& x : pts)
    out += fmt::format("{}{}: {:.2f} s (CPU {:.2f} s)", out.empty() ? "" : ", ", group_digits(x.n),
                       x.seconds, x.cpu_seconds);
  return out;
}

// "<method> on <data set>: <why>; " when the series stopped (its stop rule's reason), else "".
std::string stopped_text(std::span<const RunRecord> runs, const std::vector<SeriesPoint>& pts) {
  const std::string why = series_stopped_reason(runs);
  if (why.empty() || pts.empty()) return "";
  const std::string& cls = pts.front().run->class_name;  // "<data set> n=<n>"
  // A paper's method is its variant; a solver added with --with-solver, its label.
  const Json& extra = runs.back().extra;
  const std::string method = extra.value("variant", extra.value("with_solver", runs.back().solver));
  return fmt::format("{} on {}: {}; ", method, cls.substr(0, cls.rfind(" n=")), why);
}

AggregateValue cpu_slope(std::span<const RunRecord> runs) {
  const std::vector<SeriesPoint> pts = series_points(runs);
  const std::string stopped = series_stopped_reason(runs);
  AggregateValue a;
  if (pts.size() < 2) {
    a.not_measured = "fewer than 2 sizes ran" + (stopped.empty() ? "" : ": " + stopped);
    return a;
  }
  a.value = *time_slope(pts, true);
  a.fields = {{"wall", *time_slope(pts, false)},
              {"range", n_range(pts)},
              {"times", times_text(pts)},
              {"stopped", stopped_text(runs, pts)}};
  if (pts.size() >= 3) {
    const auto [x, y] = loglog(pts);
    const SlopeFit f = slope_interval(x, y);
    a.evidence.interval_lo = f.lo;
    a.evidence.interval_hi = f.hi;
    a.evidence.interval_method =
        fmt::format("t interval of the log-log slope of CPU time over n = {} ({} sizes){}",
                    n_range(pts), pts.size(), stopped.empty() ? "" : "; " + stopped);
  }
  return a;
}

std::optional<std::string> time_cap(double cap, const ExperimentContext& ctx,
                                    std::span<const RunRecord> done, const Json& next) {
  if (ctx.fast) return std::nullopt;
  std::vector<double> n, t;
  for (const RunRecord& r : done) n.push_back(r.config.at("n")), t.push_back(r.train_seconds);
  const double next_n = next.at("n");
  const TimeCapCheck check = check_time_cap(n, t, next_n, cap);
  if (check.run) return std::nullopt;
  return fmt::format(
      "not run above n = {} (time cap {:.0f} s per fit: {:.0f} s predicted at n = {})",
      group_digits(n.empty() ? 0 : n.back()), cap, check.predicted_seconds, group_digits(next_n));
}

}  // namespace

TaskPreparer size_series_preparer(SizeSeries s, bool progress) {
  auto series = std::make_shared<const SizeSeries>(std::move(s));
  return [series, progress](const Json&) { return series_tasks(series, progress); };
}

std::vector<SeriesPoint> series_points(std::span<const RunRecord> runs) {
  std::vector<SeriesPoint> out;
  for (const RunRecord& r : runs)
    if (r.status == "ok")
      out.push_back({r.config.at("n").get<double>(), r.train_seconds,
                     r.extra.value("cpu_seconds", r.train_seconds), &r});
  return out;
}

std::string series_stopped_reason(std::span<const RunRecord> runs) {
  for (const RunRecord& r : runs)
    if (r.status == "stopped") return r.extra.value("reason", "");
  return "";
}

std::optional<double> time_slope(const std::vector<SeriesPoint>& pts, bool cpu, double n_max) {
  std::vector<double> n, t;
  for (const auto& p : pts)
    if (p.n <= n_max)
      n.push_back(p.n), t.push_back(std::max(cpu ? p.cpu_seconds : p.seconds, 1e-6));
  if (n.size() < 2) return std::nullopt;
  return loglog_slope(n, t);
}

std::string group_digits(double v) {
  std::string s = std::to_string(static_cast<int64_t>(v)), out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && (s.size() - i) % 3 == 0) out += ',';
    out += s[i];
  }
  return out;
}

std::string n_range(const std::vector<SeriesPoint>& pts) {
  return group_digits(pts.front().n) + ".." + group_digits(pts.back().n);
}

// The slope of CPU time over n of a's runs up to the largest n `other`'s series reached.
AggregateValue cpu_slope_within(std::span<const RunRecord> runs, const std::string& other,
                                const AggregateContext& at) {
  AggregateValue a;
  const std::vector<RunRecord>* b = at.by_method ? finished_tasks(*at.by_method, other) : nullptr;
  const std::vector<SeriesPoint> pts = series_points(runs),
                                 reach = b ? series_points(*b) : std::vector<SeriesPoint>{};
  const std::optional<double> s =
      reach.empty() ? std::nullopt : time_slope(pts, true, reach.back().n);
  if (!s) {
    a.not_measured = fmt::format("fewer than 2 sizes ran within {}'s", other);
    return a;
  }
  a.value = *s;
  a.fields = {{"range", n_range(reach)}};
  return a;
}

// a's CPU time as a share of `other`'s at each n both ran: the last share, and the list.
AggregateValue cpu_percent_of(std::span<const RunRecord> runs, const std::string& other,
                              const AggregateContext& at) {
  AggregateValue a;
  const std::vector<RunRecord>* b = at.by_method ? finished_tasks(*at.by_method, other) : nullptr;
  std::string shares;
  if (b != nullptr)
    for (const SeriesPoint& x : series_points(runs))
      for (const SeriesPoint& y : series_points(*b))
        if (x.n == y.n && y.cpu_seconds > 0) {
          a.value = x.cpu_seconds / y.cpu_seconds;
          shares += fmt::format("{}n = {}: {:.0f}%", shares.empty() ? "" : ", ", group_digits(x.n),
                                100 * a.value);
        }
  if (shares.empty()) a.not_measured = fmt::format("no size both these runs and {}'s ran", other);
  a.fields = {{"shares", shares}};
  return a;
}

std::optional<TaskAggregate> series_aggregate(const std::string& name) {
  if (name == "cpu-slope")
    return [](std::span<const RunRecord> runs, const AggregateContext&) { return cpu_slope(runs); };
  return aggregate_with_argument(
      name, {{"cpu-slope-within:", &cpu_slope_within}, {"cpu-percent-of:", &cpu_percent_of}});
}

std::optional<StopRule> series_stop_rule(const std::string& name) {
  if (!name.starts_with("time-cap:")) return std::nullopt;
  double cap = 0;
  try {
    cap = std::stod(name.substr(9));
  } catch (const std::exception&) {
  }
  if (!(cap > 0))
    throw ConfigError(fmt::format(
        "stop rule \"{}\": \"time-cap:<seconds>\" wants a positive number of seconds", name));
  return [cap](const ExperimentContext& ctx, std::span<const RunRecord> done, const Json& next) {
    return time_cap(cap, ctx, done, next);
  };
}

ClaimMeasures series_slope_measures(
    std::function<std::vector<SeriesPoint>(const std::string&)> points) {
  const auto slope = [](std::string what,
                        const std::pair<std::vector<double>, std::vector<double>>& xy, double bound,
                        bool above, bool strict) -> std::optional<ClaimComparison> {
    if (xy.first.size() < 3) return std::nullopt;
    ClaimComparison c = slope_comparison(std::move(what), xy.first, xy.second, bound, above);
    c.strict = strict;
    return c;
  };
  return {{"loglog_slope",
           [=](std::string what, const std::string& a, const std::string&, double bound, bool above,
               bool strict) {
             return slope(std::move(what), loglog(points(a)), bound, above, strict);
           }},
          {"ratio_slope", [=](std::string what, const std::string& a, const std::string& b,
                              double bound, bool above, bool strict) {
             return slope(std::move(what), loglog_ratio(points(a), points(b)), bound, above,
                          strict);
           }}};
}

}  // namespace linrepro
