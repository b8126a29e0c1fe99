// sgdreport's declared figures are the report's Figures 1-4 (sgd-l1-ridge-report.md), named and
// titled as the report numbers them, so REPORT.md files each PNG under its figure (file-name
// prefix "figureN_") and a reader can put them side by side: 1 = L1-LR on Dataset 1, 2 = L1-LR on
// Dataset 2, 3 = ridge on Dataset 1, 4 = ridge on Dataset 2. Dataset 2's name covtype.binary, so
// the plots draw a placeholder while it is not here.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "experiments/sgdreport/experiments.h"

namespace linrepro {
namespace {

TEST(SgdreportFigures, NamedAndTitledAsTheReportsFigures1To4) {
  std::vector<ExperimentInfo> registry;
  add_sgdreport_tables(registry);
  ASSERT_EQ(registry.size(), 1u);
  ASSERT_TRUE(registry[0].figures);
  const Json figures = registry[0].figures(ExperimentContext{});
  ASSERT_EQ(figures.size(), 4u);
  const struct {
    std::string id, solver, run_class, dataset, title_part;
  } want[] = {
      {"figure1_l1_logistic_dataset1", "sgd-l1-logistic", "a9a", "a9a", "Dataset 1"},
      {"figure2_l1_logistic_dataset2", "sgd-l1-logistic", "covtype", "covtype.binary", "Dataset 2"},
      {"figure3_ridge_dataset1", "sgd-ridge", "a9a", "a9a", "Dataset 1"},
      {"figure4_ridge_dataset2", "sgd-ridge", "covtype", "covtype.binary", "Dataset 2"},
  };
  for (size_t i = 0; i < 4; ++i) {
    const Json& f = figures[i];
    SCOPED_TRACE(want[i].id);
    EXPECT_EQ(f.at("id"), want[i].id);
    const std::string title = f.at("title");
    EXPECT_EQ(title.rfind("Report Figure " + std::to_string(i + 1) + ": ", 0), 0u) << title;
    EXPECT_NE(title.find(want[i].title_part), std::string::npos) << title;
    EXPECT_EQ(f.at("filter").at("solver"), want[i].solver);
    EXPECT_EQ(f.at("filter").at("class"), want[i].run_class);
    EXPECT_EQ(f.at("dataset"), want[i].dataset);
    // The report's four quantities, one panel each.
    ASSERT_EQ(f.at("panels").size(), 4u);
    EXPECT_EQ(f["panels"][0].at("value"), "train_error");
    EXPECT_EQ(f["panels"][1].at("value"), "test_error");
    EXPECT_EQ(f["panels"][2].at("value"), "objective");
    EXPECT_EQ(f["panels"][3].at("value"), "zeros");
  }
  // Every figure id starts with an artifact the experiment declares.
  for (const Json& f : figures) {
    const std::string id = f.at("id");
    const std::string artifact = id.substr(0, id.find('_'));
    EXPECT_NE(std::find(registry[0].artifacts.begin(), registry[0].artifacts.end(), artifact),
              registry[0].artifacts.end())
        << id;
  }
}

}  // namespace
}  // namespace linrepro
