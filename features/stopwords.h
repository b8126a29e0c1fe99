#pragma once
// Stop-word lists. The one list offered is the Glasgow Information Retrieval Group's English
// stop-word list (318 words) in the form scikit-learn ships as ENGLISH_STOP_WORDS (sklearn 1.2), so
// a scikit-learn peer run with stop_words="english" removes exactly the same words.
// Stop words are matched against the lower-cased token BEFORE stemming (the list holds surface
// forms: "having", "themselves"), which Zhang & Oles (2001, §1) allow: "elimination of stopwords
// (Step 5) may also be done before stemming (Step 4)". Zhang & Oles themselves removed none and let
// feature selection (IG with the Gini index) discard them; their runs use StopwordList::none.
#include <span>
#include <string_view>

namespace linrepro {

enum class StopwordList { none, glasgow };

// The words of a list, sorted in byte order (empty for none).
std::span<const std::string_view> stopword_list(StopwordList list);

// True if the lower-case word is on the list (always false for none).
bool is_stopword(StopwordList list, std::string_view lowercase_word);

}  // namespace linrepro
