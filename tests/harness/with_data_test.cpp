// with_data (harness/experiment/with_data.h): data that is not here is recorded and the rest goes
// on; damaged data and other errors are never turned into "unavailable".
#include "harness/experiment/with_data.h"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>

#include "corpora/data_errors.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::TempDir;

struct WithData : ::testing::Test {
  TempDir dir;
  ExperimentContext ctx;
  std::unique_ptr<ResultFile> rf;

  void SetUp() override {
    Json published = testing::published_mlrcg();  // ohsumed, webkb: table3
    published["cells"][2]["dataset"] = "ohsumed";
    testing::write_json(dir / "published/mlrcg2003.json", published);
    ctx.results_dir = dir.path();
    rf = std::make_unique<ResultFile>(
        dir / "r.json", Json{{"experiment", "table3"}, {"paper", "mlrcg2003"}}, false);
  }
  Json datasets() const { return rf->document().value("datasets", Json::array()); }
  Json cells() const { return rf->document().value("cells", Json::array()); }
};

TEST_F(WithData, ABodyThatRunsLeavesNoRecord) {
  bool ran = false;
  EXPECT_EQ(with_data(ctx, *rf, "ohsumed", [&] { ran = true; }), "");
  EXPECT_TRUE(ran);
  EXPECT_TRUE(datasets().empty());
}

TEST_F(WithData, UnavailableDataIsRecordedSaidAndReturned) {
  ::testing::internal::CaptureStderr();
  const std::string why = with_data(
      ctx, *rf, "ohsumed", [] { throw DataUnavailable("ohsumed", "data unavailable: not public"); },
      MissingCells::left_to_the_experiment, "ablation x not run");
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(why, "ablation x not run: data unavailable: not public");
  EXPECT_NE(err.find("mlrcg2003/table3: ohsumed unavailable: ablation x not run"),
            std::string::npos)
      << err;
  ASSERT_EQ(datasets().size(), 1u);
  EXPECT_EQ(datasets()[0]["name"], "ohsumed");
  EXPECT_EQ(datasets()[0]["status"], "data_unavailable");
  EXPECT_EQ(datasets()[0]["reason"], why);
  EXPECT_TRUE(cells().empty());
}

TEST_F(WithData, MarkingCellsMarksThatDatasetsPublishedCells) {
  ::testing::internal::CaptureStderr();
  with_data(
      ctx, *rf, "ohsumed", [] { throw DataUnavailable("ohsumed", "data unavailable: not public"); },
      MissingCells::marked_unavailable);
  ::testing::internal::GetCapturedStderr();
  const Json marked = cells();
  ASSERT_EQ(marked.size(), 1u);  // the table3 cell tagged ohsumed; webkb's is not that dataset's
  EXPECT_EQ(marked[0]["row"], "ohsumed");
  EXPECT_EQ(marked[0]["status"], "data_unavailable");
  EXPECT_EQ(marked[0]["note"], "data unavailable: not public");
}

TEST_F(WithData, DamagedDataAndOtherErrorsPropagateUnrecorded) {
  EXPECT_THROW(with_data(ctx, *rf, "a9a",
                         [] { throw DataFailure(true, "data damaged: a9a: checksum mismatch"); }),
               DataFailure);
  EXPECT_THROW(with_data(ctx, *rf, "a9a", [] { throw std::runtime_error("bad row"); }),
               std::runtime_error);
  EXPECT_TRUE(datasets().empty());
}

}  // namespace
}  // namespace linrepro
