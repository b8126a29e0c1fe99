#pragma once
// The tokeniser every experiment uses, for training and test text alike (Zhang & Oles 2001, fig. 1:
// "the same tokenization procedure would be used both for documents used in training ... and for
// incoming documents"). Rules, applied to the text as a BYTE string:
//   1. A token is a maximal run of ASCII letters [A-Za-z], lower-cased ("Oil" -> "oil").
//   2. Every other byte separates tokens:
//      - whitespace, control bytes and all punctuation, including apostrophes and hyphens:
//        "don't" -> "don" "t", "long-term" -> "long" "term", "U.S." -> "u" "s";
//      - digits, so numbers vanish and split words: "1987" -> nothing, "abc123def" -> "abc" "def";
//      - every byte >= 0x80. The corpora deliver Latin-1 bytes (corpora/document.h) and these are
//        NOT letters here: "M\xFCller" ('ü' = 0xFC) -> "m" "ller". UTF-8 text splits the same way.
//        Why: the papers' English corpora are ASCII apart from a handful of bytes, and a rule that
//        needs no encoding decision is the one every peer tool can reproduce exactly.
//   3. Tokens shorter than min_length letters are dropped, and, when max_length > 0, so are tokens
//      longer than max_length (uuencoded attachments in 20 Newsgroups make such runs).
// No std::regex: a 256-entry byte table, one pass, no allocation per token.
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace linrepro {

struct TokenizerOptions {
  int min_length = 2;  // letters; >= 1
  int max_length = 0;  // 0 = no upper limit
};

namespace detail {
// kLowerLetter[b] = the lower-case letter for an ASCII letter byte b, 0 for every separator byte.
inline constexpr std::array<char, 256> kLowerLetter = [] {
  std::array<char, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c) t[c] = static_cast<char>(c);
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = static_cast<char>(c - 'A' + 'a');
  return t;
}();
}  // namespace detail

// Calls emit(std::string_view token) for each token of `text`, in order. The view points into a
// buffer that is reused for the next token: copy it if it must outlive the call.
template <class Emit>
void for_each_token(std::string_view text, const TokenizerOptions& options, Emit&& emit) {
  const size_t min_len = options.min_length < 1 ? 1 : static_cast<size_t>(options.min_length);
  const size_t max_len = options.max_length > 0 ? static_cast<size_t>(options.max_length) : 0;
  std::string token;
  token.reserve(32);
  const char* p = text.data();
  const char* const end = p + text.size();
  while (p < end) {
    // Skip separators.
    while (p < end && detail::kLowerLetter[static_cast<unsigned char>(*p)] == 0) ++p;
    if (p == end) break;
    token.clear();
    char c;
    while (p < end && (c = detail::kLowerLetter[static_cast<unsigned char>(*p)]) != 0) {
      token.push_back(c);
      ++p;
    }
    if (token.size() >= min_len && (max_len == 0 || token.size() <= max_len))
      emit(std::string_view(token));
  }
}

// The tokens of `text` as strings (convenience for tests and tools; the pipeline uses
// for_each_token).
std::vector<std::string> tokenize(std::string_view text, const TokenizerOptions& options = {});

}  // namespace linrepro
