#pragma once
// A fresh directory under the system's temporary directory, removed with everything in it when
// the object goes out of scope: the files one external fit or one regress run passes to another
// program.
#include <filesystem>
#include <string>

namespace linrepro {

struct ScratchDir {
  std::filesystem::path path;
  // `prefix` names the directory ("linrepro-external" -> /tmp/linrepro-external-XXXXXX). Throws
  // std::runtime_error when it cannot be created.
  explicit ScratchDir(const std::string& prefix);
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
};

}  // namespace linrepro
