#include "harness/judge/compare.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "harness/experiment/extra_solvers.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::read_json;
using testing::TempDir;

PublishedCell published(double value, double tolerance, std::string note = "") {
  // std::string temporaries: assigning the literals trips GCC 12's false -Wrestrict at -O3.
  PublishedCell p;
  p.table = std::string("t");
  p.row = std::string("r");
  p.column = std::string("c");
  p.value = value;
  p.unit = std::string("%");
  p.tolerance = tolerance;
  p.note = std::move(note);
  return p;
}

PublishedCell input(double value, double tolerance) {
  PublishedCell p = published(value, tolerance);
  p.kind = "input";
  return p;
}

Cell produced(double value, std::string status = "ok", std::string note = "") {
  return {"t", "r", "c", value, "%", std::move(status), std::move(note), {}};
}

TEST(JudgeCell, WithinIncludesTheBoundary) {
  const Cell c = produced(1.7);
  const CellVerdict v = judge_cell(published(1.2, 0.5), &c);  // |1.7 - 1.2| == 0.5 up to rounding
  EXPECT_EQ(v.status, "within");
  ASSERT_TRUE(v.delta.has_value());
  EXPECT_NEAR(*v.delta, 0.5, 1e-12);
  const Cell d = produced(1.71);
  EXPECT_EQ(judge_cell(published(1.2, 0.5), &d).status, "outside");
  const Cell e = produced(0.69);
  EXPECT_EQ(judge_cell(published(1.2, 0.5), &e).status, "outside");
}

TEST(JudgeCell, OutsideReasonPrefersTheProducedNoteThenThePublishedOne) {
  const Cell with_note = produced(9, "ok", "stopped at 100 iterations");
  const Cell without = produced(9);
  EXPECT_EQ(judge_cell(published(1, 0.5, "figure read by eye"), &with_note).reason,
            "stopped at 100 iterations");
  EXPECT_EQ(judge_cell(published(1, 0.5, "figure read by eye"), &without).reason,
            "figure read by eye");
  EXPECT_EQ(judge_cell(published(1, 0.5), &without).reason, "cause not yet explained");
  const Cell nan = produced(std::nan(""));
  EXPECT_EQ(judge_cell(published(1, 0.5), &nan).status, "outside");
}

TEST(JudgeCell, NotRunAndDataUnavailable) {
  EXPECT_EQ(judge_cell(published(1, 0.5), nullptr).status, "not_run");
  EXPECT_EQ(judge_cell(published(1, 0.5), nullptr).reason, "no experiment produced this cell");
  PublishedCell named = published(1, 0.5);
  named.experiment = "table3";  // the published file says which experiment to run
  EXPECT_EQ(judge_cell(named, nullptr).reason, "no result of table3 holds this cell (run it)");
  const Cell u = produced(0, "data_unavailable", "OHSUMED is not in the mirror");
  const CellVerdict v = judge_cell(published(1, 0.5), &u);
  EXPECT_EQ(v.status, "data_unavailable");
  EXPECT_EQ(v.reason, "OHSUMED is not in the mirror");
  EXPECT_FALSE(v.delta.has_value());
  const Cell n = produced(0, "not_run", "skipped: too slow");
  EXPECT_EQ(judge_cell(published(1, 0.5), &n).status, "not_run");
}

TEST(JudgeCell, AnInputSaysWhetherTheConfigurationMatchesAndIsNeverWithin) {
  const Cell same = produced(200), other = produced(100);
  const CellVerdict v = judge_cell(input(200, 0), &same);
  EXPECT_EQ(v.status, "input");
  EXPECT_EQ(v.reason, "matches the configuration");
  ASSERT_TRUE(v.delta.has_value());
  EXPECT_EQ(*v.delta, 0);
  const CellVerdict w = judge_cell(input(200, 0), &other);
  EXPECT_EQ(w.status, "input");
  EXPECT_EQ(w.reason, "differs from the configuration");
  EXPECT_EQ(*w.delta, -100);
  EXPECT_EQ(judge_cell(input(200, 0), nullptr).status, "input");
  const Cell u = produced(0, "data_unavailable", "covtype is not in the mirror");
  EXPECT_EQ(judge_cell(input(200, 0), &u).status, "input");
  EXPECT_EQ(judge_cell(input(200, 0), &u).reason, "covtype is not in the mirror");
}

// results/ with a published file for mlrcg2003 and one result file covering the four statuses.
struct Tree {
  TempDir dir;
  std::filesystem::path results;
  Tree() : results(dir / "results") {
    testing::write_json(results / "published/mlrcg2003.json", testing::published_mlrcg());
    ExperimentContext ctx;
    ctx.results_dir = results;
    ResultFile rf(
        result_file_path(ctx, "mlrcg2003", "table2"),
        {{"experiment", "table2"}, {"paper", "mlrcg2003"}, {"description", "Table 2 on Reuters"}},
        false);
    rf.run_once("earn", {{"solver", "mlr-cg"}}, [] { return RunRecord{}; });
    Cell earn = value_cell("table2", "earn", "MLR-CG error", 1.5, "%");  // within
    earn.evidence.interval_lo = 1.3;  // ... beyond the noise: the published 1.2 is not in it
    earn.evidence.interval_hi = 1.7;
    earn.evidence.interval_method = "fixture";
    rf.set_cell(earn);
    rf.set_cell(value_cell("table2", "acq", "MLR-CG error", 3.0, "%",
                           "CG stopped at 100 iterations"));  // outside
    rf.set_cell(unavailable_cell("table3", "ohsumed", "error", "OHSUMED is not in the mirror"));
    rf.set_cell(value_cell("table2", "earn", "SVM time", 1.0, "s"));  // declared in own_cells
    // table3 / webkb: nobody produces it -> not_run
    rf.add_claim(tested_claim("fast", "MLR-CG is faster than SMO on every class",
                              {exact_comparison("MLR-CG / SMO seconds", 12.0 / 340, 1, false)},
                              "12 s vs 340 s"));
    rf.add_claim({"own", "A claim only the experiment states", false, "0.9 vs 0.8"});
    rf.add_claim(correctness_check("bound", "The bound holds at the final w", true, "0.1 <= 0.3"));
    rf.add_claim(indistinguishable_or(true, 3e-8, 1e-6, "relative 1e-6 of O_svm", "tie",
                                      "HS beats PR", "HS 0.05780992, PR 0.05780992"));
    Ablation ablation{"rule", "Error by rule", "the paper says so", "%", {"earn"}, {}};
    ablation.rows.push_back({"old", "what we did", false, false, false, {1.0}});
    ablation.rows.push_back({"new", "what the paper says", true, false, true, {1.5}});
    rf.add_ablation(ablation);
    rf.save();
    // The fast subset must not take part in the comparison.
    ctx.fast = true;
    ResultFile fast(result_file_path(ctx, "mlrcg2003", "table2"),
                    {{"experiment", "table2"}, {"paper", "mlrcg2003"}}, false);
    fast.set_cell(value_cell("table2", "earn", "MLR-CG error", 9.9, "%"));
    fast.save();
    write_file_atomic(results / "mlrcg2003/figures/table2.png", "png");
    write_file_atomic(results / "mlrcg2003/figures/figure9.png", "png");
    write_file_atomic(results / "mlrcg2003/tables/table2_full.md", "| a |");
  }
};

const Json* cell_named(const Json& comparison, const std::string& row) {
  for (const auto& c : comparison["cells"])
    if (c["row"] == row) return &c;
  return nullptr;
}

TEST(CompareResults, GivesEachOfTheFourStatusesWithItsReason) {
  Tree t;
  const Comparison c = compare_results(t.results);
  const Json doc = read_json(t.results / "comparison.json");
  EXPECT_EQ(doc["schema"], "linrepro-comparison/1");
  ASSERT_EQ(doc["cells"].size(), 4u);

  const Json* earn = cell_named(doc, "earn");
  ASSERT_NE(earn, nullptr);
  EXPECT_EQ((*earn)["status"], "within");
  EXPECT_EQ((*earn)["paper"], "mlrcg2003");
  EXPECT_EQ((*earn)["table"], "table2");
  EXPECT_EQ((*earn)["column"], "MLR-CG error");
  EXPECT_DOUBLE_EQ((*earn)["published"].get<double>(), 1.2);
  EXPECT_DOUBLE_EQ((*earn)["reproduced"].get<double>(), 1.5);  // not the fast/ value 9.9
  EXPECT_NEAR((*earn)["delta"].get<double>(), 0.3, 1e-12);
  EXPECT_DOUBLE_EQ((*earn)["tolerance"].get<double>(), 0.5);
  EXPECT_EQ((*earn)["experiment"], "table2");

  const Json* acq = cell_named(doc, "acq");
  EXPECT_EQ((*acq)["status"], "outside");
  EXPECT_EQ((*acq)["reason"], "CG stopped at 100 iterations");
  EXPECT_NEAR((*acq)["delta"].get<double>(), 1.0, 1e-12);

  const Json* ohsumed = cell_named(doc, "ohsumed");
  EXPECT_EQ((*ohsumed)["status"], "data_unavailable");
  EXPECT_EQ((*ohsumed)["reason"], "OHSUMED is not in the mirror");
  EXPECT_TRUE((*ohsumed)["reproduced"].is_null());

  const Json* webkb = cell_named(doc, "webkb");
  EXPECT_EQ((*webkb)["status"], "not_run");
  EXPECT_EQ((*webkb)["reason"], "no result of table3 holds this cell (run it)");
  EXPECT_TRUE((*webkb)["experiment"].is_null());

  EXPECT_EQ(doc["summary"]["mlrcg2003"], Json({{"input", 0},
                                               {"within", 1},
                                               {"outside", 1},
                                               {"not_run", 1},
                                               {"data_unavailable", 1},
                                               {"duplicates", 0},
                                               {"claims_hold", 1},
                                               {"claims_do_not_hold", 1},
                                               {"claims_indistinguishable", 1},
                                               {"claims_not_checked", 1},
                                               {"claims_tested", 1},
                                               {"correctness_checks", 1},
                                               {"correctness_checks_failed", 0},
                                               {"within_within_noise", 0},
                                               {"within_beyond_noise", 1},
                                               {"outside_within_noise", 0},
                                               {"outside_beyond_noise", 0},
                                               {"outside_measured", 0},
                                               {"outside_statistical", 0},
                                               {"outside_unexplained", 1}}));
  // Every outside cell has a cause; with nothing measured beside it, unexplained, saying so.
  EXPECT_EQ((*acq)["cause"]["category"], "unexplained");
  EXPECT_EQ((*earn)["noise"], "beyond");
  EXPECT_FALSE(acq->contains("noise"));  // no interval
  ASSERT_EQ(doc["unmatched"].size(), 1u);
  EXPECT_EQ(doc["unmatched"][0]["column"], "SVM time");
  EXPECT_EQ(doc["unmatched"][0]["why"], "CPU seconds on this machine");

  ASSERT_EQ(doc["claims"].size(), 5u);
  EXPECT_EQ(doc["claims"][0]["verdict"], "holds");  // joined on id although the texts differ
  EXPECT_EQ(doc["claims"][0]["holds"], true);
  EXPECT_EQ(doc["claims"][0]["kind"], "claim");
  EXPECT_EQ(doc["claims"][0]["evidence"],
            "12 s vs 340 s. MLR-CG / SMO seconds = 0.03529 < 1: holds");
  EXPECT_EQ(doc["claims"][0]["tested"], true);
  EXPECT_EQ(doc["claims"][0]["comparisons"][0]["verdict"], "holds");
  EXPECT_EQ(doc["claims"][1]["verdict"], "not_checked");  // published, nobody checked it
  EXPECT_TRUE(doc["claims"][1]["holds"].is_null());
  EXPECT_EQ(doc["claims"][2]["verdict"], "does_not_hold");  // stated by the experiment only
  EXPECT_EQ(doc["claims"][2]["holds"], false);
  EXPECT_EQ(doc["claims"][3]["kind"], "correctness_check");
  EXPECT_EQ(doc["claims"][4]["verdict"], "indistinguishable");
  EXPECT_EQ(doc["claims"][4]["holds"], false);
  EXPECT_EQ(doc["claims"][4]["resolution"], "relative 1e-6 of O_svm");
  EXPECT_EQ(c.counts("mlrcg2003").at("within"), 1);
  EXPECT_EQ(testing::count_temp_files(t.results), 0);
}

TEST(CompareResults, ReportHasTheTablesFiguresClaimsAndMisses) {
  Tree t;
  compare_results(t.results);
  const std::string report = testing::read_text(t.results / "REPORT.md");
  auto has = [&](const std::string& s) {
    EXPECT_NE(report.find(s), std::string::npos) << "REPORT.md lacks: " << s << "\n" << report;
  };
  has("| [mlrcg2003](#mlrcg2003) | 0 | 1 | 1 | 1 | 1 | 0 | 1 | 1 | 1 | 1 | 1 | 1 (0) |");
  // Against the noise: the outside acq has no interval, the within earn lies beyond its own.
  has("| [mlrcg2003](#mlrcg2003) | 0 | 0 | 1 | 1 | 0 | 0 |");
  has("outside 0 within the noise, 0 beyond it, 1 without an interval; within 0 inside the noise, "
      "1 beyond it, 0 without an interval");
  has("## Claims that do not hold\n\n- mlrcg2003 `own` (claim): A claim only the experiment "
      "states. Evidence: 0.9 vs 0.8.\n");
  has("## Indistinguishable within the measurement's resolution or its test's interval\n\n- "
      "mlrcg2003 `tie` (claim): HS beats PR. Evidence: HS 0.05780992, PR 0.05780992. Resolution: "
      "relative 1e-6 of O_svm.\n");
  has("## mlrcg2003: Text categorization based on regularized linear classification methods");
  has("- `table2`: Table 2 on Reuters (1 run;");
  has("### table2");
  has("| row | column | published | reproduced | Δ | tol | interval | status |");
  has("| earn | MLR-CG error | 1.2 % | 1.500 % | +0.3000 | 0.5 | [1.300, 1.700] | within |");
  has("Intervals (95 % unless the method says otherwise): fixture (1 cell).");
  has("| acq | MLR-CG error | 2 % | 3.000 % | +1.000 | 0.5 | — | outside |");
  has("| ohsumed | error | 30 % | — | — | 0.5 | — | data unavailable ([see "
      "1](#mlrcg2003-unavailable-1)) |");
  has("| webkb | error | 8 % | — | — | 2 | — | not run |");
  has("![table2.png](mlrcg2003/figures/table2.png)");
  has("Full reproduced table: [table2_full.md](mlrcg2003/tables/table2_full.md)");
  has("### Other figures");
  has("![figure9.png](mlrcg2003/figures/figure9.png)");
  has("| id | claim | verdict | kind | decided by | evidence |");
  has("| `fast` | MLR-CG trains faster than SMO (section 5) | **holds** | claim | exact (a "
      "deterministic count or model size: no sampling) | 12 s vs 340 s. MLR-CG / SMO seconds = "
      "0.03529 < 1: holds |");
  has("| `unchecked` | A claim nobody checked | **not checked** | claim | the driver's criterion "
      "(no named test yet) |  |");
  has("| `own` | A claim only the experiment states | **does not hold** | claim | the driver's "
      "criterion (no named test yet) | 0.9 vs 0.8 |");
  has("| `bound` | The bound holds at the final w | **holds** | correctness check | the driver's "
      "criterion (no named test yet) | 0.1 <= 0.3 |");
  has("### Misses");
  has("Causes of the 1 misses (a repeated cell counted once): unexplained 1.");
  has("- table2 / acq / MLR-CG error: published 2, reproduced 3.000 (Δ +1.000, tolerance 0.5). "
      "Cause: unexplained: nothing was measured beside this cell");
  has("| paper | outside | measured | statistical | unexplained |");
  has("| [mlrcg2003](#mlrcg2003) | 1 | 0 | 0 | 1 |");
  has("### Not run\n\n- table3 / webkb / error: no result of table3 holds this cell (run it)");
  has("### Data unavailable\n\n<a id=\"mlrcg2003-unavailable-1\"></a>\n**1.** 1 cell: table3 / "
      "ohsumed / error.\n\n> OHSUMED is not in the mirror\n");
  has("### Our own measurements (cells the paper does not print)\n\n**1 cell.** CPU seconds on "
      "this machine\n\n- table2 / earn / SVM time = 1.000 s (from `table2`)\n");
  has("### Ablations\n\nFrom `table2` ([table](mlrcg2003/tables/ablation_rule.md)).\n\n"
      "#### Ablation `rule`: Error by rule\n\nthe paper says so\n");
  has("| **new** (used) | what the paper says | yes | 1.5 |");
  // Listed among the paper's tables by the very compare that wrote it (not only by the next).
  has("- [ablation_rule.md](mlrcg2003/tables/ablation_rule.md)\n");
  EXPECT_EQ(testing::read_text(t.results / "mlrcg2003/tables/ablation_rule.md"),
            ablation_markdown(
                ablation_from_json(read_json(t.results / "comparison.json")["ablations"][0])));
  // The figure of table2 is shown once, under its table, not again among the others.
  EXPECT_EQ(report.find("figures/table2.png"), report.rfind("figures/table2.png"));
}

TEST(CompareResults, AnUndeclaredCellIsAnErrorNamingTheFileAndADeclaredOneSaysWhy) {
  Tree t;
  const Comparison c = build_comparison(t.results);
  ASSERT_EQ(c.unmatched.size(), 1u);
  EXPECT_EQ(c.unmatched[0].why, "CPU seconds on this machine");
  ExperimentContext ctx;
  ctx.results_dir = t.results;
  ResultFile typo(result_file_path(ctx, "mlrcg2003", "table2_typo"),
                  {{"experiment", "table2_typo"}, {"paper", "mlrcg2003"}}, false);
  typo.set_cell(value_cell("table2", "eran", "MLR-CG error", 1.0, "%"));  // no such cell
  typo.set_cell(value_cell("table2", "acq", "dcd (extra)", 1.0, "%", kExtraSolverNote));
  typo.save();
  try {
    build_comparison(t.results);
    FAIL() << "expected DataError";
  } catch (const DataError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("table2_typo.json"), std::string::npos) << what;
    EXPECT_NE(what.find("cell (table2 / eran / MLR-CG error) is neither a cell of"),
              std::string::npos)
        << what;
    EXPECT_EQ(what.find("dcd (extra)"), std::string::npos) << what;  // an extra solver's passes
  }
}

TEST(CompareResults, TheCommittedResultsDeclareEveryCellOfTheirOwnAndNoEntryIsStale) {
  // build_comparison refuses an undeclared cell; each own_cells entry must cover a committed one.
  const Comparison c = build_comparison(std::filesystem::path(LINREPRO_SOURCE_DIR) / "results");
  EXPECT_GT(c.unmatched.size(), 100u);
  for (const auto& paper : c.papers)
    for (const OwnCells& o : paper.own_cells) {
      const bool used = std::any_of(c.unmatched.begin(), c.unmatched.end(), [&](const auto& u) {
        return u.paper == paper.paper &&
               o.covers(u.experiment, u.cell.table, u.cell.row, u.cell.column);
      });
      EXPECT_TRUE(used) << paper.paper << " own_cells " << o.experiment << " / " << o.table
                        << " covers no committed cell";
    }
}

TEST(CompareResults, ACellProducedTwiceIsAnErrorNamingBothFiles) {
  Tree t;
  ExperimentContext ctx;
  ctx.results_dir = t.results;
  ResultFile other(result_file_path(ctx, "mlrcg2003", "table2_again"),
                   {{"experiment", "table2_again"}, {"paper", "mlrcg2003"}}, false);
  other.set_cell(value_cell("table2", "earn", "MLR-CG error", 1.1, "%"));
  other.save();
  try {
    build_comparison(t.results);
    FAIL() << "expected DataError";
  } catch (const DataError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("table2.json"), std::string::npos) << what;
    EXPECT_NE(what.find("table2_again.json"), std::string::npos) << what;
  }
}

// The common rule's groups and the threshold rule's published counterpart are looked up by
// compare (harness/judge/cell_cause.h): a group's deltas from every published cell in it, a paper's
// BEP from its published cell; a counterpart the published file lacks is an error naming the file.
// Table t: a, b, c 5 points low (c with an ablation whose allowed row reaches the paper's 10, b
// with one whose only near row the paper's text rules out), d within; p's BEP against the paper's
// own (row `bep_row`).
struct GroupTree {
  TempDir dir;
  std::filesystem::path results = dir / "results";
  std::filesystem::path file;
  explicit GroupTree(const std::string& bep_row) {
    Json cells = Json::array();
    for (const auto& [row, value] :
         {std::pair{"a", 10.0}, std::pair{"b", 10.0}, std::pair{"c", 10.0}, std::pair{"d", 10.0},
          std::pair{"p", 12.0}, std::pair{"bep", 8.0}})
      cells.push_back({{"table", "t"},
                       {"row", row},
                       {"column", "x"},
                       {"experiment", "t"},
                       {"value", value},
                       {"unit", "%"}});
    testing::write_json(results / "published/mlrcg2003.json", {{"paper", "mlrcg2003"},
                                                               {"title", "fixture"},
                                                               {"source", "fixture"},
                                                               {"default_tolerance", 0.5},
                                                               {"cells", cells}});
    ExperimentContext ctx;
    ctx.results_dir = results;
    file = result_file_path(ctx, "mlrcg2003", "t");
    ResultFile rf(file, {{"experiment", "t"}, {"paper", "mlrcg2003"}}, false);
    for (const auto& [row, value] :
         {std::pair{"a", 5.0}, std::pair{"b", 5.2}, std::pair{"c", 4.9}, std::pair{"d", 10.1}}) {
      Cell c = value_cell("t", row, "x", value, "%");
      c.evidence.ablations = {{"reading", row}};
      c.evidence.interval_lo = value - 1;
      c.evidence.interval_hi = value + 1;
      c.evidence.interval_method = "fixture";
      if (c.row == "a") c.evidence = CellEvidence{};
      rf.set_cell(c);
    }
    Ablation reading{"reading", "x by reading", "fixture", "%", {"b", "c"}, {}};
    reading.rows.push_back({"ours", "the cells'", true, false, true, {5.2, 4.9}});
    reading.rows.push_back({"ruled-out", "the text rules it out", false, false, false, {9.9, 6}});
    reading.rows.push_back({"allowed", "the text allows it", false, false, true, {7, 9.8}});
    rf.add_ablation(reading);
    Cell p = value_cell("t", "p", "x", 9.0, "%");
    p.evidence.threshold_free = 8.2;
    p.evidence.threshold_free_what = "BEP";
    p.evidence.threshold_free_paper = CellEvidence::CellRef{"t", bep_row, "x"};
    rf.set_cell(p);
    rf.set_cell(value_cell("t", "bep", "x", 8.0, "%"));
    rf.save();
  }
};

TEST(CompareResults, CausesByKindAndAnObservationAboutTheTable) {
  GroupTree t("bep");
  compare_results(t.results);
  const Json doc = read_json(t.results / "comparison.json");
  const auto cause = [&](const char* row) { return (*cell_named(doc, row))["cause"]; };
  // a: nothing beside it; b: the near row is ruled out, so a partial move only; c: the allowed row.
  EXPECT_EQ(cause("a")["category"], "unexplained");
  EXPECT_NE(cause("a")["evidence"].get<std::string>().find("nothing was measured"),
            std::string::npos);
  EXPECT_EQ(cause("b")["category"], "unexplained") << cause("b");
  EXPECT_NE(cause("b")["evidence"].get<std::string>().find("rules that reading out"),
            std::string::npos)
      << cause("b");
  EXPECT_EQ(cause("c")["category"], "measured") << cause("c");
  EXPECT_EQ(cause("c")["by"], "ablation");
  EXPECT_EQ((*cell_named(doc, "d"))["status"], "within");
  EXPECT_FALSE((*cell_named(doc, "d")).contains("cause"));
  EXPECT_EQ((*cell_named(doc, "d"))["interval"], (Json{9.1, 11.1}));
  // Our BEP 8.2 against the paper's 8 (not the cell's 12): measured by the threshold.
  EXPECT_EQ(cause("p")["by"], "threshold");
  const Json& n = doc.at("summary").at("mlrcg2003");
  EXPECT_EQ(n.at("outside_measured"), 2);
  EXPECT_EQ(n.at("outside_statistical"), 0);
  EXPECT_EQ(n.at("outside_unexplained"), 2);
  // The table: deltas -5, -4.8, -5.1, +0.1, -3 (bep's 0 too): an observation, not a cause.
  ASSERT_EQ(doc.at("tables").size(), 1u);
  const Json& table = doc.at("tables")[0];
  EXPECT_EQ(table.at("cells"), 6);
  EXPECT_EQ(table.at("with_interval"), 3);
  EXPECT_EQ(table.at("beyond"), 2);  // b, c; d's interval holds the published 10
  EXPECT_DOUBLE_EQ(table.at("median_delta").get<double>(), -3.9);
  const std::string report = testing::read_text(t.results / "REPORT.md");
  EXPECT_EQ(table.at("unit"), "%");
  EXPECT_NE(report.find("Observed over the table's 6 compared cells in % (not a cause of any)"),
            std::string::npos);
  EXPECT_NE(report.find("measured by ablation 1"), std::string::npos);
}

TEST(CompareResults, AThresholdFreeCounterpartThePaperLacksIsAnError) {
  GroupTree t("nope");
  try {
    compare_results(t.results);
    FAIL() << "expected DataError";
  } catch (const DataError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(t.file.filename().string()), std::string::npos) << what;
    EXPECT_NE(what.find("(t / nope / x)"), std::string::npos) << what;
  }
}

TEST(CompareResults, WithNothingProducedEveryCellIsNotRun) {
  TempDir dir;
  testing::write_json(dir / "published/mlrcg2003.json", testing::published_mlrcg());
  // make bench's files (Google Benchmark JSON, no runs or cells) sit beside the papers: not a
  // paper.
  testing::write_json(dir / "bench/bench_svm.json",
                      {{"context", Json::object()}, {"benchmarks", Json::array()}});
  ::testing::internal::CaptureStderr();
  const Comparison c = compare_results(dir.path());
  const std::string warnings = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(c.counts("mlrcg2003").at("not_run"), 4);
  EXPECT_EQ(warnings.find("bench_svm"), std::string::npos) << warnings;
  EXPECT_TRUE(std::filesystem::exists(dir / "REPORT.md"));
}

// A writer killed before it folded its journal in: compare says which file and how to fold it in.
TEST(CompareResults, SaysWhichFileHasRunsLeftInItsJournal) {
  TempDir dir;
  testing::write_json(dir / "published/mlrcg2003.json", testing::published_mlrcg());
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  const auto path = result_file_path(ctx, "mlrcg2003", "table3");
  const Json header = {{"experiment", "table3"}, {"paper", "mlrcg2003"}};
  {
    ResultFile done(path, header, false);
    done.save();
  }
  {
    ResultFile killed(path, header, false);  // one run, then SIGKILL: no save
    killed.run_once("a", {{"solver", "smo"}}, [] { return RunRecord{}; });
  }
  ::testing::internal::CaptureStderr();
  compare_results(dir.path());
  const std::string warnings = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(warnings.find(path.string() + " has runs in table3.json.journal that are not in the "
                                          "file yet"),
            std::string::npos)
      << warnings;
  EXPECT_NE(warnings.find("`linrepro run mlrcg2003/table3` folds them in"), std::string::npos)
      << warnings;
}

// The long "how to get the data" text is printed once per reason, with the list of its cells.
TEST(CompareResults, ADataUnavailableReasonIsPrintedOnceWithItsCells) {
  TempDir dir;
  Json published = testing::published_mlrcg();
  published["cells"][2]["table"] = "table2";  // two cells that need the same missing data
  testing::write_json(dir / "published/mlrcg2003.json", published);
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ResultFile rf(result_file_path(ctx, "mlrcg2003", "table3"),
                {{"experiment", "table3"}, {"paper", "mlrcg2003"}}, false);
  const std::string how = "data unavailable: not public\n  looked in: /data";
  rf.set_cell(unavailable_cell("table2", "ohsumed", "error", how));
  rf.set_cell(unavailable_cell("table3", "webkb", "error", how));
  rf.set_cell(unavailable_cell("table2", "earn", "MLR-CG error", "other reason"));
  rf.save();
  compare_results(dir.path());
  const std::string report = testing::read_text(dir / "REPORT.md");
  const auto first = report.find("not public");
  ASSERT_NE(first, std::string::npos) << report;
  EXPECT_EQ(report.find("not public", first + 1), std::string::npos) << report;
  // Numbered in the order the published file lists the cells (earn first).
  EXPECT_NE(report.find("**2.** 2 cells: table2 / ohsumed / error; table3 / webkb / error.\n\n"
                        "> data unavailable: not public\n>   looked in: /data\n"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("**1.** 1 cell: table2 / earn / MLR-CG error.\n\n> other reason\n"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("| webkb | error | 8 % | — | — | 2 | — | data unavailable ([see "
                        "2](#mlrcg2003-unavailable-2)) |"),
            std::string::npos)
      << report;
}

// A number the paper prints twice is one cell with two locations: each keeps its status, counts
// take it once; an input is shown but counted apart.
TEST(CompareResults, CountsAnInputApartAndADuplicateOnce) {
  TempDir dir;
  Json published = testing::published_mlrcg();
  published["cells"][1]["value"] = 1.2;  // acq repeats earn's number
  published["cells"][1]["duplicate_of"] = "table2/earn/MLR-CG error";
  published["cells"][3]["kind"] = "input";
  testing::write_json(dir / "published/mlrcg2003.json", published);
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ResultFile rf(result_file_path(ctx, "mlrcg2003", "table2"),
                {{"experiment", "table2"}, {"paper", "mlrcg2003"}}, false);
  rf.set_cell(value_cell("table2", "earn", "MLR-CG error", 1.3, "%"));
  rf.set_cell(value_cell("table2", "acq", "MLR-CG error", 1.4, "%"));
  rf.set_cell(value_cell("table3", "webkb", "error", 8.0, "%"));
  rf.save();
  const Comparison c = compare_results(dir.path());
  const auto n = c.counts("mlrcg2003");
  EXPECT_EQ(n.at("within"), 1);  // earn; acq is its repeat
  EXPECT_EQ(n.at("duplicates"), 1);
  EXPECT_EQ(n.at("input"), 1);
  EXPECT_EQ(n.at("data_unavailable") + n.at("not_run"), 1);  // ohsumed
  const Json doc = read_json(dir / "comparison.json");
  const Json* acq = cell_named(doc, "acq");
  EXPECT_EQ((*acq)["status"], "within");
  EXPECT_EQ((*acq)["duplicate_of"], "table2/earn/MLR-CG error");
  const Json* webkb = cell_named(doc, "webkb");
  EXPECT_EQ((*webkb)["status"], "input");
  EXPECT_EQ((*webkb)["reason"], "matches the configuration");
  EXPECT_FALSE(cell_named(doc, "earn")->contains("duplicate_of"));
  const std::string report = testing::read_text(dir / "REPORT.md");
  EXPECT_NE(report.find("input: matches the configuration"), std::string::npos) << report;
  EXPECT_NE(report.find("repeats table2/earn/MLR-CG error (counted there)"), std::string::npos);

  // The end line of `linrepro run` counts the same way.
  const auto e = experiment_cell_counts(load_published(dir / "published/mlrcg2003.json"),
                                        result_cells(read_result_file(rf.path())));
  EXPECT_EQ(e.at("within"), 1);
  EXPECT_EQ(e.at("input"), 1);
  EXPECT_EQ(e.at("outside"), 0);
  EXPECT_EQ(e.at("unmatched"), 0);
}

// Claim ids name claims in the README and the report: an empty or repeated one is an error that
// names the result files.
TEST(CompareResults, AnEmptyOrRepeatedClaimIdIsAnError) {
  auto error = [](const std::vector<std::pair<std::string, std::string>>& claims) {
    TempDir dir;
    testing::write_json(dir / "published/mlrcg2003.json", testing::published_mlrcg());
    ExperimentContext ctx;
    ctx.results_dir = dir.path();
    int i = 0;
    for (const auto& [id, text] : claims) {  // one result file per claim
      const std::string name = fmt::format("exp{}", i++);
      ResultFile rf(result_file_path(ctx, "mlrcg2003", name),
                    {{"experiment", name}, {"paper", "mlrcg2003"}}, false);
      rf.add_claim({id, text, true, ""});
      rf.save();
    }
    try {
      build_comparison(dir.path());
    } catch (const DataError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(error({{"a", "A"}, {"b", "B"}}), "");
  const std::string empty = error({{"a", "A"}, {"", "Lin Reg is slightly worse"}});
  EXPECT_NE(empty.find("exp1.json"), std::string::npos) << empty;
  EXPECT_NE(empty.find("empty id"), std::string::npos) << empty;
  const std::string twice = error({{"naive-bayes-worst", "A"}, {"naive-bayes-worst", "B"}});
  EXPECT_NE(twice.find("exp0.json"), std::string::npos) << twice;
  EXPECT_NE(twice.find("exp1.json"), std::string::npos) << twice;
  EXPECT_NE(twice.find("'naive-bayes-worst'"), std::string::npos) << twice;
}

// A published claim checked in parts by per-figure claims of the experiments.
TEST(CompareResults, AClaimCheckedInPartsHoldsOnlyWhenEveryPartHolds) {
  auto verdict = [](const std::vector<std::pair<std::string, bool>>& parts,
                    const std::vector<std::string>& ids) {
    TempDir dir;
    Json published = testing::published_mlrcg();
    published["claims"] = {{{"id", "umbrella"}, {"claim", "Gaps grow"}, {"checked_by", ids}}};
    testing::write_json(dir / "published/mlrcg2003.json", published);
    ExperimentContext ctx;
    ctx.results_dir = dir.path();
    ResultFile rf(result_file_path(ctx, "mlrcg2003", "sweeps"),
                  {{"experiment", "sweeps"}, {"paper", "mlrcg2003"}}, false);
    for (const auto& [id, holds] : parts)
      rf.add_claim(id == "tie" ? indistinguishable_or(true, 0, 1, "1 unit", id, "part", "")
                               : Claim(id, "part " + id, holds, "numbers"));
    rf.save();
    const Comparison c = build_comparison(dir.path());
    EXPECT_EQ(c.claims.size(), 1 + parts.size());  // the parts keep their own entries
    for (size_t i = 1; i < c.claims.size(); ++i) EXPECT_EQ(c.claims[i].part_of, "umbrella");
    // Counted once, in the published claim.
    EXPECT_EQ(c.counts("mlrcg2003").at("claims_hold") +
                  c.counts("mlrcg2003").at("claims_do_not_hold") +
                  c.counts("mlrcg2003").at("claims_indistinguishable") +
                  c.counts("mlrcg2003").at("claims_not_checked"),
              1);
    return std::make_pair(c.claims[0].verdict, c.claims[0].evidence);
  };
  const auto both = verdict({{"f7", true}, {"f8", true}}, {"f7", "f8"});
  EXPECT_EQ(both.first, "holds");
  EXPECT_EQ(both.second, "checked in parts (each listed below): f7: holds; f8: holds");
  EXPECT_EQ(verdict({{"f7", true}, {"f8", false}}, {"f7", "f8"}).first, "does_not_hold");
  EXPECT_EQ(verdict({{"f7", true}, {"tie", true}}, {"f7", "tie"}).first, "indistinguishable");
  // A missing part leaves it unchecked unless another part already fails.
  EXPECT_EQ(verdict({{"f7", true}}, {"f7", "f8"}).first, "not_checked");
  EXPECT_EQ(verdict({{"f7", false}}, {"f7", "f8"}).first, "does_not_hold");
}

TEST(LoadComparisonStatuses, ReadsWhatCompareWrote) {
  Tree t;
  compare_results(t.results);
  const auto s = load_comparison_statuses(t.results / "comparison.json");
  EXPECT_EQ(s.at({"mlrcg2003", "table2", "earn", "MLR-CG error"}), "within");
  EXPECT_EQ(s.at({"mlrcg2003", "table3", "webkb", "error"}), "not_run");
  EXPECT_TRUE(load_comparison_statuses(t.results / "absent.json").empty());
}

}  // namespace
}  // namespace linrepro
