#include "harness/results/timing_rounds.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/statistics.h"

namespace linrepro {

namespace {

RoundSpread spread_of(const std::vector<double>& v) {
  return {median(v), *std::ranges::min_element(v), *std::ranges::max_element(v), v.size()};
}

}  // namespace

std::string round_key(const std::string& key, int round) {
  return fmt::format("{}/round{}", key, round);
}

RunRecord round_record(const RunRecord& fit) {
  RunRecord r;
  r.solver = fit.solver;
  r.status = fit.status;
  r.reason = fit.reason;
  r.train_seconds = fit.train_seconds;
  for (const char* time : {"cpu_seconds", "wall_seconds"})
    if (fit.extra.contains(time)) r.extra[time] = fit.extra.at(time);
  return r;
}

void fold_rounds(RunRecord& first, std::span<const RunRecord> rounds) {
  if (first.status != "ok" ||
      std::ranges::any_of(rounds, [](const RunRecord& r) { return r.status != "ok"; }))
    return;
  std::vector<double> train = {first.train_seconds}, cpu;
  for (const RunRecord& r : rounds) train.push_back(r.train_seconds);
  const auto cpu_of = [](const RunRecord& r) { return r.extra.value("cpu_seconds", Json()); };
  const bool numeric_cpu =
      cpu_of(first).is_number() &&
      std::ranges::all_of(rounds, [&](const RunRecord& r) { return cpu_of(r).is_number(); });
  first.extra["rounds"] = {{"train_seconds", train}};
  if (numeric_cpu) {
    cpu.push_back(cpu_of(first).get<double>());
    for (const RunRecord& r : rounds) cpu.push_back(cpu_of(r).get<double>());
    first.extra["rounds"]["cpu_seconds"] = cpu;
    first.extra["cpu_seconds"] = median(cpu);
  }
  first.train_seconds = median(train);
}

std::vector<double> round_times(const RunRecord& r) {
  const Json rounds = r.extra.value("rounds", Json::object());
  return rounds.contains("train_seconds") ? rounds.at("train_seconds").get<std::vector<double>>()
                                          : std::vector<double>{};
}

std::string RoundSpread::method() const {
  return fmt::format(
      "smallest to largest of {} interleaved rounds (covers their median with probability "
      "{:.2f} %)",
      rounds, 100 * (1 - 2 * std::pow(0.5, static_cast<double>(rounds))));
}

std::optional<RoundSpread> time_spread(const RunRecord& r) {
  const std::vector<double> t = round_times(r);
  if (t.size() < 2) return std::nullopt;
  return spread_of(t);
}

std::optional<RoundSpread> time_ratio_spread(const RunRecord& a, const RunRecord& b) {
  const std::vector<double> ta = round_times(a), tb = round_times(b);
  if (ta.size() < 2 || ta.size() != tb.size()) return std::nullopt;
  std::vector<double> ratio;
  for (size_t i = 0; i < ta.size(); ++i) {
    if (!(ta[i] > 0 && tb[i] > 0)) return std::nullopt;
    ratio.push_back(ta[i] / tb[i]);
  }
  return spread_of(ratio);
}

ClaimComparison time_ratio_comparison(std::string what, const RunRecord& a, const RunRecord& b,
                                      double bound, bool above) {
  const std::optional<RoundSpread> s = time_ratio_spread(a, b);
  if (!s)
    return time_ratio_comparison(std::move(what), a.train_seconds, b.train_seconds, bound, above);
  ClaimComparison c;
  c.what = std::move(what);
  c.test = fmt::format("median of the per-round ratios of CPU times, interval the {}", s->method());
  c.value = s->median;
  c.lo = s->lo;
  c.hi = s->hi;
  c.bound = bound;
  c.above = above;
  return c;
}

}  // namespace linrepro
