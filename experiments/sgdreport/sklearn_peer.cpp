#include "experiments/sgdreport/sklearn_peer.h"

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "corpora/data_resolver.h"

namespace linrepro {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPython = "/usr/bin/python3";

// Single quotes for the shell (paths come from the resolver, but may hold spaces).
std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// stdout of `command` (stderr passes through: the script's progress lines), and its exit status.
std::string capture(const std::string& command, int& status) {
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot start: " + command);
  std::string out;
  char buffer[4096];
  size_t got = 0;
  while ((got = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, got);
  status = pclose(pipe);
  return out;
}

}  // namespace

std::vector<Json> run_sklearn_peer(const fs::path& train, const fs::path& test,
                                   const SklearnPeerSettings& s) {
  const fs::path script = repo_root() / "experiments" / "sgdreport" / "sklearn_peer.py";
  const std::string command = fmt::format(
      "{} {} --train {} --test {} --lambda {:.17g} --gamma {:.17g} --decay {:.17g} --epochs {} "
      "--seed {}",
      kPython, shell_quote(script.string()), shell_quote(train.string()),
      shell_quote(test.string()), s.lambda, s.gamma, s.decay, s.epochs, s.seed);
  int status = 0;
  const std::string out = capture(command, status);
  if (status != 0)
    throw std::runtime_error(
        fmt::format("{} failed (status {}): {}", script.string(), status, command));
  std::vector<Json> results;
  std::istringstream lines(out);
  std::string line;
  int line_number = 0;
  while (std::getline(lines, line)) {
    ++line_number;
    if (line.empty()) continue;
    try {
      results.push_back(Json::parse(line));
    } catch (const Json::parse_error& e) {
      throw std::runtime_error(fmt::format("{}: output line {} is not JSON: {}", script.string(),
                                           line_number, e.what()));
    }
  }
  return results;
}

std::string sklearn_version() {
  int status = 0;
  std::string v = capture(
      fmt::format("{} -c 'import sklearn; print(sklearn.__version__)' 2>/dev/null", kPython),
      status);
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.pop_back();
  return status == 0 && !v.empty() ? v : "unknown";
}

}  // namespace linrepro
