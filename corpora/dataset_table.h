#pragma once
// The datasets linrepro knows: for each, the files it is made of, where the mirror and the public
// source keep them, their pinned digests, and how to get it by hand (corpora/data_resolver.h
// resolves them; `linrepro data status` lists them).
#include <string>
#include <vector>

namespace linrepro {

// A pin that is no digest: the source publishes none (the reader checks counts instead).
inline constexpr const char* kUnpinned = "unpinned";

// One file a dataset is made of (most datasets are one archive; RCV1 is five vector files + qrels).
struct DataPart {
  std::string mirror_file;  // path below the mirror dir ("" = not in the mirror)
  std::string
      mirror_sha256;  // sha256 of the mirror file ("" = not pinned; the content pin decides)
  std::vector<std::string> urls;  // canonical download URLs, tried in order
  std::string url_file;    // file name of the download (what a user would put in LINREPRO_DATA)
  std::string url_sha256;  // sha256 of the download, or "unpinned"
  // How a file becomes data follows its name: .tar.xz/.tar.gz/.gtar.gz/.tgz are extracted into
  // data/<name>/; .xz/.gz/.bz2 are decompressed to `output`; anything else is copied to `output`.
  std::string output;  // for single files: the file name below data/<name>/
};

struct DatasetSpec {
  std::string name;         // "reuters21578", "20news-18828", ... (the cache directory name)
  std::string description;  // one line for `linrepro data status`
  std::vector<DataPart> parts;
  // What resolve() returns, relative to data/<name>/ ("" = the directory itself).
  std::string data_path;
  // Content pin: digest over these paths (relative to data/<name>/), corpora/data_resolver.h.
  std::vector<std::string> digest_roots;
  std::string content_sha256;      // "" = unpinned
  std::string content_pin_source;  // where the pin comes from (for status and reports)
  std::string how_to_get;          // one paragraph, ends up in DataUnavailable messages
};

// The table of every dataset linrepro knows.
const std::vector<DatasetSpec>& dataset_table();
const DatasetSpec& dataset_spec(const std::string& name);  // throws ConfigError for unknown names

}  // namespace linrepro
