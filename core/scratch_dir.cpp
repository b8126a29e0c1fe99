#include "core/scratch_dir.h"

#include <stdlib.h>

#include <stdexcept>

namespace linrepro {

ScratchDir::ScratchDir(const std::string& prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data()))
    throw std::runtime_error("cannot create a directory in " +
                             std::filesystem::temp_directory_path().string());
  path = pattern;
}

ScratchDir::~ScratchDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
}

}  // namespace linrepro
