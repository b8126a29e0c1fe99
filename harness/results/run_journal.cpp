// A result file's run journal (harness/results/run_journal.h).
#include "harness/results/run_journal.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <fstream>

#include "core/atomic_file.h"
#include "core/error.h"

namespace linrepro {
namespace fs = std::filesystem;

namespace {

// Entry names sort in the order they were written: nanoseconds since the epoch first, then the
// process and its own count (two writers in one nanosecond, or a clock that stepped back, only
// reorder entries of different runs or two finished runs of one key, which either may hold).
std::string entry_name() {
  static std::atomic<uint64_t> count{0};
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
  return fmt::format("{:020d}-{}-{:06d}.json", ns, ::getpid(), count++ % 1000000);
}

bool is_entry(const fs::path& p) {
  return p.extension() == ".json" && p.filename().string().find(".tmp.") == std::string::npos;
}

JournalEntry read_entry(const fs::path& file) {
  std::ifstream in(file);
  if (!in) throw DataError(file.string(), 0, "cannot open run journal entry");
  JournalEntry e;
  e.file = file;
  try {
    const Json j = Json::parse(in);
    if (!j.is_object() || !j.contains("run") || !j["run"].is_object())
      throw ConfigError("a run journal entry needs an object 'run'");
    e.run_json = j["run"];
    e.run = run_record_from_json(e.run_json);
    e.environment = j.value("environment", Json());
  } catch (const Json::exception& x) {
    throw DataError(file.string(), 0, fmt::format("not valid JSON: {}", x.what()));
  } catch (const ConfigError& x) {
    throw DataError(file.string(), 0, x.what());
  }
  return e;
}

}  // namespace

fs::path journal_dir(const fs::path& result_file) { return result_file.string() + ".journal"; }

void journal_append(const fs::path& result_file, const Json& run_json, const Json& environment) {
  const Json entry = {{"run", run_json}, {"environment", environment}};
  write_file_atomic(journal_dir(result_file) / entry_name(), entry.dump() + "\n");
}

std::vector<JournalEntry> read_journal(const fs::path& result_file) {
  const fs::path dir = journal_dir(result_file);
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (is_entry(it->path())) files.push_back(it->path());
  std::sort(files.begin(), files.end());
  std::vector<JournalEntry> entries;
  entries.reserve(files.size());
  for (const auto& f : files) {
    // A reader without the lock (a writer starting, `plan`) may list an entry that another writer
    // folds into the result file and removes before it is opened: it is in the file now, not
    // damaged. At worst this reader read the file just before and computes that run again.
    if (!fs::exists(f)) continue;
    try {
      entries.push_back(read_entry(f));
    } catch (const DataError&) {
      if (fs::exists(f)) throw;
    }
  }
  return entries;
}

void clear_journal(const fs::path& result_file, const std::vector<JournalEntry>& entries) {
  const fs::path dir = journal_dir(result_file);
  std::error_code ec;
  for (const auto& e : entries) fs::remove(e.file, ec);
  // Temp files of writers killed between writing an entry and renaming it (the lock is held, so
  // no entry is being written now).
  std::vector<fs::path> stale;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().filename().string().find(".json.tmp.") != std::string::npos)
      stale.push_back(it->path());
  for (const auto& p : stale) fs::remove(p, ec);
  fs::remove(dir, ec);  // only when empty: entries added since stay for the next writer
}

}  // namespace linrepro
