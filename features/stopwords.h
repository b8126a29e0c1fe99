#pragma once
// Stop-word lists:
//   glasgow: the Glasgow Information Retrieval Group's English list (318 words) in the form
//            scikit-learn ships as ENGLISH_STOP_WORDS (sklearn 1.2), so a scikit-learn peer run
//            with stop_words="english" removes exactly the same words;
//   smart:   the SMART system's English list (Salton and Buckley; 571 entries, 47 of them with an
//            apostrophe, which no tokenizer here produces), read from data/stoplists/SMART.dat:
//            the file Debian's r-cran-tm package ships as tm/stopwords/SMART.dat, which
//            `make deps` extracts from the .deb (tools/deps.sh; R is never installed) and whose
//            sha256 is pinned (kSmartStoplistSha256). Rainbow's built-in stoplist is "from
//            SMART" (libbow's stopwords.c) and lists the same words where we checked.
// Stop words are matched against the lower-cased token BEFORE stemming (the list holds surface
// forms: "having", "themselves"), which Zhang & Oles (2001, §1) allow: "elimination of stopwords
// (Step 5) may also be done before stemming (Step 4)". Zhang & Oles themselves removed none and let
// feature selection (IG with the Gini index) discard them; their runs use StopwordList::none.
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace linrepro {

enum class StopwordList { none, glasgow, smart };

inline constexpr std::string_view kSmartStoplistSha256 =
    "9869c9b6c582d7485871e136b05b64556a1741657c2401fb0698d56a6cf190fe";

// <project root>/data/stoplists/SMART.dat (core/project_root.h), where `make deps` puts it.
std::filesystem::path smart_stoplist_path();

// The words of a list, sorted in byte order, each once (empty for none). The SMART list is read
// on first use; a missing file, or one whose sha256 is not the pinned one, throws DataError
// naming the file and what to do (`make deps`).
std::span<const std::string_view> stopword_list(StopwordList list);

// True if the lower-case word is on the list (always false for none).
bool is_stopword(StopwordList list, std::string_view lowercase_word);

// The words of a stoplist file (one or more per line, blank-separated), sorted, each once;
// DataError naming the file when it cannot be read or its sha256 is not `expected_sha256`.
std::vector<std::string> read_stoplist_file(const std::filesystem::path& file,
                                            std::string_view expected_sha256);

}  // namespace linrepro
