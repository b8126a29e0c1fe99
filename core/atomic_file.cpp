#include "core/atomic_file.h"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "core/error.h"

namespace linrepro {

void write_file_atomic(const std::filesystem::path& path,
                       const std::function<void(std::ostream&)>& fill) {
  namespace fs = std::filesystem;
  if (path.has_parent_path()) fs::create_directories(path.parent_path());
  static std::atomic<uint64_t> writes{0};
  const fs::path tmp = path.string() + fmt::format(".tmp.{}{:06d}", ::getpid(), writes++ % 1000000);
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

int remove_stale_temp_files(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  const std::string prefix = path.filename().string() + ".tmp.";
  std::error_code ec;
  std::vector<fs::path> stale;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() > prefix.size() && name.starts_with(prefix) &&
        name.find_first_not_of("0123456789", prefix.size()) == std::string::npos)
      stale.push_back(it->path());
  }
  int removed = 0;
  for (const auto& p : stale) removed += fs::remove(p, ec) ? 1 : 0;
  return removed;
}

std::string read_file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DataError(path.string(), 0, "cannot open");
  std::string bytes;
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec) bytes.reserve(static_cast<size_t>(size));
  bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) throw DataError(path.string(), 0, "read error");
  return bytes;
}

}  // namespace linrepro
