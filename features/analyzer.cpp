#include "features/analyzer.h"

#include <algorithm>
#include <exception>
#include <thread>

namespace linrepro {

Analyzer::Analyzer(const TextOptions& options) : options_(options) {
  if (!options_.stemmer.empty()) stemmer_.emplace(options_.stemmer);
}

int32_t Analyzer::term_id_of_token(std::string_view token, bool title_namespace) {
  Map& cache = title_namespace ? title_cache_ : body_cache_;
  if (auto it = cache.find(token); it != cache.end()) return it->second;

  int32_t id = -1;
  if (!is_stopword(options_.stopwords, token)) {
    scratch_.clear();
    if (title_namespace) scratch_ += kTitlePrefix;
    scratch_ += stemmer_ ? std::string_view(stemmer_->stem(token)) : token;
    auto [pos, inserted] = term_ids_.try_emplace(scratch_, static_cast<int32_t>(terms_.size()));
    if (inserted) terms_.push_back(scratch_);
    id = pos->second;
  }
  cache.emplace(std::string(token), id);
  return id;
}

void Analyzer::analyze(std::string_view text, bool is_title, std::vector<int32_t>& out) {
  const bool title_namespace = is_title && options_.title_separate;
  for_each_token(text, options_.tokenizer, [&](std::string_view token) {
    const int32_t id = term_id_of_token(token, title_namespace);
    if (id >= 0) out.push_back(id);
  });
}

std::vector<std::string> analyze_text(std::string_view text, const TextOptions& options,
                                      bool is_title) {
  Analyzer analyzer(options);
  std::vector<int32_t> ids;
  analyzer.analyze(text, is_title, ids);
  std::vector<std::string> out;
  out.reserve(ids.size());
  for (int32_t id : ids) out.push_back(analyzer.terms()[id]);
  return out;
}

namespace {

struct Chunk {
  std::vector<std::string> terms;  // local id -> term
  std::vector<int64_t> doc_ptr{0};
  std::vector<int32_t> tokens;
  int64_t bytes = 0;
};

void tokenize_chunk(std::span<const TextDoc> docs, const TextOptions& options, Chunk& chunk) {
  Analyzer analyzer(options);
  for (const TextDoc& d : docs) {
    analyzer.analyze(d.title, /*is_title=*/true, chunk.tokens);
    analyzer.analyze(d.body, /*is_title=*/false, chunk.tokens);
    chunk.doc_ptr.push_back(static_cast<int64_t>(chunk.tokens.size()));
    chunk.bytes += static_cast<int64_t>(d.title.size() + d.body.size());
  }
  chunk.terms = analyzer.terms();
}

}  // namespace

TokenizedCorpus tokenize_corpus(std::span<const TextDoc> docs, const TextOptions& options,
                                int threads) {
  if (!options.stemmer.empty()) Stemmer check(options.stemmer);  // a clear error before threads

  // Contiguous chunks of about equal bytes, so the merged corpus keeps document order.
  const size_t n = docs.size();
  const size_t workers =
      std::clamp<size_t>(threads < 1 ? 1 : static_cast<size_t>(threads), 1, std::max<size_t>(n, 1));
  int64_t total_bytes = 0;
  for (const TextDoc& d : docs) total_bytes += static_cast<int64_t>(d.title.size() + d.body.size());
  std::vector<size_t> bounds{0};
  int64_t acc = 0;
  for (size_t i = 0; i < n && bounds.size() < workers; ++i) {
    acc += static_cast<int64_t>(docs[i].title.size() + docs[i].body.size());
    if (acc * static_cast<int64_t>(workers) >= total_bytes * static_cast<int64_t>(bounds.size()))
      bounds.push_back(i + 1);
  }
  if (bounds.size() == 1 || bounds.back() != n) bounds.push_back(n);

  std::vector<Chunk> chunks(bounds.size() - 1);
  if (chunks.size() == 1) {
    tokenize_chunk(docs, options, chunks[0]);
  } else {
    std::vector<std::exception_ptr> errors(chunks.size());
    std::vector<std::thread> pool;
    for (size_t c = 0; c < chunks.size(); ++c) {
      pool.emplace_back([&, c] {
        try {
          tokenize_chunk(docs.subspan(bounds[c], bounds[c + 1] - bounds[c]), options, chunks[c]);
        } catch (...) {
          errors[c] = std::current_exception();
        }
      });
    }
    for (auto& t : pool) t.join();
    for (auto& e : errors)
      if (e) std::rethrow_exception(e);
  }

  // Merge: global ids are ranks in the sorted union of the chunks' terms.
  TokenizedCorpus out;
  out.options = options;
  for (const Chunk& c : chunks) out.terms.insert(out.terms.end(), c.terms.begin(), c.terms.end());
  std::sort(out.terms.begin(), out.terms.end());
  out.terms.erase(std::unique(out.terms.begin(), out.terms.end()), out.terms.end());
  size_t total_tokens = 0;
  for (const Chunk& c : chunks) total_tokens += c.tokens.size();
  out.tokens.reserve(total_tokens);
  out.doc_ptr.reserve(n + 1);
  for (const Chunk& c : chunks) {
    std::vector<int32_t> to_global(c.terms.size());
    for (size_t i = 0; i < c.terms.size(); ++i)
      to_global[i] = static_cast<int32_t>(
          std::lower_bound(out.terms.begin(), out.terms.end(), c.terms[i]) - out.terms.begin());
    const int64_t offset = static_cast<int64_t>(out.tokens.size());
    for (int32_t t : c.tokens) out.tokens.push_back(to_global[t]);
    for (size_t d = 1; d < c.doc_ptr.size(); ++d) out.doc_ptr.push_back(offset + c.doc_ptr[d]);
    out.input_bytes += c.bytes;
  }
  return out;
}

}  // namespace linrepro
