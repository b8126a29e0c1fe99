// FileLock (core/file_lock.h) between processes: mutual exclusion, a refusal and a timeout that
// name the holder, waiting for a holder to finish, and no lock file left behind.
#include "core/file_lock.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

#include "support/child_process.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

using testing::start_child;
using testing::TempDir;
using testing::wait_child;
using namespace std::chrono_literals;

TEST(FileLock, TheLockFileNamesItsHolderAndIsRemovedOnRelease) {
  TempDir dir;
  const auto lock_file = lock_path_for(dir / "sub/results.json");
  EXPECT_EQ(lock_file, dir / "sub/results.json.lock");
  {
    const FileLock lock = FileLock::acquire(lock_file);
    ASSERT_TRUE(std::filesystem::exists(lock_file));  // its folder created too
    EXPECT_NE(lock_holder(lock_file).find("pid " + std::to_string(::getpid())), std::string::npos)
        << lock_holder(lock_file);
  }
  EXPECT_FALSE(std::filesystem::exists(lock_file));
  EXPECT_EQ(lock_holder(lock_file), "an unknown process");
}

TEST(FileLock, AnotherProcessIsRefusedWithTheHoldersPid) {
  TempDir dir;
  const auto lock_file = dir / "x.lock";
  const FileLock lock = FileLock::acquire(lock_file);
  const std::string me = "pid " + std::to_string(::getpid());
  const pid_t child = start_child([&] {
    std::string holder;
    if (FileLock::try_acquire(lock_file, &holder)) return 1;  // got a held lock
    return holder.find(me) != std::string::npos ? 0 : 2;
  });
  EXPECT_EQ(wait_child(child), 0);
}

TEST(FileLock, AWaiterTimesOutNamingTheHolder) {
  TempDir dir;
  const auto lock_file = dir / "x.lock";
  const FileLock lock = FileLock::acquire(lock_file);
  const std::string me = "pid " + std::to_string(::getpid());
  const pid_t child = start_child([&] {
    try {
      FileLock::acquire(lock_file, 200ms, 1h);
    } catch (const std::runtime_error& e) {
      const std::string what = e.what();
      return what.find(me) != std::string::npos && what.find("x.lock") != std::string::npos ? 0 : 2;
    }
    return 1;
  });
  EXPECT_EQ(wait_child(child), 0);
}

TEST(FileLock, AWaiterGetsTheLockOnceTheHolderReleasesIt) {
  TempDir dir;
  const auto lock_file = dir / "x.lock";
  std::optional<FileLock> lock = FileLock::acquire(lock_file);
  const pid_t child = start_child([&] {
    const auto start = std::chrono::steady_clock::now();
    const FileLock mine = FileLock::acquire(lock_file, 20s, 1h);
    return std::chrono::steady_clock::now() - start >= 150ms ? 0 : 1;  // it waited for us
  });
  std::this_thread::sleep_for(300ms);
  lock.reset();
  EXPECT_EQ(wait_child(child), 0);
  EXPECT_FALSE(std::filesystem::exists(lock_file));
}

// Two processes incrementing one counter file under the lock: no increment is lost, even though
// each release removes the lock file another process may have opened already.
TEST(FileLock, TwoProcessesNeverHoldItAtOnce) {
  TempDir dir;
  const auto counter = dir / "counter.txt";
  std::ofstream(counter) << 0;
  constexpr int kRounds = 300;
  const auto bump = [&] {
    for (int i = 0; i < kRounds; ++i) {
      const FileLock lock = FileLock::acquire(lock_path_for(counter));
      int n = 0;
      std::ifstream(counter) >> n;
      std::ofstream(counter) << n + 1;
    }
    return 0;
  };
  const pid_t a = start_child(bump), b = start_child(bump);
  EXPECT_EQ(wait_child(a), 0);
  EXPECT_EQ(wait_child(b), 0);
  int n = 0;
  std::ifstream(counter) >> n;
  EXPECT_EQ(n, 2 * kRounds);
}

}  // namespace
}  // namespace linrepro
