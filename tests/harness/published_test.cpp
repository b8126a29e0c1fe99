#include "harness/experiment/published.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include "core/error.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using Json = nlohmann::json;
using testing::TempDir;
using testing::write_json;

// The DataError message load_published throws for `doc` written as <dir>/<name>.
std::string load_error(const TempDir& dir, const std::string& name, const Json& doc) {
  const auto path = dir / name;
  write_json(path, doc);
  try {
    load_published(path);
  } catch (const DataError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(path.string()), std::string::npos)
        << "the error must name the file: " << what;
    return what;
  }
  ADD_FAILURE() << "expected DataError for " << doc.dump();
  return "";
}

TEST(Published, LoadsCellsWithDefaultAndOwnTolerances) {
  TempDir dir;
  write_json(dir / "mlrcg2003.json", testing::published_mlrcg());
  const PublishedPaper p = load_published(dir / "mlrcg2003.json");
  EXPECT_EQ(p.paper, "mlrcg2003");
  ASSERT_EQ(p.cells.size(), 4u);
  EXPECT_EQ(p.cells[0].row, "earn");
  EXPECT_DOUBLE_EQ(p.cells[0].value, 1.2);
  EXPECT_DOUBLE_EQ(p.cells[0].tolerance, 0.5);  // the default
  EXPECT_DOUBLE_EQ(p.cells[3].tolerance, 2.0);  // its own, with a note
  ASSERT_EQ(p.claims.size(), 2u);
  EXPECT_EQ(p.claims[0].id, "fast");
  EXPECT_EQ(p.claims[0].where, "section 5");
  const PublishedCell* c = find_published_cell(p, "table3", "webkb", "error");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->note, "the paper's split is not specified");
  EXPECT_EQ(find_published_cell(p, "table3", "webkb", "nope"), nullptr);
}

TEST(Published, AValueByKeyOrNoneWithoutTheCellOrTheFile) {
  TempDir dir;
  write_json(dir / "mlrcg2003.json", testing::published_mlrcg());
  const std::optional<PublishedPaper> p = load_published_if_present(dir.path(), "mlrcg2003");
  ASSERT_TRUE(p);
  EXPECT_EQ(published_value(&*p, "table2", "acq", "MLR-CG error"), 2.0);
  EXPECT_FALSE(published_value(&*p, "table3", "webkb", "nope"));
  EXPECT_FALSE(published_value(nullptr, "table2", "acq", "MLR-CG error"));
  EXPECT_FALSE(load_published_if_present(dir.path(), "zhangoles2001"));
}

TEST(Published, DefaultToleranceMayBePerUnit) {
  TempDir dir;
  Json doc = testing::published_mlrcg();
  doc["default_tolerance"] = {{"%", 0.25}, {"*", 0.01}};
  doc["cells"].push_back({{"table", "t"},
                          {"row", "r"},
                          {"column", "c"},
                          {"experiment", "table3"},
                          {"value", 0.9},
                          {"unit", "ratio"}});
  write_json(dir / "mlrcg2003.json", doc);
  const PublishedPaper p = load_published(dir / "mlrcg2003.json");
  EXPECT_DOUBLE_EQ(p.cells[0].tolerance, 0.25);
  EXPECT_DOUBLE_EQ(p.cells.back().tolerance, 0.01);

  doc["default_tolerance"] = {{"%", 0.25}};  // no default for "ratio" and no own tolerance
  const std::string what = load_error(dir, "mlrcg2003.json", doc);
  EXPECT_NE(what.find("cell 5 (t / r / c)"), std::string::npos) << what;
  EXPECT_NE(what.find("'ratio'"), std::string::npos) << what;
}

TEST(Published, AMissingFieldNamesTheFileAndTheCell) {
  TempDir dir;
  Json doc = testing::published_mlrcg();
  doc["cells"][1].erase("value");
  const std::string what = load_error(dir, "mlrcg2003.json", doc);
  EXPECT_NE(what.find("cell 2 (table2 / acq / MLR-CG error)"), std::string::npos) << what;
  EXPECT_NE(what.find("'value'"), std::string::npos) << what;

  doc = testing::published_mlrcg();
  doc["cells"][2].erase("experiment");  // which experiment produces it: the join, by construction
  EXPECT_NE(load_error(dir, "mlrcg2003.json", doc)
                .find("cell 3 (table3 / ohsumed / error): missing field 'experiment'"),
            std::string::npos);

  doc = testing::published_mlrcg();
  doc.erase("title");
  EXPECT_NE(load_error(dir, "mlrcg2003.json", doc).find("'title'"), std::string::npos);

  doc = testing::published_mlrcg();
  doc["cells"][0]["value"] = "1.2";  // a string, not a number
  EXPECT_NE(load_error(dir, "mlrcg2003.json", doc).find("must be a number"), std::string::npos);
}

TEST(Published, AWideToleranceNeedsANote) {
  TempDir dir;
  Json doc = testing::published_mlrcg();
  doc["cells"][3].erase("note");  // tolerance 2.0 > default 0.5
  const std::string what = load_error(dir, "mlrcg2003.json", doc);
  EXPECT_NE(what.find("cell 4 (table3 / webkb / error)"), std::string::npos) << what;
  EXPECT_NE(what.find("wider than the default"), std::string::npos) << what;

  doc["cells"][3]["tolerance"] = 0.5;  // not wider: no note needed
  write_json(dir / "mlrcg2003.json", doc);
  EXPECT_NO_THROW(load_published(dir / "mlrcg2003.json"));
}

TEST(Published, RejectsBadPapersDuplicatesAndNegativeTolerances) {
  TempDir dir;
  Json doc = testing::published_mlrcg();
  EXPECT_NE(load_error(dir, "sgdreport.json", doc).find("differs from the file name"),
            std::string::npos);
  // A new paper needs no list of ids: its file is enough.
  doc["paper"] = "mlrcg2030";
  write_json(dir / "mlrcg2030.json", doc);
  EXPECT_EQ(load_published(dir / "mlrcg2030.json").paper, "mlrcg2030");

  doc = testing::published_mlrcg();
  doc["cells"].push_back(doc["cells"][0]);
  EXPECT_NE(load_error(dir, "mlrcg2003.json", doc)
                .find("cell 5 (table2 / earn / MLR-CG error): duplicate"),
            std::string::npos);

  doc = testing::published_mlrcg();
  doc["cells"][0]["tolerance"] = -1;
  EXPECT_NE(load_error(dir, "mlrcg2003.json", doc).find("negative"), std::string::npos);
}

TEST(Published, ReadsKindAndDuplicateOf) {
  TempDir dir;
  Json doc = testing::published_mlrcg();
  doc["cells"][3]["kind"] = "input";
  doc["cells"][2]["value"] = 1.2;
  doc["cells"][2]["duplicate_of"] = "table2/earn/MLR-CG error";
  write_json(dir / "mlrcg2003.json", doc);
  const PublishedPaper p = load_published(dir / "mlrcg2003.json");
  EXPECT_EQ(p.cells[0].kind, "result");  // the default
  EXPECT_EQ(p.cells[3].kind, "input");
  EXPECT_EQ(p.cells[2].duplicate_of, "table2/earn/MLR-CG error");
  EXPECT_TRUE(p.cells[0].duplicate_of.empty());
}

TEST(Published, RejectsABadKindOrDuplicateOf) {
  TempDir dir;
  Json doc = testing::published_mlrcg();
  doc["cells"][3]["kind"] = "setting";
  EXPECT_NE(
      load_error(dir, "mlrcg2003.json", doc)
          .find("cell 4 (table3 / webkb / error): kind 'setting' is not one of result, input"),
      std::string::npos);

  auto duplicate_error = [&](const std::string& of, double value) {
    Json d = testing::published_mlrcg();
    d["cells"][2]["value"] = value;
    d["cells"][2]["duplicate_of"] = of;
    return load_error(dir, "mlrcg2003.json", d);
  };
  const std::string missing = duplicate_error("table2/eran/MLR-CG error", 1.2);
  EXPECT_NE(missing.find("cell 3 (table3 / ohsumed / error): duplicate_of 'table2/eran/MLR-CG "
                         "error' names no cell"),
            std::string::npos)
      << missing;
  EXPECT_NE(
      duplicate_error("table2/earn/MLR-CG error", 1.3).find("has the value 1.2, this cell 1.3"),
      std::string::npos);
  EXPECT_NE(duplicate_error("table3/ohsumed/error", 30).find("names the cell itself"),
            std::string::npos);
  // A duplicate of a duplicate: the primary must be the first printing.
  doc = testing::published_mlrcg();
  doc["cells"][1]["value"] = 1.2;
  doc["cells"][1]["duplicate_of"] = "table2/earn/MLR-CG error";
  doc["cells"][2]["value"] = 1.2;
  doc["cells"][2]["duplicate_of"] = "table2/acq/MLR-CG error";
  EXPECT_NE(load_error(dir, "mlrcg2003.json", doc).find("itself a duplicate"), std::string::npos);
}

// The committed published files load (kinds and duplicates included) and mark what the issue
// found: sgdreport's chosen settings and mlrcg2003's class/feature counts (Table 1: Reuters-21578,
// RCV1, Univ-6, Hoovers-28, Hoovers-255; 2 each) are inputs, and each of
// graphsvm2002's repeated numbers is counted once (26 distinct numbers in 32 cells).
TEST(Published, TheCommittedFilesMarkInputsAndDuplicates) {
  const auto papers =
      load_all_published(std::filesystem::path(LINREPRO_SOURCE_DIR) / "results/published");
  ASSERT_EQ(papers.size(), 4u);
  auto count = [](const PublishedPaper& p, auto pred) {
    return std::count_if(p.cells.begin(), p.cells.end(), pred);
  };
  for (const auto& p : papers) {
    const auto inputs = count(p, [](const PublishedCell& c) { return c.kind == "input"; });
    const auto repeats = count(p, [](const PublishedCell& c) { return !c.duplicate_of.empty(); });
    if (p.paper == "sgdreport") {
      EXPECT_EQ(inputs, 9);
    }
    if (p.paper == "mlrcg2003") {
      EXPECT_EQ(inputs, 10);
    }
    if (p.paper == "graphsvm2002") {
      EXPECT_EQ(p.cells.size(), 38u);  // 32 + §3.1's six collection sizes (issue 16 item 1)
      EXPECT_EQ(p.cells.size() - static_cast<size_t>(repeats), 32u);
    }
  }
}

TEST(Published, ReadsAClaimCheckedInPartsAndRejectsAnEmptyList) {
  TempDir dir;
  Json doc = testing::published_mlrcg();
  doc["claims"][1]["checked_by"] = {"figure7-gap", "figure8-gap"};
  write_json(dir / "mlrcg2003.json", doc);
  const PublishedPaper p = load_published(dir / "mlrcg2003.json");
  EXPECT_EQ(p.claims[1].checked_by, (std::vector<std::string>{"figure7-gap", "figure8-gap"}));
  EXPECT_TRUE(p.claims[0].checked_by.empty());

  doc["claims"][1]["checked_by"] = Json::array();
  EXPECT_NE(load_error(dir, "mlrcg2003.json", doc).find("claim 2: field 'checked_by'"),
            std::string::npos);
  doc["claims"][1]["checked_by"] = {""};
  EXPECT_NE(load_error(dir, "mlrcg2003.json", doc).find("claim ids"), std::string::npos);
}

TEST(Published, ReadsOwnCellsAndRejectsOnesWithoutAReasonOrOverAPublishedCell) {
  TempDir dir;
  Json doc = testing::published_mlrcg();
  doc["own_cells"] = {{{"experiment", "table2"},
                       {"table", "table2"},
                       {"columns", {"SVM time", "MLR-CG time"}},
                       {"why", "CPU seconds on this machine"}},
                      {{"experiment", "table2"}, {"table", "figure2"}, {"why", "drawn"}}};
  write_json(dir / "mlrcg2003.json", doc);
  const PublishedPaper p = load_published(dir / "mlrcg2003.json");
  ASSERT_EQ(p.own_cells.size(), 2u);
  const OwnCells* times = find_own_cells(p, "table2", "table2", "earn", "SVM time");
  ASSERT_NE(times, nullptr);
  EXPECT_EQ(times->why, "CPU seconds on this machine");
  EXPECT_EQ(find_own_cells(p, "table2", "figure2", "10", "O_svm"), &p.own_cells[1]);
  EXPECT_EQ(find_own_cells(p, "table2", "table2", "earn", "SVM error"), nullptr);
  EXPECT_EQ(find_own_cells(p, "table3", "figure2", "10", "O_svm"), nullptr);

  Json bad = doc;
  bad["own_cells"][1].erase("why");
  EXPECT_NE(load_error(dir, "mlrcg2003.json", bad).find("own_cells 2: missing field 'why'"),
            std::string::npos);
  bad = doc;
  bad["own_cells"][0]["columns"] = {"MLR-CG error"};  // table2 / earn / MLR-CG error is published
  EXPECT_NE(load_error(dir, "mlrcg2003.json", bad)
                .find("own_cells 1 (table2 / table2): covers the published cell table2 / earn / "
                      "MLR-CG error"),
            std::string::npos);
  bad = doc;
  bad["own_cells"][0]["rows"] = Json::array();
  EXPECT_NE(load_error(dir, "mlrcg2003.json", bad).find("field 'rows' must be a non-empty array"),
            std::string::npos);
}

TEST(Published, InvalidJsonNamesTheFile) {
  TempDir dir;
  const auto path = dir.write("zhangoles2001.json", "{\"paper\": ");
  try {
    load_published(path);
    FAIL() << "expected DataError";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
  }
}

TEST(Published, LoadAllReadsEveryFileSorted) {
  TempDir dir;
  write_json(dir / "published/mlrcg2003.json", testing::published_mlrcg());
  Json other = testing::published_mlrcg();
  other["paper"] = "graphsvm2002";
  write_json(dir / "published/graphsvm2002.json", other);
  const auto papers = load_all_published(dir / "published");
  ASSERT_EQ(papers.size(), 2u);
  EXPECT_EQ(papers[0].paper, "graphsvm2002");
  EXPECT_EQ(papers[1].paper, "mlrcg2003");
  EXPECT_TRUE(load_all_published(dir / "absent").empty());
}

}  // namespace
}  // namespace linrepro
