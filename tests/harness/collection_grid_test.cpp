// The collection grid Table 3 (MLR-CG) and Table 5 (Zhang & Oles) share
// (harness/collection_grid.h). The seed names and dataset record fields are pinned:
// every stored run's config hash depends on them.
#include "harness/collection_grid.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "core/seed.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

namespace fs = std::filesystem;

constexpr uint64_t kSeed = 20260101;

using testing::TinyCorpus;

ExperimentContext test_context(const fs::path& results) {
  ExperimentContext ctx;
  ctx.results_dir = results;
  ctx.seed = kSeed;
  ctx.progress = false;
  return ctx;
}

ResultFile test_result_file(const ExperimentContext& ctx) {
  return ResultFile(result_file_path(ctx, "test", "grid"),
                    Json{{"experiment", "grid"}, {"paper", "test"}}, false);
}

struct Data {
  int value = 0;
};

TEST(CollectionGrid, FoldsShareOneSeedNamedAfterTheRow) {
  const TinyCorpus corpus;
  const ExperimentContext ctx = test_context(corpus.dir / "results");
  ResultFile rf = test_result_file(ctx);
  const auto loaded = load_collections<Data>(ctx, rf, {{"Row", "tag", corpus.view(), "", ""}},
                                             {Partitioning::Kind::folds, 5});
  ASSERT_EQ(loaded.size(), 1u);
  ASSERT_TRUE(loaded[0]->corpus);
  EXPECT_EQ(loaded[0]->partitions.size(), 5u);
  const uint64_t seed = derive_seed(kSeed, "Row/folds");
  EXPECT_EQ(loaded[0]->seeds, std::vector<uint64_t>(5, seed));
  const Json& dataset = rf.document().at("datasets").at(0);
  EXPECT_EQ(dataset.at("name"), "Row (" + corpus.view() + ")");
  EXPECT_EQ(dataset.at("folds"), 5);
  EXPECT_EQ(dataset.at("fold_seed"), seed);
  EXPECT_FALSE(dataset.contains("splits"));
}

TEST(CollectionGrid, RandomSplitsHaveOneSeedEach) {
  const TinyCorpus corpus;
  const ExperimentContext ctx = test_context(corpus.dir / "results");
  ResultFile rf = test_result_file(ctx);
  const auto loaded = load_collections<Data>(ctx, rf, {{"Col", "tag", corpus.view(), "", ""}},
                                             {Partitioning::Kind::random_splits, 3});
  const std::vector<uint64_t> seeds = {derive_seed(kSeed, "Col/split0"),
                                       derive_seed(kSeed, "Col/split1"),
                                       derive_seed(kSeed, "Col/split2")};
  EXPECT_EQ(loaded[0]->seeds, seeds);
  const Json& dataset = rf.document().at("datasets").at(0);
  EXPECT_EQ(dataset.at("splits"), 3);
  EXPECT_EQ(dataset.at("split_seeds"), Json(seeds));
  EXPECT_FALSE(dataset.contains("fold_seed"));
}

TEST(CollectionGrid, UnavailableCollectionKeepsItsNoteAndGetsNoJobs) {
  const ExperimentContext ctx = test_context(fs::temp_directory_path() / "linrepro-grid-none");
  ResultFile rf = test_result_file(ctx);
  const auto loaded = load_collections<Data>(
      ctx, rf, {{"Gone", "gone", "", "data unavailable: ask", ""}}, {Partitioning::Kind::folds, 5});
  EXPECT_FALSE(loaded[0]->corpus);
  EXPECT_EQ(loaded[0]->unavailable_note, "data unavailable: ask");
  EXPECT_TRUE(loaded[0]->partitions.empty());
  EXPECT_TRUE(rf.document().at("datasets").empty());
  const std::vector<std::string> methods = {"a"};
  EXPECT_TRUE(grid_jobs(loaded, 5, methods, [](const std::string&) { return true; }).empty());
}

TEST(CollectionGrid, JobsArePartitionMajorAndSlotsAreReleasedAfterTheirLastJob) {
  const TinyCorpus corpus;
  const ExperimentContext ctx = test_context(corpus.dir / "results");
  ResultFile rf = test_result_file(ctx);
  const auto loaded = load_collections<Data>(ctx, rf, {{"Row", "tag", corpus.view(), "", ""}},
                                             {Partitioning::Kind::folds, 3});
  const std::vector<std::string> methods = {"a", "skip", "b"};
  const auto jobs = grid_jobs(loaded, 2, methods, [](const std::string& m) { return m != "skip"; });
  ASSERT_EQ(jobs.size(), 4u);  // partitions 0..1 of 3, methods a and b
  std::vector<std::string> order;
  for (const auto& j : jobs) order.push_back(std::to_string(j.partition) + *j.method);
  EXPECT_EQ(order, (std::vector<std::string>{"0a", "0b", "1a", "1b"}));
  EXPECT_EQ(loaded[0]->partitions[0]->jobs_left, 2);
  EXPECT_EQ(loaded[0]->partitions[2]->jobs_left, 0);

  loaded[0]->partitions[1]->keep = true;
  std::atomic<int> prepared{0};
  run_grid(jobs, 2, [&](const GridJob<Data, std::string>& job) {
    const Data& d = partition_data(job.slot(), [&] {
      ++prepared;
      return Data{job.partition + 10};
    });
    EXPECT_EQ(d.value, job.partition + 10);
  });
  EXPECT_EQ(prepared, 2);                        // once per partition
  EXPECT_FALSE(loaded[0]->partitions[0]->data);  // released after its last job
  ASSERT_TRUE(loaded[0]->partitions[1]->data);   // kept
  release_partition(*loaded[0]->partitions[1]);
  EXPECT_FALSE(loaded[0]->partitions[1]->data);
}

}  // namespace
}  // namespace linrepro
