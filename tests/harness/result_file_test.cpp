#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "core/error.h"
#include "harness/experiment/experiment.h"
#include "harness/results/environment.h"
#include "harness/results/run_journal.h"
#include "harness_fixtures.h"

namespace linrepro {
namespace {

using testing::read_json;
using testing::TempDir;

Json header() {
  return {{"experiment", "table2"},
          {"paper", "mlrcg2003"},
          {"artifacts", {"table2"}},
          {"description", "test"},
          {"seed", 7},
          {"config", {{"classes", 10}}}};
}

Json config(double C) { return {{"solver", "smo"}, {"class", "earn"}, {"params", {{"C", C}}}}; }

// A run function that counts its calls and returns a recognisable record.
struct CountingRun {
  int calls = 0;
  std::string status = "ok";
  RunRecord operator()() {
    ++calls;
    RunRecord r;
    r.metrics = {{"error", 0.01 * calls}};
    r.objective = 3.5;
    r.iterations = 42;
    r.status = status;
    if (status != "ok") r.reason = "told to";
    return r;
  }
};

std::function<RunRecord()> counted(CountingRun& c) {
  return [&c] { return c(); };
}

TEST(ResultFile, RerunSkipsAnIdenticalRun) {
  TempDir dir;
  const auto path = dir / "mlrcg2003/table2.json";
  CountingRun run;
  {
    ResultFile rf(path, header(), false);
    const RunRecord r = rf.run_once("earn/smo", config(1), counted(run));
    EXPECT_EQ(run.calls, 1);
    EXPECT_EQ(r.key, "earn/smo");
    EXPECT_EQ(r.solver, "smo");  // taken from the config
    EXPECT_EQ(r.class_name, "earn");
    EXPECT_EQ(r.params, Json({{"C", 1}}));
    // Same object, same run: not redone either.
    rf.run_once("earn/smo", config(1), counted(run));
    EXPECT_EQ(run.calls, 1);
  }
  ResultFile again(path, header(), false);
  const RunRecord r = again.run_once("earn/smo", config(1), counted(run));
  EXPECT_EQ(run.calls, 1);
  EXPECT_DOUBLE_EQ(r.metrics["error"].get<double>(), 0.01);  // the stored record comes back
  EXPECT_EQ(r.iterations, 42);
  ASSERT_TRUE(again.find("earn/smo", config(1)).has_value());
  EXPECT_FALSE(again.find("earn/smo", config(2)).has_value());
  EXPECT_FALSE(again.find("acq/smo", config(1)).has_value());
}

TEST(ResultFile, AStoredRunByKeyWhateverItsConfigOrAnErrorNamingIt) {
  TempDir dir;
  const auto path = dir / "r.json";
  CountingRun run;
  {
    ResultFile rf(path, header(), false);
    rf.run_once("earn/smo", config(1), counted(run));
    rf.save();
  }
  ResultFile rf(path, header(), false);
  EXPECT_EQ(rf.stored_run("earn/smo").params, Json({{"C", 1}}));  // no config asked
  try {
    (void)rf.stored_run("acq/smo");
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("r.json: no stored run acq/smo"), std::string::npos)
        << e.what();
  }
}

TEST(ResultFile, ForceRedoesEachStoredRunOnce) {
  TempDir dir;
  const auto path = dir / "r.json";
  CountingRun run;
  ResultFile(path, header(), false).run_once("earn/smo", config(1), counted(run));
  ResultFile forced(path, header(), true);
  EXPECT_FALSE(forced.find("earn/smo", config(1)).has_value());
  forced.run_once("earn/smo", config(1), counted(run));
  EXPECT_EQ(run.calls, 2);
  forced.run_once("earn/smo", config(1), counted(run));  // already redone in this session
  EXPECT_EQ(run.calls, 2);
  EXPECT_EQ(forced.runs().size(), 1u);
  forced.save();
  EXPECT_DOUBLE_EQ(read_json(path)["runs"][0]["metrics"]["error"].get<double>(), 0.02);
}

TEST(ResultFile, ChangedConfigRerunsAndReplacesTheRun) {
  TempDir dir;
  const auto path = dir / "r.json";
  CountingRun run;
  ResultFile(path, header(), false).run_once("earn/smo", config(1), counted(run));
  ResultFile rf(path, header(), false);
  rf.run_once("earn/smo", config(2), counted(run));
  EXPECT_EQ(run.calls, 2);
  ASSERT_EQ(rf.runs().size(), 1u);
  EXPECT_EQ(rf.runs()[0].config, config(2));
  rf.save();
  const Json doc = read_json(path);
  ASSERT_EQ(doc["runs"].size(), 1u);
  EXPECT_EQ(doc["runs"][0]["config_hash"], config_hash(config(2)));
}

TEST(ResultFile, FailedAndUnavailableRunsAreRetried) {
  TempDir dir;
  const auto path = dir / "r.json";
  for (const std::string status : {"failed", "data_unavailable"}) {
    CountingRun run;
    run.status = status;
    {
      ResultFile first(path, header(), false);
      first.run_once("k-" + status, config(1), counted(run));
      first.save();
    }
    // Runs are kept in key order ("k-data_unavailable" < "k-failed"): find this one by key.
    const Json runs = read_json(path)["runs"];
    const auto stored = std::find_if(runs.begin(), runs.end(),
                                     [&](const Json& r) { return r["key"] == "k-" + status; });
    ASSERT_NE(stored, runs.end());
    EXPECT_EQ((*stored)["status"], status);
    run.status = "ok";
    ResultFile rf(path, header(), false);
    rf.run_once("k-" + status, config(1), counted(run));
    EXPECT_EQ(run.calls, 2) << status;
    EXPECT_EQ(rf.find("k-" + status, config(1))->status, "ok");
  }
}

TEST(ResultFile, AThrowingRunIsStoredAsFailedThenRethrown) {
  TempDir dir;
  const auto path = dir / "r.json";
  ResultFile rf(path, header(), false);
  EXPECT_THROW(rf.run_once("bad", config(1),
                           []() -> RunRecord { throw std::runtime_error("out of cheese"); }),
               std::runtime_error);
  rf.save_runs();  // as run_experiment does when the driver lets the failure through
  const Json doc = read_json(path);
  ASSERT_EQ(doc["runs"].size(), 1u);
  EXPECT_EQ(doc["runs"][0]["status"], "failed");
  EXPECT_EQ(doc["runs"][0]["reason"], "out of cheese");
  CountingRun run;
  ResultFile(path, header(), false).run_once("bad", config(1), counted(run));
  EXPECT_EQ(run.calls, 1);  // retried
}

// What another process sees of `path` now: every run a writer has finished (file and journal).
size_t runs_seen_by_a_new_reader(const std::filesystem::path& path) {
  RunSelection plan;
  plan.mode = RunSelection::Mode::plan;  // reads, writes nothing
  return ResultFile(path, header(), false, plan).runs().size();
}

size_t journal_entries(const std::filesystem::path& path) {
  const auto dir = journal_dir(path);
  if (!std::filesystem::exists(dir)) return 0;
  return static_cast<size_t>(std::distance(std::filesystem::directory_iterator(dir),
                                           std::filesystem::directory_iterator()));
}

TEST(ResultFile, EveryFinishedRunIsKeptAtOnceAndSaveFoldsTheJournalIn) {
  TempDir dir;
  const auto path = dir / "mlrcg2003/table2.json";
  ResultFile rf(path, header(), false);
  for (int i = 0; i < 4; ++i) {
    rf.run_once(fmt::format("run{}", i), config(i), [&] {
      // Inside run i, runs 0..i-1 are on disk for any other process: kept as each one ended.
      EXPECT_EQ(runs_seen_by_a_new_reader(path), static_cast<size_t>(i));
      RunRecord r;
      r.metrics = {{"i", i}};
      return r;
    });
    // One small journal entry per run; the result file itself is not rewritten per run (that was
    // O(n^2) over an experiment).
    EXPECT_EQ(journal_entries(path), static_cast<size_t>(i + 1));
    EXPECT_FALSE(std::filesystem::exists(path));
    EXPECT_EQ(testing::count_temp_files(dir.path()), 0);
  }
  rf.save();
  EXPECT_EQ(read_json(path)["runs"].size(), 4u);
  EXPECT_FALSE(std::filesystem::exists(journal_dir(path)));  // folded in, then removed
  int files = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir.path()))
    files += e.is_regular_file();
  EXPECT_EQ(files, 1);
}

TEST(ResultFile, AWriterThatNeverSavesLosesNoRunAndTheNextOneFoldsItsJournalIn) {
  TempDir dir;
  const auto path = dir / "mlrcg2003/table2.json";
  CountingRun run;
  {
    ResultFile first(path, header(), false);
    first.run_once("a", config(1), counted(run));
    first.save();  // the file holds "a"
  }
  {
    ResultFile killed(path, header(), false);  // as if killed with SIGKILL after two runs
    killed.run_once("b", config(2), counted(run));
    run.status = "failed";
    killed.run_once("c", config(3), counted(run));
    run.status = "ok";
  }
  EXPECT_EQ(read_json(path)["runs"].size(), 1u);
  EXPECT_EQ(journal_entries(path), 2u);
  ResultFile resumed(path, header(), false);
  resumed.run_once("a", config(1), counted(run));
  resumed.run_once("b", config(2), counted(run));
  EXPECT_EQ(run.calls, 3);  // a and b reused: b only ever was in the journal
  resumed.run_once("c", config(3), counted(run));
  EXPECT_EQ(run.calls, 4);  // a failed run is retried
  resumed.save();
  const Json doc = read_json(path);
  ASSERT_EQ(doc["runs"].size(), 3u);
  for (const auto& r : doc["runs"]) EXPECT_EQ(r["status"], "ok") << r["key"];
  EXPECT_FALSE(std::filesystem::exists(journal_dir(path)));
}

TEST(ResultFile, AJournalEntryLaterThanTheFileWinsButNeverUndoesAFinishedRun) {
  TempDir dir;
  const auto path = dir / "mlrcg2003/table2.json";
  CountingRun run;
  {
    ResultFile rf(path, header(), false);
    rf.run_once("a", config(1), counted(run));  // error 0.01
    rf.save();
  }
  {
    ResultFile forced(path, header(), true);  // --force, killed after its run of a
    forced.run_once("a", config(1), counted(run));
  }
  RunRecord failed = run();
  failed.key = "a";
  failed.config = config(1);
  failed.status = "failed";
  failed.reason = "out of memory";
  journal_append(path, run_record_to_json(failed), Json());  // a later failure of a's
  ResultFile rf(path, header(), false);
  const auto a = rf.find("a", config(1));
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->status, "ok");
  EXPECT_DOUBLE_EQ(a->metrics["error"].get<double>(), 0.02);  // the forced rerun's, not the file's
}

TEST(ResultFile, ADamagedJournalEntryIsAnErrorNamingItsFile) {
  TempDir dir;
  const auto path = dir / "mlrcg2003/table2.json";
  std::filesystem::create_directories(journal_dir(path));
  const auto entry = journal_dir(path) / "00000000000000000001-1-000000.json";
  {
    std::ofstream out(entry);
    out << "{\"run\": {\"key\": ";
  }
  try {
    ResultFile rf(path, header(), false);
    FAIL() << "a damaged journal entry was read";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find(entry.filename().string()), std::string::npos) << e.what();
  }
}

TEST(ResultFile, ATempFileOfAWriterKilledMidEntryIsIgnoredThenRemoved) {
  TempDir dir;
  const auto path = dir / "mlrcg2003/table2.json";
  std::filesystem::create_directories(journal_dir(path));
  {
    std::ofstream out(journal_dir(path) / "00000000000000000001-1-000000.json.tmp.1000000");
    out << "{\"run\": {";  // killed between writing and renaming
  }
  CountingRun run;
  ResultFile rf(path, header(), false);
  rf.run_once("a", config(1), counted(run));
  rf.save();
  EXPECT_EQ(read_json(path)["runs"].size(), 1u);
  EXPECT_FALSE(std::filesystem::exists(journal_dir(path)));
  EXPECT_EQ(testing::count_temp_files(dir.path()), 0);
}

TEST(ResultFile, WritesTheHeaderEnvironmentCellsClaimsAndDatasets) {
  TempDir dir;
  const auto path = dir / "r.json";
  ResultFile rf(path, header(), false);
  rf.add_dataset({{"name", "reuters21578"}, {"sha256", "ab"}, {"rows", 10}});
  rf.add_dataset({{"name", "reuters21578"}, {"sha256", "cd"}, {"rows", 12}});  // replaces
  rf.set_cell(value_cell("table2", "earn", "MLR-CG error", 1.5, "%"));
  rf.set_cell(value_cell("table2", "earn", "MLR-CG error", 1.4, "%"));  // replaces
  rf.set_cell(unavailable_cell("table2", "acq", "MLR-CG error", "no data"));
  rf.add_claim({"fast", "MLR-CG is fast", true, "3 s vs 30 s"});
  rf.save();
  const Json doc = read_json(path);
  EXPECT_EQ(doc["schema"], kResultSchema);
  EXPECT_EQ(doc["experiment"], "table2");
  EXPECT_EQ(doc["paper"], "mlrcg2003");
  EXPECT_EQ(doc["seed"], 7);
  EXPECT_EQ(doc["config_hash"], config_hash({{"classes", 10}}));
  for (const char* key : {"git_commit", "git_dirty", "compiler", "cxx_flags", "cpu_model", "cores",
                          "ram_bytes", "os", "libraries", "created_at"})
    EXPECT_TRUE(doc["environment"].contains(key)) << key;
  ASSERT_EQ(doc["datasets"].size(), 1u);
  EXPECT_EQ(doc["datasets"][0]["rows"], 12);
  const auto cells = result_cells(doc);
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_DOUBLE_EQ(cells[0].value, 1.4);
  EXPECT_EQ(cells[1].status, "data_unavailable");
  const auto claims = result_claims(doc);
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_TRUE(claims[0].holds);
  EXPECT_EQ(claims[0].evidence, "3 s vs 30 s");
}

TEST(Claims, VerdictKindAndResolutionRoundTrip) {
  const Claim tie =
      indistinguishable_or(true, 3e-8, 1e-6, "relative 1e-6", "hs", "HS is best", "e");
  EXPECT_EQ(tie.verdict(), Verdict::indistinguishable);
  const Claim beyond = indistinguishable_or(false, 2e-6, 1e-6, "relative 1e-6", "hs", "HS", "e");
  EXPECT_EQ(beyond.verdict(), Verdict::does_not_hold);
  const Claim check = correctness_check("bound", "the bound holds", true, "0.1 <= 0.3");
  for (const Claim& c : {tie, beyond, check, Claim("x", "X holds", true, "")}) {
    const Json j = claim_to_json(c);
    EXPECT_EQ(j["holds"], c.verdict() == Verdict::holds);  // old readers: true only for holds
    const Claim back = claim_from_json(j);
    EXPECT_EQ(back.verdict(), c.verdict());
    EXPECT_EQ(back.kind, c.kind);
    EXPECT_EQ(back.resolution, c.resolution);
    EXPECT_EQ(back.id, c.id);
  }
  const Json j = claim_to_json(tie);
  EXPECT_EQ(j["verdict"], "indistinguishable");
  EXPECT_EQ(j["kind"], "claim");
  EXPECT_EQ(j["resolution"], "relative 1e-6");
  EXPECT_EQ(claim_to_json(check)["kind"], "correctness_check");
  EXPECT_FALSE(claim_to_json(check).contains("resolution"));
}

TEST(Claims, AnOldFileWithOnlyHoldsIsRead) {
  const Claim yes = claim_from_json({{"id", "a"}, {"claim", "A"}, {"holds", true}});
  EXPECT_EQ(yes.verdict(), Verdict::holds);
  EXPECT_EQ(yes.kind, ClaimKind::claim);
  const Claim no = claim_from_json({{"id", "b"}, {"claim", "B"}, {"holds", false}});
  EXPECT_EQ(no.verdict(), Verdict::does_not_hold);
}

TEST(Claims, ABadVerdictOrKindOrAContradictionIsAnError) {
  auto error = [](const Json& j) {
    try {
      claim_from_json(j);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error({{"claim", "A"}, {"verdict", "maybe"}}).find("claim 'A': verdict 'maybe'"),
            std::string::npos);
  EXPECT_NE(error({{"claim", "A"}, {"kind", "sanity"}}).find("kind 'sanity'"), std::string::npos);
  EXPECT_NE(error({{"claim", "A"}, {"verdict", "holds"}, {"holds", false}}).find("contradicts"),
            std::string::npos);
}

TEST(ResultFile, ReloadKeepsRunsButNotCells) {
  TempDir dir;
  const auto path = dir / "r.json";
  {
    ResultFile rf(path, header(), false);
    CountingRun run;
    rf.run_once("a", config(1), counted(run));
    rf.set_cell(value_cell("table2", "earn", "x", 1, ""));
    rf.save();
  }
  ResultFile rf(path, header(), false);
  EXPECT_EQ(rf.runs().size(), 1u);
  EXPECT_TRUE(rf.document()["cells"].empty());
}

// Issue 17 item 6: a resume that reuses every run leaves the file's environment as the machine
// that computed them wrote it; each run keeps its own commit, and the top level lists the commits
// when they differ. Computing a run makes this process the file's environment.
TEST(ResultFile, ResumingWithEveryRunReusedKeepsTheEnvironmentAndNamesMixedCommits) {
  TempDir dir;
  const auto path = dir / "r.json";
  {
    ResultFile rf(path, header(), false);
    CountingRun run;
    rf.run_once("a", config(1), counted(run));
    rf.run_once("b", config(2), counted(run));
    rf.save();
  }
  Json doc = read_json(path);
  const Json elsewhere = {{"git_commit", "1111"}, {"cpu_model", "another machine"}};
  doc["environment"] = elsewhere;
  doc["runs"][0]["git_commit"] = "1111";
  doc["runs"][1]["git_commit"] = "2222";
  testing::write_json(path, doc);
  {
    ResultFile rf(path, header(), false);
    CountingRun run;
    rf.run_once("a", config(1), counted(run));
    rf.run_once("b", config(2), counted(run));
    EXPECT_EQ(run.calls, 0);
    rf.save();
  }
  doc = read_json(path);
  EXPECT_EQ(doc["environment"], elsewhere);
  EXPECT_EQ(doc["mixed_commits"], Json({"1111", "2222"}));
  EXPECT_EQ(doc["runs"][0]["git_commit"], "1111");
  {
    ResultFile rf(path, header(), false);
    CountingRun run;
    rf.run_once("c", config(3), counted(run));
    EXPECT_EQ(run.calls, 1);
    rf.save();
  }
  doc = read_json(path);
  EXPECT_EQ(doc["environment"], process_environment());
  EXPECT_TRUE(doc["mixed_commits"].size() >= 2u) << doc["mixed_commits"];
}

TEST(ResultFile, OneCommitNeedsNoMixedCommitsNote) {
  TempDir dir;
  const auto path = dir / "r.json";
  ResultFile rf(path, header(), false);
  CountingRun run;
  rf.run_once("a", config(1), counted(run));
  rf.run_once("b", config(2), counted(run));
  rf.save();
  EXPECT_FALSE(read_json(path).contains("mixed_commits"));
}

TEST(ResultFile, RejectsBadCellsAndHeaders) {
  TempDir dir;
  EXPECT_THROW(ResultFile(dir / "r.json", {{"paper", "mlrcg2003"}}, false), ConfigError);
  ResultFile rf(dir / "r.json", header(), false);
  EXPECT_THROW(rf.set_cell(value_cell("table2", "", "x", 1, "")), ConfigError);
  Cell typo = value_cell("table2", "earn", "x", 1, "");
  typo.status = "typo";
  EXPECT_THROW(rf.set_cell(typo), ConfigError);
  EXPECT_THROW(rf.add_dataset({{"rows", 3}}), ConfigError);
}

TEST(ResultFile, RefusesAFileOfAnotherExperiment) {
  TempDir dir;
  const auto path = dir / "r.json";
  ResultFile(path, header(), false).save();
  Json other = header();
  other["experiment"] = "table3";
  try {
    ResultFile rf(path, other, false);
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("table2"), std::string::npos) << e.what();
  }
}

TEST(ResultFile, AnOlderSchemaIsNotReused) {
  TempDir dir;
  const auto path = dir / "r.json";
  testing::write_json(path, {{"schema", "linrepro-result/0"},
                             {"experiment", "table2"},
                             {"paper", "mlrcg2003"},
                             {"runs", {{{"key", "a"}, {"config", config(1)}, {"status", "ok"}}}}});
  CountingRun run;
  ResultFile rf(path, header(), false);
  rf.run_once("a", config(1), counted(run));
  EXPECT_EQ(run.calls, 1);
  rf.save();
  EXPECT_EQ(read_json(path)["schema"], kResultSchema);
}

TEST(RunRecordJson, RoundTripsEveryField) {
  RunRecord r;
  r.key = "earn/mlr-cg";
  r.config = config(0.5);
  r.solver = "mlr-cg";
  r.params = {{"C", 0.5}};
  r.class_name = "earn";
  r.metrics = {{"error", 0.0125}, {"tp", 12}};
  r.train_seconds = 1.5;
  r.test_seconds = 0.25;
  r.peak_memory_bytes = 123456789;
  r.iterations = 17;
  r.stop = "converged";
  r.objective = std::nan("");
  r.trace = trace_to_json({{0, 0.0, {{"O", 2.0}}}, {5, 0.5, {{"O", 1.0}}}});
  r.status = "ok";
  r.reason = "";
  r.extra = {{"n_sv", 40}};
  r.created_at = "2026-01-01T00:00:00Z";
  r.git_commit = "abc";
  const Json j = run_record_to_json(r);
  EXPECT_TRUE(j["objective"].is_null());  // NaN is not JSON
  EXPECT_EQ(j["config_hash"], config_hash(r.config));
  EXPECT_EQ(j["trace"][1]["iteration"], 5);
  EXPECT_EQ(j["trace"][1]["values"]["O"], 1.0);
  const RunRecord back = run_record_from_json(Json::parse(j.dump()));
  EXPECT_EQ(back.key, r.key);
  EXPECT_EQ(back.config, r.config);
  EXPECT_EQ(back.solver, r.solver);
  EXPECT_EQ(back.params, r.params);
  EXPECT_EQ(back.class_name, r.class_name);
  EXPECT_EQ(back.metrics, r.metrics);
  EXPECT_EQ(back.train_seconds, r.train_seconds);
  EXPECT_EQ(back.test_seconds, r.test_seconds);
  EXPECT_EQ(back.peak_memory_bytes, r.peak_memory_bytes);
  EXPECT_EQ(back.iterations, r.iterations);
  EXPECT_EQ(back.stop, r.stop);
  EXPECT_TRUE(std::isnan(back.objective));
  EXPECT_EQ(back.trace, r.trace);
  EXPECT_EQ(back.status, r.status);
  EXPECT_EQ(back.extra, r.extra);
  EXPECT_EQ(back.created_at, r.created_at);
  EXPECT_EQ(back.git_commit, r.git_commit);
}

TEST(RunRecordJson, NamesAMistypedField) {
  try {
    run_record_from_json({{"key", "k"}, {"config", 1}, {"iterations", "many"}});
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("'iterations'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(run_record_from_json({{"config", 1}}), ConfigError);
}

TEST(ResultFilePath, PutsFastRunsInTheirOwnFolder) {
  ExperimentContext ctx;
  ctx.results_dir = "results";
  EXPECT_EQ(result_file_path(ctx, "sgdreport", "fig1"),
            std::filesystem::path("results/sgdreport/fig1.json"));
  ctx.fast = true;
  EXPECT_EQ(result_file_path(ctx, "sgdreport", "fig1"),
            std::filesystem::path("results/sgdreport/fast/fig1.json"));
}

}  // namespace
}  // namespace linrepro

namespace linrepro {
namespace {

// A foreign JSON file used to give a bare json type_error.302; the message names the file.
TEST(ReadResultFile, ForeignJsonNamesTheFile) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("linrepro-foreign-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / "foreign.json";
  for (const char* text : {"{\"schema\": 5, \"runs\": 1}", "[1, 2]", "{\"schema\": null}"}) {
    std::ofstream(path) << text;
    try {
      read_result_file(path);
      ADD_FAILURE() << "accepted " << text;
    } catch (const DataError& e) {
      const std::string msg = e.what();
      EXPECT_EQ(msg.rfind(path.string() + ": not a linrepro result file", 0), 0u) << msg;
    }
  }
  std::filesystem::remove_all(dir);
}

// Found by fuzz_result_file: a float in an integer field was cast (undefined behaviour for 1e300).
TEST(RunRecordJson, AFloatInAnIntegerFieldIsRejectedByName) {
  Json j = {{"key", "k"}, {"config", Json::object()}, {"iterations", 1e300}};
  try {
    run_record_from_json(j);
    ADD_FAILURE() << "accepted iterations 1e300";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("field 'iterations' must be an integer"),
              std::string::npos)
        << e.what();
  }
  j["iterations"] = 42;
  EXPECT_EQ(run_record_from_json(j).iterations, 42);
}

// Found by fuzz_result_file: a number JSON cannot hold escaped as a bare out_of_range.406.
TEST(ReadResultFile, NumberOutOfRangeNamesTheFile) {
  TempDir dir;
  const auto path = dir / "big.json";
  std::ofstream(path) << R"({"schema": "linrepro-result/1", "runs": [{"iterations": 1e600}]})";
  try {
    read_result_file(path);
    ADD_FAILURE() << "accepted 1e600";
  } catch (const DataError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind(path.string() + ": not valid JSON", 0), 0u) << msg;
  }
}

}  // namespace
}  // namespace linrepro
