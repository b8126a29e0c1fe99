#pragma once
// A result file's run journal: the folder "<file>.journal/" beside it, one small file per finished
// run, each written atomically (core/atomic_file.h) under the result file's lock. A writer adds a
// run there the moment it ends and rewrites the result file only when its driver is done
// (ResultFile::save), folding the journal in: rewriting the whole file after every run cost
// O(n^2) over an experiment of n runs (Zhang & Oles' Table 2: 2,300 rewrites of a file that ends
// at 9.8 MB). A writer killed with SIGKILL loses no finished run: the next writer of the file
// (`linrepro run`, `plan`, a resumed `make reproduce`) reads the journal with the file.
#include <filesystem>
#include <string>
#include <vector>

#include "harness/results/result_schema.h"

namespace linrepro {

struct JournalEntry {
  std::filesystem::path file;  // the entry's own file, for clear_journal and error messages
  RunRecord run;
  Json run_json;     // the run as stored (run_record_to_json)
  Json environment;  // the machine and commit that computed it
};

// "<result file>.journal".
std::filesystem::path journal_dir(const std::filesystem::path& result_file);

// Adds one finished run. The caller holds the result file's lock (lock_path_for): then a writer
// folding the journal in never sees a half-written entry, and stale temp files are safe to remove.
void journal_append(const std::filesystem::path& result_file, const Json& run_json,
                    const Json& environment);

// The entries in the order they were written (oldest first); none when there is no journal. An
// entry removed while it is read (folded into the file by a writer holding the lock) is left out.
// Throws DataError naming the entry's file for one that is not a run (damaged data is an error:
// atomic writes leave no torn entry behind, so one can only come from outside).
std::vector<JournalEntry> read_journal(const std::filesystem::path& result_file);

// Removes `entries` (those a writer has just folded into the result file; entries added since
// stay), the temp files of writers killed mid-entry, and the folder once it is empty. The caller
// holds the result file's lock.
void clear_journal(const std::filesystem::path& result_file,
                   const std::vector<JournalEntry>& entries);

}  // namespace linrepro
