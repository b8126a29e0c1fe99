#pragma once
// What `linrepro data status` and `linrepro data fetch` report: where each dataset is and whether
// it is verified, and the fetching of every dataset (corpora/data_resolver.h resolves one).
#include <nlohmann/json.hpp>
#include <vector>

#include "corpora/dataset_table.h"

namespace linrepro {

// Only looks: where each dataset is, whether it is verified, and its document/row counts when known
// (counted on the first status after verification and kept in the stamp). Never extracts or
// downloads.
// verify: also recompute every extracted copy's content digest and check every mirror archive
// (sha256 when pinned, otherwise a full test decompression); rows get "verify": ok | damaged: ...
nlohmann::json data_status(bool verify = false);
nlohmann::json data_status(const std::vector<DatasetSpec>& table, bool verify = false);

// Resolves every dataset (progress on stderr when verbose); datasets that cannot be obtained are
// reported, not thrown. Returns the number of damaged or missing ones (DataFailure), which
// `linrepro data fetch` turns into a non-zero exit. Call data_status() afterwards for the table.
int fetch_all(bool verbose);

}  // namespace linrepro
