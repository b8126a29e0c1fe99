#pragma once
// Markup shared by the readers: SGML/HTML character references, HTML-to-text, and the
// "Name: value" header block that starts mail messages (20 Newsgroups) and HTTP responses (WebKB).
// All functions work on Latin-1 byte strings (see corpora/document.h) and never throw.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace linrepro {

// Decodes character references:
//   &lt; &gt; &amp; &quot; &apos; and the HTML 4 Latin-1 names (&eacute; ...) -> their Latin-1
//   byte, except &nbsp; -> ' ' (a no-break space is a word separator for every tokeniser);
//   &#N; / &#xH; with N <= 255 -> that byte (Reuters' control codes &#2; &#3; stay bytes 0x02
//   0x03); a well-formed numeric reference above 255 (no Latin-1 byte) -> ' '.
// Anything else (unknown names, "&#;", a bare '&', a missing ';') is kept literally: 1990s pages
// are full of unescaped '&', and guessing would corrupt text.
std::string decode_entities(std::string_view text);

struct HtmlText {
  std::string title;  // <title> content, entities decoded, whitespace runs collapsed to one space
  std::string text;   // everything outside tags, entities decoded; tags become one space
};

// A small state machine, lenient like the browsers of 1997: removes comments (<!-- ... -->; an
// unterminated comment ends at the next '>'), declarations (<!DOCTYPE ...>, <?...>), tags (a tag
// ends at the first '>': quotes are not honoured because unbalanced quotes are common in old
// pages), and the content of <script> and <style>. A '<' not followed by a letter, '/', '!' or '?'
// is text. The <title> content goes to `title`, not `text` (an unclosed <title> ends at the next
// tag; an unclosed <script>/<style> runs to the end of the page).
HtmlText html_to_text(std::string_view html);

struct HeaderBlock {
  std::vector<std::pair<std::string, std::string>> fields;  // (name as written, value trimmed)
  size_t body_offset = 0;  // where the text after the header block (and its blank line) starts
};

// Splits a leading RFC-822-style header block: consecutive lines "Name: value" (Name = letters,
// digits, '-' or '_'), continuation lines starting with a space or tab, ended by an empty line
// (which is consumed) or by the first line that is not a header line. Line ends may be LF, CRLF or
// a lone CR. Text that does not start with a header line has no header block (body_offset 0).
HeaderBlock split_header_block(std::string_view text);

// Case-insensitive ASCII comparison helper used by the readers.
bool iequals(std::string_view a, std::string_view b);

}  // namespace linrepro
