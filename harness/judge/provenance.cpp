#include "harness/judge/provenance.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <set>

namespace linrepro {

using Json = nlohmann::json;

namespace {

std::string short_commit(const std::string& commit) { return commit.substr(0, 12); }

}  // namespace

std::vector<std::string> provenance_warnings(const Json& doc) {
  std::vector<std::string> out;
  const Json env = doc.value("environment", Json::object());
  const Json commit = env.is_object() ? env.value("git_commit", Json(nullptr)) : Json(nullptr);
  const Json dirty = env.is_object() ? env.value("git_dirty", Json(nullptr)) : Json(nullptr);
  if (!commit.is_string() || commit.get<std::string>().empty())
    out.push_back("no git commit recorded: the code that produced it is unknown");
  else if (dirty.is_boolean() && dirty.get<bool>())
    out.push_back(
        fmt::format("recorded from a dirty tree: commit {} with uncommitted changes (git_dirty)",
                    short_commit(commit.get<std::string>())));

  // The runs' own commits (a resumed file keeps each run's), and the file's summary of them.
  std::set<std::string> commits;
  for (const Json& r : doc.value("runs", Json::array()))
    if (r.is_object() && r.value("git_commit", std::string()) != "")
      commits.insert(r.value("git_commit", std::string()));
  for (const Json& c : doc.value("mixed_commits", Json::array()))
    if (c.is_string()) commits.insert(c.get<std::string>());
  std::vector<std::string> shown;
  for (const auto& c : commits) shown.push_back(short_commit(c));
  if (commits.size() > 1)
    out.push_back(
        fmt::format("runs computed at {} commits: {}", commits.size(), fmt::join(shown, ", ")));
  else if (commits.size() == 1 && commit.is_string() &&
           *commits.begin() != commit.get<std::string>())
    out.push_back(fmt::format("runs computed at commit {}, the file's environment says {}",
                              shown.front(), short_commit(commit.get<std::string>())));
  return out;
}

}  // namespace linrepro
