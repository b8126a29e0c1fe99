#pragma once
// Text put where it could break what holds it: input echoed in a message, a Markdown table cell.
#include <fmt/format.h>

#include <string>
#include <string_view>

namespace linrepro {

// Input echoed in a message: control bytes, DEL and non-ASCII bytes as \xNN, so binary garbage
// never reaches the terminal raw and a message is always valid UTF-8 (it may end up in JSON).
// A program's output in a message: its last `n` characters (where the error is), marked "...".
inline std::string output_tail(const std::string& text, size_t n = 2000) {
  return text.size() <= n ? text : "..." + text.substr(text.size() - n);
}

inline std::string escape_bytes(std::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    if (c >= 0x20 && c < 0x7f)
      out += static_cast<char>(c);
    else
      out += fmt::format("\\x{:02x}", c);
  }
  return out;
}

// A Markdown table cell: a bar escaped, a line break a space (either would end the cell).
inline std::string markdown_cell(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

}  // namespace linrepro
