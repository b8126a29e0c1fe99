// Every cell of the project's published files names an experiment registered for its paper, so
// each published cell has exactly one experiment whose full run must produce it
// (harness/experiment/cell_matching.h); and the figures of a paper's experiments, which share its
// figures folder, have ids of their own (the plot driver refuses a repeated one).
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "experiments/register.h"
#include "harness/experiment/experiment.h"
#include "harness/experiment/published.h"

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

TEST(PublishedJoin, EveryFigureOfAPaperHasItsOwnId) {
  register_experiments();
  std::map<std::pair<std::string, std::string>, std::string> owner;  // (paper, id) -> experiment
  for (const auto& e : experiment_registry()) {
    if (!e.figures) continue;
    ExperimentContext ctx;  // the full run's figures, with an extra solver's among them
    ctx.extra_solvers = {"liblinear-s5"};
    for (const Json& f : e.figures(ctx)) {
      const auto [it, fresh] =
          owner.emplace(std::pair{e.paper, f.at("id").get<std::string>()}, e.id);
      EXPECT_TRUE(fresh) << e.paper << ": figure \"" << f.at("id").get<std::string>() << "\" of "
                         << e.id << " is also " << it->second << "'s";
    }
  }
  EXPECT_GT(owner.size(), 20u);
}

}  // namespace
}  // namespace linrepro
