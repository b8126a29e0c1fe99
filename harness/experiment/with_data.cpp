#include "harness/experiment/with_data.h"

#include <fmt/format.h>

#include "corpora/data_errors.h"
#include "harness/experiment/unavailable_cells.h"

namespace linrepro {

std::string with_data(const ExperimentContext& ctx, ResultFile& rf, const std::string& dataset,
                      const std::function<void()>& body, MissingCells cells,
                      const std::string& consequence) {
  try {
    body();
    return "";
  } catch (const DataUnavailable& e) {
    const std::string reason = consequence.empty() ? e.what() : consequence + ": " + e.what();
    rf.add_dataset({{"name", dataset}, {"status", "data_unavailable"}, {"reason", reason}});
    const Json& doc = rf.document();
    fmt::print(stderr, "{}/{}: {} unavailable: {}\n", doc.value("paper", ""),
               doc.value("experiment", ""), dataset, reason);
    if (cells == MissingCells::marked_unavailable) mark_unavailable(ctx, rf, dataset, e.what());
    return reason;
  }
}

}  // namespace linrepro
