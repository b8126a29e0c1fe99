#pragma once
// Helpers for the corpora tests: private temporary directories, fixture files written by the tests
// themselves, scoped environment variables (support/scoped_env.h), and the "skip visibly when the
// data is absent" rule.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "corpora/data_resolver.h"
#include "support/scoped_env.h"

namespace linrepro::testing {

class TempDir {
 public:
  TempDir() {
    std::string tmpl =
        (std::filesystem::temp_directory_path() / "linrepro-corpora-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& rel) const { return path_ / rel; }

 private:
  std::filesystem::path path_;
};

// Writes bytes exactly (creating parent folders).
inline void write_file(const std::filesystem::path& p, const std::string& bytes) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + p.string());
}

inline std::string read_file_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Resolves a real dataset through the normal order (LINREPRO_DATA, the repo's data/ cache, the
// mirror). The count tests use the shared data/ cache on purpose: extraction happens once per
// checkout (about 1 s per corpus) instead of once per test process; the resolver's own tests cover
// extraction from scratch on fixture archives. Never downloads (LINREPRO_OFFLINE=1).
inline std::optional<ResolvedData> real_data(const std::string& name, std::string& why) {
  ScopedEnv offline("LINREPRO_OFFLINE", "1");
  try {
    return resolve(name);
  } catch (const DataUnavailable& e) {
    why = e.what();
    return std::nullopt;
  } catch (const DataFailure& e) {  // no mirror on this machine: skip; damaged data: fail
    if (e.damaged) throw;
    why = e.what();
    return std::nullopt;
  }
}

}  // namespace linrepro::testing

// Skips the test with the resolver's message (which lists where it looked) when the data is absent.
#define LINREPRO_REQUIRE_DATA(var, name)                                         \
  std::string var##_why;                                                         \
  const auto var##_opt = ::linrepro::testing::real_data(name, var##_why);        \
  if (!var##_opt) GTEST_SKIP() << "mirror data absent, skipping: " << var##_why; \
  const ::linrepro::ResolvedData& var = *var##_opt
