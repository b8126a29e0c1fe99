// linrepro --version: what program this is and which checkout it works on. A copied binary or a
// moved checkout finds its root by rules (corpora/data_resolver.h find_root); saying which rule
// chose it is what tells a user why data, results and peer scripts come from where they do.
#include <fmt/format.h>

#include "cli/commands.h"
#include "corpora/data_resolver.h"
#include "harness/results/environment.h"
#include "harness/results/version.h"

namespace linrepro::cli {
namespace {

std::string version_text() {
  // The commit is read with git at run time, as the result files' environment record does.
  const nlohmann::json& env = process_environment();
  const nlohmann::json& commit = env["git_commit"];
  const nlohmann::json& dirty = env["git_dirty"];
  const std::string commit_text =
      commit.is_string()
          ? fmt::format("{}{}", commit.get<std::string>(),
                        dirty.is_boolean() && dirty.get<bool>() ? " (uncommitted changes)" : "")
          : std::string("unknown (no git checkout of the source tree)");
  const RootChoice root = find_root();
  return fmt::format("linrepro {}\ncommit: {}\nbuild: {}, {}\nroot: {} ({})", linrepro_version(),
                     commit_text, env.value("build_type", "?"), env.value("compiler", "?"),
                     root.path.string(), root.source);
}

}  // namespace

void add_version_flag(CLI::App& app) {
  app.set_version_flag(
      "--version", [] { return version_text(); },
      "print the version, commit, build type and project root, then exit");
}

}  // namespace linrepro::cli
