#pragma once
// Porter stemming through libstemmer (Snowball), never hand-written. Algorithm "porter" is Martin
// Porter's original 1980 algorithm, the one the papers cite (Godbole et al. 2002, §5: "All words
// were stemmed using a Porter stemmer [13]"); "english" is the later Porter2 and is offered only
// for comparison.
//
// NOT thread-safe: libstemmer keeps per-instance state and the cache is unsynchronised. Use one
// Stemmer per thread (the tokenising pipeline does).
#include <string>
#include <string_view>
#include <unordered_map>

struct sb_stemmer;

namespace linrepro {

class Stemmer {
 public:
  // Throws ConfigError naming the algorithm (and libstemmer's list) if libstemmer lacks it.
  explicit Stemmer(std::string algorithm = "porter");
  ~Stemmer();
  Stemmer(const Stemmer&) = delete;
  Stemmer& operator=(const Stemmer&) = delete;
  Stemmer(Stemmer&& other) noexcept;
  Stemmer& operator=(Stemmer&& other) noexcept;

  // The stem of a lower-case ASCII word, memoised: text has far fewer distinct words than tokens,
  // so after the first few documents almost every call is one hash lookup. The reference stays
  // valid until the Stemmer is destroyed (node-based map: rehashing does not move values).
  const std::string& stem(std::string_view word);
  // One call into libstemmer, no cache.
  std::string stem_uncached(std::string_view word);

  const std::string& algorithm() const { return algorithm_; }
  size_t cache_size() const { return cache_.size(); }

 private:
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::string algorithm_;
  sb_stemmer* sb_ = nullptr;
  std::unordered_map<std::string, std::string, Hash, std::equal_to<>> cache_;
};

}  // namespace linrepro
