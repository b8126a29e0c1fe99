#include "corpora/newsgroups.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "core/atomic_file.h"
#include "core/error.h"
#include "corpora/data_resolver.h"
#include "corpora/folder_corpus.h"
#include "corpora/text_markup.h"

namespace linrepro {
namespace fs = std::filesystem;

std::string to_string(NewsHeaders h) {
  switch (h) {
    case NewsHeaders::DropAll:
      return "drop-all";
    case NewsHeaders::KeepSubject:
      return "keep-subject";
    case NewsHeaders::KeepSubjectOrganization:
      return "keep-subject-organization";
    case NewsHeaders::KeepSubjectFromInBody:
      return "keep-subject-from-in-body";
    case NewsHeaders::KeepSubjectHeadersInBody:
      return "keep-subject-headers-in-body";
    case NewsHeaders::KeepAll:
      return "keep-all";
  }
  return "?";
}

void split_news_message(std::string bytes, const std::string& file_for_errors, NewsHeaders headers,
                        Document& doc) {
  check_text_file(bytes, file_for_errors);
  if (headers == NewsHeaders::KeepAll) {
    doc.title.clear();
    doc.body = bytes;
    return;
  }
  const HeaderBlock block = split_header_block(bytes);
  doc.body = bytes.substr(block.body_offset);
  doc.title.clear();
  if (headers == NewsHeaders::DropAll) return;
  std::string subject, organization, from;
  for (const auto& [name, value] : block.fields) {
    if (subject.empty() && iequals(name, "Subject")) subject = value;
    if (organization.empty() && iequals(name, "Organization")) organization = value;
    if (from.empty() && iequals(name, "From")) from = value;
  }
  doc.title = subject;
  if (headers == NewsHeaders::KeepSubjectOrganization && !organization.empty()) {
    doc.title += "\n" + organization;
  }
  if (headers == NewsHeaders::KeepSubjectFromInBody && !from.empty()) {
    doc.body = from + "\n" + doc.body;
  }
  if (headers == NewsHeaders::KeepSubjectHeadersInBody) {
    std::string values;
    bool subject_seen = false;  // the first Subject is the title; a repeated one is text
    for (const auto& [name, value] : block.fields) {
      if (!subject_seen && iequals(name, "Subject")) {
        subject_seen = true;
        continue;
      }
      values += value + "\n";
    }
    doc.body = values + doc.body;
  }
}

namespace {

Corpus read_groups(const fs::path& dir,
                   const std::vector<std::pair<std::string, std::string>>& splits,
                   NewsHeaders headers, const std::string& name) {
  Corpus corpus;
  corpus.name = name;
  std::set<std::string> groups;
  std::map<std::string, int64_t> per_split;
  for (const auto& [split, sub] : splits) {
    const fs::path root = sub.empty() ? dir : dir / sub;
    std::vector<std::string> empty;
    for (const auto& f : list_class_files(root, 1, &empty)) {
      Document d;
      d.id = split.empty() ? f.relative : split + "/" + f.relative;
      d.labels = {f.class_name};
      d.split = split;
      split_news_message(read_file_bytes(f.path), f.path.string(), headers, d);
      groups.insert(f.class_name);
      ++per_split[split];
      corpus.docs.push_back(std::move(d));
    }
  }
  if (corpus.docs.empty()) throw DataError(dir.string(), 0, "no messages found");
  corpus.label_names.assign(groups.begin(), groups.end());
  Json counts = {{"docs", corpus.docs.size()}, {"classes", corpus.label_names.size()}};
  if (splits.size() > 1) {
    counts["train"] = per_split["train"];
    counts["test"] = per_split["test"];
  }
  corpus.identity = Json{{"name", name}, {"headers", to_string(headers)}, {"counts", counts}};
  return corpus;
}

}  // namespace

Corpus read_20news_18828(const fs::path& dir, NewsHeaders headers) {
  return read_groups(dir, {{"", ""}}, headers, "20news-18828");
}

Corpus read_20news_bydate(const fs::path& dir, NewsHeaders headers) {
  return read_groups(dir, {{"train", "20news-bydate-train"}, {"test", "20news-bydate-test"}},
                     headers, "20news-bydate");
}

Corpus load_20news_18828(NewsHeaders headers) {
  const ResolvedData data = resolve("20news-18828");
  Corpus c = read_20news_18828(data.path, headers);
  c.identity["data"] = data.to_json();
  return c;
}

Corpus load_20news_bydate(NewsHeaders headers) {
  const ResolvedData data = resolve("20news-bydate");
  Corpus c = read_20news_bydate(data.path, headers);
  c.identity["data"] = data.to_json();
  return c;
}

}  // namespace linrepro
