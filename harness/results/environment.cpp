#include "harness/results/environment.h"

#include <fmt/format.h>
#include <libsvm/svm.h>
#include <linear.h>
#include <sys/utsname.h>

#include <Eigen/Core>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

#include "core/subprocess.h"
#include "harness/results/version.h"

namespace linrepro {
namespace {

using Json = nlohmann::json;

std::string trim(std::string s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

// stdout of a program (argv, no shell), or nullopt if it could not run or exited non-zero.
std::optional<std::string> command_output(const std::vector<std::string>& argv) {
  const CommandResult res = run_command(argv);
  if (res.exit_code != 0) return std::nullopt;
  return res.out;
}

// The value after "<key>" and a separator (':' or '=') on the first matching line of a text file.
std::optional<std::string> field_of(const char* file, const std::string& key, char separator) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key, 0) != 0) continue;
    const auto pos = line.find(separator);
    if (pos == std::string::npos) continue;
    if (trim(line.substr(0, pos)) != key) continue;
    std::string value = trim(line.substr(pos + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
      value = value.substr(1, value.size() - 2);
    return value;
  }
  return std::nullopt;
}

Json optional_json(const std::optional<std::string>& s) { return s ? Json(*s) : Json(nullptr); }

// Library macros carry versions as integers: LIBLINEAR_VERSION 230 is 2.30, LIBSVM 324 is 3.24.
std::string hundredths_version(int v) { return fmt::format("{}.{:02d}", v / 100, v % 100); }

Json git_record() {
  const std::string dir = LINREPRO_SOURCE_DIR;
  const auto commit = command_output({"git", "-C", dir, "rev-parse", "HEAD"});
  if (!commit) return {{"commit", nullptr}, {"dirty", nullptr}};
  // results/ is left out: a reference run writes there while it runs, and the provenance that
  // matters is whether the code that produced a file differs from the commit.
  const auto status =
      command_output({"git", "-C", dir, "status", "--porcelain", "--", ".", ":(exclude)results"});
  return {{"commit", trim(*commit)},
          {"dirty", status ? Json(!trim(*status).empty()) : Json(nullptr)}};
}

Json ram_bytes() {
  const auto kb = field_of("/proc/meminfo", "MemTotal", ':');  // "24576000 kB"
  if (!kb) return nullptr;
  try {
    return static_cast<int64_t>(std::stoll(*kb)) * 1024;
  } catch (const std::exception&) {
    return nullptr;
  }
}

}  // namespace

Json capture_environment() {
  Json env;
  const Json git = git_record();
  env["git_commit"] = git["commit"];
  env["git_dirty"] = git["dirty"];
#if defined(__clang__)
  env["compiler"] = "clang " __clang_version__;
#else
  env["compiler"] = "gcc " __VERSION__;
#endif
  env["cxx_flags"] = trim(LINREPRO_CXX_FLAGS);
  env["build_type"] = LINREPRO_BUILD_TYPE;
  env["linrepro_version"] = linrepro_version();
  env["cpu_model"] = optional_json(field_of("/proc/cpuinfo", "model name", ':'));
  env["cores"] = std::thread::hardware_concurrency();
  env["ram_bytes"] = ram_bytes();
  env["os"] = optional_json(field_of("/etc/os-release", "PRETTY_NAME", '='));
  utsname u{};
  env["kernel"] = ::uname(&u) == 0 ? Json(fmt::format("{} {} {}", u.sysname, u.release, u.machine))
                                   : Json(nullptr);
  const auto stemmer = command_output({"dpkg-query", "-W", "-f=${Version}", "libstemmer0d"});
  env["libraries"] = {
      {"liblinear", hundredths_version(LIBLINEAR_VERSION)},
      {"libsvm", hundredths_version(LIBSVM_VERSION)},
      {"eigen",
       fmt::format("{}.{}.{}", EIGEN_WORLD_VERSION, EIGEN_MAJOR_VERSION, EIGEN_MINOR_VERSION)},
      {"fmt",
       fmt::format("{}.{}.{}", FMT_VERSION / 10000, FMT_VERSION / 100 % 100, FMT_VERSION % 100)},
      {"nlohmann_json", fmt::format("{}.{}.{}", NLOHMANN_JSON_VERSION_MAJOR,
                                    NLOHMANN_JSON_VERSION_MINOR, NLOHMANN_JSON_VERSION_PATCH)},
      {"libstemmer", stemmer ? Json(trim(*stemmer)) : Json(nullptr)},
  };
  env["created_at"] = utc_timestamp();
  return env;
}

std::string utc_timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

const Json& process_environment() {
  static const Json env = capture_environment();  // C++11 statics: initialised once, thread-safe
  return env;
}

}  // namespace linrepro
