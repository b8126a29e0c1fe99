// libFuzzer target: the result-file loader on arbitrary bytes, as `linrepro run` (resume), merge,
// compare and regress read them: read_result_file, then every run, cell and claim decoded; and the
// same bytes as an entry of the file's run journal (harness/results/run_journal.h), as a resumed
// `linrepro run` reads it. Accepted failures are the documented ones (DataError naming the file
// for a file that is not a schema-v1 result or an entry that is not a run, ConfigError naming a
// missing or mistyped field); a crash, a sanitizer report or any other exception (a bare nlohmann
// type_error) is a bug.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.h"
#include "harness/results/result_schema.h"
#include "harness/results/run_journal.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The loader reads a path; one file per process, rewritten each execution.
  static const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("fuzz_result_file." + std::to_string(getpid()));
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  try {
    const linrepro::Json doc = linrepro::read_result_file(path);
    // As ResultFile and merge read the runs.
    for (const auto& r : doc.value("runs", linrepro::Json::array()))
      linrepro::run_record_from_json(r);
    linrepro::result_cells(doc);
    linrepro::result_claims(doc);
  } catch (const linrepro::DataError&) {
  } catch (const linrepro::ConfigError&) {
  }
  // The journal of a result file at `path`: one entry, these bytes.
  static const std::filesystem::path entry = [] {
    const auto dir = linrepro::journal_dir(path);
    std::filesystem::create_directories(dir);
    return dir / "00000000000000000001-1-000000.json";
  }();
  {
    std::ofstream out(entry, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  try {
    linrepro::read_journal(path);
  } catch (const linrepro::DataError&) {
  }
  return 0;
}
