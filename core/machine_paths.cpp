#include "core/machine_paths.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <utility>
#include <vector>

#include "core/project_root.h"

namespace linrepro {

namespace {

// (directory, its name), longest directory first; a directory is written without a trailing
// slash, so "$LINREPRO_ROOT/data/a9a" keeps its separator.
std::vector<std::pair<std::string, std::string>> machine_directories() {
  std::vector<std::pair<std::string, std::string>> dirs;
  const auto add = [&](const std::filesystem::path& p, const char* name) {
    std::string s = p.lexically_normal().string();
    while (s.size() > 1 && s.back() == '/') s.pop_back();
    if (s.size() > 1) dirs.emplace_back(s, name);
  };
  if (const char* data = std::getenv("LINREPRO_DATA"); data && *data) add(data, "$LINREPRO_DATA");
  add(mirror_dir(), "$LINREPRO_MIRROR");
  add(repo_root(), "$LINREPRO_ROOT");
  std::stable_sort(dirs.begin(), dirs.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  return dirs;
}

// Whether the character after a directory's name ends it ("/a9a" or the end of a path), so that
// "/work/main2" is not read as "$LINREPRO_ROOT2".
bool ends_a_component(const std::string& text, size_t at) {
  if (at >= text.size()) return true;
  const char c = text[at];
  return !(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.');
}

std::string replaced(std::string text,
                     const std::vector<std::pair<std::string, std::string>>& dirs) {
  for (const auto& [dir, name] : dirs)
    for (size_t at = text.find(dir); at != std::string::npos; at = text.find(dir, at)) {
      if (!ends_a_component(text, at + dir.size())) {
        at += dir.size();
        continue;
      }
      text.replace(at, dir.size(), name);
      at += name.size();
    }
  return text;
}

nlohmann::json replaced_json(const nlohmann::json& j,
                             const std::vector<std::pair<std::string, std::string>>& dirs) {
  if (j.is_string()) return replaced(j.get<std::string>(), dirs);
  if (!j.is_object() && !j.is_array()) return j;
  nlohmann::json out = j;
  for (auto& [key, item] : out.items()) item = replaced_json(item, dirs);
  return out;
}

}  // namespace

std::string portable_paths(std::string text) {
  return replaced(std::move(text), machine_directories());
}

nlohmann::json portable_paths_in(const nlohmann::json& j) {
  return replaced_json(j, machine_directories());
}

}  // namespace linrepro
