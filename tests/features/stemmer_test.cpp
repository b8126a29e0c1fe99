#include "features/stemmer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include "core/error.h"
#include "features/stopwords.h"
#include "tests/support/error_text.h"
#include "tests/support/temp_dir.h"

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

// SMART's list as `make deps` extracts it from Debian's r-cran-tm (features/stopwords.h).
TEST(Stopwords, SmartListIsDebiansFileSortedOnce) {
  const auto list = stopword_list(StopwordList::smart);
  EXPECT_EQ(list.size(), 570u);  // 571 entries, "would" twice (as in libbow's copy)
  for (size_t i = 1; i < list.size(); ++i) EXPECT_LT(list[i - 1], list[i]);
  for (const char* w : {"the", "a", "uucp", "thanx", "zero", "greetings", "a's", "would"})
    EXPECT_TRUE(is_stopword(StopwordList::smart, w)) << w;
  // In SMART's list, not in Glasgow's: the lists differ where the ablation can see it.
  for (const char* w : {"uucp", "thanx", "greetings", "welcome", "novel"})
    EXPECT_FALSE(is_stopword(StopwordList::glasgow, w)) << w;
  for (const char* w : {"oil", "wheat", "", "the_", "as's"})
    EXPECT_FALSE(is_stopword(StopwordList::smart, w)) << w;
}

TEST(Stopwords, DamagedOrMissingListFileIsAnErrorNamingIt) {
  testing::TempDir dir;
  const auto copy = dir.path() / "SMART.dat";
  std::filesystem::copy_file(smart_stoplist_path(), copy);
  EXPECT_EQ(read_stoplist_file(copy, kSmartStoplistSha256).size(), 570u);
  {
    std::ofstream(copy, std::ios::app) << "oil\n";  // one word more: another list
  }
  std::string what = testing::message_of([&] { read_stoplist_file(copy, kSmartStoplistSha256); });
  EXPECT_NE(what.find(copy.string()), std::string::npos) << what;
  EXPECT_NE(what.find("not the pinned"), std::string::npos) << what;
  what = testing::message_of(
      [&] { read_stoplist_file(dir.path() / "missing.dat", kSmartStoplistSha256); });
  EXPECT_NE(what.find("missing.dat"), std::string::npos) << what;
  EXPECT_NE(what.find("make deps"), std::string::npos) << what;
}

}  // namespace
}  // namespace linrepro
