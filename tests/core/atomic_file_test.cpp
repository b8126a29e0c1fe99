#include "core/atomic_file.h"

#include <gtest/gtest.h>

#include <ostream>
#include <stdexcept>

#include "support/temp_dir.h"

namespace linrepro {
namespace {

using testing::read_text;
using testing::TempDir;

int files_in(const std::filesystem::path& dir) {
  int n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::recursive_directory_iterator(dir))
    n += e.is_regular_file();
  return n;
}

TEST(AtomicFile, WritesContentAndLeavesNoTempFile) {
  TempDir dir;
  const auto p = dir / "out.json";
  write_file_atomic(p, std::string_view("{\"a\": 1}\n"));
  EXPECT_EQ(read_text(p), "{\"a\": 1}\n");
  EXPECT_EQ(files_in(dir.path()), 1);
}

TEST(AtomicFile, ReplacesExistingFileAndCreatesParents) {
  TempDir dir;
  const auto p = dir / "deep/er/out.txt";
  write_file_atomic(p, std::string_view("old"));
  write_file_atomic(p, [](std::ostream& out) { out << "new " << 42; });
  EXPECT_EQ(read_text(p), "new 42");
  EXPECT_EQ(files_in(dir.path()), 1);
}

TEST(AtomicFile, FailedFillKeepsOldContentAndRemovesTemp) {
  TempDir dir;
  const auto p = dir / "result.json";
  write_file_atomic(p, std::string_view("old content"));
  EXPECT_THROW(write_file_atomic(p,
                                 [](std::ostream& out) {
                                   out << "half of the new";
                                   throw std::runtime_error("solver crashed");
                                 }),
               std::runtime_error);
  EXPECT_EQ(read_text(p), "old content");
  EXPECT_EQ(files_in(dir.path()), 1);  // the temp file is gone
}

TEST(AtomicFile, FailedFillOfNewFileLeavesNothing) {
  TempDir dir;
  EXPECT_THROW(write_file_atomic(dir / "x", [](std::ostream&) { throw std::logic_error("no"); }),
               std::logic_error);
  EXPECT_EQ(files_in(dir.path()), 0);
}

TEST(AtomicFile, StaleTempFilesOfAKilledWriterAreRemoved) {
  TempDir dir;
  const auto p = dir / "r.json";
  write_file_atomic(p, std::string_view("{}"));
  dir.write("r.json.tmp.123", "half a fi");
  dir.write("r.json.tmp.77", "");
  dir.write("r.json.tmp.x", "not ours");
  dir.write("other.json.tmp.5", "another file's");
  EXPECT_EQ(remove_stale_temp_files(p), 2);
  EXPECT_EQ(files_in(dir.path()), 3);
  EXPECT_EQ(read_text(p), "{}");
  EXPECT_EQ(remove_stale_temp_files(dir / "absent/r.json"), 0);
}

}  // namespace
}  // namespace linrepro
