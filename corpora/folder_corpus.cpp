#include "corpora/folder_corpus.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <iostream>
#include <map>
#include <set>

#include "core/atomic_file.h"
#include "core/error.h"
#include "corpora/text_markup.h"

namespace linrepro {
namespace fs = std::filesystem;

void check_text_file(std::string& bytes, const std::string& file_for_errors) {
  size_t nul = bytes.find('\0');
  if (nul == std::string::npos) return;
  if (nul < 8000) {
    throw DataError(file_for_errors, 0,
                    fmt::format("binary file (NUL byte at offset {}): not a text document", nul));
  }
  for (; nul != std::string::npos; nul = bytes.find('\0', nul + 1)) bytes[nul] = ' ';
}

namespace {

bool hidden(const fs::path& p) {
  const std::string name = p.filename().string();
  return !name.empty() && name[0] == '.';
}

// Regular, non-hidden files below `dir` (recursively, skipping hidden folders), sorted.
void collect_files(const fs::path& dir, std::vector<fs::path>& out) {
  std::vector<fs::path> entries;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) entries.push_back(e.path());
  if (ec) throw DataError(dir.string(), 0, "cannot list: " + ec.message());
  std::sort(entries.begin(), entries.end());
  for (const auto& p : entries) {
    if (hidden(p)) continue;
    if (fs::is_directory(p, ec)) {
      collect_files(p, out);
    } else if (fs::is_regular_file(p, ec)) {
      out.push_back(p);
    }
  }
}

// Class folders at depth `depth` below `dir`, sorted. Files above that depth belong to no class
// and are not collected.
void collect_classes(const fs::path& dir, int depth, std::vector<fs::path>& classes) {
  std::vector<fs::path> entries;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) entries.push_back(e.path());
  if (ec) throw DataError(dir.string(), 0, "cannot list: " + ec.message());
  std::sort(entries.begin(), entries.end());
  for (const auto& p : entries) {
    if (hidden(p)) continue;
    if (fs::is_directory(p, ec)) {
      if (depth == 1) {
        classes.push_back(p);
      } else {
        collect_classes(p, depth - 1, classes);
      }
    }
  }
}

bool looks_like_html(const std::string& bytes) {
  const std::string_view head(bytes.data(), std::min<size_t>(bytes.size(), 2048));
  for (const char* tag : {"<html", "<head", "<body", "<title"}) {
    const size_t n = std::strlen(tag);
    for (size_t i = 0; i + n <= head.size(); ++i) {
      if (head[i] == '<' && iequals(head.substr(i, n), tag)) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<ClassFile> list_class_files(const fs::path& root, int class_depth,
                                        std::vector<std::string>* empty_classes) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) throw DataError(root.string(), 0, "not a directory");
  if (class_depth < 1)
    throw ConfigError(fmt::format("class_depth must be >= 1, got {}", class_depth));
  std::vector<fs::path> classes;
  collect_classes(root, class_depth, classes);
  std::vector<ClassFile> out;
  for (const auto& class_dir : classes) {
    const std::string class_name = class_dir.lexically_relative(root).generic_string();
    std::vector<fs::path> files;
    collect_files(class_dir, files);
    if (files.empty() && empty_classes) empty_classes->push_back(class_name);
    for (auto& f : files) {
      out.push_back(ClassFile{f, class_name, f.lexically_relative(root).generic_string()});
    }
  }
  return out;
}

void fill_document_text(std::string bytes, const std::string& file_for_errors,
                        const FolderCorpusOptions& options, Document& doc) {
  check_text_file(bytes, file_for_errors);
  std::string_view text(bytes);
  if (options.strip_header_block) text.remove_prefix(split_header_block(text).body_offset);
  const bool html = options.format == TextFormat::Html ||
                    (options.format == TextFormat::Auto && looks_like_html(bytes));
  if (html) {
    HtmlText h = html_to_text(text);
    doc.title = std::move(h.title);
    doc.body = std::move(h.text);
  } else {
    doc.body = std::string(text);
  }
}

Corpus read_folder_corpus(const fs::path& root, const FolderCorpusOptions& options) {
  Corpus corpus;
  corpus.name = root.filename().string();
  if (corpus.name.empty()) corpus.name = root.parent_path().filename().string();
  std::vector<std::pair<std::string, std::string>> splits;  // (split, sub-folder)
  if (!options.train_dir.empty() && !options.test_dir.empty()) {
    splits = {{"train", options.train_dir}, {"test", options.test_dir}};
  } else {
    splits = {{"", ""}};
  }
  std::set<std::string> names;
  std::set<std::string> empty;
  std::map<std::string, int64_t> split_counts;
  for (const auto& [split, sub] : splits) {
    const fs::path dir = sub.empty() ? root : root / sub;
    std::vector<std::string> empty_here;
    const auto files = list_class_files(dir, options.class_depth, &empty_here);
    empty.insert(empty_here.begin(), empty_here.end());
    for (const auto& f : files) {
      Document d;
      d.id = sub.empty() ? f.relative : sub + "/" + f.relative;
      d.labels = {f.class_name};
      d.split = split;
      fill_document_text(read_file_bytes(f.path), f.path.string(), options, d);
      names.insert(f.class_name);
      ++split_counts[split];
      corpus.docs.push_back(std::move(d));
    }
  }
  // A class empty in one split but present in the other is not empty.
  for (const auto& n : names) empty.erase(n);
  if (corpus.docs.empty()) {
    throw DataError(root.string(), 0,
                    fmt::format("no documents: expected class folders{} containing text files",
                                splits.size() > 1 ? fmt::format(" below {}/ and {}/",
                                                                options.train_dir, options.test_dir)
                                                  : std::string()));
  }
  for (const auto& e : empty) {
    std::cerr << "linrepro: warning: " << root.string() << ": class folder '" << e
              << "' has no documents; it is left out\n";
  }
  corpus.label_names.assign(names.begin(), names.end());
  Json counts = {{"docs", corpus.docs.size()}, {"classes", corpus.label_names.size()}};
  if (splits.size() > 1) {
    counts["train"] = split_counts["train"];
    counts["test"] = split_counts["test"];
  }
  corpus.identity = Json{{"name", corpus.name},
                         {"path", root.string()},
                         {"class_depth", options.class_depth},
                         {"counts", counts},
                         {"empty_classes", std::vector<std::string>(empty.begin(), empty.end())}};
  return corpus;
}

}  // namespace linrepro
