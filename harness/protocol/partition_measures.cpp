#include "harness/protocol/partition_measures.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "harness/protocol/category_decisions.h"
#include "harness/protocol/size_series.h"
#include "harness/protocol/task_measures.h"
#include "harness/results/cell_intervals.h"
#include "harness/results/claim_verdict.h"
#include "harness/results/counts_json.h"
#include "metrics/averaging.h"
#include "metrics/split_summary.h"

namespace linrepro {

namespace {

// `scale` x the metric of each run, in run order (NaN for a run without it).
std::vector<double> scaled(std::span<const RunRecord> runs, const std::string& metric,
                           double scale = 100) {
  std::vector<double> out;
  for (const RunRecord& r : runs)
    out.push_back(r.status == "ok" && r.metrics.contains(metric)
                      ? scale * r.metrics.at(metric).get<double>()
                      : NAN);
  return out;
}

ConfusionMatrix combined_confusion(std::span<const RunRecord> runs) {
  std::vector<ConfusionMatrix> parts;
  for (const RunRecord& r : runs) {
    if (!r.extra.contains("confusion"))
      throw ConfigError(fmt::format("run '{}' holds no test confusion matrix", r.key));
    parts.push_back(confusion_from_json(r.extra.at("confusion"), r.key));
  }
  return sum_confusions(parts);
}

AggregateValue combined_value(std::span<const RunRecord> runs, const AggregateContext& at,
                              bool micro) {
  const ConfusionMatrix all = combined_confusion(runs);
  const F1Pair f1 = micro_macro_f1(all);
  const F1Intervals in = micro_macro_f1_intervals(all, at.seed);
  const std::string& items = at.items;
  AggregateValue out{micro ? f1.micro : f1.macro, {}, ""};
  const SamplingInterval& i = micro ? in.micro : in.macro;
  set_interval(out.evidence, 100 * i.lo, 100 * i.hi,
               micro ? fmt::format("Wilson's score interval over the {} {} (micro-F1 is the "
                                   "accuracy here)",
                                   all.total(), items)
                     : fmt::format("bootstrap over the {} {}, {} resamples, percentile interval; "
                                   "each class's counts drawn independently",
                                   all.total(), items, kBootstrapResamples));
  return out;
}

// Every test document of the partitions once, with its class and a's and b's predictions.
struct PairedDocuments {
  std::vector<int32_t> truth, a, b;
  int32_t classes = 0;
};

std::vector<int32_t> ints_of(const RunRecord& r, const char* field) {
  if (!r.extra.contains(field))
    throw ConfigError(
        fmt::format("run '{}' has no per-document \"{}\" (stored before they were "
                    "recorded: rerun it with --force)",
                    r.key, field));
  return r.extra.at(field).get<std::vector<int32_t>>();
}

PairedDocuments paired_documents(const std::vector<RunRecord>& a, const std::vector<RunRecord>& b) {
  if (a.size() != b.size())
    throw ConfigError("a paired comparison of two methods that ran on different partitions");
  PairedDocuments p;
  for (size_t k = 0; k < a.size(); ++k) {
    const std::vector<int32_t> truth = ints_of(a[k], "test_truth");
    const std::vector<int32_t> pa = ints_of(a[k], "test_predicted");
    const std::vector<int32_t> pb = ints_of(b[k], "test_predicted");
    if (ints_of(b[k], "test_truth") != truth || pa.size() != truth.size() ||
        pb.size() != truth.size())
      throw ConfigError(
          fmt::format("runs '{}' and '{}' hold different test documents", a[k].key, b[k].key));
    p.truth.insert(p.truth.end(), truth.begin(), truth.end());
    p.a.insert(p.a.end(), pa.begin(), pa.end());
    p.b.insert(p.b.end(), pb.begin(), pb.end());
    p.classes = std::max(p.classes, static_cast<int32_t>(a[k].extra.at("labels").size()));
  }
  return p;
}

ClaimMeasure paired_f1(const std::map<std::string, std::vector<RunRecord>>& runs, bool micro) {
  return [&runs, micro](std::string what, const std::string& a, const std::string& b, double bound,
                        bool above, bool strict) -> std::optional<ClaimComparison> {
    const auto ra = runs.find(a), rb = runs.find(b);
    if (ra == runs.end() || rb == runs.end()) return std::nullopt;
    const PairedDocuments p = paired_documents(ra->second, rb->second);
    const auto stat = [&p, micro](std::span<const int32_t> drawn) {
      std::vector<int32_t> truth, pa, pb;
      for (int32_t i : drawn)
        truth.push_back(p.truth[i]), pa.push_back(p.a[i]), pb.push_back(p.b[i]);
      const F1Pair fa = micro_macro_f1(confusion_matrix(truth, pa, p.classes));
      const F1Pair fb = micro_macro_f1(confusion_matrix(truth, pb, p.classes));
      return 100 * (micro ? fa.micro - fb.micro : fa.macro - fb.macro);
    };
    return paired_statistic_comparison(std::move(what), static_cast<int64_t>(p.truth.size()), stat,
                                       bound, above, kClaimBootstrapSeed, strict);
  };
}

// Summarised in the column's scale: each split's value is scaled before the mean and the spread.
AggregateValue split_mean(std::span<const RunRecord> runs, const std::string& metric,
                          double scale) {
  const std::vector<double> points = scaled(runs, metric, scale);
  const SplitSummary s = summarize_splits(points);
  AggregateValue out{s.mean, {}, "", {}, true};
  const auto [lo, hi] = mean_interval_95(s);
  set_interval(out.evidence, lo, hi,
               fmt::format("mean ± t(0.975, {}) std / sqrt({}) over the {} seeded random splits",
                           s.n - 1, s.n, s.n));
  out.fields = {{"summary", format_summary(s)},
                {"n", s.n},
                {"sd", s.std},
                {"per_split", fmt::format("{:.2f}", fmt::join(points, ", "))}};
  return out;
}

ClaimMeasure paired_splits(const std::map<std::string, std::vector<RunRecord>>& runs,
                           const std::string& metric) {
  return [&runs, metric](std::string what, const std::string& a, const std::string& b, double bound,
                         bool above, bool strict) -> std::optional<ClaimComparison> {
    const auto ra = runs.find(a), rb = runs.find(b);
    if (ra == runs.end() || rb == runs.end()) return std::nullopt;
    return paired_splits_comparison(std::move(what), scaled(ra->second, metric),
                                    scaled(rb->second, metric), bound, above, strict);
  };
}

// The largest |a - b| over the partitions in points of 100 x the metric, exact: two
// implementations of one deterministic method must agree on every split. A failed run leaves it
// unmeasured.
ClaimMeasure largest_difference(const std::map<std::string, std::vector<RunRecord>>& runs,
                                const std::string& metric) {
  return [&runs, metric](std::string what, const std::string& a, const std::string& b, double bound,
                         bool above, bool strict) -> std::optional<ClaimComparison> {
    const auto ra = runs.find(a), rb = runs.find(b);
    if (ra == runs.end() || rb == runs.end()) return std::nullopt;
    const std::vector<double> x = scaled(ra->second, metric), y = scaled(rb->second, metric);
    if (x.size() != y.size()) return std::nullopt;
    double largest = 0;
    for (size_t k = 0; k < x.size(); ++k) {
      if (std::isnan(x[k]) || std::isnan(y[k])) return std::nullopt;
      largest = std::max(largest, std::fabs(x[k] - y[k]));
    }
    return exact_comparison(std::move(what), largest, bound, above, strict);
  };
}

ClaimMeasure mean_metric(const std::map<std::string, std::vector<RunRecord>>& runs,
                         const std::string& metric) {
  return [&runs, metric](std::string what, const std::string& a, const std::string& b, double bound,
                         bool above, bool strict) -> std::optional<ClaimComparison> {
    if (!b.empty())
      throw ConfigError(
          fmt::format("\"{}\": the measure mean:{} reads one method, not a pair "
                      "(b is \"{}\")",
                      what, metric, b));
    const auto ra = runs.find(a);
    if (ra == runs.end() || ra->second.empty()) return std::nullopt;
    double mean = 0;
    for (const RunRecord& r : ra->second) {
      if (!r.metrics.contains(metric)) return std::nullopt;  // not measured, not a zero
      mean += r.metrics.at(metric).get<double>() / static_cast<double>(ra->second.size());
    }
    return exact_comparison(std::move(what), 100 * mean, bound, above, strict);
  };
}

}  // namespace

std::optional<TaskAggregate> builtin_aggregate(const std::string& name) {
  if (name == "counts-micro-f1" || name == "counts-macro-f1")
    return [micro = name == "counts-micro-f1"](std::span<const RunRecord> runs,
                                               const AggregateContext& at) {
      return category_f1(runs, at, micro);
    };
  if (name.starts_with("counts-micro-f1:") || name.starts_with("counts-macro-f1:"))
    return [micro = name.starts_with("counts-micro"), suffix = name.substr(16)](
               std::span<const RunRecord> runs, const AggregateContext&) {
      std::vector<BinaryCounts> counts;  // the counts the runs hold under that suffix
      for (const RunRecord& r : runs) counts.push_back(counts_from(r.metrics, suffix));
      return AggregateValue{micro ? micro_average(counts).f1 : macro_average(counts).f1, {}, ""};
    };
  if (name.starts_with("fewest:"))
    return [field = name.substr(7)](std::span<const RunRecord> runs, const AggregateContext&) {
      AggregateValue out{INFINITY, {}, ""};
      for (const RunRecord& r : runs)
        out.value = std::min(out.value, r.extra.at(field).get<double>());
      return out;
    };
  if (name.starts_with("split-mean:"))
    return [metric = name.substr(11)](std::span<const RunRecord> runs, const AggregateContext& at) {
      return split_mean(runs, metric, at.scale);
    };
  if (auto objective = objective_aggregate(name)) return objective;
  if (name != "combined-micro-f1" && name != "combined-macro-f1") return series_aggregate(name);
  const bool micro = name == "combined-micro-f1";
  return [micro](std::span<const RunRecord> runs, const AggregateContext& at) {
    return combined_value(runs, at, micro);
  };
}

F1Pair combined_f1(std::span<const RunRecord> runs) {
  return micro_macro_f1(combined_confusion(runs));
}

ClaimMeasures partition_measures(const std::map<std::string, std::vector<RunRecord>>& runs) {
  // Binary categories' decisions (category_decisions.h) or a multiclass partition's documents.
  const bool categories = !runs.empty() && holds_category_decisions(runs.begin()->second);
  ClaimMeasures m = {
      {"micro-F1", categories ? category_f1_difference(runs, true) : paired_f1(runs, true)},
      {"macro-F1", categories ? category_f1_difference(runs, false) : paired_f1(runs, false)}};
  for (const auto& [name, method_runs] : runs)
    for (const RunRecord& r : method_runs)
      for (const auto& [metric, value] : r.metrics.items())
        if (!m.contains("mean:" + metric)) {
          m["mean:" + metric] = mean_metric(runs, metric);
          m["splits:" + metric] = paired_splits(runs, metric);
          m["largest-difference:" + metric] = largest_difference(runs, metric);
        }
  return m;
}

}  // namespace linrepro
