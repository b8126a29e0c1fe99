#include "harness/cell_cause.h"

#include <fmt/format.h>

#include <cmath>

namespace linrepro {

std::optional<CellCause> cell_cause(double published, double tolerance, const CellEvidence& e,
                                    const std::vector<AblationReading>& readings) {
  if (e.empty()) return std::nullopt;
  std::string tried;
  if (e.interval_lo && e.interval_hi) {
    const std::string interval = fmt::format("[{:.4g}, {:.4g}]", *e.interval_lo, *e.interval_hi);
    if (published >= *e.interval_lo && published <= *e.interval_hi)
      return CellCause{"sampling_noise",
                       fmt::format("the published {:.4g} lies in the 95 % sampling interval {} "
                                   "({})",
                                   published, interval, e.interval_method)};
    tried = fmt::format("the 95 % sampling interval {} excludes the published {:.4g}", interval,
                        published);
  }
  if (e.threshold_free) {
    const double gap = std::fabs(*e.threshold_free - published);
    const std::string what =
        e.threshold_free_what.empty() ? "threshold-free value" : e.threshold_free_what;
    if (gap <= tolerance)
      return CellCause{"threshold",
                       fmt::format("our {} {:.4g} is within the tolerance {:.4g} of the published "
                                   "{:.4g}: the hyperplane agrees, the threshold does not",
                                   what, *e.threshold_free, tolerance, published)};
    tried += fmt::format("{}our {} {:.4g} is {:.3g} from it (tolerance {:.4g})",
                         tried.empty() ? "" : "; ", what, *e.threshold_free, gap, tolerance);
  }
  const AblationReading* nearest = nullptr;
  for (const AblationReading& r : readings)
    if (!r.chosen &&
        (!nearest || std::fabs(r.value - published) < std::fabs(nearest->value - published)))
      nearest = &r;
  if (nearest) {
    const double gap = std::fabs(nearest->value - published);
    if (gap <= tolerance)
      return CellCause{
          "reading",
          fmt::format("ablation {}'s row {} gives {:.4g}, within the tolerance {:.4g} of the "
                      "published {:.4g}: the difference lies in that reading of the data",
                      e.ablation, nearest->variant, nearest->value, tolerance, published)};
    tried +=
        fmt::format("{}ablation {}'s nearest row, {}, gives {:.4g} ({:.3g} from it)",
                    tried.empty() ? "" : "; ", e.ablation, nearest->variant, nearest->value, gap);
  }
  if (tried.empty()) return std::nullopt;  // an ablation named but not (yet) run: nothing computed
  return CellCause{"unexplained", "tried: " + tried};
}

}  // namespace linrepro
