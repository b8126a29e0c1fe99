// Every cell of the project's published files names an experiment registered for its paper, so
// each published cell has exactly one experiment whose full run must produce it
// (harness/cell_matching.h).
#include <gtest/gtest.h>

#include <set>

#include "experiments/register.h"
#include "harness/experiment.h"
#include "harness/published.h"

namespace linrepro {
namespace {

TEST(PublishedJoin, EveryPublishedCellNamesARegisteredExperimentOfItsPaper) {
  register_experiments();
  std::set<std::pair<std::string, std::string>> registered;
  for (const auto& e : experiment_registry()) registered.emplace(e.paper, e.id);
  const auto papers =
      load_all_published(std::filesystem::path(LINREPRO_SOURCE_DIR) / "results/published");
  ASSERT_FALSE(papers.empty());
  for (const PublishedPaper& paper : papers)
    for (const PublishedCell& c : paper.cells)
      EXPECT_TRUE(registered.contains({paper.paper, c.experiment}))
          << paper.file << ": " << c.table << " / " << c.row << " / " << c.column
          << " names experiment '" << c.experiment << "', not registered for " << paper.paper;
}

}  // namespace
}  // namespace linrepro
