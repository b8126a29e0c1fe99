#include "corpora/webkb.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/atomic_file.h"
#include "core/error.h"
#include "corpora/data_resolver.h"
#include "corpora/folder_corpus.h"
#include "corpora/text_markup.h"

namespace linrepro {
namespace fs = std::filesystem;

std::string to_string(WebkbView view) {
  switch (view) {
    case WebkbView::All7:
      return "all7";
    case WebkbView::Univ6:
      return "univ6";
    case WebkbView::Webkb4:
      return "webkb4";
  }
  return "?";
}

void webkb_page_text(std::string bytes, Document& doc, WebkbMarkup markup) {
  // Four pages carry NUL bytes (one, ~scoffey at umich, is 82% NULs after its HTML): they are
  // word separators here, not a reason to reject a verified page.
  std::replace(bytes.begin(), bytes.end(), '\0', ' ');
  std::string_view text(bytes);
  if (text.substr(0, 5) == "HTTP/") {  // a status line precedes the header fields
    const size_t eol = text.find_first_of("\r\n");
    if (eol == std::string_view::npos) {
      text = {};
    } else {
      const bool crlf = text[eol] == '\r' && eol + 1 < text.size() && text[eol + 1] == '\n';
      text.remove_prefix(eol + (crlf ? 2 : 1));
    }
  }
  text.remove_prefix(split_header_block(text).body_offset);
  HtmlText h = html_to_text(text);
  // "&#0;" decodes to a NUL byte (document.h's entity rule): a separator too, like a raw one
  // (found by fuzz_webkb).
  std::replace(h.title.begin(), h.title.end(), '\0', ' ');
  std::replace(h.text.begin(), h.text.end(), '\0', ' ');
  doc.title = std::move(h.title);
  doc.body = markup == WebkbMarkup::Markup ? std::string(text) : std::move(h.text);
}

Corpus read_webkb(const fs::path& dir, WebkbMarkup markup) {
  Corpus corpus;
  corpus.name = "webkb";
  std::map<std::string, int64_t> per_class, per_university;
  std::vector<std::string> empty;
  for (const auto& f : list_class_files(dir, 2, &empty)) {
    const size_t slash = f.class_name.find('/');
    Document d;
    d.id = f.relative;
    d.labels = {f.class_name.substr(0, slash)};
    d.group = f.class_name.substr(slash + 1);
    webkb_page_text(read_file_bytes(f.path), d, markup);
    ++per_class[d.labels[0]];
    ++per_university[d.group];
    corpus.docs.push_back(std::move(d));
  }
  if (corpus.docs.empty()) {
    throw DataError(dir.string(), 0, "no pages found (expected <class>/<university>/<page>)");
  }
  for (const auto& [c, n] : per_class) corpus.label_names.push_back(c);
  corpus.identity = Json{{"name", corpus.name},
                         {"markup", markup == WebkbMarkup::Text ? "text" : "markup"},
                         {"counts",
                          {{"docs", corpus.docs.size()},
                           {"classes", corpus.label_names.size()},
                           {"per_class", per_class},
                           {"per_university", per_university}}}};
  return corpus;
}

Corpus webkb_view(const Corpus& all, WebkbView view) {
  const std::set<std::string> universities = {"cornell", "texas", "washington", "wisconsin"};
  std::set<std::string> classes;
  bool only_universities = false;
  switch (view) {
    case WebkbView::All7:
      break;
    case WebkbView::Univ6:
      classes = {"course", "faculty", "other", "project", "staff", "student"};
      only_universities = true;
      break;
    case WebkbView::Webkb4:
      classes = {"course", "faculty", "project", "student"};
      break;
  }
  Corpus c;
  c.name = "webkb-" + to_string(view);
  std::map<std::string, int64_t> per_class, per_university;
  std::set<std::string> names;
  for (const auto& d : all.docs) {
    if (!classes.empty() && !classes.count(d.labels.at(0))) continue;
    if (only_universities && !universities.count(d.group)) continue;
    ++per_class[d.labels[0]];
    ++per_university[d.group];
    names.insert(d.labels[0]);
    c.docs.push_back(d);
  }
  c.label_names.assign(names.begin(), names.end());
  c.identity = Json{{"name", c.name},
                    {"view", to_string(view)},
                    {"counts",
                     {{"docs", c.docs.size()},
                      {"classes", c.label_names.size()},
                      {"per_class", per_class},
                      {"per_university", per_university}}}};
  if (view == WebkbView::Univ6) {
    c.identity["note"] =
        "MLR-CG's Univ-6 has 4,165 pages; this selection (4 universities without misc, 6 classes "
        "without 'department') has 4,158. The exact original selection is not recoverable.";
  }
  return c;
}

Corpus load_webkb(WebkbView view, WebkbMarkup markup) {
  const ResolvedData data = resolve("webkb");
  Corpus c = webkb_view(read_webkb(data.path, markup), view);
  if (markup == WebkbMarkup::Markup) c.identity["markup"] = "markup";
  c.identity["data"] = data.to_json();
  return c;
}

}  // namespace linrepro
