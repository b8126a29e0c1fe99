#include "corpora/text_markup.h"

#include <array>
#include <cctype>
#include <cstdint>

namespace linrepro {
namespace {

// HTML 4 names of the Latin-1 characters 160..255, in code order (HTML 4.01, section 24.2).
constexpr std::array<std::string_view, 96> kLatin1Names = {
    "nbsp",   "iexcl",  "cent",   "pound",  "curren", "yen",    "brvbar", "sect",   "uml",
    "copy",   "ordf",   "laquo",  "not",    "shy",    "reg",    "macr",   "deg",    "plusmn",
    "sup2",   "sup3",   "acute",  "micro",  "para",   "middot", "cedil",  "sup1",   "ordm",
    "raquo",  "frac14", "frac12", "frac34", "iquest", "Agrave", "Aacute", "Acirc",  "Atilde",
    "Auml",   "Aring",  "AElig",  "Ccedil", "Egrave", "Eacute", "Ecirc",  "Euml",   "Igrave",
    "Iacute", "Icirc",  "Iuml",   "ETH",    "Ntilde", "Ograve", "Oacute", "Ocirc",  "Otilde",
    "Ouml",   "times",  "Oslash", "Ugrave", "Uacute", "Ucirc",  "Uuml",   "Yacute", "THORN",
    "szlig",  "agrave", "aacute", "acirc",  "atilde", "auml",   "aring",  "aelig",  "ccedil",
    "egrave", "eacute", "ecirc",  "euml",   "igrave", "iacute", "icirc",  "iuml",   "eth",
    "ntilde", "ograve", "oacute", "ocirc",  "otilde", "ouml",   "divide", "oslash", "ugrave",
    "uacute", "ucirc",  "uuml",   "yacute", "thorn",  "yuml"};

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }
char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
bool is_markup_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

// Returns the decoded byte (0..255), -2 for "decodes to a space", or -1 when `name` is not known.
int named_entity(std::string_view name) {
  if (name == "lt") return '<';
  if (name == "gt") return '>';
  if (name == "amp") return '&';
  if (name == "quot") return '"';
  if (name == "apos") return '\'';
  if (name == "nbsp") return -2;
  for (size_t k = 0; k < kLatin1Names.size(); ++k) {
    if (kLatin1Names[k] == name) return static_cast<int>(160 + k);
  }
  return -1;
}

// Parses a reference starting at text[i] == '&'. On success appends its decoding and returns the
// index just past ';'; otherwise returns i (the caller copies the '&' literally).
size_t decode_one(std::string_view text, size_t i, std::string& out) {
  size_t j = i + 1;
  if (j < text.size() && text[j] == '#') {
    ++j;
    const bool hex = j < text.size() && (text[j] == 'x' || text[j] == 'X');
    if (hex) ++j;
    const size_t digits_start = j;
    uint64_t value = 0;
    while (j < text.size() &&
           (hex ? std::isxdigit(static_cast<unsigned char>(text[j])) != 0 : is_digit(text[j]))) {
      const char c = lower(text[j]);
      const int d = is_digit(c) ? c - '0' : c - 'a' + 10;
      if (value < (uint64_t{1} << 40)) value = value * (hex ? 16 : 10) + static_cast<uint64_t>(d);
      ++j;
    }
    if (j == digits_start || j >= text.size() || text[j] != ';') return i;
    if (value <= 255) {
      out.push_back(static_cast<char>(static_cast<unsigned char>(value)));
    } else {
      out.push_back(' ');
    }
    return j + 1;
  }
  while (j < text.size() && j - i <= 8 && is_alnum(text[j])) ++j;
  if (j == i + 1 || j >= text.size() || text[j] != ';') return i;
  const int code = named_entity(text.substr(i + 1, j - i - 1));
  if (code == -1) return i;
  out.push_back(code == -2 ? ' ' : static_cast<char>(static_cast<unsigned char>(code)));
  return j + 1;
}

// Position of the case-insensitive ASCII `needle` in `hay` at or after `from`, or npos.
size_t ifind(std::string_view hay, std::string_view needle, size_t from) {
  if (needle.empty() || hay.size() < needle.size()) return std::string_view::npos;
  for (size_t i = from; i + needle.size() <= hay.size(); ++i) {
    size_t k = 0;
    while (k < needle.size() && lower(hay[i + k]) == needle[k]) ++k;
    if (k == needle.size()) return i;
  }
  return std::string_view::npos;
}

std::string collapse_whitespace(std::string_view s) {
  std::string out;
  bool pending_space = false;
  for (char c : s) {
    if (is_markup_space(c)) {
      pending_space = !out.empty();
    } else {
      if (pending_space) out.push_back(' ');
      pending_space = false;
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

std::string decode_entities(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const size_t amp = text.find('&', i);
    if (amp == std::string_view::npos) {
      out.append(text.substr(i));
      break;
    }
    out.append(text.substr(i, amp - i));
    const size_t next = decode_one(text, amp, out);
    if (next == amp) {
      out.push_back('&');
      i = amp + 1;
    } else {
      i = next;
    }
  }
  return out;
}

HtmlText html_to_text(std::string_view html) {
  std::string raw_text;  // undecoded text outside tags
  std::string raw_title;
  raw_text.reserve(html.size());
  const size_t n = html.size();
  size_t i = 0;
  while (i < n) {
    const size_t lt = html.find('<', i);
    if (lt == std::string_view::npos) {
      raw_text.append(html.substr(i));
      break;
    }
    raw_text.append(html.substr(i, lt - i));
    i = lt;
    const char next = lt + 1 < n ? html[lt + 1] : '\0';
    if (html.substr(lt, 4) == "<!--") {
      size_t end = html.find("-->", lt + 4);
      if (end != std::string_view::npos) {
        i = end + 3;
      } else {  // unterminated comment: end it at the next '>' (what old browsers did)
        end = html.find('>', lt + 4);
        i = end == std::string_view::npos ? n : end + 1;
      }
      raw_text.push_back(' ');
      continue;
    }
    if (next == '!' || next == '?') {
      const size_t end = html.find('>', lt + 2);
      i = end == std::string_view::npos ? n : end + 1;
      raw_text.push_back(' ');
      continue;
    }
    const bool closing = next == '/';
    const size_t name_start = lt + (closing ? 2 : 1);
    if (name_start >= n || !is_alpha(html[name_start])) {  // "a < b": a literal '<'
      raw_text.push_back('<');
      i = lt + 1;
      continue;
    }
    size_t name_end = name_start;
    while (name_end < n && (is_alnum(html[name_end]) || html[name_end] == '-')) ++name_end;
    std::string name;
    for (size_t k = name_start; k < name_end; ++k) name.push_back(lower(html[k]));
    const size_t gt = html.find('>', name_end);
    i = gt == std::string_view::npos ? n : gt + 1;
    raw_text.push_back(' ');
    if (closing) continue;
    if (name == "script" || name == "style" || name == "title") {
      const std::string close = "</" + name;
      const size_t end = ifind(html, close, i);
      if (name == "title" && end == std::string_view::npos) {
        // An unclosed <title> holds text only: it ends at the next tag (or the end of the file).
        const size_t next_tag = html.find('<', i);
        const size_t content_end = next_tag == std::string_view::npos ? n : next_tag;
        if (raw_title.empty()) raw_title = html.substr(i, content_end - i);
        i = content_end;
        continue;
      }
      const size_t content_end = end == std::string_view::npos ? n : end;
      if (name == "title" && raw_title.empty()) raw_title = html.substr(i, content_end - i);
      if (end == std::string_view::npos) {
        i = n;
      } else {
        const size_t end_gt = html.find('>', end);
        i = end_gt == std::string_view::npos ? n : end_gt + 1;
      }
    }
  }
  HtmlText result;
  result.title = collapse_whitespace(decode_entities(raw_title));
  result.text = decode_entities(raw_text);
  return result;
}

HeaderBlock split_header_block(std::string_view text) {
  HeaderBlock block;
  size_t pos = 0;
  while (pos < text.size()) {
    // One line: [pos, line_end), terminator LF, CRLF or lone CR.
    size_t line_end = pos;
    while (line_end < text.size() && text[line_end] != '\n' && text[line_end] != '\r') ++line_end;
    size_t next = line_end;
    if (next < text.size()) {
      next += (text[next] == '\r' && next + 1 < text.size() && text[next + 1] == '\n') ? 2 : 1;
    }
    const std::string_view line = text.substr(pos, line_end - pos);
    if (line.empty()) {  // the blank line that ends the block
      if (!block.fields.empty()) block.body_offset = next;
      return block;
    }
    if ((line[0] == ' ' || line[0] == '\t') && !block.fields.empty()) {  // continuation
      size_t b = 0;
      while (b < line.size() && is_markup_space(line[b])) ++b;
      std::string& value = block.fields.back().second;
      if (!value.empty()) value.push_back(' ');
      value.append(line.substr(b));
      pos = next;
      block.body_offset = pos;
      continue;
    }
    size_t colon = 0;
    while (colon < line.size() &&
           (is_alnum(line[colon]) || line[colon] == '-' || line[colon] == '_')) {
      ++colon;
    }
    if (colon == 0 || colon >= line.size() || line[colon] != ':') return block;  // not a header
    size_t v = colon + 1;
    while (v < line.size() && (line[v] == ' ' || line[v] == '\t')) ++v;
    size_t v_end = line.size();
    while (v_end > v && is_markup_space(line[v_end - 1])) --v_end;
    block.fields.emplace_back(std::string(line.substr(0, colon)),
                              std::string(line.substr(v, v_end - v)));
    pos = next;
    block.body_offset = pos;
  }
  return block;
}

}  // namespace linrepro
