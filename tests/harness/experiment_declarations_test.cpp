// Experiments as declarations (harness/language/experiment_declarations.h): what a declaration file
// gives, the errors a wrong one gets, and the figures an extra solver changes.
#include "harness/language/experiment_declarations.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace linrepro {
namespace {

Json example() {
  return Json::parse(R"({
    "paper": "examplepaper",
    "experiments": {
      "table2": {
        "description": "Table 2",
        "artifacts": ["table2", "figure3"],
        "depends_on": {"examplepaper/table1": "its lambda"},
        "timed": "Table 2: time ratios",
        "in_default_set": false,
        "extra_solvers": {"tasks": "multiclass", "why": "one problem per fold"},
        "figures": [
          {"id": "plain", "kind": "series", "why": "for the reader"},
          {"id": "methods", "kind": "solvers_vs_peers", "filter": {"solver": ["smo", "nb"]},
           "with_extra_solvers": {"label_by": true, "add_to_filter": "solver"}},
          {"id": "extras", "kind": "solvers_vs_peers", "with_extra_solvers": {"only": true}}
        ]
      },
      "table4": {
        "description": "Table 4",
        "artifacts": ["table4"],
        "extra_solvers": {"why": "the data is not public"}
      }
    }
  })");
}

const std::string kWhere = "experiments/examplepaper/experiments.json";

TEST(ExperimentDeclarations, GiveEveryFieldOfTheExperiment) {
  const std::vector<ExperimentInfo> e = parse_experiment_declarations(example(), kWhere);
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].paper, "examplepaper");
  EXPECT_EQ(e[0].id, "table2");
  EXPECT_EQ(e[0].artifacts, (std::vector<std::string>{"table2", "figure3"}));
  EXPECT_EQ(e[0].depends_on, std::vector<std::string>{"examplepaper/table1"});
  EXPECT_TRUE(e[0].timed);
  EXPECT_FALSE(e[0].in_default_set);
  EXPECT_EQ(e[0].extra_solvers.tasks, ExtraSolverSupport::Tasks::multiclass);
  EXPECT_FALSE(e[0].run);  // the driver's code
  EXPECT_EQ(e[1].id, "table4");
  EXPECT_FALSE(e[1].timed);
  EXPECT_TRUE(e[1].in_default_set);
  EXPECT_EQ(e[1].extra_solvers.tasks, ExtraSolverSupport::Tasks::none);
  EXPECT_EQ(e[1].extra_solvers.refusal, "the data is not public");
  EXPECT_FALSE(e[1].figures);
}

TEST(ExperimentDeclarations, FiguresWithoutExtraSolversLoseOnlyTheirAnnotations) {
  const ExperimentInfo e = parse_experiment_declarations(example(), kWhere).at(0);
  const Json f = e.figures(ExperimentContext{});
  EXPECT_EQ(f, Json::parse(R"([{"id": "plain", "kind": "series"},
                               {"id": "methods", "kind": "solvers_vs_peers",
                                "filter": {"solver": ["smo", "nb"]}}])"));
}

TEST(ExperimentDeclarations, AnExtraSolverJoinsTheFiguresThatSaySo) {
  const ExperimentInfo e = parse_experiment_declarations(example(), kWhere).at(0);
  ExperimentContext ctx;
  ctx.extra_solvers = {"liblinear-s5:C=2"};
  const Json f = e.figures(ctx);
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0], Json::parse(R"({"id": "plain", "kind": "series"})"));
  // By the solver its runs record (the registry name), not by the label as given.
  EXPECT_EQ(f[1]["filter"]["solver"], Json::parse(R"(["smo", "nb", "liblinear-s5"])"));
  EXPECT_EQ(f[1]["label_by"], Json::parse(R"(["solver", "extra.part"])"));
  EXPECT_EQ(f[2], Json::parse(R"({"id": "extras", "kind": "solvers_vs_peers"})"));
  // A series drawn by "group_by" reads no "label_by": its groups set the extra runs apart.
  Json grouped = example();
  grouped["experiments"]["table2"]["figures"][1]["kind"] = "series";
  grouped["experiments"]["table2"]["figures"][1]["group_by"] = "solver";
  const Json g = parse_experiment_declarations(grouped, kWhere).at(0).figures(ctx);
  EXPECT_EQ(g[1]["group_by"], Json::parse(R"(["solver", "extra.part"])"));
  EXPECT_FALSE(g[1].contains("label_by"));
  // A figure selecting runs by their part takes the extra runs' part too, and only with them.
  Json parts = example();
  parts["experiments"]["table2"]["figures"][0]["filter"] = {{"extra.part", {nullptr, "cv-best"}}};
  const ExperimentInfo p = parse_experiment_declarations(parts, kWhere).at(0);
  EXPECT_EQ(p.figures(ctx)[0]["filter"]["extra.part"],
            Json::parse(R"([null, "cv-best", "extra"])"));
  EXPECT_EQ(p.figures(ExperimentContext{})[0]["filter"]["extra.part"],
            Json::parse(R"([null, "cv-best"])"));
}

// The message of the ConfigError a declaration gets ("" when it is accepted).
std::string error_of(const Json& file) {
  try {
    parse_experiment_declarations(file, kWhere);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(ExperimentDeclarations, AWrongDeclarationNamesTheFileTheExperimentAndTheCause) {
  Json f = example();
  f["experiments"]["table2"]["tiemd"] = "a typo";
  EXPECT_EQ(error_of(f),
            kWhere +
                ": /experiments/table2: unknown key \"tiemd\" in an experiment (nearest "
                "valid key: \"timed\")");

  f = example();
  f["experiments"]["table2"].erase("extra_solvers");
  EXPECT_NE(error_of(f).find("/experiments/table2: an experiment needs \"extra_solvers\""),
            std::string::npos);

  f = example();
  f["experiments"]["table2"]["extra_solvers"] = {{"tasks", "ranking"}, {"why", "x"}};
  EXPECT_NE(error_of(f).find("/experiments/table2/extra_solvers/tasks: must be \"binary\" | "
                             "\"multiclass\" (is \"ranking\")"),
            std::string::npos);

  f = example();
  f["experiments"]["table4"]["extra_solvers"].erase("why");  // a refusal says why
  EXPECT_NE(error_of(f).find("/experiments/table4/extra_solvers: an extra-solver-support needs "
                             "\"why\""),
            std::string::npos);

  f = example();
  f["experiments"]["table2"]["figures"][1]["with_extra_solvers"]["key"] = "extra/";
  EXPECT_NE(
      error_of(f).find("/experiments/table2/figures/1/with_extra_solvers: unknown key \"key\""),
      std::string::npos);

  f = example();
  f["experiments"]["table2"]["figures"][1]["with_extra_solvers"]["add_to_filter"] = "class";
  EXPECT_NE(error_of(f).find("methods with_extra_solvers: \"add_to_filter\": the figure's "
                             "filter has no list \"class\""),
            std::string::npos);

  f = example();
  f["experiments"]["table4"].erase("description");
  EXPECT_NE(error_of(f).find("/experiments/table4: an experiment needs \"description\""),
            std::string::npos);

  EXPECT_EQ(error_of(example()), "");
}

TEST(ExperimentDeclarations, TheRegistryAndTheDeclarationsAgree) {
  // Every experiment a driver registers is declared in its paper's file, and every declared one
  // is registered (register_experiments checks it at start).
  const std::vector<ExperimentInfo> none;
  try {
    check_registry_matches_declarations(none);
    FAIL() << "an empty registry leaves every declared experiment unregistered";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("zhangoles2001/table2 is declared in "
                                         "experiments/zhangoles2001/experiments.json but no "
                                         "driver registers it"),
              std::string::npos);
  }
  ExperimentInfo twice = declared_experiment("zhangoles2001", "table2");
  EXPECT_EQ(twice.extra_solvers.tasks, ExtraSolverSupport::Tasks::binary);
  EXPECT_EQ(twice.depends_on, std::vector<std::string>{"zhangoles2001/table1"});
  EXPECT_THROW(declared_experiment("zhangoles2001", "table9"), ConfigError);
}

}  // namespace
}  // namespace linrepro
