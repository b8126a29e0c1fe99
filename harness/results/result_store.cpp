// A result file as it is stored: reading it with its journal, key order
// (harness/results/result_store.h).
#include "harness/results/result_store.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <set>

#include "core/error.h"

namespace linrepro {
namespace fs = std::filesystem;

namespace {

bool key_less(const RunRecord& a, const RunRecord& b) { return a.key < b.key; }

}  // namespace

bool run_may_replace(const std::string& incoming_status, const std::string& stored_status) {
  return stored_status != "ok" || incoming_status == "ok";
}

Json summary_of(const Json& doc) {
  Json s = Json::object();
  for (const char* key : {"config_hash", "seed"})
    if (doc.contains(key)) s[key] = doc[key];
  for (const char* key : {"datasets", "cells", "claims", "ablations"})
    s[key] = doc.contains(key) && doc[key].is_array() ? doc[key] : Json::array();
  return s;
}

bool summary_fits(const Json& summary, const Json& doc) {
  return summary.is_object() &&
         summary.value("config_hash", Json()) == doc.value("config_hash", Json()) &&
         summary.value("seed", Json()) == doc.value("seed", Json());
}

Json new_result_document(Json header) {
  header["schema"] = kResultSchema;
  if (header.contains("config")) header["config_hash"] = config_hash(header["config"]);
  for (const char* list : {"datasets", "cells", "claims", "ablations", "runs"})
    header[list] = Json::array();
  return header;
}

StoredRuns read_stored_file(const fs::path& path, const Json& header) {
  StoredRuns out;
  if (!fs::exists(path)) return out;
  Json old;
  try {
    old = read_result_file(path);
  } catch (const DataError& e) {
    // An older schema (or a foreign file) holds nothing reusable: start afresh, say so, and let the
    // first save replace it.
    std::cerr << fmt::format("warning: {}; its runs are not reused and it will be overwritten\n",
                             e.what());
    return out;
  }
  for (const char* key : {"experiment", "paper"})
    if (old.value(key, "") != header[key].get<std::string>())
      throw ConfigError(
          fmt::format("{}: holds {} '{}', not '{}' (two experiments writing one file?)",
                      path.string(), key, old.value(key, ""), header[key].get<std::string>()));
  for (auto& r : old.value("runs", Json::array())) {
    try {
      out.runs.push_back(run_record_from_json(r));
    } catch (const ConfigError& e) {
      throw DataError(path.string(), 0, e.what());
    }
    out.runs_json.push_back(std::move(r));
  }
  if (old.contains("environment")) out.environment = old["environment"];
  out.summary = summary_of(old);
  return out;
}

void fold_in(StoredRuns& stored, const std::vector<JournalEntry>& entries) {
  std::map<std::string, size_t> at;
  for (size_t i = 0; i < stored.runs.size(); ++i) at[stored.runs[i].key] = i;
  for (const auto& e : entries) {
    const auto it = at.find(e.run.key);
    if (it == at.end()) {
      at[e.run.key] = stored.runs.size();
      stored.runs.push_back(e.run);
      stored.runs_json.push_back(e.run_json);
    } else if (run_may_replace(e.run.status, stored.runs[it->second].status)) {
      stored.runs[it->second] = e.run;
      stored.runs_json[it->second] = e.run_json;
    }
    if (e.environment.is_object()) stored.environment = e.environment;
  }
}

StoredRuns read_stored(const fs::path& path, const Json& header) {
  StoredRuns out = read_stored_file(path, header);
  fold_in(out, read_journal(path));
  return out;
}

std::string file_stamp(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "";
  return fmt::format("{}:{}:{}:{}.{}", st.st_dev, st.st_ino, st.st_size, st.st_mtim.tv_sec,
                     st.st_mtim.tv_nsec);
}

void note_mixed_commits(Json& doc, const std::vector<RunRecord>& runs) {
  std::set<std::string> commits;
  for (const auto& r : runs)
    if (!r.git_commit.empty()) commits.insert(r.git_commit);
  if (commits.size() > 1)
    doc["mixed_commits"] = commits;
  else
    doc.erase("mixed_commits");
}

void sort_by_key(std::vector<RunRecord>& runs) {
  std::stable_sort(runs.begin(), runs.end(), key_less);
  std::vector<RunRecord> unique;
  for (auto& r : runs) {
    if (!unique.empty() && unique.back().key == r.key)
      unique.back() = std::move(r);
    else
      unique.push_back(std::move(r));
  }
  runs = std::move(unique);
}

int merge_shard_runs(Json& doc, const std::vector<fs::path>& shards, const std::string& paper,
                     const std::string& experiment) {
  std::map<std::string, Json> runs;  // key order
  for (const auto& r : doc.value("runs", Json::array())) runs[r.value("key", "")] = r;
  int merged = 0;
  for (const fs::path& file : shards) {
    const Json shard = read_result_file(file);
    if (shard.value("experiment", "") != experiment || shard.value("paper", "") != paper)
      throw DataError(file.string(), 0,
                      fmt::format("a shard of {}/{}, not of {}/{}", shard.value("paper", ""),
                                  shard.value("experiment", ""), paper, experiment));
    for (const auto& r : shard.value("runs", Json::array())) {
      const RunRecord run = run_record_from_json(r);  // validates the record
      const auto it = runs.find(run.key);
      if (it != runs.end() && !run_may_replace(run.status, it->second.value("status", "")))
        continue;
      runs[run.key] = r;
      ++merged;
    }
  }
  Json list = Json::array();
  for (auto& [key, r] : runs) list.push_back(std::move(r));
  doc["runs"] = std::move(list);
  return merged;
}

size_t key_position(const std::vector<RunRecord>& runs, const std::string& key) {
  const auto it =
      std::lower_bound(runs.begin(), runs.end(), key,
                       [](const RunRecord& r, const std::string& k) { return r.key < k; });
  return static_cast<size_t>(it - runs.begin());
}

const RunRecord* find_by_key(const std::vector<RunRecord>& runs, const std::string& key) {
  const size_t at = key_position(runs, key);
  return at < runs.size() && runs[at].key == key ? &runs[at] : nullptr;
}

}  // namespace linrepro
