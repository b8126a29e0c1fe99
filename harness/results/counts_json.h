#pragma once
// A BinaryCounts as flat numbers of a JSON
// object (run metrics hold numbers only): tp<suffix>, fp<suffix>, fn<suffix>, tn<suffix>.
#include <string>

#include "harness/results/result_schema.h"
#include "metrics/binary_counts.h"

namespace linrepro {

inline void put_counts(Json& j, const BinaryCounts& c, const std::string& suffix = "") {
  j["tp" + suffix] = c.tp;
  j["fp" + suffix] = c.fp;
  j["fn" + suffix] = c.fn;
  j["tn" + suffix] = c.tn;
}

// Throws nlohmann::json's out_of_range when a count is absent.
inline BinaryCounts counts_from(const Json& j, const std::string& suffix = "") {
  return {j.at("tp" + suffix).get<int64_t>(), j.at("fp" + suffix).get<int64_t>(),
          j.at("fn" + suffix).get<int64_t>(), j.at("tn" + suffix).get<int64_t>()};
}

}  // namespace linrepro
