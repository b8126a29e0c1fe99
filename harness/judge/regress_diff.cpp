#include "harness/judge/regress_diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include "harness/experiment/experiment.h"

namespace linrepro {

using Json = nlohmann::json;

namespace {

constexpr double kRelativeTolerance = 1e-6;  // for objectives: same seed, same code, same numbers
constexpr double kAbsoluteFloor = 1e-12;     // below this, two objectives count as equal

bool contains_any(const std::string& name, std::initializer_list<const char*> parts) {
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return std::any_of(parts.begin(), parts.end(),
                     [&](const char* p) { return lower.find(p) != std::string::npos; });
}

// Timings and memory differ from run to run: never compared.
bool is_timing(const std::string& name) {
  return contains_any(name, {"second", "time", "memory", "rss", "elapsed", "clock"}) ||
         name.ends_with("_s") || name.ends_with("_ms");
}

// Floating results of an optimisation (as opposed to counts and rates computed from predictions).
bool is_approximate(const std::string& name) {
  return contains_any(name, {"obj", "loss", "gap", "norm", "residual", "dual", "primal", "margin",
                             "risk", "gradient"});
}

std::string show(const Json& v) {
  if (v.is_number_float()) return fmt::format("{:.17g}", v.get<double>());
  return v.dump();
}

bool numbers_equal(const Json& a, const Json& b, bool approximate) {
  if (a.is_number_integer() && b.is_number_integer() && !approximate) return a == b;
  const double x = a.get<double>(), y = b.get<double>();
  if (!approximate) return x == y;
  return std::abs(x - y) <=
         kRelativeTolerance * std::max({std::abs(x), std::abs(y), kAbsoluteFloor});
}

// Appends a problem for every difference between two JSON values at `path`.
void diff_json(const std::string& path, const Json& a, const Json& b, bool approximate,
               std::vector<std::string>& problems) {
  if (a.is_number() && b.is_number()) {
    if (!numbers_equal(a, b, approximate))
      problems.push_back(fmt::format("{}: {} in the reference, {} now{}", path, show(a), show(b),
                                     approximate ? " (beyond relative 1e-6)" : ""));
    return;
  }
  if (a.is_object() && b.is_object()) {
    for (const auto& [k, x] : a.items()) {
      if (is_timing(k)) continue;
      const std::string sub = fmt::format("{}.{}", path, k);
      if (!b.contains(k))
        problems.push_back(fmt::format("{}: in the reference, missing now", sub));
      else
        diff_json(sub, x, b[k], approximate || is_approximate(k), problems);
    }
    for (const auto& [k, x] : b.items())
      if (!is_timing(k) && !a.contains(k))
        problems.push_back(fmt::format("{}.{}: new (not in the reference)", path, k));
    return;
  }
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) {
      problems.push_back(
          fmt::format("{}: {} entries in the reference, {} now", path, a.size(), b.size()));
      return;
    }
    for (size_t i = 0; i < a.size(); ++i)
      diff_json(fmt::format("{}[{}]", path, i), a[i], b[i], approximate, problems);
    return;
  }
  if (a != b)
    problems.push_back(fmt::format("{}: {} in the reference, {} now", path, show(a), show(b)));
}

// The content digests of the datasets a result document used, by name.
std::map<std::string, std::string> dataset_digests(const Json& doc) {
  std::map<std::string, std::string> out;
  for (const auto& d : doc.value("datasets", Json::array())) {
    if (!d.is_object() || !d.contains("data") || !d["data"].is_object()) continue;
    const std::string digest = d["data"].value("content_sha256", std::string());
    if (!digest.empty()) out[d.value("name", std::string())] = digest;
  }
  return out;
}

// One problem per dataset whose content digest differs between the two documents.
std::vector<std::string> changed_datasets(const Json& reference, const Json& now) {
  std::vector<std::string> out;
  const auto digests_now = dataset_digests(now);
  for (const auto& [name, was] : dataset_digests(reference)) {
    const auto it = digests_now.find(name);
    if (it == digests_now.end() || it->second == was) continue;
    out.push_back(fmt::format(
        "dataset '{}' changed: content digest {} in the reference, {} now. The data changed, not "
        "the code: restore the original data (`linrepro data status --verify`); do not update "
        "the reference",
        name, was, it->second));
  }
  return out;
}

// Changed data explains every other difference, and updating the reference would bake it in:
// then no message suggests `--update`.
std::string refresh_hint(bool data_changed) {
  return data_changed ? ""
                      : "; if intended, refresh the reference with `linrepro regress --update`";
}

// A number the experiment emitted: a cell, or one value of an ablation table.
struct Emitted {
  std::string status;  // ok | data_unavailable | not_run
  double value = 0;
  bool compared = true;  // false: a timing or memory, never compared
  bool approximate = false;
  std::string note;
};

bool is_timing_unit(const std::string& unit) { return unit == "s" || unit == "MB"; }

std::map<std::string, Emitted> emitted_numbers(const Json& doc) {
  std::map<std::string, Emitted> out;
  for (const Cell& c : result_cells(doc)) {
    Emitted e{c.status, c.value, true, false, c.note};
    e.compared = !is_timing_unit(c.unit) && !is_timing(c.column) && !is_timing(c.row);
    e.approximate = is_approximate(c.column) || is_approximate(c.row);
    out[fmt::format("cell {} / {} / {}", c.table, c.row, c.column)] = e;
  }
  for (const Json& a : doc.value("ablations", Json::array())) {
    const auto columns = a.value("columns", std::vector<std::string>());
    for (const Json& row : a.value("rows", Json::array())) {
      if (row.value("reference", false)) continue;  // the published numbers, not computed
      const Json values = row.value("values", Json::array());
      for (size_t i = 0; i < columns.size() && i < values.size(); ++i) {
        if (!values[i].is_number()) continue;  // not available in this variant
        Emitted e{"ok", values[i].get<double>(), !is_timing(columns[i]), is_approximate(columns[i]),
                  ""};
        out[fmt::format("ablation {} / {} / {}", a.value("id", ""), row.value("variant", ""),
                        columns[i])] = e;
      }
    }
  }
  return out;
}

// Whether the experiment found some of its data missing this time.
bool data_missing_now(const Json& now) {
  for (const Json& r : now.value("runs", Json::array()))
    if (r.value("status", "") == "data_unavailable") return true;
  for (const Cell& c : result_cells(now))
    if (c.status == "data_unavailable") return true;
  return false;
}

}  // namespace

namespace {

// Two finished runs of the same key and config: their stop, iterations, objective, metrics,
// trace and extra (the numbers within diff_json's tolerance).
void diff_run(const std::string& key, const Json& r, const Json& n,
              std::vector<std::string>& problems) {
  const std::string where = fmt::format("run '{}'", key);
  diff_json(where + " stop", r.value("stop", Json("")), n.value("stop", Json("")), false, problems);
  diff_json(where + " iterations", r.value("iterations", Json(0)), n.value("iterations", Json(0)),
            false, problems);
  diff_json(where + " objective", r.value("objective", Json(nullptr)),
            n.value("objective", Json(nullptr)), true, problems);
  diff_json(where + " metrics", r.value("metrics", Json::object()),
            n.value("metrics", Json::object()), false, problems);
  diff_json(where + " trace", r.value("trace", Json::array()), n.value("trace", Json::array()),
            true, problems);
  diff_json(where + " extra", r.value("extra", Json::object()), n.value("extra", Json::object()),
            true, problems);
}

}  // namespace

int diff_fast_results(const Json& reference, const Json& now, std::vector<std::string>& problems,
                      std::vector<std::string>& notes) {
  const std::vector<std::string> changed = changed_datasets(reference, now);
  problems.insert(problems.end(), changed.begin(), changed.end());
  const std::string refresh = refresh_hint(!changed.empty());
  std::map<std::string, Json> now_runs;
  for (const auto& r : now.value("runs", Json::array())) now_runs[r.value("key", "")] = r;
  std::set<std::string> seen;
  int compared = 0;
  for (const auto& r : reference.value("runs", Json::array())) {
    const std::string key = r.value("key", "");
    seen.insert(key);
    const auto it = now_runs.find(key);
    if (it == now_runs.end()) {
      problems.push_back(fmt::format("run '{}': in the reference, not produced now", key));
      continue;
    }
    const Json& n = it->second;
    const std::string was = r.value("status", "ok"), is = n.value("status", "ok");
    if (r.value("config_hash", "") != n.value("config_hash", "")) {
      problems.push_back(fmt::format("run '{}': config changed (hash {} -> {}){}", key,
                                     r.value("config_hash", ""), n.value("config_hash", ""),
                                     refresh));
      continue;
    }
    if (is == "failed") {
      problems.push_back(fmt::format("run '{}' failed: {}", key, n.value("reason", "")));
      continue;
    }
    if (is == "data_unavailable" && was != "data_unavailable") {
      notes.push_back(fmt::format("run '{}' not compared: its data is unavailable here ({})", key,
                                  n.value("reason", "")));
      continue;
    }
    if (was != "ok") {
      if (was != is)
        notes.push_back(
            fmt::format("run '{}' not compared: the reference has status '{}'{}", key, was,
                        changed.empty() ? " (refresh it with `linrepro regress --update`)" : ""));
      continue;
    }
    ++compared;
    diff_run(key, r, n, problems);
  }
  for (const auto& [key, n] : now_runs)
    if (!seen.contains(key))
      problems.push_back(fmt::format("run '{}': new (not in the reference){}", key, refresh));
  return compared;
}

int diff_fast_cells(const Json& reference, const Json& now, std::vector<std::string>& problems,
                    std::vector<std::string>& notes) {
  // diff_fast_results names a changed dataset; here it only silences the `--update` hint.
  const std::string refresh = refresh_hint(!changed_datasets(reference, now).empty());
  const auto was_emitted = emitted_numbers(reference);
  const auto now_emitted = emitted_numbers(now);
  const bool data_missing = data_missing_now(now);
  int compared = 0;
  for (const auto& [name, was] : was_emitted) {
    const auto it = now_emitted.find(name);
    if (it == now_emitted.end()) {
      // Drivers mark the published cells of missing data; the rest (ablations, cells of their
      // own) they cannot compute, so those vanish.
      if (data_missing && was.status == "ok")
        notes.push_back(
            fmt::format("{} not compared: not produced now, with data unavailable here", name));
      else
        problems.push_back(fmt::format("{}: in the reference, not produced now", name));
      continue;
    }
    const Emitted& is = it->second;
    // As for runs: data missing now, or a reference without the value, is explained, not failed.
    if (was.status == "ok" && is.status == "data_unavailable") {
      notes.push_back(
          fmt::format("{} not compared: its data is unavailable here ({})", name, is.note));
      continue;
    }
    if (was.status != "ok") {
      if (was.status != is.status)
        notes.push_back(fmt::format("{} not compared: the reference has status '{}'{}", name,
                                    was.status, refresh));
      continue;
    }
    if (is.status != "ok") {
      problems.push_back(fmt::format("{}: ok in the reference, '{}' now", name, is.status));
      continue;
    }
    if (!was.compared) continue;
    ++compared;
    diff_json(name, Json(was.value), Json(is.value), was.approximate, problems);
  }
  for (const auto& [name, is] : now_emitted)
    if (!was_emitted.contains(name))
      problems.push_back(fmt::format("{}: new (not in the reference){}", name, refresh));
  return compared;
}

}  // namespace linrepro
