// The two rooms a ResultFile is built from, tested directly: the store (reading a file with its
// journal, key order, merging shards) and the run scheduler (which missing runs a process
// computes).
#include "harness/results/result_store.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"
#include "harness/results/run_scheduler.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::TempDir;
using testing::write_json;

RunRecord stored_run(const std::string& key, const std::string& status, double error = 0) {
  RunRecord r;
  r.key = key;
  r.solver = "smo";
  r.status = status;
  r.config = {{"solver", "smo"}, {"key", key}};
  if (status == "ok") r.metrics = {{"error", error}};
  if (status != "ok") r.reason = "told to";
  return r;
}

Json store_header(const std::string& experiment = "table2") {
  return {{"experiment", experiment}, {"paper", "mlrcg2003"}, {"config", {{"classes", 10}}}};
}

Json store_document(const std::vector<RunRecord>& runs, const std::string& experiment = "table2") {
  Json doc = new_result_document(store_header(experiment));
  for (const RunRecord& r : runs) doc["runs"].push_back(run_record_to_json(r));
  return doc;
}

TEST(ResultStore, ANewDocumentHasTheSchemaTheConfigHashAndEmptyLists) {
  const Json doc = new_result_document(store_header());
  EXPECT_EQ(doc["schema"], kResultSchema);
  EXPECT_EQ(doc["config_hash"], config_hash(store_header()["config"]));
  for (const char* list : {"datasets", "cells", "claims", "ablations", "runs"})
    EXPECT_EQ(doc[list], Json::array()) << list;
}

TEST(ResultStore, KeyOrderKeepsTheLastRunOfAKeyAndFindsByKey) {
  std::vector<RunRecord> runs = {stored_run("b", "ok", 1), stored_run("a", "ok"),
                                 stored_run("b", "ok", 2)};
  sort_by_key(runs);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].key, "a");
  EXPECT_EQ(runs[1].metrics["error"], 2);  // the later of the two "b"
  ASSERT_NE(find_by_key(runs, "b"), nullptr);
  EXPECT_EQ(find_by_key(runs, "c"), nullptr);
  EXPECT_EQ(key_position(runs, "ab"), 1u);
  EXPECT_EQ(key_position(runs, "c"), 2u);
}

TEST(ResultStore, JournalEntriesFoldInOldestFirstAndNeverUndoAFinishedRun) {
  TempDir dir;
  const auto path = dir / "mlrcg2003/table2.json";
  write_json(path, store_document({stored_run("a", "ok", 1), stored_run("b", "failed")}));
  const Json env1 = {{"host", "one"}}, env2 = {{"host", "two"}};
  journal_append(path, run_record_to_json(stored_run("a", "failed")), env1);  // does not undo a's
  journal_append(path, run_record_to_json(stored_run("b", "ok", 3)), env1);  // replaces b's failure
  journal_append(path, run_record_to_json(stored_run("c", "ok", 4)), env2);  // a new key
  journal_append(path, run_record_to_json(stored_run("c", "ok", 5)), env2);  // the later entry wins

  const StoredRuns alone = read_stored_file(path, store_header());
  EXPECT_EQ(alone.runs.size(), 2u);  // the file alone: no journal
  StoredRuns stored = read_stored(path, store_header());
  sort_by_key(stored.runs);
  ASSERT_EQ(stored.runs.size(), 3u);
  EXPECT_EQ(stored.runs[0].status, "ok");
  EXPECT_EQ(stored.runs[0].metrics["error"], 1);
  EXPECT_EQ(stored.runs[1].metrics["error"], 3);
  EXPECT_EQ(stored.runs[2].metrics["error"], 5);
  EXPECT_EQ(stored.environment, env2);
  EXPECT_EQ(stored.runs_json.size(), 3u);
}

TEST(ResultStore, AFileOfAnotherExperimentIsRefusedAndAMissingOneIsEmpty) {
  TempDir dir;
  const auto path = dir / "mlrcg2003/table2.json";
  EXPECT_TRUE(read_stored(path, store_header()).runs.empty());
  EXPECT_TRUE(read_stored(path, store_header()).summary.is_null());
  write_json(path, store_document({stored_run("a", "ok")}, "table3"));
  EXPECT_THROW(read_stored(path, store_header()), ConfigError);
}

TEST(ResultStore, ASummaryFitsOnlyItsOwnConfig) {
  const Json doc = new_result_document(store_header());
  EXPECT_TRUE(summary_fits(summary_of(doc), doc));
  Json other = store_header();
  other["config"]["classes"] = 11;
  EXPECT_FALSE(summary_fits(summary_of(doc), new_result_document(other)));
  EXPECT_FALSE(summary_fits(Json(), doc));
}

TEST(ResultStore, MixedCommitsAreNamedAndOneCommitIsNot) {
  Json doc = Json::object();
  RunRecord a = stored_run("a", "ok"), b = stored_run("b", "ok");
  a.git_commit = "c1";
  b.git_commit = "c1";
  note_mixed_commits(doc, {a, b});
  EXPECT_FALSE(doc.contains("mixed_commits"));
  b.git_commit = "c2";
  note_mixed_commits(doc, {a, b});
  EXPECT_EQ(doc["mixed_commits"], Json({"c1", "c2"}));
}

TEST(ResultStore, ShardsMergeByKeyAndAFailedRetryNeverErasesAFinishedRun) {
  TempDir dir;
  write_json(dir / "s0.json",
             store_document({stored_run("b", "failed"), stored_run("c", "ok", 7)}));
  write_json(dir / "s1.json",
             store_document({stored_run("a", "ok", 9), stored_run("d", "failed")}));
  Json doc = store_document({stored_run("b", "ok", 1), stored_run("d", "ok", 2)});
  const int merged =
      merge_shard_runs(doc, {dir / "s0.json", dir / "s1.json"}, "mlrcg2003", "table2");
  EXPECT_EQ(merged, 2);  // c and a; b's and d's failures do not replace their finished runs
  std::vector<std::string> keys;
  for (const Json& r : doc["runs"]) keys.push_back(r["key"]);
  EXPECT_EQ(keys, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(doc["runs"][1]["status"], "ok");
  EXPECT_EQ(doc["runs"][3]["status"], "ok");

  write_json(dir / "other.json", store_document({stored_run("e", "ok")}, "table3"));
  try {
    merge_shard_runs(doc, {dir / "other.json"}, "mlrcg2003", "table2");
    FAIL() << "a shard of another experiment was merged";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("other.json"), std::string::npos) << e.what();
  }
}

TEST(RunScheduler, EachModeComputesAndKeepsWhatItShould) {
  RunSelection s;
  EXPECT_TRUE(executes(s, "k"));
  EXPECT_EQ(keeping(s), Keeping::journal);
  s.mode = RunSelection::Mode::plan;
  EXPECT_FALSE(executes(s, "k"));
  EXPECT_EQ(keeping(s), Keeping::nothing);
  s.mode = RunSelection::Mode::summarise;
  EXPECT_FALSE(executes(s, "k"));
  EXPECT_EQ(keeping(s), Keeping::nothing);
  s.mode = RunSelection::Mode::subset;
  s.keys = {"k"};
  EXPECT_TRUE(executes(s, "k"));
  EXPECT_FALSE(executes(s, "other"));
  EXPECT_EQ(keeping(s), Keeping::shard_file);
}

TEST(RunScheduler, RefusesForceOutsideExecuteAndASubsetWithoutAShardFile) {
  RunSelection s;
  EXPECT_NO_THROW(check_selection("r.json", true, s));
  s.mode = RunSelection::Mode::plan;
  EXPECT_THROW(check_selection("r.json", true, s), ConfigError);
  s.mode = RunSelection::Mode::subset;
  EXPECT_THROW(check_selection("r.json", false, s), ConfigError);
  s.shard_path = "shard.json";
  EXPECT_NO_THROW(check_selection("r.json", false, s));
}

TEST(RunScheduler, ARunPlannedUnderAnotherConfigHashFails) {
  const Json config = {{"solver", "smo"}, {"params", {{"C", 1}}}};
  RunSelection s;
  s.planned_hashes = {{"k", config_hash(config)}, {"old", "0000"}, {"unhashed", ""}};
  EXPECT_NO_THROW(check_planned_hash(s, "k", config));
  EXPECT_NO_THROW(check_planned_hash(s, "unhashed", config));
  EXPECT_NO_THROW(check_planned_hash(s, "unplanned", config));
  try {
    check_planned_hash(s, "old", config);
    FAIL() << "a run planned under another config hash ran";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("'old'"), std::string::npos) << e.what();
  }
}

TEST(RunScheduler, APlannedRunNamesItsSolverDatasetAndCost) {
  const Json config = {{"solver", "smo"}, {"dataset", {{"name", "reuters21578"}}}};
  const PlannedRun p = planned_run("earn/smo", config, 2.5);
  EXPECT_EQ(p.solver, "smo");
  EXPECT_EQ(p.dataset, "reuters21578");
  EXPECT_EQ(p.config_hash, config_hash(config));
  EXPECT_EQ(p.cost_seconds, 2.5);
  EXPECT_EQ(planned_run("k", {{"dataset", "a9a"}}, NAN).dataset, "a9a");
  RunRecord r;
  EXPECT_TRUE(std::isnan(run_cost_seconds(r)));
  r.train_seconds = 1;
  r.test_seconds = 0.5;
  EXPECT_EQ(run_cost_seconds(r), 1.5);
}

TEST(RunScheduler, ShardFilesAreFoundByTheirOwnNamesOnly) {
  TempDir dir;
  for (const auto& name : {"table2.0-of-2.json", "table2.1-of-2.json", "table2_all.0-of-1.json",
                           "table2.json", "table2.x-of-2.json"})
    write_json(dir / name, Json::object());
  EXPECT_EQ(shard_file_in(dir.path(), "table2", 1, 2), dir / "table2.1-of-2.json");
  const auto found = shard_files_in(dir.path(), "table2");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].filename(), "table2.0-of-2.json");
  EXPECT_EQ(found[1].filename(), "table2.1-of-2.json");
  EXPECT_TRUE(shard_files_in(dir / "none", "table2").empty());
}

}  // namespace
}  // namespace linrepro
