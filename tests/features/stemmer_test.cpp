#include "features/stemmer.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "core/error.h"
#include "features/stopwords.h"

namespace linrepro {
namespace {

// Examples from Porter (1980), "An algorithm for suffix stripping", steps 1a-5.
TEST(Stemmer, PorterKnownAnswers) {
  Stemmer s("porter");
  const std::pair<const char*, const char*> cases[] = {
      {"caresses", "caress"},
      {"ponies", "poni"},
      {"ties", "ti"},
      {"cats", "cat"},
      {"feed", "feed"},
      {"agreed", "agre"},
      {"plastered", "plaster"},
      {"motoring", "motor"},
      {"hopping", "hop"},
      {"happy", "happi"},
      {"relational", "relat"},
      {"conditional", "condit"},
      {"generalizations", "gener"},
      {"running", "run"},
      {"earnings", "earn"},
  };
  for (const auto& [word, stem] : cases) EXPECT_EQ(s.stem(word), stem) << word;
}

TEST(Stemmer, PorterIsTheOriginalAlgorithmNotPorter2) {
  // The two Snowball algorithms disagree on these; the papers used the original.
  Stemmer porter("porter"), porter2("english");
  EXPECT_EQ(porter.stem("generalizations"), "gener");
  EXPECT_EQ(porter2.stem("generalizations"), "general");
  EXPECT_EQ(porter.stem("skies"), "ski");
  EXPECT_EQ(porter2.stem("skies"), "sky");
}

TEST(Stemmer, CacheReturnsSameAnswerAsLibrary) {
  Stemmer s;
  EXPECT_EQ(s.cache_size(), 0u);
  const std::string& first = s.stem("ponies");
  EXPECT_EQ(s.cache_size(), 1u);
  const std::string& again = s.stem("ponies");
  EXPECT_EQ(&first, &again);  // served from the cache
  EXPECT_EQ(s.cache_size(), 1u);
  for (const char* w : {"relational", "caresses", "oil", "x"})
    EXPECT_EQ(s.stem(w), s.stem_uncached(w)) << w;
}

TEST(Stemmer, MovedStemmerKeepsWorking) {
  Stemmer a;
  Stemmer b(std::move(a));
  EXPECT_EQ(b.stem("ponies"), "poni");
  Stemmer c("english");
  c = std::move(b);
  EXPECT_EQ(c.algorithm(), "porter");
  EXPECT_EQ(c.stem("skies"), "ski");
}

TEST(Stemmer, UnknownAlgorithmNamesItAndTheAvailableOnes) {
  try {
    Stemmer s("klingon");
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("klingon"), std::string::npos) << what;
    EXPECT_NE(what.find("porter"), std::string::npos) << what;
  }
}

TEST(Stopwords, GlasgowListMembership) {
  EXPECT_EQ(stopword_list(StopwordList::glasgow).size(), 318u);
  EXPECT_TRUE(stopword_list(StopwordList::none).empty());
  for (const char* w : {"the", "a", "and", "themselves", "whereafter", "yourselves"})
    EXPECT_TRUE(is_stopword(StopwordList::glasgow, w)) << w;
  for (const char* w : {"oil", "wheat", "the_", "", "xyz", "theyre"})
    EXPECT_FALSE(is_stopword(StopwordList::glasgow, w)) << w;
  EXPECT_FALSE(is_stopword(StopwordList::none, "the"));
}

TEST(Stopwords, ListIsSortedUniqueLowercaseLetters) {
  const auto list = stopword_list(StopwordList::glasgow);
  for (size_t i = 0; i < list.size(); ++i) {
    if (i > 0) {
      EXPECT_LT(list[i - 1], list[i]);  // binary_search needs it
    }
    for (char c : list[i]) EXPECT_TRUE(c >= 'a' && c <= 'z') << list[i];
  }
}

}  // namespace
}  // namespace linrepro
