#pragma once
// Fixture helpers for the harness tests: a results/ tree in a temp dir, written by the tests.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "core/atomic_file.h"
#include "harness/results/result_file.h"
#include "support/temp_dir.h"  // linrepro::testing::TempDir

namespace linrepro::testing {

inline void write_json(const std::filesystem::path& path, const nlohmann::json& j) {
  write_file_atomic(path, j.dump(2));  // creates the parent directories
}

inline nlohmann::json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);  // throws if the file is not valid JSON
}

// Files (recursively) under `dir` whose name contains ".tmp.": what an interrupted or non-atomic
// write would leave behind.
inline int count_temp_files(const std::filesystem::path& dir) {
  int n = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.path().filename().string().find(".tmp.") != std::string::npos) ++n;
  return n;
}

// A one-folder-per-class corpus (corpus view "folder:<path>") in a fresh temporary folder: two
// classes of five documents.
struct TinyCorpus {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("linrepro-grid-test-" + std::to_string(getpid()));
  TinyCorpus() {
    std::filesystem::remove_all(dir);
    for (const std::string cls : {"arts", "sports"})
      for (int i = 0; i < 5; ++i) {
        std::filesystem::create_directories(dir / cls);
        std::ofstream(dir / cls / (std::to_string(i) + ".txt")) << cls << " words " << i;
      }
  }
  ~TinyCorpus() { std::filesystem::remove_all(dir); }
  std::string view() const { return "folder:" + dir.string(); }
};

// A result file of experiment x/y at `path` whose artifact is `table`, for the protocol tests.
inline ResultFile protocol_result_file(const std::filesystem::path& path,
                                       const std::string& table) {
  return ResultFile(path,
                    {{"experiment", "y"},
                     {"paper", "x"},
                     {"artifacts", {table}},
                     {"description", "d"},
                     {"seed", 1},
                     {"config", nlohmann::json::object()}},
                    false);
}

// A published file for mlrcg2003 with the cells the compare and regress tests use.
inline nlohmann::json published_mlrcg() {
  return {{"paper", "mlrcg2003"},
          {"title", "Text categorization based on regularized linear classification methods"},
          {"source", "Zhang & Oles (fixture)"},
          {"default_tolerance", 0.5},
          {"cells",
           {{{"table", "table2"},
             {"row", "earn"},
             {"column", "MLR-CG error"},
             {"experiment", "table2"},
             {"value", 1.2},
             {"unit", "%"}},
            {{"table", "table2"},
             {"row", "acq"},
             {"column", "MLR-CG error"},
             {"experiment", "table2"},
             {"value", 2.0},
             {"unit", "%"},
             {"note", "read off the paper's figure"}},
            {{"table", "table3"},
             {"row", "ohsumed"},
             {"column", "error"},
             {"experiment", "table3"},
             {"value", 30.0},
             {"unit", "%"}},
            {{"table", "table3"},
             {"row", "webkb"},
             {"column", "error"},
             {"experiment", "table3"},
             {"value", 8.0},
             {"unit", "%"},
             {"tolerance", 2.0},
             {"note", "the paper's split is not specified"}}}},
          {"claims",
           {{{"id", "fast"}, {"claim", "MLR-CG trains faster than SMO"}, {"where", "section 5"}},
            {{"id", "unchecked"}, {"claim", "A claim nobody checked"}}}},
          {"own_cells",
           {{{"experiment", "table2"},
             {"table", "table2"},
             {"columns", {"SVM time"}},
             {"why", "CPU seconds on this machine"}}}}};
}

}  // namespace linrepro::testing
