#pragma once
// A result file as it is stored (harness/results/result_store.cpp): the file and its run journal
// (harness/results/run_journal.h) read for reuse, the runs in key order, the merge rule every
// writer follows (run_may_replace), and shard files' runs folded into a document. It does not
// decide which runs are computed (harness/results/run_scheduler.h) nor write files: ResultFile
// (harness/results/result_file.h) writes under the file's lock, `merge`
// (harness/experiment/run_experiment.h) too.
#include <filesystem>
#include <string>
#include <vector>

#include "harness/results/result_schema.h"
#include "harness/results/run_journal.h"

namespace linrepro {

// Whether a record of a run may replace the stored record of the same key: any may, except that a
// finished run (status "ok") is never replaced by one that did not finish (a failed retry, a
// machine without the data). Every writer of a result file merges by this rule.
bool run_may_replace(const std::string& incoming_status, const std::string& stored_status);

// What a result file on disk holds that a writer reuses or merges with.
struct StoredRuns {
  std::vector<RunRecord> runs;     // as stored (not yet in key order)
  Json runs_json = Json::array();  // the same runs as stored, entry by entry
  Json environment;                // the machine and commit that last computed a run; null: none
  Json summary;                    // summary_of the file; null when there is no file
};

// The lists a summariser writes (datasets, cells, claims, ablations) and the experiment config
// and seed they were computed for.
Json summary_of(const Json& doc);
// The summary belongs to this document's experiment config (another config's cells would
// describe other runs).
bool summary_fits(const Json& summary, const Json& doc);

// A new result document: `header` (experiment, paper, artifacts, description, seed, config...)
// with the schema, the config's hash and empty datasets, cells, claims, ablations and runs.
Json new_result_document(Json header);

// The result file at `path` alone (its journal is not read), or nothing when it is absent or of
// another schema (a warning says it will be overwritten). `header` names the experiment and paper
// the file must belong to: a file of another throws ConfigError; a run that is not a run throws
// DataError naming the file.
StoredRuns read_stored_file(const std::filesystem::path& path, const Json& header);

// Journal entries are newer than the file they sit beside: each replaces the stored run of its key
// by run_may_replace, oldest first; the environment becomes the last entry's.
void fold_in(StoredRuns& stored, const std::vector<JournalEntry>& entries);

// The file and its run journal: every run a writer has finished, also one killed before it
// rewrote the file.
StoredRuns read_stored(const std::filesystem::path& path, const Json& header);

// The identity of the file now at `path` (device, inode, size, modification time), "" when there
// is none: a writer that finds the one it wrote last knows nobody else has written since.
std::string file_stamp(const std::filesystem::path& path);

// A file resumed under another commit holds runs of several: each run keeps its own git_commit;
// the document's "mixed_commits" lists them all, so nobody reads the file as one program's.
void note_mixed_commits(Json& doc, const std::vector<RunRecord>& runs);

// Folds the runs of `shards` (shard files of `paper`/`experiment`, `linrepro run --keys-from`)
// into the result document `doc`: a shard's run replaces the stored run of its key by
// run_may_replace; doc's runs end in key order. A shard of another experiment is a DataError
// naming it. Returns the number of runs taken from the shards. The caller holds the file's lock.
int merge_shard_runs(Json& doc, const std::vector<std::filesystem::path>& shards,
                     const std::string& paper, const std::string& experiment);

// Runs in key order, so a file's content does not depend on which thread, shard or round computed
// a run first; of runs with the same key (a file written before keys were unique) the last stays.
void sort_by_key(std::vector<RunRecord>& runs);
// The run with `key` in runs sorted by key, or nullptr.
const RunRecord* find_by_key(const std::vector<RunRecord>& runs, const std::string& key);
// Where a run with `key` goes in runs sorted by key.
size_t key_position(const std::vector<RunRecord>& runs, const std::string& key);

}  // namespace linrepro
