#pragma once
// The one type every corpus reader produces and the feature pipeline (features/) consumes:
// raw documents (text + class names), never tokens. Readers do not tokenise, lowercase or stem.
//
// Text encoding: title and body are BYTE strings in ISO-8859-1 (Latin-1), exactly as in the source
// files (Reuters' single 0xFC byte, 20NG's 0xFF bytes and WebKB's accented pages are kept as one
// byte each, never re-encoded to UTF-8). Markup is already removed and entities are decoded:
// "&lt;" -> '<', "&#3;" -> byte 0x03, "&eacute;" -> byte 0xE9; a numeric reference above 255 (no
// Latin-1 byte) becomes a space. Line endings are as in the source (LF, CRLF or lone CR).
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace linrepro {

using Json = nlohmann::json;

struct Document {
  // Unique within its corpus and stable across runs: Reuters NEWID ("17980"), 20NG
  // "<group>/<article>", WebKB "<class>/<university>/<file name>", folder corpus "<class>/<file>".
  std::string id;
  std::string
      title;  // Reuters <TITLE>, 20NG Subject (when the header policy keeps it), HTML <title>
  std::string body;  // the text without title; may be empty (Reuters briefs have no BODY)
  // Class names. Reuters: 0..n TOPICS categories in SGML <D> order, a repeated one kept once;
  // single-label corpora (20NG, WebKB, folder corpora): exactly one.
  std::vector<std::string> labels;
  std::string split;  // "train", "test", or "" (not part of the corpus's standard split)
  std::string group;  // a second grouping, not a label: WebKB university; "" elsewhere
};

struct Corpus {
  std::string name;                      // e.g. "reuters21578-modapte", "20news-bydate"
  std::vector<Document> docs;            // in a fixed, documented order (file order / sorted paths)
  std::vector<std::string> label_names;  // every label that occurs in docs, sorted (byte order)
  // Provenance for result files: {"name", "path" (where read from), "source"
  // (env/cache/mirror/url), "sha256" (of the verified archive), "counts": {"docs", "train", "test",
  // ...}, plus reader options (e.g. the 20NG header policy). Shape is stable; readers add fields,
  // never remove.
  Json identity = Json::object();
};

// title + "\n" + body (just body when the title is empty): the text most experiments tokenise.
inline std::string full_text(const Document& d) {
  if (d.title.empty()) return d.body;
  std::string s;
  s.reserve(d.title.size() + 1 + d.body.size());
  s += d.title;
  s += '\n';
  s += d.body;
  return s;
}

}  // namespace linrepro
