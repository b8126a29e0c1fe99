#include "baselines/python_peer.h"

#include <fmt/format.h>

#include <cstdio>
#include <functional>
#include <sstream>
#include <stdexcept>

#include "core/project_root.h"
#include "core/subprocess.h"

namespace linrepro {

namespace {
using Json = nlohmann::json;
}  // namespace

std::vector<Json> run_python_peer(const std::string& script, const std::vector<std::string>& args,
                                  bool progress) {
  std::vector<std::string> argv = {kDebianPython, (repo_root() / script).string()};
  argv.insert(argv.end(), args.begin(), args.end());
  const auto pass_through = [](std::string_view text) {
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
  };
  const CommandResult res =
      run_command(argv, {},
                  progress ? std::function<void(std::string_view)>(pass_through)
                           : std::function<void(std::string_view)>());
  if (res.exit_code != 0)
    throw std::runtime_error(
        fmt::format("{} failed (status {}): {}", script, res.exit_code, res.err));
  std::vector<Json> results;
  std::istringstream lines(res.out);
  std::string line;
  int line_number = 0;
  while (std::getline(lines, line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      results.push_back(Json::parse(line));
    } catch (const Json::parse_error& e) {
      throw std::runtime_error(
          fmt::format("{}: output line {} is not JSON: {}", script, line_number, e.what()));
    }
  }
  return results;
}

std::string sklearn_version() {
  const CommandResult res =
      run_command({kDebianPython, "-c", "import sklearn; print(sklearn.__version__)"});
  std::string v = res.out;
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.pop_back();
  return res.exit_code == 0 && !v.empty() ? v : "unknown";
}

}  // namespace linrepro
