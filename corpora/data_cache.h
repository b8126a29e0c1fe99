#pragma once
// The data cache (<root>/data) as resolving a dataset (data_resolver.cpp) and reporting on it
// (data_status.cpp) both read it: the stamp a verified copy carries, the fingerprints that tell
// whether it changed since, the archive kinds, and the input files found in a directory. Internal
// to corpora/; the public face is corpora/data_resolver.h.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "corpora/dataset_table.h"

namespace linrepro::data_cache {

using Json = nlohmann::json;

// The stamp file in a verified directory: its content digest, counts and fingerprints.
inline constexpr const char* kStampName = ".linrepro-stamp.json";

std::string getenv_str(const char* name);  // "" when unset
bool offline();                            // LINREPRO_OFFLINE set and not "0"

// The 64-hex digest in sha256sum's output ("<hex>  <name>", or "\<hex>  <name>" when the name
// needed escaping); "" when there is none.
std::string parse_sha256sum_output(const std::string& out);

Json read_stamp(const std::filesystem::path& p);  // null when absent or damaged
// A stamp is valid when it records the pinned content digest (or, for unpinned datasets, exists).
bool stamp_valid(const DatasetSpec& spec, const Json& stamp);
bool all_roots_exist(const std::filesystem::path& dir, const std::vector<std::string>& roots);
// A cheap fingerprint of a directory tree (file count, bytes, newest mtime) so that data found in
// $LINREPRO_DATA is re-hashed only when it changes.
Json tree_fingerprint(const std::filesystem::path& dir, const std::vector<std::string>& roots);
// The same per digest root, with nanosecond mtimes: the cache's stamp records it at extraction so
// that an edit to any one file (data/a9a/a9a) is noticed on use and can be named.
Json root_fingerprints(const std::filesystem::path& dir, const std::vector<std::string>& roots);

enum class Unpack { Tar, Xz, Gzip, Bzip2, Copy };
Unpack unpack_kind(const std::string& file_name);

// One input file for an installation, with the sha256 it must have ("" = no pin).
struct InputFile {
  std::filesystem::path path;
  std::string expected_sha256;
  const DataPart* part = nullptr;
};
// Every part's file in `dir`, as the mirror names it or as the canonical download names it;
// nullopt (and `missing` names the first absent file) when one is not there.
std::optional<std::vector<InputFile>> find_inputs(const DatasetSpec& spec,
                                                  const std::filesystem::path& dir,
                                                  bool mirror_names, bool url_names,
                                                  std::string& missing);

void progress(bool show, const std::string& msg);  // "linrepro data: <msg>" on stderr

}  // namespace linrepro::data_cache
