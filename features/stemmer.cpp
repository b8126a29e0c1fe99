#include "features/stemmer.h"

#include <libstemmer.h>

#include <utility>

#include "core/error.h"

namespace linrepro {

Stemmer::Stemmer(std::string algorithm) : algorithm_(std::move(algorithm)) {
  // Encoding NULL = UTF-8; our input is ASCII letters only (features/tokenizer.h), valid in both.
  sb_ = sb_stemmer_new(algorithm_.c_str(), nullptr);
  if (sb_ == nullptr) {
    std::string known;
    for (const char** name = sb_stemmer_list(); *name != nullptr; ++name)
      known += (known.empty() ? "" : ", ") + std::string(*name);
    throw ConfigError(fmt::format("stemmer: libstemmer has no algorithm '{}' (available: {})",
                                  algorithm_, known));
  }
}

Stemmer::~Stemmer() {
  if (sb_ != nullptr) sb_stemmer_delete(sb_);
}

Stemmer::Stemmer(Stemmer&& other) noexcept
    : algorithm_(std::move(other.algorithm_)),
      sb_(std::exchange(other.sb_, nullptr)),
      cache_(std::move(other.cache_)) {}

Stemmer& Stemmer::operator=(Stemmer&& other) noexcept {
  if (this != &other) {
    if (sb_ != nullptr) sb_stemmer_delete(sb_);
    algorithm_ = std::move(other.algorithm_);
    sb_ = std::exchange(other.sb_, nullptr);
    cache_ = std::move(other.cache_);
  }
  return *this;
}

std::string Stemmer::stem_uncached(std::string_view word) {
  const sb_symbol* out = sb_stemmer_stem(sb_, reinterpret_cast<const sb_symbol*>(word.data()),
                                         static_cast<int>(word.size()));
  // NULL only when libstemmer runs out of memory.
  if (out == nullptr) throw std::bad_alloc();
  return std::string(reinterpret_cast<const char*>(out),
                     static_cast<size_t>(sb_stemmer_length(sb_)));
}

const std::string& Stemmer::stem(std::string_view word) {
  if (auto it = cache_.find(word); it != cache_.end()) return it->second;
  return cache_.emplace(std::string(word), stem_uncached(word)).first->second;
}

}  // namespace linrepro
