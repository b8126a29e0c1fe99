// Which runs this process computes (harness/results/run_scheduler.h).
#include "harness/results/run_scheduler.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <regex>

#include "core/error.h"

namespace linrepro {
namespace fs = std::filesystem;

void check_selection(const std::filesystem::path& result_file, bool force, const RunSelection& s) {
  if (force && s.mode != RunSelection::Mode::execute)
    throw ConfigError(fmt::format(
        "{}: --force redoes every run in one process; it cannot be combined with planning or a "
        "subset of keys (remove the result file instead)",
        result_file.string()));
  if (s.mode == RunSelection::Mode::subset && s.shard_path.empty())
    throw ConfigError(fmt::format("{}: a subset of keys needs a shard file", result_file.string()));
}

bool is_extra_solver_run(const Json& config) {
  return config.is_object() && config.contains("with_solver") && config["with_solver"].is_string();
}

bool executes(const RunSelection& s, const std::string& key) {
  return s.mode == RunSelection::Mode::execute ||
         (s.mode == RunSelection::Mode::subset && s.keys.contains(key));
}

void check_planned_hash(const RunSelection& s, const std::string& key, const Json& config) {
  const auto planned = s.planned_hashes.find(key);
  if (planned == s.planned_hashes.end() || planned->second.empty()) return;
  const std::string here = config_hash(config);
  if (planned->second != here)
    throw ConfigError(
        fmt::format("run '{}': its config hashes to {} here but to {} where it was planned: this "
                    "machine's data or program differs from the planner's",
                    key, here, planned->second));
}

PlannedRun planned_run(const std::string& key, const Json& config, double cost_seconds) {
  PlannedRun p;
  p.key = key;
  p.config = config;
  p.config_hash = config_hash(config);
  p.cost_seconds = cost_seconds;
  if (!config.is_object()) return p;
  if (config.contains("solver") && config["solver"].is_string())
    p.solver = config["solver"].get<std::string>();
  if (config.contains("dataset")) {
    const Json& d = config["dataset"];
    if (d.is_string()) p.dataset = d.get<std::string>();
    if (d.is_object()) p.dataset = d.value("name", std::string());
  }
  return p;
}

Keeping keeping(const RunSelection& s) {
  switch (s.mode) {
    case RunSelection::Mode::plan:
    case RunSelection::Mode::summarise:
      return Keeping::nothing;
    case RunSelection::Mode::subset:
      return Keeping::shard_file;
    case RunSelection::Mode::execute:
      break;
  }
  return Keeping::journal;
}

std::map<std::string, std::string> plan_keys(const fs::path& plan_file,
                                             const std::string& experiment, int shard, int shards) {
  if (shards < 1 || shard < 0 || shard >= shards)
    throw ConfigError(fmt::format("shard {}/{}: need 0 <= shard < shards", shard, shards));
  std::ifstream in(plan_file);
  if (!in) throw DataError(plan_file.string(), 0, "cannot open the plan file");
  std::map<std::string, std::string> keys;
  std::string line;
  int64_t number = 0, index = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    Json j;
    try {
      j = Json::parse(line);
    } catch (const Json::parse_error& e) {
      throw DataError(plan_file.string(), number, fmt::format("not a JSON line: {}", e.what()));
    }
    if (!j.is_object() || !j.contains("experiment") || !j["experiment"].is_string() ||
        !j.contains("key") || !j["key"].is_string())
      throw DataError(plan_file.string(), number,
                      "a plan line needs string fields 'experiment' and 'key'");
    if (index++ % shards != shard) continue;
    if (j["experiment"] == experiment)
      keys[j["key"].get<std::string>()] = j.value("config_hash", std::string());
  }
  return keys;
}

fs::path shard_file_in(const fs::path& dir, const std::string& id, int shard, int shards) {
  return dir / fmt::format("{}.{}-of-{}.json", id, shard, shards);
}

std::vector<fs::path> shard_files_in(const fs::path& dir, const std::string& id) {
  std::vector<fs::path> shards;
  if (fs::is_directory(dir))
    for (const auto& entry : fs::directory_iterator(dir)) {
      // Another experiment's id may share this one as a prefix.
      const std::string name = entry.path().filename().string();
      static const std::regex pattern(R"(\.[0-9]+-of-[0-9]+\.json)");
      if (name.starts_with(id) && std::regex_match(name.substr(id.size()), pattern))
        shards.push_back(entry.path());
    }
  std::sort(shards.begin(), shards.end());
  return shards;
}

double run_cost_seconds(const RunRecord& r) {
  const double t = (std::isfinite(r.train_seconds) ? r.train_seconds : 0) +
                   (std::isfinite(r.test_seconds) ? r.test_seconds : 0);
  return t > 0 ? t : NAN;
}

}  // namespace linrepro
