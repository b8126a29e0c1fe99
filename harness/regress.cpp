#include "harness/regress.h"

#include <fmt/format.h>
#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "core/atomic_file.h"
#include "core/error.h"
#include "harness/compare.h"
#include "harness/published.h"
#include "harness/run_experiment.h"

namespace linrepro {
namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

constexpr double kRelativeTolerance = 1e-6;  // for objectives: same seed, same code, same numbers
constexpr double kAbsoluteFloor = 1e-12;     // below this, two objectives count as equal
constexpr size_t kMaxProblemsShown = 12;

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

// Removes a directory tree when it goes out of scope.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "linrepro-regress-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
      throw std::runtime_error("regress: cannot create a temporary directory");
    path = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool selected(const ExperimentInfo& e, const std::vector<std::string>& only) {
  if (only.empty()) return true;
  return std::any_of(only.begin(), only.end(), [&](const std::string& o) {
    return o == e.paper || o == e.paper + "/" + e.id;
  });
}

using PublishedIndex = std::map<CellKey, PublishedCell>;

PublishedIndex index_published(const fs::path& published_dir) {
  PublishedIndex index;
  for (const auto& paper : load_all_published(published_dir))
    for (const auto& c : paper.cells) index[{paper.paper, c.table, c.row, c.column}] = c;
  return index;
}

// Rule 2 of regress.h: cells that were within the published tolerance must stay within it.
void check_cells(const std::string& paper, const Json& now, const Json* reference,
                 const PublishedIndex& published, const std::map<CellKey, std::string>& committed,
                 ExperimentCheck& check) {
  std::map<std::tuple<std::string, std::string, std::string>, Cell> reference_cells;
  if (reference)
    for (const auto& c : result_cells(*reference)) reference_cells[{c.table, c.row, c.column}] = c;
  for (const auto& cell : result_cells(now)) {
    if (cell.status != "ok") continue;
    const CellKey key{paper, cell.table, cell.row, cell.column};
    const auto status = committed.find(key);
    const auto pub = published.find(key);
    if (status == committed.end() || status->second != "within" || pub == published.end()) continue;
    ++check.cells_checked;
    const CellVerdict verdict = judge_cell(pub->second, &cell);
    if (verdict.status == "within") continue;
    const std::string name = fmt::format("cell {} / {} / {}", cell.table, cell.row, cell.column);
    const auto ref = reference_cells.find({cell.table, cell.row, cell.column});
    if (ref != reference_cells.end() && ref->second.status == "ok" &&
        judge_cell(pub->second, &ref->second).status != "within") {
      check.notes.push_back(
          fmt::format("{}: outside the published tolerance in the reference fast run too "
                      "(fast mode, not a regression)",
                      name));
      continue;
    }
    check.problems.push_back(
        fmt::format("{} left its published tolerance: reproduced {:.17g}, published {} ± {} "
                    "(within in comparison.json)",
                    name, cell.value, pub->second.value, pub->second.tolerance));
  }
}

void print_check(std::ostream& err, const ExperimentCheck& c) {
  std::string line = fmt::format("regress {}/{}: {}", c.paper, c.id, c.passed ? "PASS" : "FAIL");
  line += fmt::format(" ({} runs compared, {} cells checked{})", c.runs_compared, c.cells_checked,
                      c.reference_written ? ", reference written" : "");
  err << line << "\n";
  for (size_t i = 0; i < c.problems.size() && i < kMaxProblemsShown; ++i)
    err << "  - " << c.problems[i] << "\n";
  if (c.problems.size() > kMaxProblemsShown)
    err << fmt::format("  ... and {} more differences\n", c.problems.size() - kMaxProblemsShown);
  for (const auto& n : c.notes) err << "  note: " << n << "\n";
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

}  // namespace

int diff_fast_results(const Json& reference, const Json& now, std::vector<std::string>& problems,
                      std::vector<std::string>& notes) {
  // Changed data explains every other difference, and updating the reference would bake the
  // changed data into it: say so first, and suggest `--update` nowhere below.
  bool data_changed = false;
  const auto digests_now = dataset_digests(now);
  for (const auto& [name, was] : dataset_digests(reference)) {
    const auto it = digests_now.find(name);
    if (it == digests_now.end() || it->second == was) continue;
    data_changed = true;
    problems.push_back(fmt::format(
        "dataset '{}' changed: content digest {} in the reference, {} now. The data changed, not "
        "the code: restore the original data (`linrepro data status --verify`); do not update "
        "the reference",
        name, was, it->second));
  }
  const std::string refresh =
      data_changed ? "" : "; if intended, refresh the reference with `linrepro regress --update`";
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
                        data_changed ? "" : " (refresh it with `linrepro regress --update`)"));
      continue;
    }
    ++compared;
    const std::string where = fmt::format("run '{}'", key);
    diff_json(where + " stop", r.value("stop", Json("")), n.value("stop", Json("")), false,
              problems);
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
  for (const auto& [key, n] : now_runs)
    if (!seen.contains(key))
      problems.push_back(fmt::format("run '{}': new (not in the reference){}", key, refresh));
  return compared;
}

RegressSummary regression_check(const RegressOptions& opt) {
  const auto& experiments = opt.experiments ? *opt.experiments : experiment_registry();
  const PublishedIndex published = index_published(opt.results_dir / "published");
  const auto committed = load_comparison_statuses(opt.results_dir / "comparison.json");
  std::ostream& err = *opt.err;
  if (committed.empty())
    err << fmt::format("regress: no {} yet: published tolerances are not checked\n",
                       (opt.results_dir / "comparison.json").string());

  RegressSummary summary;
  for (const auto& info : experiments) {
    if (!selected(info, opt.only)) continue;
    ExperimentCheck check;
    check.paper = info.paper;
    check.id = info.id;
    err << fmt::format("regress {}/{}: running the fast subset...\n", info.paper, info.id)
        << std::flush;

    ExperimentContext probe;
    probe.results_dir = opt.results_dir;
    probe.fast = true;
    const fs::path reference_path = result_file_path(probe, info.paper, info.id);
    std::optional<Json> reference;
    try {
      if (fs::exists(reference_path)) reference = read_result_file(reference_path);
    } catch (const DataError& e) {
      // Unreadable: --update replaces it, a plain check cannot use it.
      (opt.update ? check.notes : check.problems).push_back(e.what());
    }

    TempDir tmp;
    ExperimentContext ctx;
    ctx.results_dir = tmp.path;
    ctx.fast = true;
    ctx.threads = opt.threads;
    ctx.progress = opt.progress;
    if (reference && reference->contains("seed") && (*reference)["seed"].is_number_integer() &&
        (*reference)["seed"] >= 0)
      ctx.seed = (*reference)["seed"].get<uint64_t>();  // same seed, same numbers
    std::optional<Json> now;
    try {
      ctx.published_dir = opt.results_dir / "published";
      run_experiment(info, ctx);
      const fs::path produced = result_file_path(ctx, info.paper, info.id);
      if (!fs::exists(produced))
        check.problems.push_back(fmt::format("the experiment wrote no fast result (expected {})",
                                             fs::relative(produced, tmp.path).string()));
      else
        now = read_result_file(produced);
    } catch (const std::exception& e) {
      check.problems.push_back(fmt::format("the experiment threw: {}", e.what()));
    }

    if (now) {
      if (opt.update) {
        if (reference) {
          std::vector<std::string> differences, ignored;
          diff_fast_results(*reference, *now, differences, ignored);
          check.notes.push_back(
              differences.empty()
                  ? "the new reference equals the old one"
                  : fmt::format("the new reference differs from the old one in {} places "
                                "(first: {})",
                                differences.size(), differences.front()));
        }
        write_file_atomic(reference_path, read_text(result_file_path(ctx, info.paper, info.id)));
        check.reference_written = true;
      } else if (reference) {
        check.runs_compared = diff_fast_results(*reference, *now, check.problems, check.notes);
      } else if (check.problems.empty()) {
        check.problems.push_back(
            fmt::format("no committed reference {}: record one with `linrepro regress "
                        "--update`",
                        reference_path.string()));
      }
      check_cells(info.paper, *now, reference ? &*reference : nullptr, published, committed, check);
    }
    check.passed = check.problems.empty();
    (check.passed ? summary.passed : summary.failed) += 1;
    print_check(err, check);
    summary.checks.push_back(std::move(check));
  }
  *opt.out << fmt::format("{} passed, {} failed", summary.passed, summary.failed) << std::endl;
  return summary;
}

}  // namespace linrepro
