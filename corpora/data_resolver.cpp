#include "corpora/data_resolver.h"

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/subprocess.h"
#include "corpora/dataset_counts.h"

namespace linrepro {
namespace fs = std::filesystem;

namespace {

constexpr const char* kStampName = ".linrepro-stamp.json";

std::string getenv_str(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

bool offline() {
  const std::string v = getenv_str("LINREPRO_OFFLINE");
  return !v.empty() && v != "0";
}

bool is_hex64(std::string_view s) {
  if (s.size() != 64) return false;
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

// Extracts the 64-hex digest from sha256sum's output ("<hex>  <name>", or "\<hex>  <name>" when
// the name needed escaping).
std::string parse_sha256sum_output(const std::string& out) {
  const size_t start = (!out.empty() && out[0] == '\\') ? 1 : 0;
  const std::string hex = out.substr(start, 64);
  return is_hex64(hex) ? hex : std::string();
}

std::string read_small_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Json read_stamp(const fs::path& p) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return Json();
  try {
    return Json::parse(read_small_file(p));
  } catch (const std::exception&) {
    return Json();  // a damaged stamp only means "verify again"
  }
}

bool all_roots_exist(const fs::path& dir, const std::vector<std::string>& roots) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return false;
  for (const auto& r : roots) {
    if (!fs::exists(dir / r, ec)) return false;
  }
  return true;
}

// A cheap fingerprint of a directory tree (file count, bytes, newest mtime) so that data found in
// $LINREPRO_DATA is re-hashed only when it changes.
Json tree_fingerprint(const fs::path& dir, const std::vector<std::string>& roots) {
  int64_t files = 0;
  uintmax_t bytes = 0;
  int64_t newest = 0;
  auto visit = [&](const fs::directory_entry& e) {
    std::error_code ec;
    if (!e.is_regular_file(ec)) return;
    ++files;
    bytes += e.file_size(ec);
    const auto t = e.last_write_time(ec).time_since_epoch();
    newest = std::max<int64_t>(newest, std::chrono::duration_cast<std::chrono::seconds>(t).count());
  };
  for (const auto& r : roots) {
    std::error_code ec;
    const fs::path p = dir / r;
    if (fs::is_directory(p, ec)) {
      for (const auto& e : fs::recursive_directory_iterator(p, ec)) visit(e);
    } else {
      visit(fs::directory_entry(p, ec));
    }
  }
  return Json{{"files", files}, {"bytes", bytes}, {"newest_mtime", newest}};
}

// The same per digest root, with nanosecond mtimes: the cache's stamp records it at extraction so
// that an edit to any one file (data/a9a/a9a) is noticed on use and can be named.
Json root_fingerprints(const fs::path& dir, const std::vector<std::string>& roots) {
  Json out = Json::object();
  for (const auto& r : roots) {
    int64_t files = 0;
    uintmax_t bytes = 0;
    int64_t mtime_sum = 0;  // wraps harmlessly: only compared for equality
    auto visit = [&](const fs::directory_entry& e) {
      std::error_code ec;
      if (!e.is_regular_file(ec)) return;
      ++files;
      bytes += e.file_size(ec);
      const auto t = e.last_write_time(ec).time_since_epoch();
      mtime_sum = static_cast<int64_t>(
          static_cast<uint64_t>(mtime_sum) +
          static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(t).count()));
    };
    std::error_code ec;
    const fs::path p = dir / r;
    if (fs::is_directory(p, ec)) {
      for (const auto& e : fs::recursive_directory_iterator(p, ec)) visit(e);
    } else {
      visit(fs::directory_entry(p, ec));
    }
    out[r] = Json{{"files", files}, {"bytes", bytes}, {"mtime_sum_ns", mtime_sum}};
  }
  return out;
}

std::string describe_path(const fs::path& p) { return p.lexically_normal().string(); }

// Everything tried while resolving one dataset, for the DataUnavailable message.
struct Attempts {
  std::vector<std::string> lines;
  void add(const std::string& where, const std::string& what) {
    lines.push_back(fmt::format("  - {}: {}", where, what));
  }
};

// Present but damaged somewhere, or expected in the mirror and not there: an error, not a status.
[[noreturn]] void throw_failure(const DatasetSpec& spec, const Attempts& attempts,
                                const std::vector<std::string>& damage) {
  std::string msg;
  if (!damage.empty()) {
    msg = fmt::format("data damaged: {}: {}", spec.name, damage.front());
    for (size_t i = 1; i < damage.size(); ++i) msg += "; " + damage[i];
    msg +=
        ". Replace the damaged file (the mirror's copy or a fresh download), then run "
        "`linrepro data fetch`.";
  } else {
    msg = fmt::format("data missing: {}: it should be in the mirror, but is not there: {}.",
                      spec.name, spec.how_to_get);
  }
  msg += "\n  looked in, in order:\n";
  for (const auto& l : attempts.lines) msg += l + "\n";
  msg += "  (set LINREPRO_DATA=<dir> to point at your copy; LINREPRO_MIRROR=<dir> for a mirror)";
  throw DataFailure(!damage.empty(), msg);
}

[[noreturn]] void throw_unavailable(const DatasetSpec& spec, const Attempts& attempts) {
  std::string msg = fmt::format("data unavailable: {}: {}.\n  looked in, in order:\n", spec.name,
                                spec.how_to_get);
  for (const auto& l : attempts.lines) msg += l + "\n";
  msg += "  (set LINREPRO_DATA=<dir> to point at your copy; LINREPRO_MIRROR=<dir> for a mirror)";
  // Experiments turn this into data_unavailable cells; say it on stderr too (once per dataset and
  // process), so that a run's console shows why cells are empty and how to fill them.
  static std::mutex mutex;
  static std::set<std::string> said;
  {
    std::lock_guard lock(mutex);
    if (said.insert(spec.name).second)
      std::cerr << "linrepro data: " << spec.name << " unavailable here: " << spec.how_to_get
                << "\n";
  }
  throw DataUnavailable(spec.name, msg);
}

enum class Unpack { Tar, Xz, Gzip, Bzip2, Copy };

Unpack unpack_kind(const std::string& file_name) {
  auto ends = [&](std::string_view suffix) {
    return file_name.size() >= suffix.size() &&
           file_name.compare(file_name.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (ends(".tar.xz") || ends(".tar.gz") || ends(".gtar.gz") || ends(".tgz") || ends(".tar")) {
    return Unpack::Tar;
  }
  if (ends(".xz")) return Unpack::Xz;
  if (ends(".gz")) return Unpack::Gzip;
  if (ends(".bz2")) return Unpack::Bzip2;
  return Unpack::Copy;
}

// One input file for an installation, with the sha256 it must have ("" = no pin).
struct InputFile {
  fs::path path;
  std::string expected_sha256;
  const DataPart* part = nullptr;
};

void progress(bool show, const std::string& msg) {
  if (show) std::cerr << "linrepro data: " << msg << std::endl;
}

// If an archive wrapped everything in one top-level directory that the layout does not expect
// (e.g. a re-packed reuters21578/ folder), move its content up one level.
void flatten_single_top_dir(const fs::path& tmp, const DatasetSpec& spec) {
  if (spec.digest_roots.empty() || all_roots_exist(tmp, spec.digest_roots)) return;
  std::vector<fs::path> entries;
  for (const auto& e : fs::directory_iterator(tmp)) entries.push_back(e.path());
  if (entries.size() != 1 || !fs::is_directory(entries[0])) return;
  if (!all_roots_exist(entries[0], spec.digest_roots)) return;
  const fs::path inner = tmp / ".linrepro-inner";
  fs::rename(entries[0], inner);
  for (const auto& e : fs::directory_iterator(inner))
    fs::rename(e.path(), tmp / e.path().filename());
  fs::remove(inner);
}

// A stamp is valid when it records the pinned content digest (or, for unpinned datasets, exists).
bool stamp_valid(const DatasetSpec& spec, const Json& stamp) {
  if (!stamp.is_object() || stamp.value("name", std::string()) != spec.name) return false;
  if (spec.content_sha256.empty()) return true;
  const std::string digest = stamp.value("content_sha256", std::string());
  return digest == spec.content_sha256 ||
         (stamp.value("verified", false) &&
          stamp.value("verification", std::string()).rfind("archive sha256", 0) == 0);
}

// Removes temporary directories that a killed run left behind (.tmp-<name>-<pid>,
// .download-<name>-<pid> whose process no longer exists), so they do not pile up in the cache.
void remove_stale_temporaries(const std::string& name) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(cache_dir(), ec)) {
    const std::string f = e.path().filename().string();
    for (const std::string& prefix : {".tmp-" + name + "-", ".download-" + name + "-"}) {
      if (f.rfind(prefix, 0) != 0) continue;
      const std::string pid_text = f.substr(prefix.size());
      pid_t pid = 0;
      const auto [p, err] =
          std::from_chars(pid_text.data(), pid_text.data() + pid_text.size(), pid);
      if (err != std::errc() || p != pid_text.data() + pid_text.size() || pid <= 0) continue;
      if (kill(pid, 0) != 0 && errno == ESRCH) fs::remove_all(e.path(), ec);
    }
  }
}

struct InstallResult {
  bool ok = false;
  std::string problem;   // why it failed (for Attempts)
  bool damaged = false;  // the input is present but wrong (checksum, unpacking, content)
};

// Verifies the inputs, unpacks them into a private temporary directory, checks the content pin,
// writes the stamp, and renames the directory to data/<name>. Nothing is left behind on failure.
InstallResult install(const DatasetSpec& spec, const std::vector<InputFile>& inputs,
                      const std::string& source, const std::string& where) {
  const fs::path cache = cache_dir();
  const fs::path target = cache / spec.name;
  const fs::path tmp = cache / fmt::format(".tmp-{}-{}", spec.name, getpid());
  std::error_code ec;
  fs::create_directories(cache, ec);
  if (ec)
    return {false, fmt::format("cannot create the cache {}: {}", cache.string(), ec.message())};
  remove_stale_temporaries(spec.name);
  fs::remove_all(tmp, ec);
  fs::create_directories(tmp, ec);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code e;
      if (!dir.empty()) fs::remove_all(dir, e);
    }
  } cleanup{tmp};

  bool all_archives_pinned = true;
  Json input_json = Json::array();
  for (const auto& in : inputs) {
    const std::string actual = sha256_file(in.path);
    if (!in.expected_sha256.empty() && in.expected_sha256 != kUnpinned) {
      if (actual != in.expected_sha256) {
        return {false,
                fmt::format("{} has sha256 {}, expected the pinned {} (damaged or a different "
                            "version)",
                            in.path.string(), actual, in.expected_sha256),
                true};
      }
    } else {
      all_archives_pinned = false;
    }
    input_json.push_back({{"file", in.path.filename().string()}, {"sha256", actual}});
    progress(true, fmt::format("unpacking {} into {}", describe_path(in.path), target.string()));
    const std::string name = in.path.filename().string();
    CommandResult r;
    switch (unpack_kind(name)) {
      case Unpack::Tar:
        r = run_command({"tar", "-xf", in.path.string(), "-C", tmp.string()});
        break;
      case Unpack::Xz:
        r = run_command({"xz", "-dc", in.path.string()}, tmp / in.part->output);
        break;
      case Unpack::Gzip:
        r = run_command({"gzip", "-dc", in.path.string()}, tmp / in.part->output);
        break;
      case Unpack::Bzip2:
        r = run_command({"bzip2", "-dc", in.path.string()}, tmp / in.part->output);
        break;
      case Unpack::Copy:
        r.exit_code = fs::copy_file(in.path, tmp / in.part->output, ec) ? 0 : 1;
        r.err = ec.message();
        break;
    }
    if (r.exit_code != 0) {
      std::string err = r.err;
      while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
      return {false, fmt::format("unpacking {} failed: {}", in.path.string(), err), true};
    }
  }
  flatten_single_top_dir(tmp, spec);
  if (!all_roots_exist(tmp, spec.digest_roots)) {
    return {false,
            fmt::format("after unpacking, the expected content ({}...) is missing",
                        spec.digest_roots.empty() ? "" : spec.digest_roots.front()),
            true};
  }
  const std::string digest = content_digest(tmp, spec.digest_roots);
  std::string verification;
  bool verified = false;
  if (!spec.content_sha256.empty()) {
    if (digest == spec.content_sha256) {
      verified = true;
      verification = all_archives_pinned ? "archive sha256 + content digest" : "content digest";
    } else if (all_archives_pinned && !inputs.empty()) {
      // The download is exactly the pinned canonical file, but its content differs from the
      // mirror's: trust the canonical pin, and say so.
      verified = true;
      verification = "archive sha256 (content differs from the mirror's digest)";
      std::cerr << "linrepro data: warning: " << spec.name << ": content digest " << digest
                << " differs from the mirror's " << spec.content_sha256
                << " although the archive matches its pinned sha256\n";
    } else {
      return {false,
              fmt::format("content digest {} does not match the pinned {} ({})", digest,
                          spec.content_sha256, spec.content_pin_source),
              true};
    }
  } else if (all_archives_pinned && !inputs.empty()) {
    verified = true;
    verification = "download sha256";
  } else {
    verification = kUnpinned;
  }
  Json stamp = {{"name", spec.name},    {"content_sha256", digest},
                {"verified", verified}, {"verification", verification},
                {"source", source},     {"where", where},
                {"inputs", input_json}};
  stamp["counts"] = count_dataset(spec.name, spec.data_path.empty() ? tmp : tmp / spec.data_path);
  stamp["fingerprints"] = root_fingerprints(tmp, spec.digest_roots);  // rename keeps mtimes
  write_file_atomic(tmp / kStampName, stamp.dump(2) + "\n");
  fs::rename(tmp, target, ec);
  if (ec) {
    // Another process installed it first (parallel tests, two commands): use theirs.
    if (stamp_valid(spec, read_stamp(target / kStampName))) return {true, ""};
    return {false,
            fmt::format("cannot move {} to {}: {}", tmp.string(), target.string(), ec.message())};
  }
  cleanup.dir.clear();
  progress(true, fmt::format("{} ready in {} ({})", spec.name, target.string(), verification));
  return {true, ""};
}

ResolvedData from_stamp(const DatasetSpec& spec, const fs::path& dir, const Json& stamp,
                        const std::string& source) {
  ResolvedData r;
  r.path = spec.data_path.empty() ? dir : dir / spec.data_path;
  r.source = source;
  r.where = stamp.value("where", dir.string());
  r.verified = stamp.value("verified", false);
  r.verification = stamp.value("verification", std::string(kUnpinned));
  r.content_sha256 = stamp.value("content_sha256", std::string());
  return r;
}

// Step 1a: extracted data in $LINREPRO_DATA, either laid out like the cache
// ($LINREPRO_DATA/<name>/...) or as the canonical archive extracts ($LINREPRO_DATA/20news-18828/,
// $LINREPRO_DATA/webkb/, $LINREPRO_DATA/a9a ...). Verification results are remembered in
// data/.stamps/<name>.env.json, keyed by the directory and its fingerprint.
std::optional<ResolvedData> try_env_extracted(const DatasetSpec& spec, const fs::path& env_dir,
                                              Attempts& attempts,
                                              std::vector<std::string>& damage) {
  for (const fs::path& dir : {env_dir / spec.name, env_dir}) {
    if (!all_roots_exist(dir, spec.digest_roots)) continue;
    const Json fingerprint = tree_fingerprint(dir, spec.digest_roots);
    const fs::path memo = cache_dir() / ".stamps" / (spec.name + ".env.json");
    Json stamp = read_stamp(memo);
    const bool memo_ok = stamp.is_object() && stamp.value("dir", std::string()) == dir.string() &&
                         stamp.value("fingerprint", Json()) == fingerprint;
    if (!memo_ok) {
      const std::string digest = content_digest(dir, spec.digest_roots);
      const bool verified = !spec.content_sha256.empty() && digest == spec.content_sha256;
      stamp = {
          {"name", spec.name},          {"dir", dir.string()},
          {"fingerprint", fingerprint}, {"content_sha256", digest},
          {"verified", verified},       {"verification", verified ? "content digest" : kUnpinned},
          {"where", dir.string()}};
      if (spec.content_sha256.empty() || verified) {
        stamp["counts"] =
            count_dataset(spec.name, spec.data_path.empty() ? dir : dir / spec.data_path);
      }
      std::error_code ec;
      fs::create_directories(memo.parent_path(), ec);
      if (!ec) write_file_atomic(memo, stamp.dump(2) + "\n");
    }
    if (!spec.content_sha256.empty() &&
        stamp.value("content_sha256", std::string()) != spec.content_sha256) {
      const std::string problem =
          fmt::format("content digest {} does not match the pinned {}",
                      stamp.value("content_sha256", std::string()), spec.content_sha256);
      attempts.add(describe_path(dir), problem);
      damage.push_back(describe_path(dir) + ": " + problem);
      continue;
    }
    return from_stamp(spec, dir, stamp, "LINREPRO_DATA");
  }
  return std::nullopt;
}

// Finds every part's file in `dir`, as the mirror names it or as the canonical download names it.
std::optional<std::vector<InputFile>> find_inputs(const DatasetSpec& spec, const fs::path& dir,
                                                  bool mirror_names, bool url_names,
                                                  std::string& missing) {
  std::vector<InputFile> inputs;
  for (const auto& part : spec.parts) {
    std::error_code ec;
    if (mirror_names && !part.mirror_file.empty() &&
        fs::is_regular_file(dir / part.mirror_file, ec)) {
      inputs.push_back({dir / part.mirror_file, part.mirror_sha256, &part});
      continue;
    }
    if (url_names && fs::is_regular_file(dir / part.url_file, ec)) {
      inputs.push_back({dir / part.url_file, part.url_sha256, &part});
      continue;
    }
    missing = mirror_names && !part.mirror_file.empty() ? (dir / part.mirror_file).string()
                                                        : (dir / part.url_file).string();
    return std::nullopt;
  }
  return inputs;
}

std::optional<ResolvedData> try_cache(const DatasetSpec& spec, Attempts& attempts) {
  const fs::path dir = cache_dir() / spec.name;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    attempts.add(describe_path(dir), "not there");
    return std::nullopt;
  }
  Json stamp = read_stamp(dir / kStampName);
  const std::string fix = fmt::format("delete {} and run `linrepro data fetch` to extract it again",
                                      describe_path(dir));
  if (stamp_valid(spec, stamp)) {
    // Verified once; still the same bytes? Cheap when the size+mtime stamp matches.
    if (!all_roots_exist(dir, spec.digest_roots)) {
      throw DataFailure(true, fmt::format("data damaged: {}: files of the verified cache {} are "
                                          "missing; {}",
                                          spec.name, describe_path(dir), fix));
    }
    const Json now = root_fingerprints(dir, spec.digest_roots);
    const Json recorded = stamp.value("fingerprints", Json());
    if (now == recorded) return from_stamp(spec, dir, stamp, "cache");
    const std::string digest = content_digest(dir, spec.digest_roots);
    const std::string expected = stamp.value("content_sha256", std::string());
    if (!expected.empty() && digest != expected) {
      std::string changed;
      for (const auto& r : spec.digest_roots) {
        if (!recorded.is_object() || recorded.value(r, Json()) != now[r])
          changed += (changed.empty() ? "" : ", ") + describe_path(dir / r);
      }
      throw DataFailure(true, fmt::format("data damaged: {}: {} changed since it was verified: "
                                          "content digest {}, expected {}; {}",
                                          spec.name, changed.empty() ? describe_path(dir) : changed,
                                          digest, expected, fix));
    }
    // Touched (or a stamp from before fingerprints) but the same bytes: remember the new stamp.
    stamp["fingerprints"] = now;
    write_file_atomic(dir / kStampName, stamp.dump(2) + "\n");
    return from_stamp(spec, dir, stamp, "cache");
  }
  // A directory without a (valid) stamp: put there by hand, or an old layout. Verify it now.
  if (!all_roots_exist(dir, spec.digest_roots)) {
    attempts.add(describe_path(dir), "incomplete (expected files missing): delete it");
    return std::nullopt;
  }
  const std::string digest = content_digest(dir, spec.digest_roots);
  if (!spec.content_sha256.empty() && digest != spec.content_sha256) {
    throw DataFailure(true,
                      fmt::format("data damaged: {}: {} has content digest {}, not the "
                                  "pinned {}; {}",
                                  spec.name, describe_path(dir), digest, spec.content_sha256, fix));
  }
  stamp = {{"name", spec.name},
           {"content_sha256", digest},
           {"verified", !spec.content_sha256.empty()},
           {"verification", spec.content_sha256.empty() ? kUnpinned : "content digest"},
           {"source", "cache"},
           {"where", dir.string()}};
  stamp["counts"] = count_dataset(spec.name, spec.data_path.empty() ? dir : dir / spec.data_path);
  stamp["fingerprints"] = root_fingerprints(dir, spec.digest_roots);
  write_file_atomic(dir / kStampName, stamp.dump(2) + "\n");
  return from_stamp(spec, dir, stamp, "cache");
}

// Step 4: curl every part into a private download directory, then install.
std::optional<ResolvedData> try_download(const DatasetSpec& spec, Attempts& attempts, bool verbose,
                                         std::vector<std::string>& damage) {
  if (offline()) {
    attempts.add("canonical URL", "not tried (LINREPRO_OFFLINE is set)");
    return std::nullopt;
  }
  if (!have_program("curl")) {
    attempts.add("canonical URL", "not tried (curl is not installed)");
    return std::nullopt;
  }
  const fs::path dl = cache_dir() / fmt::format(".download-{}-{}", spec.name, getpid());
  std::error_code ec;
  fs::create_directories(dl, ec);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code e;
      fs::remove_all(dir, e);
    }
  } cleanup{dl};
  std::vector<InputFile> inputs;
  std::string where;
  for (const auto& part : spec.parts) {
    bool got = false;
    for (const auto& url : part.urls) {
      progress(true, fmt::format("downloading {}", url));
      const fs::path out = dl / part.url_file;
      const CommandResult r = run_command(
          {"curl", "-fsSL", "--retry", "2", "--connect-timeout", "20", "-o", out.string(), url});
      if (r.exit_code == 0) {
        inputs.push_back({out, part.url_sha256, &part});
        where += (where.empty() ? "" : " ") + url;
        got = true;
        break;
      }
      // curl prints one line per retry: keep the message on one line.
      std::string err, line, previous;
      std::istringstream lines(r.err);
      while (std::getline(lines, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line == previous) continue;  // retries repeat the same message
        err += (err.empty() ? "" : "; ") + line;
        previous = line;
      }
      attempts.add(url, "download failed: " + err);
    }
    if (!got) return std::nullopt;
  }
  progress(verbose, "downloaded; verifying");
  const InstallResult res = install(spec, inputs, "url", where);
  if (!res.ok) {
    attempts.add("download", res.problem);
    if (res.damaged) damage.push_back("download: " + res.problem);
    return std::nullopt;
  }
  return from_stamp(spec, cache_dir() / spec.name, read_stamp(cache_dir() / spec.name / kStampName),
                    "url");
}

}  // namespace

Json ResolvedData::to_json() const {
  return Json{{"path", path.string()},
              {"source", source},
              {"where", where},
              {"verified", verified},
              {"verification", verification},
              {"content_sha256", content_sha256}};
}

fs::path cache_dir() { return repo_root() / "data"; }

fs::path mirror_dir() {
  const std::string env = getenv_str("LINREPRO_MIRROR");
  if (!env.empty()) return fs::path(env);
  return (repo_root() / ".." / "shared" / "datasets").lexically_normal();
}

std::string sha256_file(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw DataError(path.string(), 0, "no such file");
  const CommandResult r = run_command({"sha256sum", "--", path.string()});
  const std::string hex = r.exit_code == 0 ? parse_sha256sum_output(r.out) : std::string();
  if (hex.empty()) throw DataError(path.string(), 0, "sha256sum failed: " + r.err);
  return hex;
}

std::string content_digest(const fs::path& dir, const std::vector<std::string>& roots) {
  if (roots.empty()) throw std::invalid_argument("content_digest: no roots");
  // The exact pipeline the mirror's SOURCE.md files document; bash passes the directory and roots
  // as positional parameters, so no name is ever re-parsed by a shell.
  std::vector<std::string> argv = {
      "bash", "-c",
      "set -o pipefail; cd \"$1\" && shift && find \"$@\" -type f -print0 | LC_ALL=C sort -z | "
      "xargs -0 sha256sum | sha256sum",
      "linrepro-digest", dir.string()};
  argv.insert(argv.end(), roots.begin(), roots.end());
  const CommandResult r = run_command(argv);
  const std::string hex = r.exit_code == 0 ? parse_sha256sum_output(r.out) : std::string();
  if (hex.empty())
    throw DataError(dir.string(), 0, "computing the content digest failed: " + r.err);
  return hex;
}

ResolvedData resolve(const std::string& name, bool verbose) {
  return resolve(dataset_spec(name), verbose);
}

ResolvedData resolve(const DatasetSpec& spec, bool verbose) {
  const std::string& name = spec.name;
  Attempts attempts;
  std::vector<std::string> damage;  // inputs that were present but wrong

  // 1. $LINREPRO_DATA
  const std::string env = getenv_str("LINREPRO_DATA");
  if (env.empty()) {
    attempts.add("$LINREPRO_DATA", "not set");
  } else {
    const fs::path env_dir(env);
    if (auto r = try_env_extracted(spec, env_dir, attempts, damage)) {
      progress(verbose, fmt::format("{}: using {} ({})", name, r->path.string(), r->verification));
      return *r;
    }
    std::string missing;
    if (auto inputs = find_inputs(spec, env_dir, true, true, missing)) {
      // A verified cache built from the same files is just as good (checked as on every use).
      const Json cached = read_stamp(cache_dir() / name / kStampName);
      if (stamp_valid(spec, cached)) {
        if (auto r = try_cache(spec, attempts)) return *r;
      }
      const InstallResult res = install(spec, *inputs, "LINREPRO_DATA", env_dir.string());
      if (res.ok) {
        return from_stamp(spec, cache_dir() / name, read_stamp(cache_dir() / name / kStampName),
                          "LINREPRO_DATA");
      }
      attempts.add("$LINREPRO_DATA=" + env, res.problem);
      if (res.damaged) damage.push_back(res.problem);
    } else {
      attempts.add("$LINREPRO_DATA=" + env,
                   fmt::format("no verified extracted copy, and no {}", missing));
    }
  }

  // 2. the cache
  if (auto r = try_cache(spec, attempts)) {
    progress(verbose,
             fmt::format("{}: using cache {} ({})", name, r->path.string(), r->verification));
    return *r;
  }

  // 3. the mirror
  const fs::path mirror = mirror_dir();
  std::string missing;
  bool in_mirror = false;
  for (const auto& p : spec.parts) in_mirror = in_mirror || !p.mirror_file.empty();
  if (!in_mirror) {
    attempts.add("mirror " + describe_path(mirror), "this dataset is not in the mirror");
  } else if (auto inputs = find_inputs(spec, mirror, true, false, missing)) {
    const InstallResult res = install(spec, *inputs, "mirror", mirror.string());
    if (res.ok) {
      return from_stamp(spec, cache_dir() / name, read_stamp(cache_dir() / name / kStampName),
                        "mirror");
    }
    attempts.add("mirror " + describe_path(mirror), res.problem);
    if (res.damaged) damage.push_back(res.problem);
  } else {
    attempts.add("mirror " + describe_path(mirror), fmt::format("{} not there", missing));
  }

  // 4. the canonical URL
  if (auto r = try_download(spec, attempts, verbose, damage)) {
    if (!damage.empty())
      std::cerr << "linrepro data: warning: " << name
                << ": used the download; damaged elsewhere: " << damage.front() << "\n";
    return *r;
  }
  if (!damage.empty() || in_mirror) throw_failure(spec, attempts, damage);
  throw_unavailable(spec, attempts);
}

namespace {

// `data status --verify` on one archive: its pinned sha256, or else a full test decompression
// (what a bit flip in an unpinned .xz fails). "" = fine, else the problem.
std::string check_archive(const fs::path& path, const std::string& pinned) {
  if (!pinned.empty() && pinned != kUnpinned) {
    const std::string actual = sha256_file(path);
    return actual == pinned ? std::string()
                            : fmt::format("{} has sha256 {}, expected the pinned {}", path.string(),
                                          actual, pinned);
  }
  CommandResult r;
  const std::string name = path.filename().string();
  switch (unpack_kind(name)) {
    case Unpack::Tar:
      r = run_command({"tar", "-tf", path.string()}, "/dev/null");
      break;
    case Unpack::Xz:
      r = run_command({"xz", "-t", path.string()});
      break;
    case Unpack::Gzip:
      r = run_command({"gzip", "-t", path.string()});
      break;
    case Unpack::Bzip2:
      r = run_command({"bzip2", "-t", path.string()});
      break;
    case Unpack::Copy:
      return "";
  }
  std::string err = r.err;
  while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
  return r.exit_code == 0 ? std::string()
                          : fmt::format("{} fails to unpack: {}", path.string(), err);
}

}  // namespace

Json data_status(bool verify) { return data_status(dataset_table(), verify); }

Json data_status(const std::vector<DatasetSpec>& table, bool verify) {
  Json rows = Json::array();
  const std::string env = getenv_str("LINREPRO_DATA");
  for (const auto& spec : table) {
    Json row = {{"name", spec.name},
                {"description", spec.description},
                {"content_pin", spec.content_sha256.empty() ? kUnpinned : spec.content_sha256},
                {"content_pin_source", spec.content_pin_source}};
    Json stamp;
    std::string found;
    if (!env.empty()) {
      const Json memo = read_stamp(cache_dir() / ".stamps" / (spec.name + ".env.json"));
      if (memo.is_object() &&
          fs::exists(fs::path(memo.value("dir", std::string("/nonexistent"))))) {
        stamp = memo;
        found = "LINREPRO_DATA " + memo.value("dir", std::string());
      }
    }
    const fs::path cache = cache_dir() / spec.name;
    if (found.empty()) {
      const Json s = read_stamp(cache / kStampName);
      if (s.is_object()) {
        stamp = s;
        found = "cache " + cache.string();
        // Counts are informational; recount when they are missing or a reader failed on them
        // (e.g. a reader fixed since), and remember the result.
        if (!stamp.contains("counts") || stamp["counts"].contains("error")) {
          stamp["counts"] =
              count_dataset(spec.name, spec.data_path.empty() ? cache : cache / spec.data_path);
          write_file_atomic(cache / kStampName, stamp.dump(2) + "\n");
        }
      }
    }
    if (found.empty()) {
      std::string missing;
      bool in_mirror = false;
      for (const auto& p : spec.parts) in_mirror = in_mirror || !p.mirror_file.empty();
      const auto inputs =
          in_mirror ? find_inputs(spec, mirror_dir(), true, false, missing) : std::nullopt;
      if (inputs) {
        row["found"] = "mirror " + mirror_dir().string() + " (not yet extracted)";
        row["verified"] = false;
        row["state"] = "available: run `linrepro data fetch`";
        if (verify) {
          std::string problems;
          for (const auto& in : *inputs) {
            const std::string p = check_archive(in.path, in.expected_sha256);
            if (!p.empty()) problems += (problems.empty() ? "" : "; ") + p;
          }
          row["verify"] = problems.empty() ? "ok (archives)" : "damaged: " + problems;
          if (!problems.empty()) row["state"] = "damaged: " + problems;
        }
      } else if (in_mirror) {
        row["found"] = "nowhere";
        row["verified"] = false;
        row["state"] = "missing: expected in the mirror (" + missing + "): " + spec.how_to_get;
      } else {
        row["found"] = "nowhere";
        row["verified"] = false;
        row["state"] = "data unavailable: " + spec.how_to_get;
      }
    } else {
      row["found"] = found;
      row["verified"] = stamp.value("verified", false) && stamp_valid(spec, stamp);
      row["verification"] = stamp.value("verification", std::string(kUnpinned));
      row["content_sha256"] = stamp.value("content_sha256", std::string());
      row["state"] = row["verified"].get<bool>() ? "ready" : "present, not verified";
      if (stamp.contains("counts")) row["counts"] = stamp["counts"];
      const bool in_cache = found.rfind("cache ", 0) == 0;
      const fs::path dir = in_cache ? cache : fs::path(stamp.value("dir", std::string()));
      if (!all_roots_exist(dir, spec.digest_roots)) {
        row["state"] = "damaged: files missing from " + dir.string();
      } else if (verify) {
        const std::string digest = content_digest(dir, spec.digest_roots);
        const std::string expected = stamp.value("content_sha256", std::string());
        row["verify"] = digest == expected ? "ok"
                                           : fmt::format("damaged: content digest {}, expected {}",
                                                         digest, expected);
        if (digest != expected) {
          row["state"] = row["verify"];
          row["verified"] = false;
        }
      } else if (in_cache && stamp.contains("fingerprints") &&
                 stamp["fingerprints"] != root_fingerprints(dir, spec.digest_roots)) {
        row["state"] = "changed since verified: run `linrepro data status --verify`";
        row["verified"] = false;
      }
    }
    rows.push_back(row);
  }
  const RootChoice root = find_root();
  return Json{{"root", root.path.string()},
              {"root_source", root.source},
              {"cache", cache_dir().string()},
              {"mirror", mirror_dir().string()},
              {"LINREPRO_DATA", env},
              {"offline", offline()},
              {"datasets", rows}};
}

int fetch_all(bool verbose) {
  int failures = 0;
  for (const auto& spec : dataset_table()) {
    try {
      const ResolvedData r = resolve(spec.name, verbose);
      progress(true, fmt::format("{}: {} ({}, {})", spec.name, r.path.string(), r.source,
                                 r.verification));
    } catch (const DataUnavailable& e) {
      std::cerr << "linrepro data: " << e.what() << "\n";
    } catch (const DataFailure& e) {  // reported for every dataset, then `fetch` fails
      std::cerr << "linrepro data: error: " << e.what() << "\n";
      ++failures;
    }
  }
  return failures;
}

}  // namespace linrepro
