#include "corpora/data_paths.h"

#include "core/error.h"
#include "core/project_root.h"
#include "core/subprocess.h"
#include "corpora/data_cache.h"

namespace linrepro {
namespace fs = std::filesystem;

fs::path cache_dir() { return repo_root() / "data"; }

std::string sha256_file(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw DataError(path.string(), 0, "no such file");
  const CommandResult r = run_command({"sha256sum", "--", path.string()});
  const std::string hex =
      r.exit_code == 0 ? data_cache::parse_sha256sum_output(r.out) : std::string();
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
  const std::string hex =
      r.exit_code == 0 ? data_cache::parse_sha256sum_output(r.out) : std::string();
  if (hex.empty())
    throw DataError(dir.string(), 0, "computing the content digest failed: " + r.err);
  return hex;
}

}  // namespace linrepro
