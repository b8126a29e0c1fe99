#include "harness/compare.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::read_json;
using testing::TempDir;

PublishedCell published(double value, double tolerance, std::string note = "") {
  return {"t", "r", "c", value, "%", tolerance, std::move(note), ""};
}

Cell produced(double value, std::string status = "ok", std::string note = "") {
  return {"t", "r", "c", value, "%", std::move(status), std::move(note)};
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
  const Cell u = produced(0, "data_unavailable", "OHSUMED is not in the mirror");
  const CellVerdict v = judge_cell(published(1, 0.5), &u);
  EXPECT_EQ(v.status, "data_unavailable");
  EXPECT_EQ(v.reason, "OHSUMED is not in the mirror");
  EXPECT_FALSE(v.delta.has_value());
  const Cell n = produced(0, "not_run", "skipped: too slow");
  EXPECT_EQ(judge_cell(published(1, 0.5), &n).status, "not_run");
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
    rf.set_cell(value_cell("table2", "earn", "MLR-CG error", 1.5, "%"));  // within
    rf.set_cell(value_cell("table2", "acq", "MLR-CG error", 3.0, "%",
                           "CG stopped at 100 iterations"));  // outside
    rf.set_cell(unavailable_cell("table3", "ohsumed", "error", "OHSUMED is not in the mirror"));
    rf.set_cell(
        value_cell("table2", "eran", "MLR-CG error", 1.0, "%"));  // a typo: no published cell
    // table3 / webkb: nobody produces it -> not_run
    rf.add_claim({"fast", "MLR-CG is faster than SMO on every class", true, "12 s vs 340 s"});
    rf.add_claim({"", "A claim only the experiment states", false, "0.9 vs 0.8"});
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
  EXPECT_EQ((*webkb)["reason"], "no experiment produced this cell");
  EXPECT_TRUE((*webkb)["experiment"].is_null());

  EXPECT_EQ(doc["summary"]["mlrcg2003"],
            Json({{"within", 1}, {"outside", 1}, {"not_run", 1}, {"data_unavailable", 1}}));
  ASSERT_EQ(doc["unmatched"].size(), 1u);
  EXPECT_EQ(doc["unmatched"][0]["row"], "eran");

  ASSERT_EQ(doc["claims"].size(), 3u);
  EXPECT_EQ(doc["claims"][0]["holds"], true);  // joined on id although the texts differ
  EXPECT_EQ(doc["claims"][0]["evidence"], "12 s vs 340 s");
  EXPECT_TRUE(doc["claims"][1]["holds"].is_null());  // published, nobody checked it
  EXPECT_EQ(doc["claims"][2]["holds"], false);       // stated by the experiment only
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
  has("| [mlrcg2003](#mlrcg2003) | 1 | 1 | 1 | 1 |");
  has("## mlrcg2003: Text categorization based on regularized linear classification methods");
  has("- `table2`: Table 2 on Reuters (1 run;");
  has("### table2");
  has("| row | column | published | reproduced | Δ | tol | status |");
  has("| earn | MLR-CG error | 1.2 % | 1.500 % | +0.3000 | 0.5 | within |");
  has("| acq | MLR-CG error | 2 % | 3.000 % | +1.000 | 0.5 | outside |");
  has("| ohsumed | error | 30 % | — | — | 0.5 | data unavailable |");
  has("| webkb | error | 8 % | — | — | 2 | not run |");
  has("![table2.png](mlrcg2003/figures/table2.png)");
  has("Full reproduced table: [table2_full.md](mlrcg2003/tables/table2_full.md)");
  has("### Other figures");
  has("![figure9.png](mlrcg2003/figures/figure9.png)");
  has("- MLR-CG trains faster than SMO (section 5): **holds**. 12 s vs 340 s");
  has("- A claim nobody checked: not checked");
  has("- A claim only the experiment states: **does not hold**. 0.9 vs 0.8");
  has("### Misses");
  has("- table2 / acq / MLR-CG error: published 2, reproduced 3.000 (Δ +1.000, tolerance 0.5). "
      "Cause: CG stopped "
      "at 100 iterations");
  has("- table3 / webkb / error: not run: no experiment produced this cell");
  // The unavailable cell's reason is not already worded "data unavailable: ...": it gets the
  // prefix.
  has("- table3 / ohsumed / error: data unavailable: OHSUMED is not in the mirror");
  has("- table2 / eran / MLR-CG error = 1.000 % (from `table2`)");
  // The figure of table2 is shown once, under its table, not again among the others.
  EXPECT_EQ(report.find("figures/table2.png"), report.rfind("figures/table2.png"));
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

TEST(CompareResults, WithNothingProducedEveryCellIsNotRun) {
  TempDir dir;
  testing::write_json(dir / "published/mlrcg2003.json", testing::published_mlrcg());
  const Comparison c = compare_results(dir.path());
  EXPECT_EQ(c.counts("mlrcg2003").at("not_run"), 4);
  EXPECT_TRUE(std::filesystem::exists(dir / "REPORT.md"));
}

TEST(CompareResults, AReasonWordedWithItsStatusIsNotPrefixedTwice) {
  TempDir dir;
  testing::write_json(dir / "published/mlrcg2003.json", testing::published_mlrcg());
  ExperimentContext ctx;
  ctx.results_dir = dir.path();
  ResultFile rf(result_file_path(ctx, "mlrcg2003", "table3"),
                {{"experiment", "table3"}, {"paper", "mlrcg2003"}}, false);
  rf.set_cell(unavailable_cell("table3", "ohsumed", "error", "data unavailable: not public"));
  rf.save();
  compare_results(dir.path());
  const std::string report = testing::read_text(dir / "REPORT.md");
  EXPECT_NE(report.find("- table3 / ohsumed / error: data unavailable: not public"),
            std::string::npos)
      << report;
  EXPECT_EQ(report.find("data unavailable: data unavailable"), std::string::npos) << report;
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
    for (const auto& [id, holds] : parts) rf.add_claim({id, "part " + id, holds, "numbers"});
    rf.save();
    const Comparison c = build_comparison(dir.path());
    EXPECT_EQ(c.claims.size(), 1 + parts.size());  // the parts keep their own entries
    return std::make_pair(c.claims[0].holds, c.claims[0].evidence);
  };
  const auto both = verdict({{"f7", true}, {"f8", true}}, {"f7", "f8"});
  EXPECT_EQ(both.first, std::optional<bool>(true));
  EXPECT_EQ(both.second, "checked in parts (each listed below): f7: holds; f8: holds");
  EXPECT_EQ(verdict({{"f7", true}, {"f8", false}}, {"f7", "f8"}).first, std::optional<bool>(false));
  // A missing part leaves it unchecked unless another part already fails.
  EXPECT_EQ(verdict({{"f7", true}}, {"f7", "f8"}).first, std::nullopt);
  EXPECT_EQ(verdict({{"f7", false}}, {"f7", "f8"}).first, std::optional<bool>(false));
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
