#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/error.h"
#include "features/analyzer.h"
#include "features/vectorizer.h"
#include "features/vocabulary.h"

namespace linrepro {
namespace {

TextOptions plain() {
  TextOptions o;
  o.stemmer = "";
  o.tokenizer.min_length = 1;
  return o;
}

TokenizedCorpus corpus(const std::vector<std::string>& bodies) {
  std::vector<TextDoc> docs;
  for (const auto& b : bodies) docs.push_back({"", b});
  return tokenize_corpus(docs, plain(), 1);
}

TEST(Vocabulary, CountsOccurrencesAndDocumentFrequency) {
  const auto train = corpus({"apple apple banana", "banana cherry", "banana"});
  const Vocabulary v = build_vocabulary(train);
  EXPECT_EQ(v.terms, (std::vector<std::string>{"apple", "banana", "cherry"}));
  EXPECT_EQ(v.count, (std::vector<int64_t>{2, 3, 1}));
  EXPECT_EQ(v.df, (std::vector<int32_t>{1, 3, 1}));
  EXPECT_EQ(v.num_docs, 3);
  EXPECT_EQ(v.id("banana"), 1);
  EXPECT_EQ(v.id("durian"), -1);
}

TEST(Vocabulary, MinCountDropsTermsSeenFewerTimesInTraining) {
  // "apple" occurs 3 times (in 2 documents), "banana" twice, "cherry" once.
  const auto train = corpus({"apple apple banana", "apple cherry banana"});
  const Vocabulary v = build_vocabulary(train, 3);
  EXPECT_EQ(v.terms, (std::vector<std::string>{"apple"}));
  EXPECT_EQ(v.terms_before_min_count, 3);
  EXPECT_EQ(build_vocabulary(train, 2).terms, (std::vector<std::string>{"apple", "banana"}));
  EXPECT_THROW(build_vocabulary(train, 0), ConfigError);
}

TEST(Vocabulary, CountMatrixDropsTermsOutsideTheVocabulary) {
  const auto train = corpus({"apple apple banana", "banana cherry", "banana"});
  const Vocabulary v = build_vocabulary(train);
  const auto test = corpus({"durian apple durian", "elder", "cherry banana cherry"});
  int64_t dropped = 0;
  const CsrMatrix X = count_matrix(test, v, &dropped);
  EXPECT_EQ(dropped, 3);  // durian x2, elder
  EXPECT_EQ(X.rows, 3);
  EXPECT_EQ(X.cols, 3);
  EXPECT_EQ(X.row_ptr, (std::vector<int64_t>{0, 1, 1, 3}));
  EXPECT_EQ(X.col_idx, (std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(X.values, (std::vector<double>{1, 1, 2}));
}

// Training: d0 "apple apple banana", d1 "banana cherry", d2 "banana".
// df: apple 1, banana 3, cherry 1; N = 3 -> idf: apple ln 3, banana ln 1 = 0, cherry ln 3.
struct VectorizerFixture {
  Vocabulary vocab;
  CsrMatrix train_counts;
  CsrMatrix test_counts;  // "apple durian durian": durian unseen
  std::vector<double> idf;
  std::vector<int32_t> all{0, 1, 2};
};
VectorizerFixture fixture() {
  VectorizerFixture f;
  const auto train = corpus({"apple apple banana", "banana cherry", "banana"});
  f.vocab = build_vocabulary(train);
  f.train_counts = count_matrix(train, f.vocab);
  f.test_counts = count_matrix(corpus({"apple durian durian"}), f.vocab);
  f.idf = inverse_document_frequency(f.vocab);
  return f;
}

std::vector<double> dense_row(const CsrMatrix& X, int32_t i) {
  std::vector<double> out(static_cast<size_t>(X.cols), 0.0);
  const auto idx = X.row_indices(i);
  const auto val = X.row_values(i);
  for (size_t k = 0; k < idx.size(); ++k) out[idx[k]] = val[k];
  return out;
}

void expect_row(const CsrMatrix& X, int32_t i, const std::vector<double>& want) {
  const auto got = dense_row(X, i);
  ASSERT_EQ(got.size(), want.size()) << "row " << i;
  for (size_t j = 0; j < want.size(); ++j)
    EXPECT_NEAR(got[j], want[j], 1e-12) << "row " << i << " col " << j;
}

TEST(Vectorizer, IdfFromTrainingDocuments) {
  const VectorizerFixture f = fixture();
  EXPECT_NEAR(f.idf[0], std::log(3.0), 1e-15);
  EXPECT_EQ(f.idf[1], 0.0);
  EXPECT_NEAR(f.idf[2], std::log(3.0), 1e-15);
}

TEST(Vectorizer, BinaryTfAndTfidf) {
  const VectorizerFixture f = fixture();
  const CsrMatrix b = vectorize(f.train_counts, f.all, f.idf, {Representation::binary});
  expect_row(b, 0, {1, 1, 0});
  expect_row(b, 1, {0, 1, 1});
  const CsrMatrix tf = vectorize(f.train_counts, f.all, f.idf, {Representation::tf});
  expect_row(tf, 0, {2, 1, 0});
  const CsrMatrix ti = vectorize(f.train_counts, f.all, f.idf, {Representation::tfidf});
  expect_row(ti, 0, {2 * std::log(3.0), 0, 0});
  EXPECT_EQ(ti.row_indices(0).size(), 1u);  // banana's zero weight is not stored
  EXPECT_EQ(ti.row_indices(2).size(), 0u);  // d2 = "banana" only: an empty row
  // The unseen test term is gone; apple keeps the training idf.
  const CsrMatrix tt = vectorize(f.test_counts, f.all, f.idf, {Representation::tfidf});
  expect_row(tt, 0, {std::log(3.0), 0, 0});
}

TEST(Vectorizer, L2NormalisationAndBiasColumn) {
  const VectorizerFixture f = fixture();
  // tf row 0 = (2, 1, 0): norm sqrt(5); then the bias 1 is appended unscaled.
  const CsrMatrix X = vectorize(f.train_counts, f.all, f.idf, {Representation::tf, true, 1.0});
  EXPECT_EQ(X.cols, 4);
  expect_row(X, 0, {2 / std::sqrt(5.0), 1 / std::sqrt(5.0), 0, 1});
  expect_row(X, 1, {0, 1 / std::sqrt(2.0), 1 / std::sqrt(2.0), 1});
  // tfidf row 2 is empty: normalisation leaves it empty, the bias is still there.
  const CsrMatrix T = vectorize(f.train_counts, f.all, f.idf, {Representation::tfidf, true, 0.5});
  expect_row(T, 2, {0, 0, 0, 0.5});
  expect_row(T, 0, {1, 0, 0, 0.5});
}

TEST(Vectorizer, SelectedColumnsOnlyInGivenOrder) {
  const VectorizerFixture f = fixture();
  const std::vector<int32_t> cols{2, 0};  // cherry, apple
  const CsrMatrix X = vectorize(f.train_counts, cols, f.idf, {Representation::tf});
  EXPECT_EQ(X.cols, 2);
  expect_row(X, 0, {0, 2});
  expect_row(X, 1, {1, 0});
}

TEST(Vectorizer, NegativeBiasIsAConfigError) {
  const VectorizerFixture f = fixture();
  EXPECT_THROW(vectorize(f.train_counts, f.all, f.idf, {Representation::binary, false, -1}),
               ConfigError);
}

}  // namespace
}  // namespace linrepro
