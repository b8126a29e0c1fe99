#include "core/atomic_file.h"

#include <fmt/format.h>
#include <unistd.h>

#include <fstream>
#include <stdexcept>

namespace linrepro {

void write_file_atomic(const std::filesystem::path& path,
                       const std::function<void(std::ostream&)>& fill) {
  namespace fs = std::filesystem;
  if (path.has_parent_path()) fs::create_directories(path.parent_path());
  const fs::path tmp = path.string() + fmt::format(".tmp.{}", ::getpid());
  try {
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      if (!out) throw std::runtime_error(fmt::format("{}: cannot open for writing", tmp.string()));
      fill(out);
      out.flush();
      if (!out)
        throw std::runtime_error(fmt::format("{}: write failed (disk full?)", tmp.string()));
    }
    fs::rename(tmp, path);
  } catch (...) {
    std::error_code ec;
    fs::remove(tmp, ec);
    throw;
  }
}

void write_file_atomic(const std::filesystem::path& path, std::string_view content) {
  write_file_atomic(path, [&](std::ostream& out) {
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
  });
}

}  // namespace linrepro
