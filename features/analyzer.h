#pragma once
// Text -> terms: tokenise (features/tokenizer.h), drop stop words (features/stopwords.h), stem
// (features/stemmer.h), and put title words in their own namespace when asked. A corpus is
// tokenised once into term ids; vocabulary, selection and vectors are built from those ids.
//
// Title words as separate features (Zhang & Oles 2001, §5: "A word in the title is regarded as a
// different feature than the same word in the body"): with title_separate, a title term is named
// "t:" + stem. Terms are letters only, so the ':' can never collide with a body term.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "features/stemmer.h"
#include "features/stopwords.h"
#include "features/tokenizer.h"

namespace linrepro {

inline constexpr std::string_view kTitlePrefix = "t:";

// One document as the feature pipeline sees it: plain bytes (the corpora adapter fills it).
struct TextDoc {
  std::string title;
  std::string body;
};

struct TextOptions {
  TokenizerOptions tokenizer;
  StopwordList stopwords = StopwordList::none;
  std::string stemmer = "porter";  // a libstemmer algorithm, or "" for no stemming
  bool title_separate = false;
  bool operator==(const TextOptions& o) const {
    return tokenizer.min_length == o.tokenizer.min_length &&
           tokenizer.max_length == o.tokenizer.max_length && stopwords == o.stopwords &&
           stemmer == o.stemmer && title_separate == o.title_separate;
  }
};

// Documents as sequences of term ids (title terms first, then body terms, in text order).
struct TokenizedCorpus {
  TextOptions options;
  std::vector<std::string> terms;   // term id -> term; sorted, so ids do not depend on doc order
  std::vector<int64_t> doc_ptr{0};  // doc d's tokens are tokens[doc_ptr[d] .. doc_ptr[d+1])
  std::vector<int32_t> tokens;
  int64_t input_bytes = 0;  // title + body bytes read

  int32_t num_docs() const { return static_cast<int32_t>(doc_ptr.size()) - 1; }
  std::span<const int32_t> doc(int32_t d) const {
    return {tokens.data() + doc_ptr[d], static_cast<size_t>(doc_ptr[d + 1] - doc_ptr[d])};
  }
};

// The per-thread worker: owns its stemmer and caches (neither is thread-safe), and numbers terms
// in its own local id space.
class Analyzer {
 public:
  explicit Analyzer(const TextOptions& options);
  // Appends the local term ids of `text`'s terms to `out`; `is_title` picks the title namespace
  // (only when options.title_separate).
  void analyze(std::string_view text, bool is_title, std::vector<int32_t>& out);
  const std::vector<std::string>& terms() const { return terms_; }

 private:
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  using Map = std::unordered_map<std::string, int32_t, Hash, std::equal_to<>>;
  int32_t term_id_of_token(std::string_view token, bool title_namespace);

  TextOptions options_;
  std::optional<Stemmer> stemmer_;
  std::vector<std::string> terms_;
  Map term_ids_;
  // token -> term id (-1: stop word). One lookup per token once the token has been seen.
  Map body_cache_, title_cache_;
  std::string scratch_;
};

// The terms of one text, as strings (for tests, tools and explaining a feature).
std::vector<std::string> analyze_text(std::string_view text, const TextOptions& options,
                                      bool is_title = false);

// Tokenises `docs` with `threads` workers (contiguous chunks, one Analyzer each). The result is
// identical for every thread count. Throws ConfigError for an unknown stemmer.
TokenizedCorpus tokenize_corpus(std::span<const TextDoc> docs, const TextOptions& options,
                                int threads = 1);

}  // namespace linrepro
