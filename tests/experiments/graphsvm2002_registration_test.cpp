// graphsvm2002's experiments as the harness sees them: all on the plan/execute/summarise layer (no
// transitional driver), each result file's config its declared protocol (with the extra solvers
// when given), and the published cells tagged with the corpus they need, so that a missing corpus
// marks exactly its own cells (harness/experiment/unavailable_cells.h mark_unavailable).
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "experiments/graphsvm2002/experiments.h"
#include "harness/experiment/published.h"
#include "harness/language/experiment_declarations.h"

namespace linrepro {
namespace {

namespace fs = std::filesystem;

TEST(Graphsvm2002Registration, EveryExperimentIsOnTheNewLayer) {
  std::vector<ExperimentInfo> registry;
  add_graphsvm2002_sweep_classes(registry);
  add_graphsvm2002_sweeps(registry);
  add_graphsvm2002_main(registry);
  add_graphsvm2002_features(registry);
  std::set<std::string> ids;
  for (const ExperimentInfo& e : registry) {
    ids.insert(e.id);
    EXPECT_EQ(e.paper, kGraphsvmPaper);
    EXPECT_TRUE(e.run) << e.id;
    EXPECT_FALSE(e.artifacts.empty()) << e.id;
    ASSERT_TRUE(e.config) << e.id;
    ExperimentContext ctx;
    ctx.fast = true;
    EXPECT_EQ(e.config(ctx).at("fast"), true) << e.id;
    // The config is the declaration: it says what ran, and changes with it.
    EXPECT_EQ(e.config(ctx).at("protocol"), declared_experiment(kGraphsvmPaper, e.id).protocol)
        << e.id;
    EXPECT_FALSE(e.config(ctx).contains("extra_solvers")) << e.id;
    ctx.extra_solvers = {"liblinear-s5"};
    EXPECT_EQ(e.config(ctx).at("extra_solvers"), Json::array({"liblinear-s5"})) << e.id;
    ASSERT_TRUE(e.figures) << e.id;
    EXPECT_TRUE(e.figures(ExperimentContext{}).is_array()) << e.id;
  }
  EXPECT_EQ(ids, (std::set<std::string>{"main", "sweep_classes", "sweep_size", "features"}));
}

TEST(Graphsvm2002Registration, PublishedCellsNameTheCorpusTheyNeed) {
  const PublishedPaper p =
      load_published(fs::path(LINREPRO_SOURCE_DIR) / "results/published/graphsvm2002.json");
  int ng = 0, reuters = 0;
  for (const PublishedCell& c : p.cells) {
    // The driver prefixes Reuters' rows with "reuters " (the datasets table's row is "reuters");
    // every other cell is 20NG's (Table 1, Figure 3 and the "20ng" rows).
    const bool is_reuters = c.row.starts_with("reuters");
    EXPECT_EQ(c.dataset, is_reuters ? "reuters21578" : "20news-18828")
        << c.table << " / " << c.row << " / " << c.column;
    (is_reuters ? reuters : ng) += 1;
  }
  EXPECT_EQ(ng, 23);
  EXPECT_EQ(reuters, 15);
}

}  // namespace
}  // namespace linrepro
