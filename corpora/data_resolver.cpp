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
#include "corpora/data_cache.h"

namespace linrepro {
namespace fs = std::filesystem;
using namespace data_cache;

namespace {

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

ResolvedData resolve(const std::string& name, bool verbose) {
  return resolve(dataset_spec(name), verbose);
}

ResolvedData resolve(const DatasetSpec& spec, bool verbose) {
  // One resolution at a time in a process: experiments running side by side (`run --jobs`) may
  // want the same dataset, and an install's temp directory (.tmp-<name>-<pid>) is per process.
  static std::mutex one_at_a_time;
  const std::lock_guard lock(one_at_a_time);
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

}  // namespace linrepro
