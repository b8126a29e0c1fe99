#include "core/project_root.h"

#include <cstdlib>

#ifndef LINREPRO_SOURCE_DIR
#define LINREPRO_SOURCE_DIR "."
#endif

namespace linrepro {

namespace fs = std::filesystem;

namespace {

// A linrepro checkout (or installed share directory) has both of these.
bool is_project_root(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir / "results" / "published", ec) &&
         fs::is_regular_file(dir / "baselines" / "sklearn_nb_peer.py", ec);
}

}  // namespace

RootChoice find_root() {
  // An explicit LINREPRO_ROOT wins: tests and users who pin a root must never be overridden by
  // where they happen to stand.
  const char* env = std::getenv("LINREPRO_ROOT");
  if (env && *env) return {fs::path(env), "LINREPRO_ROOT"};
  std::error_code ec;
  for (fs::path dir = fs::current_path(ec); !ec && !dir.empty(); dir = dir.parent_path()) {
    if (is_project_root(dir)) return {dir, "current directory's project root"};
    if (dir == dir.root_path()) break;
  }
  // `cmake --install` puts the program in <prefix>/bin and what it reads in
  // <prefix>/share/linrepro. Found from the running executable, not a prefix compiled in, so a
  // moved prefix still works.
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path share = (exe.parent_path() / ".." / "share" / "linrepro").lexically_normal();
    if (is_project_root(share)) return {share, "install prefix"};
  }
  return {fs::path(LINREPRO_SOURCE_DIR),
          "build tree (no project root above the current directory)"};
}

fs::path repo_root() { return find_root().path; }

fs::path mirror_dir() {
  const char* env = std::getenv("LINREPRO_MIRROR");
  if (env && *env) return fs::path(env);
  return (repo_root() / ".." / "shared" / "datasets").lexically_normal();
}

}  // namespace linrepro
