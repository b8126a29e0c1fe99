#include "harness/judge/cell_cause.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>

namespace linrepro {

namespace {

// What was tried for an unexplained cell, a clause at a time.
struct Tried {
  std::string text;
  void add(const std::string& clause) { text += (text.empty() ? "" : "; ") + clause; }
};

// The paper's own threshold-free value where it reports one, else the published value.
std::optional<CellCause> by_threshold(double published, double tolerance, const CellEvidence& e,
                                      Tried& tried) {
  if (!e.threshold_free) return std::nullopt;
  const double theirs = e.threshold_free_published.value_or(published);
  const double within = e.threshold_free_tolerance.value_or(tolerance);
  const double gap = std::fabs(*e.threshold_free - theirs);
  const std::string what =
      e.threshold_free_what.empty() ? "threshold-free value" : e.threshold_free_what;
  const std::string against = e.threshold_free_published
                                  ? fmt::format("the paper's {} {:.4g}", what, theirs)
                                  : fmt::format("the published {:.4g}", theirs);
  if (gap <= within)
    return CellCause{"measured", "threshold",
                     fmt::format("our {} {:.4g} is within the tolerance {:.4g} of {}: the "
                                 "hyperplane agrees, the threshold does not",
                                 what, *e.threshold_free, within, against)};
  tried.add(fmt::format("our {} {:.4g} is {:.3g} from {} (tolerance {:.4g})", what,
                        *e.threshold_free, gap, against, within));
  return std::nullopt;
}

std::optional<CellCause> by_peer(double published, double reproduced, double tolerance,
                                 const CellEvidence& e, Tried& tried) {
  if (!e.peer) return std::nullopt;
  if (std::fabs(*e.peer - published) <= tolerance)
    return CellCause{"measured", "peer",
                     fmt::format("the peer ({}) gives {:.4g}, within the tolerance {:.4g} of the "
                                 "published {:.4g}, where ours gives {:.4g}: our solver differs",
                                 e.peer_what, *e.peer, tolerance, published, reproduced)};
  const bool agrees = std::fabs(*e.peer - reproduced) <= tolerance;
  tried.add(fmt::format("the peer ({}) gives {:.4g}, {}", e.peer_what, *e.peer,
                        agrees ? "agreeing with ours: the solver is ruled out"
                               : "differing from ours and from the paper"));
  return std::nullopt;
}

// The nearest allowed row within the tolerance explains; an allowed row that moves the value
// toward the published one without reaching it is a partial move; a ruled-out row within the
// tolerance is said, and explains nothing.
std::optional<CellCause> by_ablation(double published, double reproduced, double tolerance,
                                     const CellEvidence& e,
                                     const std::vector<AblationReading>& readings, Tried& tried) {
  double base = reproduced;
  const AblationReading* nearest = nullptr;  // allowed
  for (const AblationReading& r : readings) {
    if (r.chosen) base = r.value;
    if (!r.chosen && r.allowed &&
        (!nearest || std::fabs(r.value - published) < std::fabs(nearest->value - published)))
      nearest = &r;
  }
  const auto gap = [&](double v) { return std::fabs(v - published); };
  if (nearest && gap(nearest->value) <= tolerance)
    return CellCause{
        "measured", "ablation",
        fmt::format("ablation {}'s row {}, a reading the paper's text allows, gives "
                    "{:.4g}, within the tolerance {:.4g} of the published {:.4g} "
                    "(ours {:.4g})",
                    e.ablation, nearest->variant, nearest->value, tolerance, published, base)};
  if (nearest && gap(nearest->value) < gap(base))
    tried.add(
        fmt::format("ablation {}'s row {} moves it from {:.4g} to {:.4g} (delta {:+.3g} to "
                    "{:+.3g}): nearer the published value, a partial move, not within the "
                    "tolerance {:.4g}",
                    e.ablation, nearest->variant, base, nearest->value, base - published,
                    nearest->value - published, tolerance));
  else if (nearest)
    tried.add(
        fmt::format("ablation {}'s nearest allowed row, {}, gives {:.4g}, no nearer the "
                    "published {:.4g} than ours",
                    e.ablation, nearest->variant, nearest->value, published));
  else if (!e.ablation.empty() && !readings.empty())
    tried.add(fmt::format("ablation {} has no other row the paper's text allows", e.ablation));
  for (const AblationReading& r : readings)
    if (!r.chosen && !r.allowed && gap(r.value) <= tolerance)
      tried.add(
          fmt::format("ablation {}'s row {} gives {:.4g}, within the tolerance, but the "
                      "paper's text rules that reading out",
                      e.ablation, r.variant, r.value));
  return std::nullopt;
}

std::optional<CellCause> statistical(double published, const CellEvidence& e, Tried& tried) {
  if (!e.interval_lo || !e.interval_hi) return std::nullopt;
  const std::string interval = fmt::format("[{:.4g}, {:.4g}]", *e.interval_lo, *e.interval_hi);
  if (published >= *e.interval_lo && published <= *e.interval_hi)
    return CellCause{"statistical", "",
                     fmt::format("the published {:.4g} lies in the cell's interval {} ({})",
                                 published, interval, e.interval_method)};
  tried.add(fmt::format("the cell's interval {} ({}) excludes the published {:.4g}", interval,
                        e.interval_method, published));
  return std::nullopt;
}

}  // namespace

CellCause cell_cause(double published, double reproduced, double tolerance, const CellEvidence& e,
                     const std::vector<AblationReading>& readings) {
  Tried tried;
  if (auto c = by_threshold(published, tolerance, e, tried)) return *c;
  if (auto c = by_peer(published, reproduced, tolerance, e, tried)) return *c;
  if (auto c = by_ablation(published, reproduced, tolerance, e, readings, tried)) return *c;
  if (auto c = statistical(published, e, tried)) return *c;
  if (!e.timing.empty())
    tried.add(
        fmt::format("a time measured here with these programs against the paper's "
                    "2001-2002 machine and programs, which no run here measures: {}",
                    e.timing));
  if (!e.ablation.empty() && readings.empty())
    tried.add(
        fmt::format("ablation {} has no value in its column {} (not run yet, or no such "
                    "column)",
                    e.ablation, e.ablation_column));
  if (tried.text.empty())
    return {"unexplained", "",
            "nothing was measured beside this cell (no interval, threshold-free value, peer or "
            "ablation)"};
  return {"unexplained", "", "tried: " + tried.text};
}

}  // namespace linrepro
