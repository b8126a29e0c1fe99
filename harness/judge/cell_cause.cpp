#include "harness/judge/cell_cause.h"

#include <fmt/format.h>

#include <algorithm>
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

// The rows of one named ablation: where its chosen row is (the base of a move).
struct NamedAblation {
  std::string id;
  double base = 0;
  const AblationReading* nearest = nullptr;  // its allowed row nearest the published value
};

// Each named ablation's allowed rows against the published value: the nearest allowed row of all
// within the tolerance explains; else, for each, an allowed row that moves the value toward the
// published one without reaching it is a partial move; a ruled-out row within the tolerance is
// said, and explains nothing.
std::optional<CellCause> by_ablation(double published, double reproduced, double tolerance,
                                     const std::vector<AblationReading>& readings, Tried& tried) {
  const auto gap = [&](double v) { return std::fabs(v - published); };
  std::vector<NamedAblation> named;
  for (const AblationReading& r : readings) {
    if (named.empty() || named.back().id != r.ablation) named.push_back({r.ablation, reproduced});
    NamedAblation& a = named.back();
    if (r.chosen) a.base = r.value;
    if (!r.chosen && r.allowed && (!a.nearest || gap(r.value) < gap(a.nearest->value)))
      a.nearest = &r;
  }
  const NamedAblation* best = nullptr;
  for (const NamedAblation& a : named)
    if (a.nearest && gap(a.nearest->value) <= tolerance &&
        (!best || gap(a.nearest->value) < gap(best->nearest->value)))
      best = &a;
  if (best)
    return CellCause{"measured", "ablation",
                     fmt::format("ablation {}'s row {}, a reading the paper's text allows, gives "
                                 "{:.4g}, within the tolerance {:.4g} of the published {:.4g} "
                                 "(its row of the cells' reading: {:.4g})",
                                 best->id, best->nearest->variant, best->nearest->value, tolerance,
                                 published, best->base)};
  for (const NamedAblation& a : named) {
    const AblationReading* n = a.nearest;
    if (n && gap(n->value) < gap(a.base))
      tried.add(fmt::format(
          "ablation {}'s row {} moves it from {:.4g} to {:.4g} (delta {:+.3g} to "
          "{:+.3g}): nearer the published value, a partial move, not within the "
          "tolerance {:.4g}",
          a.id, n->variant, a.base, n->value, a.base - published, n->value - published, tolerance));
    else if (n)
      tried.add(
          fmt::format("ablation {}'s nearest allowed row, {}, gives {:.4g}, no nearer the "
                      "published {:.4g} than ours",
                      a.id, n->variant, n->value, published));
    else
      tried.add(fmt::format("ablation {} has no other row the paper's text allows", a.id));
    for (const AblationReading& r : readings)
      if (r.ablation == a.id && !r.chosen && !r.allowed && gap(r.value) <= tolerance)
        tried.add(
            fmt::format("ablation {}'s row {} gives {:.4g}, within the tolerance, but the "
                        "paper's text rules that reading out",
                        a.id, r.variant, r.value));
  }
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
  if (auto c = by_ablation(published, reproduced, tolerance, readings, tried)) return *c;
  if (auto c = statistical(published, e, tried)) return *c;
  if (!e.timing.empty())
    tried.add(
        fmt::format("a time measured here with these programs against the paper's "
                    "2001-2002 machine and programs, which no run here measures: {}",
                    e.timing));
  for (const CellEvidence::AblationRef& a : e.ablations)
    if (std::none_of(readings.begin(), readings.end(),
                     [&](const AblationReading& r) { return r.ablation == a.id; }))
      tried.add(
          fmt::format("ablation {} has no value in its column {} (not run yet, or no such "
                      "column)",
                      a.id, a.column));
  if (tried.text.empty())
    return {"unexplained", "",
            "nothing was measured beside this cell (no interval, threshold-free value, peer or "
            "ablation)"};
  return {"unexplained", "", "tried: " + tried.text};
}

}  // namespace linrepro
