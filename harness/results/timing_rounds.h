#pragma once
// Timings from interleaved rounds (docs/RESULTS.md, "Timings from interleaved rounds"): every run
// of a timed task set is fitted kTimingRounds times, each round over all of the set's runs before
// the next (harness/protocol/task_set_runs.cpp). Round 1 is the run itself; rounds 2.. are stored
// as runs of their own (round_key) holding only the fit's times (round_record). Summaries fold them
// into the first record (fold_rounds): its training time becomes the median of the rounds, and a
// ratio of two runs' times is the median of the per-round ratios, its interval their range.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "harness/results/claim_verdict.h"
#include "harness/results/result_schema.h"

namespace linrepro {

inline constexpr int kTimingRounds = 5;

// The key of round `round` (2 .. kTimingRounds) of the run stored under `key`.
std::string round_key(const std::string& key, int round);

// What a round keeps of a fit: its solver, status and times (train_seconds, extra.cpu_seconds,
// extra.wall_seconds), nothing it predicted.
RunRecord round_record(const RunRecord& fit);

// `first` (round 1) with `rounds` (2 ..) folded in when it and every round finished: extra.rounds
// = {"train_seconds": [...], "cpu_seconds": [...]} (the latter when every round has one number),
// train_seconds and a numeric extra.cpu_seconds become the rounds' medians. Unchanged otherwise.
void fold_rounds(RunRecord& first, std::span<const RunRecord> rounds);

// A folded run's training time per round (empty when it was not fitted in rounds).
std::vector<double> round_times(const RunRecord& r);

// A median over rounds and the interval from the smallest to the largest of them, which covers the
// median with probability 1 - 2 * 0.5^rounds whatever the times' distribution (order statistics).
struct RoundSpread {
  double median = 0, lo = 0, hi = 0;
  size_t rounds = 0;
  std::string method() const;  // the interval in words
};

// A run's training time over its rounds; nothing when it has none.
std::optional<RoundSpread> time_spread(const RunRecord& r);
// a's training time over b's, round by round (the rounds are interleaved, so each pair shared the
// machine's state); nothing unless both ran the same number (>= 2) of rounds with positive times.
std::optional<RoundSpread> time_ratio_spread(const RunRecord& a, const RunRecord& b);

// a's training time over b's against `bound`: from their rounds (time_ratio_spread) where both
// have them, else the two single times at the stated resolution (claim_verdict.h).
ClaimComparison time_ratio_comparison(std::string what, const RunRecord& a, const RunRecord& b,
                                      double bound, bool above);

}  // namespace linrepro
