#pragma once
// Where the corpora come from, and proof that they are the right bytes.
//
// resolve(name) looks, in this order, and returns the first verified copy:
//   1. $LINREPRO_DATA  - a directory the user points at. Either extracted data laid out like the
//                        cache (<dir>/<name>/...), or the archives laid out like the mirror
//                        (<dir>/<mirror file>, e.g. <dir>/reuters21578/reuters21578.tar.xz), or the
//                        canonical download's file name (<dir>/reuters21578.tar.gz).
//   2. the cache       - <root>/data/<name>/ (git-ignored), filled by steps 1, 3 and 4.
//   3. the mirror      - $LINREPRO_MIRROR or <root>/../shared/datasets/: archives are verified and
//                        extracted into the cache once.
//   4. the canonical URL(s), with curl, unless LINREPRO_OFFLINE=1.
// <root> is find_root() below: $LINREPRO_ROOT, the current directory's project root, the install
// prefix, then the source tree.
//
// Verification (always; nothing unverified is ever returned as verified):
//   - an archive whose sha256 is pinned is checked before it is extracted;
//   - extracted content is checked against a pinned "content digest": the sha256 of
//     `find <roots> -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum` run in the extraction
//     directory (for a single file: that file's sha256). These are the digests the mirror's
//     SOURCE.md files publish, so a canonical download is checked against the same content pin even
//     when the download's own archive checksum is unknown ("unpinned").
//   - extraction goes to <root>/data/.tmp-<name>-<pid>, which is renamed into place only after
//     verification and after a stamp file (holding the content digest) is written into it, so the
//     cache never holds half an extraction and a verified cache is not re-hashed on every run.
// Datasets with no pinned content (covtype) are accepted from $LINREPRO_DATA/cache but reported
// as "unpinned"; their readers check the row counts instead.
//
// `linrepro data status` and `data fetch`: corpora/data_status.h. The cache's layout (stamps,
// fingerprints) that both read: corpora/data_cache.h.
//
// Failure comes in two kinds (corpora/data_errors.h): DataUnavailable (not meant to be here: cells
// data_unavailable) and DataFailure (damaged or missing: an error that propagates).
// The extracted cache is checked on every use, cheaply: the stamp records each digest root's size
// and mtime; when they changed, the content digest is recomputed, and a mismatch is DataFailure.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/project_root.h"
#include "corpora/data_errors.h"
#include "corpora/data_paths.h"
#include "corpora/dataset_table.h"

namespace linrepro {

using Json = nlohmann::json;

struct ResolvedData {
  std::filesystem::path path;  // the verified directory or file the reader takes
  std::string source;          // "LINREPRO_DATA", "cache", "mirror", "url"
  std::string where;           // the directory/file/URL it came from
  bool verified = false;       // false only for datasets without a content pin
  std::string verification;    // e.g. "archive sha256 + content digest", "unpinned"
  std::string content_sha256;  // the digest measured on the data
  Json to_json() const;        // for Corpus::identity
};

// Finds (and if needed extracts/downloads and verifies) a dataset. verbose: progress on stderr.
ResolvedData resolve(const std::string& name, bool verbose = false);
// The same for a dataset described by the caller (tests use fixture archives with their own pins).
ResolvedData resolve(const DatasetSpec& spec, bool verbose = false);

}  // namespace linrepro
