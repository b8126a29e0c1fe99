#pragma once
// Input echoed in a message: control bytes, DEL and non-ASCII bytes as \xNN, so binary garbage
// never reaches the terminal raw and a message is always valid UTF-8 (it may end up in JSON).
#include <fmt/format.h>

#include <string>
#include <string_view>

namespace linrepro {

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

}  // namespace linrepro
