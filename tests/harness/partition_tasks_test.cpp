// A collection's partitions as a task set (harness/protocol/partition_tasks.h): one task per fold,
// each prepared once however many runs fit it, with the fold assignment's seed (the names
// collection_grid.h has always used) in its runs' configs; a draw reseeds the assignment; the
// paper's own options reach its prepare; options nobody knows and a collection without data are
// refused.
#include "harness/protocol/partition_tasks.h"

#include <gtest/gtest.h>

#include <atomic>

#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::TinyCorpus;

constexpr uint64_t kSeed = 20260101;

struct Fold {
  int k = 0;
  uint64_t seed = 0;
};

TEST(PartitionTasks, EachFoldIsATaskPreparedOnceAndADrawReseedsTheAssignment) {
  const TinyCorpus corpus;
  ExperimentContext ctx;
  ctx.seed = kSeed;
  auto prepared = std::make_shared<std::atomic<int>>(0);
  PartitionTaskHooks<Fold> hooks;
  hooks.config_fields = {{"features", "f"}};
  hooks.prepare = [prepared](const Corpus& c, int k, uint64_t seed, const Json& options) {
    EXPECT_TRUE(options.empty());
    EXPECT_EQ(c.docs.size(), 10u);
    ++*prepared;
    return Fold{k, seed};
  };
  hooks.fit = [](const Fold& f, const std::string&, const Params&, uint64_t, const Json&) {
    RunRecord r;
    r.metrics = {{"k", f.k}, {"seed", f.seed}};
    return r;
  };
  const GridCollection c{"Row", "tag", corpus.view(), ""};
  const TaskPreparer prepare = partition_tasks<Fold>(c, {Partitioning::Kind::folds, 5}, hooks)(ctx);
  const TaskSet set = prepare(Json::object());
  EXPECT_EQ(set.tasks, (std::vector<std::string>{"fold0", "fold1", "fold2", "fold3", "fold4"}));
  const uint64_t seed = derive_seed(kSeed, "Row/folds");
  EXPECT_EQ(set.record.at("name"), "Row (" + corpus.view() + ")");
  EXPECT_EQ(set.record.at("fold_seed"), seed);
  EXPECT_EQ(set.dataset, set.record.at("name"));
  EXPECT_EQ(set.config_fields.at("collection"), "Row");
  EXPECT_EQ(set.config_fields.at("folds"), 5);
  EXPECT_EQ(set.config_fields.at("features"), "f");
  EXPECT_EQ(set.task_fields(2), (Json{{"fold", 2}, {"fold_seed", seed}}));
  EXPECT_FALSE(set.untrainable(2));
  EXPECT_EQ(set.fit(2, "s", {}, 1).metrics.at("k"), 2);
  EXPECT_EQ(set.fit(2, "t", {}, 2).metrics.at("seed"), seed);
  EXPECT_EQ(*prepared, 1);  // fold 2, once for both runs

  const TaskSet redrawn = prepare(Json{{"draw", 1}});
  const uint64_t seed1 = derive_seed(kSeed, "Row/folds/draw1");
  EXPECT_EQ(redrawn.task_fields(0), (Json{{"fold", 0}, {"fold_seed", seed1}, {"draw", 1}}));
  EXPECT_EQ(redrawn.fit(0, "s", {}, 1).metrics.at("seed"), seed1);
  EXPECT_EQ(redrawn.record.at("fold_seed"), seed);  // the record is the collection's (draw 0)
  for (const Json& bad : {Json{{"draw", -1}}, Json{{"draw", "1"}}, Json{{"fold", 1}}})
    EXPECT_THROW(prepare(bad), ConfigError) << bad.dump();

  const TaskPreparer splits =
      partition_tasks<Fold>(c, {Partitioning::Kind::random_splits, 2}, hooks)(ctx);
  const TaskSet s = splits(Json::object());
  EXPECT_EQ(s.tasks, (std::vector<std::string>{"split0", "split1"}));
  EXPECT_EQ(s.task_fields(1),
            (Json{{"split", 1}, {"split_seed", derive_seed(kSeed, "Row/split1")}}));
  EXPECT_THROW(splits(Json{{"draw", 1}}), ConfigError);  // random splits have no draws

  // The paper's own options reach its prepare; others are refused.
  hooks.options = {"reading"};
  Json seen;
  hooks.prepare = [&seen](const Corpus&, int k, uint64_t seed, const Json& options) {
    seen = options;
    return Fold{k, seed};
  };
  const TaskPreparer read =
      partition_tasks<Fold>(c, {Partitioning::Kind::random_splits, 2}, hooks)(ctx);
  read(Json{{"reading", "x"}}).fit(0, "s", {}, 1);
  EXPECT_EQ(seen, (Json{{"reading", "x"}}));
  EXPECT_THROW(read(Json{{"other", 1}}), ConfigError);
}

// Options the fit reads ("matrices": which of a split's matrices a method fits) reach the fit and
// the runs' configs; sets that differ only in them share each prepared partition while one lives.
TEST(PartitionTasks, FitOptionsShareThePreparedPartitions) {
  const TinyCorpus corpus;
  ExperimentContext ctx;
  ctx.seed = kSeed;
  auto prepared = std::make_shared<std::atomic<int>>(0);
  PartitionTaskHooks<Fold> hooks;
  hooks.options = {"reading"};
  hooks.fit_options = {"matrices"};
  hooks.prepare = [prepared](const Corpus&, int k, uint64_t seed, const Json& options) {
    EXPECT_FALSE(options.contains("matrices"));
    ++*prepared;
    return Fold{k, seed};
  };
  hooks.fit = [](const Fold& f, const std::string&, const Params&, uint64_t, const Json& options) {
    RunRecord r;
    r.metrics = {{"k", f.k}};
    r.extra = options;
    return r;
  };
  const GridCollection c{"Row", "tag", corpus.view(), ""};
  const TaskPreparer prepare =
      partition_tasks<Fold>(c, {Partitioning::Kind::random_splits, 2}, hooks)(ctx);
  {
    const TaskSet selected = prepare(Json::object());
    const TaskSet all = prepare(Json{{"matrices", "all"}});
    EXPECT_EQ(all.config_fields.at("matrices"), "all");
    EXPECT_FALSE(selected.config_fields.contains("matrices"));
    EXPECT_EQ(selected.fit(1, "s", {}, 1).extra, Json::object());
    EXPECT_EQ(all.fit(1, "s", {}, 1).extra, (Json{{"matrices", "all"}}));
    EXPECT_EQ(*prepared, 1);  // split 1, once for both sets
    prepare(Json{{"reading", "x"}, {"matrices", "all"}}).fit(1, "s", {}, 1);
    EXPECT_EQ(*prepared, 2);  // another reading is another preparation
  }
  prepare(Json::object()).fit(1, "s", {}, 1);
  EXPECT_EQ(*prepared, 3);  // released with the last set that held it
}

TEST(PartitionTasks, ACollectionWithoutDataIsUnavailableWithItsNote) {
  ExperimentContext ctx;
  PartitionTaskHooks<Fold> hooks;
  const GridCollection gone{"Gone", "gone-tag", "", "data unavailable: ask"};
  try {
    partition_tasks<Fold>(gone, {Partitioning::Kind::folds, 5}, hooks)(ctx);
    ADD_FAILURE() << "no data, no error";
  } catch (const DataUnavailable& e) {
    EXPECT_EQ(e.dataset, "gone-tag");
    EXPECT_EQ(std::string(e.what()), "data unavailable: ask");
  }
}

}  // namespace
}  // namespace linrepro
