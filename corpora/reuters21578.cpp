#include "corpora/reuters21578.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/escape.h"
#include "corpora/data_resolver.h"
#include "corpora/text_markup.h"

namespace linrepro {
namespace {

bool is_sgml_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Parses one file. Positions are offsets into `s`; line numbers are computed only for articles
// (incrementally) and for error messages.
class SgmlParser {
 public:
  SgmlParser(std::string_view s, const std::string& file) : s_(s), file_(file) {}

  std::vector<ReutersArticle> parse() {
    std::vector<ReutersArticle> out;
    size_t pos = 0;
    while (true) {
      pos = skip_between_records(pos);
      if (pos >= s_.size()) break;
      out.push_back(parse_record(pos, pos));
    }
    if (out.empty()) fail(0, "no <REUTERS> element: not a Reuters-21578 SGML file");
    return out;
  }

 private:
  std::string_view s_;
  const std::string& file_;
  size_t counted_pos_ = 0;
  long counted_line_ = 1;

  long line_of(size_t pos) {
    if (pos < counted_pos_) {
      return 1 +
             static_cast<long>(std::count(s_.begin(), s_.begin() + static_cast<long>(pos), '\n'));
    }
    counted_line_ += static_cast<long>(std::count(s_.begin() + static_cast<long>(counted_pos_),
                                                  s_.begin() + static_cast<long>(pos), '\n'));
    counted_pos_ = pos;
    return counted_line_;
  }

  [[noreturn]] void fail(size_t pos, const std::string& what) {
    throw DataError(file_, line_of(pos), what);
  }

  // Skips whitespace and declarations (<!DOCTYPE ...>) between records; returns the position of
  // the next "<REUTERS" or s_.size(). Anything else there is an error.
  size_t skip_between_records(size_t pos) {
    while (pos < s_.size()) {
      if (is_sgml_space(s_[pos])) {
        ++pos;
      } else if (s_.compare(pos, 2, "<!") == 0) {
        const size_t gt = s_.find('>', pos);
        if (gt == std::string_view::npos) fail(pos, "unterminated declaration");
        pos = gt + 1;
      } else if (s_.compare(pos, 8, "<REUTERS") == 0) {
        return pos;
      } else {
        fail(pos, fmt::format("unexpected content outside a <REUTERS> element: '{}'",
                              escape_bytes(s_.substr(pos, 20))));
      }
    }
    return pos;
  }

  // Position of "</name>" in [from, limit), or fail naming the element that is not closed.
  size_t find_end_tag(std::string_view name, size_t from, size_t limit, size_t open_pos) {
    const std::string tag = fmt::format("</{}>", name);
    const size_t e = s_.substr(0, limit).find(tag, from);
    if (e == std::string_view::npos) {
      fail(open_pos, fmt::format("unterminated <{}> element (no {})", name, tag));
    }
    return e;
  }

  // Parses NAME="value" pairs of a start tag.
  std::map<std::string, std::string> attributes(std::string_view attrs, size_t pos) {
    std::map<std::string, std::string> out;
    size_t i = 0;
    while (true) {
      while (i < attrs.size() && is_sgml_space(attrs[i])) ++i;
      if (i >= attrs.size()) break;
      const size_t eq = attrs.find('=', i);
      if (eq == std::string_view::npos || eq + 1 >= attrs.size() || attrs[eq + 1] != '"') {
        fail(pos, fmt::format("malformed attributes '{}'", escape_bytes(attrs)));
      }
      const size_t close = attrs.find('"', eq + 2);
      if (close == std::string_view::npos) fail(pos, "unterminated attribute value");
      out[std::string(attrs.substr(i, eq - i))] = std::string(attrs.substr(eq + 2, close - eq - 2));
      i = close + 1;
    }
    return out;
  }

  // <D>a</D><D>b</D> -> {a, b} with repeats removed (first occurrence kept). An empty (or
  // all-blank) <D></D> names no category: it is skipped with a warning naming file and line, so
  // no reader downstream sees a category called "" (found by fuzz_reuters).
  std::vector<std::string> d_list(size_t from, size_t to, std::string_view list_name) {
    std::vector<std::string> out;
    size_t p = from;
    while (p < to) {
      if (is_sgml_space(s_[p])) {
        ++p;
        continue;
      }
      if (s_.compare(p, 3, "<D>") != 0) {
        fail(p, fmt::format("unexpected content in <{}>: expected <D>", list_name));
      }
      const size_t e = find_end_tag("D", p + 3, to, p);
      std::string value = decode_entities(s_.substr(p + 3, e - p - 3));
      if (std::all_of(value.begin(), value.end(), is_sgml_space)) {
        const char* what = list_name == "TOPICS" ? "topic" : "category";
        std::cerr << fmt::format(
            "linrepro: warning: {}:{}: empty <D>{}</D> in <{}>: no {} name, skipped\n", file_,
            line_of(p), escape_bytes(value), list_name, what);
      } else if (std::find(out.begin(), out.end(), value) == out.end()) {
        out.push_back(std::move(value));
      }
      p = e + 4;
    }
    return out;
  }

  void parse_text(ReutersArticle& a, size_t from, size_t to) {
    std::string pcdata;  // text outside TITLE/DATELINE/AUTHOR/BODY (the story of UNPROC docs)
    bool has_body = false;
    size_t p = from;
    while (p < to) {
      const size_t lt = s_.substr(0, to).find('<', p);
      if (lt == std::string_view::npos) {
        pcdata.append(s_.substr(p, to - p));
        break;
      }
      pcdata.append(s_.substr(p, lt - p));
      size_t name_end = lt + 1;
      while (name_end < to && s_[name_end] >= 'A' && s_[name_end] <= 'Z') ++name_end;
      const std::string_view name = s_.substr(lt + 1, name_end - lt - 1);
      if (name_end >= to || s_[name_end] != '>' ||
          (name != "TITLE" && name != "DATELINE" && name != "AUTHOR" && name != "BODY")) {
        fail(lt, fmt::format("unexpected markup '{}' in <TEXT>", escape_bytes(s_.substr(lt, 12))));
      }
      const size_t e = find_end_tag(name, name_end + 1, to, lt);
      std::string content = decode_entities(s_.substr(name_end + 1, e - name_end - 1));
      if (name == "TITLE") a.title = std::move(content);
      if (name == "DATELINE") a.dateline = std::move(content);
      if (name == "AUTHOR") a.author = std::move(content);
      if (name == "BODY") {
        a.body = std::move(content);
        has_body = true;
      }
      p = e + name.size() + 3;
    }
    if (!has_body && a.text_type == "UNPROC") a.body = decode_entities(pcdata);
  }

  // Parses the record starting at `start`; sets `next` to the position after its </REUTERS>.
  ReutersArticle parse_record(size_t start, size_t& next) {
    ReutersArticle a;
    a.file = file_;
    a.line = line_of(start);
    const size_t tag_end = s_.find('>', start);
    if (tag_end == std::string_view::npos) fail(start, "unterminated <REUTERS tag");
    if (!is_sgml_space(s_[start + 8]) && s_[start + 8] != '>') {
      fail(start, "malformed <REUTERS tag");
    }
    auto attrs = attributes(s_.substr(start + 8, tag_end - start - 8), start);
    const size_t next_open = s_.find("<REUTERS", tag_end);
    const size_t end = s_.find("</REUTERS>", tag_end);
    if (end == std::string_view::npos || (next_open != std::string_view::npos && next_open < end)) {
      fail(start,
           fmt::format("unterminated <REUTERS> element (NEWID=\"{}\"): the file is truncated "
                       "or damaged",
                       attrs.count("NEWID") ? attrs["NEWID"] : "?"));
    }
    for (const char* required : {"NEWID", "OLDID", "LEWISSPLIT", "CGISPLIT", "TOPICS"}) {
      if (!attrs.count(required)) fail(start, fmt::format("<REUTERS> without {}", required));
    }
    auto number = [&](const std::string& key) {
      const std::string& v = attrs[key];
      int value = 0;
      const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
      if (ec != std::errc() || ptr != v.data() + v.size() || value <= 0) {
        fail(start, fmt::format("{}=\"{}\" is not a positive integer", key, v));
      }
      return value;
    };
    a.newid = number("NEWID");
    a.oldid = number("OLDID");
    a.topics_attr = attrs["TOPICS"];
    a.lewis_split = attrs["LEWISSPLIT"];
    a.cgi_split = attrs["CGISPLIT"];
    a.text_type = "NORM";

    bool has_text = false;
    size_t p = tag_end + 1;
    while (p < end) {
      if (is_sgml_space(s_[p])) {
        ++p;
        continue;
      }
      if (s_[p] != '<') fail(p, "unexpected text inside <REUTERS>");
      const size_t gt = s_.substr(0, end).find('>', p);
      if (gt == std::string_view::npos) fail(p, "unterminated tag");
      std::string_view head = s_.substr(p + 1, gt - p - 1);
      const size_t sp = head.find(' ');
      const std::string_view name = head.substr(0, sp);
      const size_t e = find_end_tag(name, gt + 1, end, p);
      if (name == "DATE") {
        a.date = std::string(s_.substr(gt + 1, e - gt - 1));
      } else if (name == "TOPICS") {
        a.topics = d_list(gt + 1, e, name);
      } else if (name == "PLACES") {
        a.places = d_list(gt + 1, e, name);
      } else if (name == "PEOPLE") {
        a.people = d_list(gt + 1, e, name);
      } else if (name == "ORGS") {
        a.orgs = d_list(gt + 1, e, name);
      } else if (name == "EXCHANGES") {
        a.exchanges = d_list(gt + 1, e, name);
      } else if (name == "TEXT") {
        has_text = true;
        if (sp != std::string_view::npos) {
          auto text_attrs = attributes(head.substr(sp), p);
          if (text_attrs.count("TYPE")) a.text_type = text_attrs["TYPE"];
        }
        parse_text(a, gt + 1, e);
      } else if (name != "COMPANIES" && name != "UNKNOWN" && name != "MKNOTE") {
        fail(p, fmt::format("unknown element <{}>", escape_bytes(name)));
      }
      p = e + name.size() + 3;
    }
    if (!has_text) fail(start, fmt::format("NEWID {} has no <TEXT> element", a.newid));
    next = end + 10;
    return a;
  }
};

}  // namespace

std::vector<ReutersArticle> parse_reuters_sgml(std::string_view content,
                                               const std::string& file_name) {
  SgmlParser parser(content, file_name);
  return parser.parse();
}

std::vector<ReutersArticle> read_reuters21578(const std::filesystem::path& dir) {
  std::vector<ReutersArticle> all;
  all.reserve(21578);
  std::vector<bool> seen;
  for (int k = 0; k < 22; ++k) {
    const auto path = dir / fmt::format("reut2-{:03d}.sgm", k);
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      throw DataError(path.string(), 0,
                      "cannot open (Reuters-21578 has 22 files reut2-000.sgm .. reut2-021.sgm)");
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string content = buffer.str();
    auto articles = parse_reuters_sgml(content, path.string());
    for (auto& a : articles) {
      if (static_cast<size_t>(a.newid) >= seen.size())
        seen.resize(static_cast<size_t>(a.newid) + 1);
      if (seen[static_cast<size_t>(a.newid)]) {
        throw DataError(a.file, a.line, fmt::format("duplicate NEWID {}", a.newid));
      }
      seen[static_cast<size_t>(a.newid)] = true;
      all.push_back(std::move(a));
    }
  }
  return all;
}

std::string to_string(ReutersView view) {
  switch (view) {
    case ReutersView::ModApte:
      return "modapte";
    case ReutersView::ModApteWithTopics:
      return "modapte-with-topics";
    case ReutersView::ModApte90:
      return "modapte-90";
    case ReutersView::ModApteTop10:
      return "modapte-top10";
    case ReutersView::ModApteMoreThan10:
      return "modapte-more-than-10-train";
  }
  return "?";
}

namespace {

bool in_modapte(const ReutersArticle& a) {
  return a.topics_attr == "YES" && (a.lewis_split == "TRAIN" || a.lewis_split == "TEST");
}

// Documents per category in the ModApte training and test sets.
struct CategoryCounts {
  std::map<std::string, int> train, test;
};

CategoryCounts count_categories(const std::vector<ReutersArticle>& articles) {
  CategoryCounts c;
  for (const auto& a : articles) {
    if (!in_modapte(a)) continue;
    auto& m = a.lewis_split == "TRAIN" ? c.train : c.test;
    for (const auto& t : a.topics) ++m[t];
  }
  return c;
}

}  // namespace

std::vector<std::string> reuters_categories_train_and_test(const std::vector<ReutersArticle>& a) {
  const CategoryCounts c = count_categories(a);
  std::vector<std::string> out;
  for (const auto& [name, n] : c.train) {
    if (n > 0 && c.test.count(name)) out.push_back(name);
  }
  return out;
}

std::vector<std::string> reuters_top_categories(const std::vector<ReutersArticle>& a, int k) {
  const CategoryCounts c = count_categories(a);
  std::vector<std::pair<int, std::string>> by_count;
  for (const auto& [name, n] : c.train) by_count.emplace_back(-n, name);  // most first, then name
  std::sort(by_count.begin(), by_count.end());
  std::vector<std::string> out;
  for (int i = 0; i < k && i < static_cast<int>(by_count.size()); ++i)
    out.push_back(by_count[i].second);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> reuters_categories_more_than(const std::vector<ReutersArticle>& a,
                                                      int min_train_docs_exclusive) {
  const CategoryCounts c = count_categories(a);
  std::vector<std::string> out;
  for (const auto& [name, n] : c.train) {
    if (n > min_train_docs_exclusive) out.push_back(name);
  }
  return out;
}

Corpus reuters_modapte(const std::vector<ReutersArticle>& articles,
                       const std::vector<std::string>& categories, bool drop_unlabelled) {
  const std::set<std::string> keep(categories.begin(), categories.end());
  Corpus corpus;
  corpus.name = "reuters21578-modapte";
  std::set<std::string> names;
  int64_t train = 0, test = 0;
  for (const auto& a : articles) {
    if (!in_modapte(a)) continue;
    Document d;
    d.id = std::to_string(a.newid);
    d.title = a.title;
    d.body = a.body;
    for (const auto& t : a.topics) {
      if (keep.empty() || keep.count(t)) d.labels.push_back(t);
    }
    if (drop_unlabelled && d.labels.empty()) continue;
    d.split = a.lewis_split == "TRAIN" ? "train" : "test";
    (d.split == "train" ? train : test) += 1;
    names.insert(d.labels.begin(), d.labels.end());
    corpus.docs.push_back(std::move(d));
  }
  corpus.label_names = keep.empty() ? std::vector<std::string>(names.begin(), names.end())
                                    : std::vector<std::string>(keep.begin(), keep.end());
  corpus.identity = Json{{"name", corpus.name},
                         {"counts",
                          {{"docs", corpus.docs.size()},
                           {"train", train},
                           {"test", test},
                           {"categories", corpus.label_names.size()}}}};
  return corpus;
}

Corpus reuters_view(const std::vector<ReutersArticle>& articles, ReutersView view) {
  Corpus c;
  switch (view) {
    case ReutersView::ModApte:
      c = reuters_modapte(articles);
      break;
    case ReutersView::ModApteWithTopics:
      c = reuters_modapte(articles, {}, true);
      break;
    case ReutersView::ModApte90:
      c = reuters_modapte(articles, reuters_categories_train_and_test(articles), true);
      c.identity["note"] = reuters_modapte90_note();
      break;
    case ReutersView::ModApteTop10:
      c = reuters_modapte(articles, reuters_top_categories(articles, 10), true);
      break;
    case ReutersView::ModApteMoreThan10:
      c = reuters_modapte(articles, reuters_categories_more_than(articles, 10), true);
      break;
  }
  c.name = "reuters21578-" + to_string(view);
  c.identity["name"] = c.name;
  c.identity["view"] = to_string(view);
  return c;
}

Corpus load_reuters21578(ReutersView view) {
  const ResolvedData data = resolve("reuters21578");
  Corpus c = reuters_view(read_reuters21578(data.path), view);
  c.identity["data"] = data.to_json();
  return c;
}

std::string reuters_modapte90_note() {
  return "7,770 training documents carry one of the 90 categories; the literature (ApteMod, e.g. "
         "Yang & Liu 1999, MLR-CG) reports 7,769. Checked on these files: the 5 ModApte training "
         "documents whose topics are all outside the 90 (NEWID 4808, 4811, 8114 'inventories', "
         "12096 'stg', 12502 'wool') are already excluded; no NEWID repeats; two documents list a "
         "category twice (5467 'corn', 19918 'trade'), which changes category counts (corn: 181 "
         "training documents, 182 <D> entries) but not document counts. The one extra document "
         "could not be identified without the ApteMod file list, which is not available here.";
}

}  // namespace linrepro
