#pragma once
// A generic "one folder per class" text corpus: <root>/<class>/<file>, the layout of
// IndustrySector, Hoovers, 20 Newsgroups and most users' own data. Also the file walking the
// 20 Newsgroups and WebKB readers build on.
//
//   - class = the first `class_depth` path components below the root, joined by '/'
//     (IndustrySector's <sector>/<industry>/<page> tree: class_depth 2 gives its 105 industries);
//     every regular file at any depth below a class folder belongs to that class;
//   - names starting with '.' (.DS_Store, .git, our own stamps) are skipped at every level;
//   - a class folder with no files is reported (stderr warning + identity["empty_classes"]) and
//     left out of label_names: a class without documents cannot be learned or evaluated;
//   - a file with a NUL byte in its first 8,000 bytes is binary, not text (git's and grep's rule):
//     DataError naming the file and the byte offset; NUL bytes further in are replaced by spaces;
//   - files directly in the root (above the class depth, e.g. a README) belong to no class and
//     are ignored;
//   - order: classes, then files, by byte-wise path order (the order of the mirror's manifests).
#include <filesystem>
#include <string>
#include <vector>

#include "corpora/document.h"

namespace linrepro {

// The binary-file rule above: throws DataError(file) for a NUL byte in the first 8,000 bytes,
// otherwise replaces the (late) NUL bytes by spaces.
void check_text_file(std::string& bytes, const std::string& file_for_errors);

struct ClassFile {
  std::filesystem::path path;
  std::string class_name;  // first class_depth components of the relative path
  std::string relative;    // path below the root, '/'-separated (the document id)
};

// Lists the files of a class-per-folder tree (rules above). empty_classes receives the names of
// class folders without files. DataError when `root` is not a directory.
std::vector<ClassFile> list_class_files(const std::filesystem::path& root, int class_depth,
                                        std::vector<std::string>* empty_classes);

enum class TextFormat {
  Auto,   // HTML when the first 2 KB contain <html, <head, <body or <title (any case); else plain
  Plain,  // the file is the text
  Html,   // corpora/text_markup.h html_to_text; <title> becomes the title
};

struct FolderCorpusOptions {
  int class_depth = 1;
  TextFormat format = TextFormat::Auto;
  // Drop a leading "Name: value" header block (mail, or the HTTP header of crawled pages).
  bool strip_header_block = false;
  // Split sub-folders: when both are non-empty, documents come from <root>/<train_dir>/<class>/...
  // (split "train") and <root>/<test_dir>/<class>/... (split "test"); otherwise split is "".
  std::string train_dir;
  std::string test_dir;
};

// Reads the corpus; its name is the root folder's name. Rejects a binary file and a root without
// any document with a DataError.
Corpus read_folder_corpus(const std::filesystem::path& root,
                          const FolderCorpusOptions& options = {});

// Text of one file under the format options (exposed for the WebKB reader and tests).
void fill_document_text(std::string bytes, const std::string& file_for_errors,
                        const FolderCorpusOptions& options, Document& doc);

}  // namespace linrepro
