#pragma once
// The places and digests the resolver (corpora/data_resolver.h) and the cache (data_cache.h)
// both use: where the cache and the mirror are, and the sha256 pins as the mirror's SOURCE.md
// files compute them. Apart from both so that neither includes the other.
#include <filesystem>
#include <string>
#include <vector>

#include "core/project_root.h"  // mirror_dir()

namespace linrepro {

// Directories, exposed for tests and messages (the project root: core/project_root.h).
std::filesystem::path cache_dir();   // <root>/data

// sha256 of a file via `sha256sum` (throws DataError when it cannot be read).
std::string sha256_file(const std::filesystem::path& path);
// The content digest (corpora/data_resolver.h: the pipeline the mirror's SOURCE.md documents),
// computed in `dir` over `roots`.
std::string content_digest(const std::filesystem::path& dir, const std::vector<std::string>& roots);

}  // namespace linrepro
