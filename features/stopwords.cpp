#include "features/stopwords.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <fstream>

#include "core/error.h"
#include "core/project_root.h"
#include "core/subprocess.h"

namespace linrepro {
namespace {

// The Glasgow IR group's English stop-word list (ir.dcs.gla.ac.uk/resources/linguistic_utils/
// stop_words) as scikit-learn 1.2 ships it (sklearn/feature_extraction/_stop_words.py), sorted.
constexpr std::array<std::string_view, 318> kGlasgow = {
    "a",          "about",      "above",      "across",       "after",      "afterwards",
    "again",      "against",    "all",        "almost",       "alone",      "along",
    "already",    "also",       "although",   "always",       "am",         "among",
    "amongst",    "amoungst",   "amount",     "an",           "and",        "another",
    "any",        "anyhow",     "anyone",     "anything",     "anyway",     "anywhere",
    "are",        "around",     "as",         "at",           "back",       "be",
    "became",     "because",    "become",     "becomes",      "becoming",   "been",
    "before",     "beforehand", "behind",     "being",        "below",      "beside",
    "besides",    "between",    "beyond",     "bill",         "both",       "bottom",
    "but",        "by",         "call",       "can",          "cannot",     "cant",
    "co",         "con",        "could",      "couldnt",      "cry",        "de",
    "describe",   "detail",     "do",         "done",         "down",       "due",
    "during",     "each",       "eg",         "eight",        "either",     "eleven",
    "else",       "elsewhere",  "empty",      "enough",       "etc",        "even",
    "ever",       "every",      "everyone",   "everything",   "everywhere", "except",
    "few",        "fifteen",    "fifty",      "fill",         "find",       "fire",
    "first",      "five",       "for",        "former",       "formerly",   "forty",
    "found",      "four",       "from",       "front",        "full",       "further",
    "get",        "give",       "go",         "had",          "has",        "hasnt",
    "have",       "he",         "hence",      "her",          "here",       "hereafter",
    "hereby",     "herein",     "hereupon",   "hers",         "herself",    "him",
    "himself",    "his",        "how",        "however",      "hundred",    "i",
    "ie",         "if",         "in",         "inc",          "indeed",     "interest",
    "into",       "is",         "it",         "its",          "itself",     "keep",
    "last",       "latter",     "latterly",   "least",        "less",       "ltd",
    "made",       "many",       "may",        "me",           "meanwhile",  "might",
    "mill",       "mine",       "more",       "moreover",     "most",       "mostly",
    "move",       "much",       "must",       "my",           "myself",     "name",
    "namely",     "neither",    "never",      "nevertheless", "next",       "nine",
    "no",         "nobody",     "none",       "noone",        "nor",        "not",
    "nothing",    "now",        "nowhere",    "of",           "off",        "often",
    "on",         "once",       "one",        "only",         "onto",       "or",
    "other",      "others",     "otherwise",  "our",          "ours",       "ourselves",
    "out",        "over",       "own",        "part",         "per",        "perhaps",
    "please",     "put",        "rather",     "re",           "same",       "see",
    "seem",       "seemed",     "seeming",    "seems",        "serious",    "several",
    "she",        "should",     "show",       "side",         "since",      "sincere",
    "six",        "sixty",      "so",         "some",         "somehow",    "someone",
    "something",  "sometime",   "sometimes",  "somewhere",    "still",      "such",
    "system",     "take",       "ten",        "than",         "that",       "the",
    "their",      "them",       "themselves", "then",         "thence",     "there",
    "thereafter", "thereby",    "therefore",  "therein",      "thereupon",  "these",
    "they",       "thick",      "thin",       "third",        "this",       "those",
    "though",     "three",      "through",    "throughout",   "thru",       "thus",
    "to",         "together",   "too",        "top",          "toward",     "towards",
    "twelve",     "twenty",     "two",        "un",           "under",      "until",
    "up",         "upon",       "us",         "very",         "via",        "was",
    "we",         "well",       "were",       "what",         "whatever",   "when",
    "whence",     "whenever",   "where",      "whereafter",   "whereas",    "whereby",
    "wherein",    "whereupon",  "wherever",   "whether",      "which",      "while",
    "whither",    "who",        "whoever",    "whole",        "whom",       "whose",
    "why",        "will",       "with",       "within",       "without",    "would",
    "yet",        "you",        "your",       "yours",        "yourself",   "yourselves",
};

// The SMART list, read once (a failed read throws and is retried on the next call).
struct SmartList {
  std::vector<std::string> words;
  std::vector<std::string_view> views;
  SmartList() : words(read_stoplist_file(smart_stoplist_path(), kSmartStoplistSha256)) {
    views.assign(words.begin(), words.end());
  }
};

std::span<const std::string_view> smart_words() {
  static const SmartList list;
  return list.views;
}

}  // namespace

std::filesystem::path smart_stoplist_path() {
  return repo_root() / "data" / "stoplists" / "SMART.dat";
}

std::vector<std::string> read_stoplist_file(const std::filesystem::path& file,
                                            std::string_view expected_sha256) {
  const std::string fix =
      "run `make deps`: it extracts tm/stopwords/SMART.dat from Debian's r-cran-tm package";
  std::ifstream in(file);
  if (!in) throw DataError(file.string(), 0, "cannot be read; " + fix);
  // sha256sum, as for every pinned file (corpora/data_cache.h): checksums are its job.
  const CommandResult sum = run_command({"sha256sum", "--", file.string()});
  const std::string digest = sum.out.substr(0, sum.out.find(' '));
  if (sum.exit_code != 0 || digest != expected_sha256)
    throw DataError(file.string(), 0,
                    fmt::format("sha256 {} is not the pinned {} (damaged or another list); {}",
                                sum.exit_code == 0 ? digest : "unreadable", expected_sha256, fix));
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());  // SMART lists "would" twice
  return words;
}

std::span<const std::string_view> stopword_list(StopwordList list) {
  switch (list) {
    case StopwordList::glasgow:
      return kGlasgow;
    case StopwordList::smart:
      return smart_words();
    case StopwordList::none:
      break;
  }
  return {};
}

bool is_stopword(StopwordList list, std::string_view lowercase_word) {
  const auto words = stopword_list(list);
  return std::binary_search(words.begin(), words.end(), lowercase_word);
}

}  // namespace linrepro
