#include "corpora/data_status.h"

#include <fmt/format.h>

#include <iostream>

#include "core/atomic_file.h"
#include "core/subprocess.h"
#include "corpora/data_cache.h"
#include "corpora/data_resolver.h"
#include "corpora/dataset_counts.h"

namespace linrepro {
namespace fs = std::filesystem;
using namespace data_cache;

namespace {

// The document/row counts of a verified copy in `dir`, added to its stamp (at `stamp_path`) the
// first time they are asked for, or again when a reader failed on them (a reader fixed since).
// Counted here, not by the resolver: counting runs the readers, and the readers use the resolver.
// Counts of unverified content are not worth remembering.
void remember_counts(const DatasetSpec& spec, const fs::path& dir, const fs::path& stamp_path,
                     Json& stamp) {
  if (!stamp.value("verified", false) && !spec.content_sha256.empty()) return;
  if (stamp.contains("counts") && !stamp["counts"].contains("error")) return;
  stamp["counts"] = count_dataset(spec.name, spec.data_path.empty() ? dir : dir / spec.data_path);
  write_file_atomic(stamp_path, stamp.dump(2) + "\n");
}

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
      const fs::path memo_path = cache_dir() / ".stamps" / (spec.name + ".env.json");
      const Json memo = read_stamp(memo_path);
      const fs::path dir(memo.is_object() ? memo.value("dir", std::string("/nonexistent")) : "");
      if (memo.is_object() && fs::exists(dir)) {
        stamp = memo;
        found = "LINREPRO_DATA " + dir.string();
        remember_counts(spec, dir, memo_path, stamp);
      }
    }
    const fs::path cache = cache_dir() / spec.name;
    if (found.empty()) {
      const Json s = read_stamp(cache / kStampName);
      if (s.is_object()) {
        stamp = s;
        found = "cache " + cache.string();
        remember_counts(spec, cache, cache / kStampName, stamp);
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
