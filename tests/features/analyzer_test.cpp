#include "features/analyzer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.h"

namespace linrepro {
namespace {

using Terms = std::vector<std::string>;

TEST(Analyzer, StemsAfterTokenising) {
  TextOptions o;  // porter, no stop words, min length 2
  EXPECT_EQ(analyze_text("Ponies' generalizations: 1987 caresses!", o),
            (Terms{"poni", "gener", "caress"}));
}

TEST(Analyzer, NoStemmingKeepsLowerCasedTokens) {
  TextOptions o;
  o.stemmer = "";
  EXPECT_EQ(analyze_text("Ponies Running", o), (Terms{"ponies", "running"}));
}

TEST(Analyzer, StopWordsRemovedBeforeStemming) {
  TextOptions o;
  o.stopwords = StopwordList::glasgow;
  // "becoming" and "themselves" are on the list; their stems "becom" and "themselv" are not, so
  // they are removed only because matching is on the surface form, before stemming.
  EXPECT_EQ(analyze_text("The ponies have becoming oil themselves", o), (Terms{"poni", "oil"}));
  o.stopwords = StopwordList::none;
  EXPECT_EQ(analyze_text("The ponies have becoming oil themselves", o),
            (Terms{"the", "poni", "have", "becom", "oil", "themselv"}));
}

TEST(Analyzer, TitleWordsGetTheirOwnNamespaceOnlyWhenAsked) {
  TextOptions o;
  o.title_separate = true;
  EXPECT_EQ(analyze_text("Oil prices", o, /*is_title=*/true), (Terms{"t:oil", "t:price"}));
  EXPECT_EQ(analyze_text("Oil prices", o, /*is_title=*/false), (Terms{"oil", "price"}));
  o.title_separate = false;
  EXPECT_EQ(analyze_text("Oil prices", o, /*is_title=*/true), (Terms{"oil", "price"}));
}

std::vector<TextDoc> sample_docs() {
  return {{"Oil prices rise", "Crude oil prices rose sharply, traders said."},
          {"", "Wheat exports fell; the wheat harvest was poor."},
          {"Bank rates", "The central bank raised interest rates again."},
          {"Oil and wheat", "Oil, wheat and corn futures."},
          {"", ""},
          {"Ponies", "Ponies caresses generalizations relational."}};
}

Terms terms_of_doc(const TokenizedCorpus& c, int32_t d) {
  Terms out;
  for (int32_t t : c.doc(d)) out.push_back(c.terms[t]);
  return out;
}

TEST(TokenizeCorpus, TitleFirstThenBodyInTextOrder) {
  TextOptions o;
  o.title_separate = true;
  const auto docs = sample_docs();
  const TokenizedCorpus c = tokenize_corpus(docs, o, 1);
  ASSERT_EQ(c.num_docs(), 6);
  EXPECT_EQ(terms_of_doc(c, 0), (Terms{"t:oil", "t:price", "t:rise", "crude", "oil", "price",
                                       "rose", "sharpli", "trader", "said"}));
  EXPECT_TRUE(terms_of_doc(c, 4).empty());
  EXPECT_TRUE(std::is_sorted(c.terms.begin(), c.terms.end()));
  int64_t bytes = 0;
  for (const auto& d : docs) bytes += d.title.size() + d.body.size();
  EXPECT_EQ(c.input_bytes, bytes);
}

TEST(TokenizeCorpus, SameResultForEveryThreadCount) {
  TextOptions o;
  o.title_separate = true;
  const auto docs = sample_docs();
  const TokenizedCorpus one = tokenize_corpus(docs, o, 1);
  for (int threads : {2, 3, 8}) {
    const TokenizedCorpus many = tokenize_corpus(docs, o, threads);
    EXPECT_EQ(many.terms, one.terms) << threads;
    EXPECT_EQ(many.tokens, one.tokens) << threads;
    EXPECT_EQ(many.doc_ptr, one.doc_ptr) << threads;
    EXPECT_EQ(many.input_bytes, one.input_bytes) << threads;
  }
}

TEST(TokenizeCorpus, EmptyCorpus) {
  const TokenizedCorpus c = tokenize_corpus(std::vector<TextDoc>{}, TextOptions{}, 2);
  EXPECT_EQ(c.num_docs(), 0);
  EXPECT_TRUE(c.terms.empty());
}

TEST(TokenizeCorpus, UnknownStemmerIsAConfigError) {
  TextOptions o;
  o.stemmer = "klingon";
  EXPECT_THROW(tokenize_corpus(sample_docs(), o, 2), ConfigError);
}

}  // namespace
}  // namespace linrepro
