#include "harness/judge/status_table.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/atomic_file.h"
#include "core/error.h"
#include "harness/judge/compare.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using Json = nlohmann::json;
using testing::TempDir;
namespace fs = std::filesystem;

const fs::path kSource = LINREPRO_SOURCE_DIR;

Json comparison() {
  Json summary = {{"input", 9},
                  {"within", 13},
                  {"outside", 2},
                  {"outside_measured", 1},
                  {"outside_statistical", 0},
                  {"outside_unexplained", 1},
                  {"not_run", 0},
                  {"data_unavailable", 15},
                  {"duplicates", 0},
                  {"claims_hold", 3},
                  {"claims_do_not_hold", 1},
                  {"claims_indistinguishable", 0},
                  {"claims_not_checked", 0}};
  return {{"summary", {{"sgdreport", summary}}},
          {"claims",
           {{{"paper", "sgdreport"}, {"id", "ridge-settles"}, {"verdict", "does_not_hold"}},
            {{"paper", "sgdreport"},
             {"id", "part"},
             {"verdict", "does_not_hold"},
             {"part_of", "ridge-settles"}},
            {{"paper", "sgdreport"}, {"id", "l1"}, {"verdict", "holds"}}}}};
}

TEST(StatusTable, OneRowPerPaperWithTheCountsAndTheFailingIds) {
  const std::string table = render_status_table(comparison());
  EXPECT_NE(table.find("| paper | input | within | outside | outside: measured / statistical / "
                       "unexplained | not run | data unavailable | claims (hold / do not hold / "
                       "indistinguishable) | claims that do not hold |"),
            std::string::npos)
      << table;
  // A part of a failing claim is listed through its claim, not again.
  EXPECT_NE(table.find("| [sgdreport](results/REPORT.md#sgdreport) | 9 | 13 | 2 | 1 / 0 / 1 | 0 | "
                       "15 | 3 / 1 / 0 | `ridge-settles` |"),
            std::string::npos)
      << table;
}

TEST(StatusTable, ReplacesOnlyTheTextBetweenTheMarkers) {
  const std::string readme = std::string("# X\n\nbefore\n") + kStatusTableBegin + "\nold\n" +
                             kStatusTableEnd + "\nafter\n";
  const std::string out = replace_status_table(readme, "\nnew\n");
  EXPECT_EQ(out, std::string("# X\n\nbefore\n") + kStatusTableBegin + "\nnew\n" + kStatusTableEnd +
                     "\nafter\n");
  EXPECT_EQ(status_table_block(out), std::optional<std::string>("\nnew\n"));
  EXPECT_FALSE(status_table_block("# no markers\n").has_value());
  EXPECT_FALSE(status_table_block(std::string(kStatusTableEnd) + kStatusTableBegin).has_value());
  EXPECT_THROW(replace_status_table("# no markers\n", "x"), ConfigError);
}

TEST(StatusTable, CompareRewritesTheBlockAndTheCheckThenAgrees) {
  TempDir dir;
  testing::write_json(dir / "results/published/mlrcg2003.json", testing::published_mlrcg());
  const fs::path readme = dir / "README.md";
  write_file_atomic(readme, std::string("intro\n") + kStatusTableBegin + "\nstale\n" +
                                kStatusTableEnd + "\nrest\n");
  compare_results(dir / "results", readme);
  const std::string text = testing::read_text(readme);
  EXPECT_NE(
      text.find(
          "| [mlrcg2003](results/REPORT.md#mlrcg2003) | 0 | 0 | 0 | 0 / 0 / 0 | 4 | 0 | 0 / 0 "
          "/ 0 |"),
      std::string::npos)
      << text;
  EXPECT_TRUE(text.starts_with("intro\n"));
  EXPECT_TRUE(text.ends_with("rest\n"));
  EXPECT_EQ(check_status_table(readme, dir / "results/comparison.json"), "");

  // A README without markers is left alone.
  const fs::path plain = dir / "PLAIN.md";
  write_file_atomic(plain, "no table here\n");
  compare_results(dir / "results", plain);
  EXPECT_EQ(testing::read_text(plain), "no table here\n");
}

// The committed README's table is the one the committed comparison.json gives: `make test` fails
// when someone edits one without the other (run `linrepro compare`).
TEST(StatusTable, TheCommittedReadmeAgreesWithTheCommittedComparison) {
  EXPECT_EQ(check_status_table(kSource / "README.md", kSource / "results/comparison.json"), "");
}

// ...and that check can fail: a copy of the README with one count changed is caught.
TEST(StatusTable, ATamperedCopyOfTheCommittedReadmeFails) {
  TempDir dir;
  std::string text = testing::read_text(kSource / "README.md");
  const auto block = status_table_block(text);
  ASSERT_TRUE(block.has_value()) << "README.md lacks the status-table markers";
  std::string tampered = *block;
  const auto cell = tampered.find("| ", tampered.find("results/REPORT.md#"));
  ASSERT_NE(cell, std::string::npos);
  tampered.insert(cell + 2, "1");  // "| 9 |" -> "| 19 |"
  write_file_atomic(dir / "README.md", replace_status_table(text, tampered));
  const std::string diff =
      check_status_table(dir / "README.md", kSource / "results/comparison.json");
  EXPECT_NE(diff.find("differs"), std::string::npos) << diff;
  write_file_atomic(dir / "NOMARKERS.md", "# nothing\n");
  EXPECT_NE(check_status_table(dir / "NOMARKERS.md", kSource / "results/comparison.json")
                .find("no '<!-- status-table:begin -->'"),
            std::string::npos);
}

// REPORT.md and comparison.json are what `linrepro compare` makes of the committed result files:
// neither was edited by hand nor left behind by a run that was not compared.
TEST(StatusTable, TheCommittedReportAndComparisonAreWhatCompareWrites) {
  const Comparison c = build_comparison(kSource / "results");
  EXPECT_TRUE(comparison_to_json(c) ==
              Json::parse(testing::read_text(kSource / "results/comparison.json")))
      << "results/comparison.json is stale: run `linrepro compare`";
  EXPECT_TRUE(render_report(c, kSource / "results") ==
              testing::read_text(kSource / "results/REPORT.md"))
      << "results/REPORT.md is stale: run `linrepro compare`";
}

}  // namespace
}  // namespace linrepro
