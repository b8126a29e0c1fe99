#include "harness/judge/cell_cause.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "core/statistics.h"
#include "metrics/sampling_interval.h"

namespace linrepro {

namespace {

// "what was tried" of an unexplained cell, a clause at a time.
void add(std::string& tried, const std::string& clause) {
  tried += (tried.empty() ? "" : "; ") + clause;
}

}  // namespace

std::optional<CellCause> cell_cause(double published, double reproduced, double tolerance,
                                    const CellEvidence& e,
                                    const std::vector<AblationReading>& readings,
                                    const CommonGroup* group, int family) {
  if (e.empty()) return std::nullopt;
  std::string tried;
  // 1. sampling noise
  if (e.interval_lo && e.interval_hi) {
    const std::string interval = fmt::format("[{:.4g}, {:.4g}]", *e.interval_lo, *e.interval_hi);
    if (published >= *e.interval_lo && published <= *e.interval_hi)
      return CellCause{"sampling_noise",
                       fmt::format("the published {:.4g} lies in the 95 % sampling interval {} "
                                   "({})",
                                   published, interval, e.interval_method)};
    add(tried, fmt::format("the 95 % sampling interval {} excludes the published {:.4g}", interval,
                           published));
    // 1b. multiplicity
    if (family > 1) {
      const double widen = normal_upper_quantile(0.025 / family) / normal_upper_quantile(0.025);
      const double lo = reproduced - (reproduced - *e.interval_lo) * widen;
      const double hi = reproduced + (*e.interval_hi - reproduced) * widen;
      const std::string wide = fmt::format(
          "the family-wise interval of its table's {} compared cells (Bonferroni, "
          "{:.4g} %: the 95 % one widened {:.3g}x) [{:.4g}, {:.4g}]",
          family, 100 * (1 - 0.05 / family), widen, lo, hi);
      if (published >= lo && published <= hi)
        return CellCause{"multiplicity",
                         fmt::format("{} holds the published {:.4g}: among {} cells judged at 95 "
                                     "% each, about {:.2g} fall outside by chance alone",
                                     wide, published, family, 0.05 * family)};
      add(tried, wide + " excludes it too");
    }
  }
  // 2. threshold
  if (e.threshold_free) {
    const double theirs = e.threshold_free_published.value_or(published);
    const double within = e.threshold_free_tolerance.value_or(tolerance);
    const double gap = std::fabs(*e.threshold_free - theirs);
    const std::string what =
        e.threshold_free_what.empty() ? "threshold-free value" : e.threshold_free_what;
    const std::string against = e.threshold_free_published
                                    ? fmt::format("the paper's {} {:.4g}", what, theirs)
                                    : fmt::format("the published {:.4g}", theirs);
    if (gap <= within)
      return CellCause{"threshold",
                       fmt::format("our {} {:.4g} is within the tolerance {:.4g} of {}: the "
                                   "hyperplane agrees, the threshold does not",
                                   what, *e.threshold_free, within, against)};
    add(tried, fmt::format("our {} {:.4g} is {:.3g} from {} (tolerance {:.4g})", what,
                           *e.threshold_free, gap, against, within));
  }
  // 3. solver
  if (e.peer) {
    const double to_paper = std::fabs(*e.peer - published);
    const double to_ours = std::fabs(*e.peer - reproduced);
    if (to_paper <= tolerance)
      return CellCause{"solver",
                       fmt::format("the peer ({}) gives {:.4g}, within the tolerance {:.4g} of the "
                                   "published {:.4g}, where ours gives {:.4g}: our solver differs",
                                   e.peer_what, *e.peer, tolerance, published, reproduced)};
    add(tried, fmt::format("the peer ({}) gives {:.4g}, {} ours{}", e.peer_what, *e.peer,
                           to_ours <= tolerance ? "agreeing with" : "differing from",
                           to_ours <= tolerance ? ": the solver is ruled out" : " and the paper"));
  }
  // 4. reading; the data rule (5) measures moves from the chosen row where there is one.
  const AblationReading* nearest = nullptr;
  const AblationReading* data_reading = nullptr;
  double base = reproduced;
  for (const AblationReading& r : readings) {
    if (r.chosen) base = r.value;
    if (!r.chosen && !e.data_row.empty() && r.variant == e.data_row) data_reading = &r;
    if (!r.chosen &&
        (!nearest || std::fabs(r.value - published) < std::fabs(nearest->value - published)))
      nearest = &r;
  }
  if (nearest) {
    const double gap = std::fabs(nearest->value - published);
    if (gap <= tolerance)
      return CellCause{
          "reading",
          fmt::format("ablation {}'s row {} gives {:.4g}, within the tolerance {:.4g} of the "
                      "published {:.4g}: the difference lies in that reading (of the data or the "
                      "protocol)",
                      e.ablation, nearest->variant, nearest->value, tolerance, published)};
    add(tried, fmt::format("ablation {}'s nearest row, {}, gives {:.4g} ({:.3g} from it)",
                           e.ablation, nearest->variant, nearest->value, gap));
  }
  // 5. data
  if (!e.data_difference.empty()) {
    if (e.corpus_property)
      return CellCause{
          "data", fmt::format("the cell counts our copy of the corpus: {}", e.data_difference)};
    const double toward = published > base ? 1 : -1;
    if (data_reading && toward * (data_reading->value - base) > tolerance)
      return CellCause{
          "data",
          fmt::format("{}; ablation {}'s row {} measures that difference moving the value from "
                      "{:.4g} to {:.4g}, toward the published {:.4g} by more than the tolerance "
                      "{:.4g}",
                      e.data_difference, e.ablation, data_reading->variant, base,
                      data_reading->value, published, tolerance)};
    add(tried, data_reading
                   ? fmt::format("the documented data difference ({}) moves it from {:.4g} to "
                                 "{:.4g} (ablation {}'s row {}), not toward the published value "
                                 "by more than the tolerance",
                                 e.data_difference, base, data_reading->value, e.ablation,
                                 data_reading->variant)
                   : fmt::format("the documented data difference ({}) is not measured",
                                 e.data_difference));
  }
  // 6. common
  if (group && group->deltas.size() >= kCommonGroupMin) {
    const double shift = median(group->deltas);
    const double delta = reproduced - published;
    const auto [lo, hi] = std::minmax_element(group->deltas.begin(), group->deltas.end());
    const std::string shared =
        fmt::format("the {} methods of its group ({}) miss by {:+.3g} to {:+.3g}, median {:+.3g}",
                    group->deltas.size(), group->name, *lo, *hi, shift);
    if (std::fabs(shift) > tolerance && std::fabs(delta - shift) <= tolerance)
      return CellCause{"common",
                       fmt::format("{}; this cell's {:+.3g} is within the tolerance {:.4g} of "
                                   "that shift: the miss is shared by the methods, so it lies in "
                                   "what they share (data, features, protocol)",
                                   shared, delta, tolerance)};
    add(tried,
        fmt::format("{} ({}); this cell's {:+.3g}", shared,
                    std::fabs(shift) > tolerance ? "beyond the tolerance" : "within the tolerance",
                    delta));
  }
  // 7. machine
  if (!e.timing.empty())
    return CellCause{"machine",
                     fmt::format("a time measured on this machine with these programs, against "
                                 "the paper's 2001-2002 machine and programs: {}",
                                 e.timing)};
  if (tried.empty()) return std::nullopt;  // an ablation named but not (yet) run: nothing computed
  return CellCause{"unexplained", "tried: " + tried};
}

}  // namespace linrepro
