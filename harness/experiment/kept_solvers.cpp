#include "harness/experiment/kept_solvers.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/file_lock.h"
#include "harness/results/result_schema.h"
#include "harness/results/run_journal.h"

namespace linrepro {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSchema = "linrepro-solvers/1";

// The file's specs (the caller holds its lock, or only reads).
std::vector<std::string> read_specs(const fs::path& file) {
  if (!fs::exists(file)) return {};
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  const auto damaged = [&](const std::string& what) {
    return DataError(file.string(), 0,
                     fmt::format("{}: not a solvers file ({{\"schema\": \"{}\", \"solvers\": "
                                 "[{{\"spec\": ...}}]}}); fix it or remove it",
                                 what, kSchema));
  };
  Json doc;
  try {
    doc = Json::parse(text.str());
  } catch (const Json::parse_error& e) {
    throw damaged(e.what());
  }
  if (!doc.is_object() || !doc.contains("schema") || doc.at("schema") != kSchema ||
      !doc.contains("solvers") || !doc.at("solvers").is_array())
    throw damaged("no \"schema\" or \"solvers\"");
  std::vector<std::string> specs;
  for (const Json& s : doc.at("solvers")) {
    if (!s.is_object() || !s.contains("spec") || !s.at("spec").is_string())
      throw damaged("a solver without its \"spec\"");
    specs.push_back(s.at("spec").get<std::string>());
  }
  return specs;
}

void write_specs(const fs::path& file, const std::vector<std::string>& specs) {
  Json list = Json::array();
  for (const std::string& s : specs) list.push_back({{"spec", s}});
  fs::create_directories(file.parent_path());
  write_file_atomic(file, Json{{"schema", kSchema}, {"solvers", list}}.dump(2) + "\n");
}

}  // namespace

fs::path kept_solvers_path(const fs::path& results_dir) { return results_dir / "solvers.json"; }

std::vector<std::string> read_kept_solvers(const fs::path& results_dir) {
  return read_specs(kept_solvers_path(results_dir));
}

void keep_solvers(const fs::path& results_dir, const std::vector<std::string>& specs) {
  const fs::path file = kept_solvers_path(results_dir);
  const FileLock lock = FileLock::acquire(lock_path_for(file));
  std::vector<std::string> kept = read_specs(file);
  const size_t before = kept.size();
  for (const std::string& s : specs)
    if (std::find(kept.begin(), kept.end(), s) == kept.end()) kept.push_back(s);
  if (kept.size() != before) write_specs(file, kept);
}

bool forget_kept_solver(const fs::path& results_dir, const std::string& spec) {
  const fs::path file = kept_solvers_path(results_dir);
  const FileLock lock = FileLock::acquire(lock_path_for(file));
  std::vector<std::string> kept = read_specs(file);
  if (std::erase(kept, spec) == 0) return false;
  write_specs(file, kept);
  return true;
}

int forget_solver_runs(const fs::path& path, const std::string& label) {
  if (!fs::exists(path) && !fs::exists(journal_dir(path))) return 0;  // no lock, no folder made
  const FileLock lock = FileLock::acquire(lock_path_for(path));
  const auto of_label = [&](const Json& run) {
    const Json& config = run.value("config", Json::object());
    return config.is_object() && config.value("with_solver", "") == label;
  };
  std::set<std::string> keys;
  // Its runs in the journal too (a writer killed before it folded them in): the next writer would
  // fold them back.
  std::vector<JournalEntry> gone;
  for (const JournalEntry& e : read_journal(path))
    if (of_label(e.run_json)) {
      gone.push_back(e);
      keys.insert(e.run.key);
    }
  if (fs::exists(path)) {
    Json doc = read_result_file(path);
    Json kept = Json::array();
    for (const Json& r : doc.value("runs", Json::array())) {
      if (!of_label(r))
        kept.push_back(r);
      else
        keys.insert(r.value("key", ""));
    }
    if (kept.size() != doc.value("runs", Json::array()).size()) {
      doc["runs"] = kept;
      write_file_atomic(path, doc.dump(2) + "\n");
    }
  }
  clear_journal(path, gone);
  return static_cast<int>(keys.size());
}

}  // namespace linrepro
