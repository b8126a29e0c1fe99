#pragma once
// Where the project's own files are: results/published, the Python peer and solver scripts, the
// data/ cache and, beside it, the mirror ../shared/datasets. Found in this order:
//   1. $LINREPRO_ROOT;
//   2. the current directory or its nearest parent that is a linrepro checkout;
//   3. <prefix>/share/linrepro when the program runs from <prefix>/bin (`cmake --install`);
//   4. the source tree the binary was built from (LINREPRO_SOURCE_DIR), as a last resort.
// `source` says which, for `linrepro data status` and `linrepro --version`.
#include <filesystem>
#include <string>

namespace linrepro {

struct RootChoice {
  std::filesystem::path path;
  std::string source;
};
RootChoice find_root();
std::filesystem::path repo_root();  // find_root().path
// The verified data mirror: $LINREPRO_MIRROR, else <root>/../shared/datasets.
std::filesystem::path mirror_dir();

}  // namespace linrepro
