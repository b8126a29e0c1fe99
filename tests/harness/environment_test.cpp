#include "harness/results/environment.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <thread>

namespace linrepro {
namespace {

TEST(Environment, RecordsCodeBuildMachineAndLibraries) {
  const nlohmann::json env = capture_environment();
  // The source tree is a git checkout: a full commit id and a dirty flag.
  if (std::filesystem::exists(std::filesystem::path(LINREPRO_SOURCE_DIR) / ".git")) {
    ASSERT_TRUE(env["git_commit"].is_string());
    EXPECT_TRUE(std::regex_match(env["git_commit"].get<std::string>(), std::regex("[0-9a-f]{40}")));
    EXPECT_TRUE(env["git_dirty"].is_boolean());
  }
  EXPECT_EQ(env["cores"].get<unsigned>(), std::thread::hardware_concurrency());
  EXPECT_EQ(env["build_type"], LINREPRO_BUILD_TYPE);
  EXPECT_FALSE(env["compiler"].get<std::string>().empty());
  if (std::filesystem::exists("/proc/meminfo")) {
    EXPECT_GT(env["ram_bytes"].get<int64_t>(), int64_t{1} << 20);
    EXPECT_EQ(env["ram_bytes"].get<int64_t>() % 1024, 0);  // MemTotal is in kB
  }
  if (std::filesystem::exists("/etc/os-release")) {
    EXPECT_TRUE(env["os"].is_string());
  }
  const auto& libs = env["libraries"];
  EXPECT_TRUE(
      std::regex_match(libs["liblinear"].get<std::string>(), std::regex("[0-9]+\\.[0-9]{2}")));
  EXPECT_TRUE(std::regex_match(libs["libsvm"].get<std::string>(), std::regex("[0-9]+\\.[0-9]{2}")));
  for (const char* lib : {"eigen", "fmt", "nlohmann_json"})
    EXPECT_TRUE(
        std::regex_match(libs[lib].get<std::string>(), std::regex("[0-9]+\\.[0-9]+\\.[0-9]+")))
        << lib;
  EXPECT_TRUE(libs.contains("libstemmer"));
  EXPECT_TRUE(
      std::regex_match(env["created_at"].get<std::string>(),
                       std::regex("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")));
}

TEST(Environment, IsCapturedOncePerProcess) {
  EXPECT_EQ(&process_environment(), &process_environment());
}

}  // namespace
}  // namespace linrepro
