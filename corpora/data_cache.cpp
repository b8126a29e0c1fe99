#include "corpora/data_cache.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>

#include "core/error.h"
#include "core/subprocess.h"

namespace linrepro {
namespace fs = std::filesystem;

namespace data_cache {

namespace {

bool is_hex64(std::string_view s) {
  if (s.size() != 64) return false;
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

std::string read_small_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::string parse_sha256sum_output(const std::string& out) {
  const size_t start = (!out.empty() && out[0] == '\\') ? 1 : 0;
  const std::string hex = out.substr(start, 64);
  return is_hex64(hex) ? hex : std::string();
}

std::string getenv_str(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

bool offline() {
  const std::string v = getenv_str("LINREPRO_OFFLINE");
  return !v.empty() && v != "0";
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

namespace {

// Calls `visit(size, mtime)` for every regular file at `p`: the file itself, or every file below
// the directory.
void for_each_file(const fs::path& p,
                   const std::function<void(uintmax_t, fs::file_time_type::duration)>& visit) {
  auto one = [&](const fs::directory_entry& e) {
    std::error_code ec;
    if (!e.is_regular_file(ec)) return;
    const uintmax_t size = e.file_size(ec);
    visit(size, e.last_write_time(ec).time_since_epoch());
  };
  std::error_code ec;
  if (fs::is_directory(p, ec)) {
    for (const auto& e : fs::recursive_directory_iterator(p, ec)) one(e);
  } else {
    one(fs::directory_entry(p, ec));
  }
}

}  // namespace

Json tree_fingerprint(const fs::path& dir, const std::vector<std::string>& roots) {
  int64_t files = 0;
  uintmax_t bytes = 0;
  int64_t newest = 0;
  for (const auto& r : roots)
    for_each_file(dir / r, [&](uintmax_t size, fs::file_time_type::duration t) {
      ++files;
      bytes += size;
      newest =
          std::max<int64_t>(newest, std::chrono::duration_cast<std::chrono::seconds>(t).count());
    });
  return Json{{"files", files}, {"bytes", bytes}, {"newest_mtime", newest}};
}

Json root_fingerprints(const fs::path& dir, const std::vector<std::string>& roots) {
  Json out = Json::object();
  for (const auto& r : roots) {
    int64_t files = 0;
    uintmax_t bytes = 0;
    int64_t mtime_sum = 0;  // wraps harmlessly: only compared for equality
    for_each_file(dir / r, [&](uintmax_t size, fs::file_time_type::duration t) {
      ++files;
      bytes += size;
      mtime_sum = static_cast<int64_t>(
          static_cast<uint64_t>(mtime_sum) +
          static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(t).count()));
    });
    out[r] = Json{{"files", files}, {"bytes", bytes}, {"mtime_sum_ns", mtime_sum}};
  }
  return out;
}

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

void progress(bool show, const std::string& msg) {
  if (show) std::cerr << "linrepro data: " << msg << std::endl;
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

}  // namespace data_cache

}  // namespace linrepro
