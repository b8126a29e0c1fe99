#include "harness/experiment/experiment.h"

#include "core/project_root.h"

namespace linrepro {
namespace fs = std::filesystem;

fs::path published_dir_for(const fs::path& results_dir, const fs::path& project_root) {
  const fs::path own = results_dir / "published";
  if (fs::is_directory(own)) return own;
  return project_root / "results" / "published";
}

void use_results_dir(ExperimentContext& ctx, const fs::path& results_dir) {
  ctx.results_dir = results_dir;
  ctx.published_dir = published_dir_for(results_dir, repo_root());
}

fs::path result_file_path(const ExperimentContext& ctx, const std::string& paper,
                          const std::string& experiment_id) {
  fs::path dir = ctx.results_dir / paper;
  if (ctx.fast) dir /= "fast";
  return dir / (experiment_id + ".json");
}

std::vector<ExperimentInfo>& experiment_registry() {
  static std::vector<ExperimentInfo> registry;
  return registry;
}

}  // namespace linrepro
