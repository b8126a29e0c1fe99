#include "corpora/libsvm_sets.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/error.h"
#include "corpora_test_support.h"

namespace linrepro {
namespace {

namespace fs = std::filesystem;
using testing::ScopedEnv;
using testing::TempDir;
using testing::write_file;

std::vector<double> dense_row(const CsrMatrix& X, int32_t i) {
  std::vector<double> row(static_cast<size_t>(X.cols), 0.0);
  const auto idx = X.row_indices(i);
  const auto val = X.row_values(i);
  for (size_t k = 0; k < idx.size(); ++k) row[static_cast<size_t>(idx[k])] = val[k];
  return row;
}

TEST(A9a, TestSetReadWithTrainingDimension) {
  TempDir d;
  write_file(d / "a9a", "-1 1:1 5:1 \n+1 2:1 3:1 \n-1 4:1 \n");
  write_file(d / "a9a.t", "+1 1:1 \n-1 2:1 4:1 \n");  // feature 5 never occurs
  const BinaryDataset a = read_a9a(d.path());
  EXPECT_EQ(a.X_train.rows, 3);
  EXPECT_EQ(a.X_test.rows, 2);
  EXPECT_EQ(a.X_train.cols, 5);
  EXPECT_EQ(a.X_test.cols, 5);
  EXPECT_EQ(a.y_train, (BinaryLabels{-1, 1, -1}));
  EXPECT_EQ(a.y_test, (BinaryLabels{1, -1}));
  EXPECT_EQ(a.identity["counts"]["train_positive"], 1);

  write_file(d / "a9a.t", "+1 6:1 \n");  // a feature the training set does not have
  try {
    read_a9a(d.path());
    ADD_FAILURE() << "accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("a9a.t: uses feature 6"), std::string::npos) << e.what();
  }
}

TEST(MinMax, FitIncludesImplicitZerosAndIsHandComputable) {
  // Column 0 values {-2, 0 (implicit), 2}: min -2, max 2. Column 1 {4, 2, 0}: min 0, max 4.
  // Column 2 is constant 0 (never stored) and maps to 0.
  CsrMatrix X;
  X.cols = 3;
  X.append_row(std::vector<int32_t>{0, 1}, std::vector<double>{-2, 4});
  X.append_row(std::vector<int32_t>{1}, std::vector<double>{2});
  X.append_row(std::vector<int32_t>{0}, std::vector<double>{2});
  const MinMaxScaler s = fit_min_max(X);
  EXPECT_EQ(s.min, (std::vector<double>{-2, 0, 0}));
  EXPECT_EQ(s.max, (std::vector<double>{2, 4, 0}));
  const CsrMatrix Y = apply_min_max(X, s);
  EXPECT_EQ(dense_row(Y, 0), (std::vector<double>{0, 1, 0}));
  EXPECT_EQ(dense_row(Y, 1), (std::vector<double>{0.5, 0.5, 0}));  // implicit 0 -> 0.5
  EXPECT_EQ(dense_row(Y, 2), (std::vector<double>{1, 0, 0}));
  EXPECT_EQ(Y.row_indices(2).size(), 1u);  // zeros after scaling are not stored
  // Applied to other data: outside the fitted range values leave [0, 1] (no clipping).
  CsrMatrix T;
  T.cols = 3;
  T.append_row(std::vector<int32_t>{0, 1}, std::vector<double>{4, -4});
  EXPECT_EQ(dense_row(apply_min_max(T, s), 0), (std::vector<double>{1.5, -1, 0}));
}

const char* kCovtype = "1 1:10 2:-1 \n2 1:20 \n1 1:30 2:1 \n2 1:40 2:3 \n1 1:50 \n2 1:60 2:9 \n";

TEST(Covtype, FileOrderSplitAndTrainFittedScaling) {
  TempDir d;
  write_file(d / "cov", kCovtype);
  CovtypeOptions o;
  o.n_train = 4;
  o.expected_rows = 6;
  const BinaryDataset c = read_covtype_binary(d / "cov", o);
  ASSERT_EQ(c.X_train.rows, 4);
  ASSERT_EQ(c.X_test.rows, 2);
  // LIBSVM labels 1/2 -> +1/-1 (core/labels.h).
  EXPECT_EQ(c.y_train, (BinaryLabels{1, -1, 1, -1}));
  EXPECT_EQ(c.y_test, (BinaryLabels{1, -1}));
  // Scaling fitted on rows 1-4 only: column 0 in [10, 40], column 1 in [-1, 3].
  EXPECT_EQ(dense_row(c.X_train, 0), (std::vector<double>{0, 0}));
  EXPECT_EQ(dense_row(c.X_train, 1), (std::vector<double>{1.0 / 3, 0.25}));
  EXPECT_EQ(dense_row(c.X_train, 3), (std::vector<double>{1, 1}));
  EXPECT_EQ(dense_row(c.X_test, 0), (std::vector<double>{40.0 / 30, 0.25}));
  EXPECT_EQ(dense_row(c.X_test, 1), (std::vector<double>{50.0 / 30, 2.5}));
  EXPECT_EQ(c.identity["preprocessing"]["split"], "file order");

  o.min_max_scale = false;
  const BinaryDataset raw = read_covtype_binary(d / "cov", o);
  EXPECT_EQ(dense_row(raw.X_test, 1), (std::vector<double>{60, 9}));
}

TEST(Covtype, ShuffledSplitIsASeededPermutation) {
  TempDir d;
  write_file(d / "cov", kCovtype);
  CovtypeOptions o;
  o.n_train = 3;
  o.expected_rows = 6;
  o.min_max_scale = false;
  o.shuffle = true;
  o.seed = 7;
  auto first_column = [](const BinaryDataset& c) {
    std::vector<double> v;
    for (int32_t i = 0; i < c.X_train.rows; ++i) v.push_back(dense_row(c.X_train, i)[0]);
    for (int32_t i = 0; i < c.X_test.rows; ++i) v.push_back(dense_row(c.X_test, i)[0]);
    return v;
  };
  const auto a = first_column(read_covtype_binary(d / "cov", o));
  const auto b = first_column(read_covtype_binary(d / "cov", o));
  EXPECT_EQ(a, b);  // same seed, same split
  EXPECT_EQ(std::multiset<double>(a.begin(), a.end()),
            (std::multiset<double>{10, 20, 30, 40, 50, 60}));  // a permutation of the rows
  bool some_seed_differs = false;
  for (uint64_t seed = 8; seed < 20 && !some_seed_differs; ++seed) {
    o.seed = seed;
    some_seed_differs = first_column(read_covtype_binary(d / "cov", o)) != a;
  }
  EXPECT_TRUE(some_seed_differs);
}

TEST(Covtype, StructuralChecks) {
  TempDir d;
  write_file(d / "cov", kCovtype);
  CovtypeOptions o;  // expects 581,012 rows
  try {
    read_covtype_binary(d / "cov", o);
    ADD_FAILURE() << "accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("has 6 rows; covtype.binary has 581012"),
              std::string::npos)
        << e.what();
  }
  o.expected_rows = 0;
  o.n_train = 6;
  EXPECT_THROW(read_covtype_binary(d / "cov", o), ConfigError);
}

// LYRL2004 layout: "<docid>  <term>:<weight> ..." (two spaces) and qrels "<CAT> <docid> 1".
void write_rcv1(const fs::path& d) {
  write_file(d / "lyrl2004_vectors_train.dat", "2286  1:0.5 3:0.25\n2287  2:1.0\n");
  write_file(d / "lyrl2004_vectors_test_pt0.dat", "3000  1:0.1\n");
  write_file(d / "lyrl2004_vectors_test_pt1.dat", "3001  4:0.2\n3002  2:0.3\n");
  write_file(d / "lyrl2004_vectors_test_pt2.dat", "3003  1:1\n");
  write_file(d / "lyrl2004_vectors_test_pt3.dat", "3004  5:0.5\n");
  write_file(d / "rcv1-v2.topics.qrels",
             "CCAT 2286 1\nGCAT 2286 1\nCCAT 3001 1\nECAT 3003 1\nC15 3003 1\nCCAT 9999 1\n");
}

TEST(Rcv1, VectorsAndQrels) {
  TempDir d;
  write_rcv1(d.path());
  const Rcv1Data r = read_rcv1(d.path());
  EXPECT_EQ(r.X.rows, 7);
  EXPECT_EQ(r.X.cols, 5);
  EXPECT_EQ(r.n_lyrl_train, 2);
  EXPECT_EQ(r.docids, (std::vector<int64_t>{2286, 2287, 3000, 3001, 3002, 3003, 3004}));
  EXPECT_EQ(r.topics.class_names, (std::vector<std::string>{"C15", "CCAT", "ECAT", "GCAT"}));
  EXPECT_EQ(r.topics.y[0], (std::vector<int32_t>{1, 3}));
  EXPECT_EQ(r.topics.y[5], (std::vector<int32_t>{0, 2}));
  EXPECT_TRUE(r.topics.y[1].empty());
  EXPECT_EQ(r.identity["counts"]["qrels_without_vector"], 1);  // docid 9999
  EXPECT_EQ(dense_row(r.X, 0), (std::vector<double>{0.5, 0, 0.25, 0, 0}));

  const BinaryDataset lyrl = rcv1_binary(r, "CCAT", false);
  EXPECT_EQ(lyrl.X_train.rows, 2);
  EXPECT_EQ(lyrl.y_train, (BinaryLabels{1, -1}));
  EXPECT_EQ(lyrl.y_test, (BinaryLabels{-1, 1, -1, -1, -1}));
  const BinaryDataset swapped = rcv1_binary(r, "CCAT", true);  // MLR-CG: train on the big part
  EXPECT_EQ(swapped.X_train.rows, 5);
  EXPECT_EQ(swapped.X_test.rows, 2);
  EXPECT_EQ(swapped.X_train.cols, 5);
  EXPECT_EQ(swapped.X_test.cols, 5);
  EXPECT_EQ(swapped.y_test, (BinaryLabels{1, -1}));
  EXPECT_THROW(rcv1_binary(r, "NOPE", true), ConfigError);
}

TEST(Rcv1, BadInputNamesFileAndLine) {
  TempDir d;
  write_rcv1(d.path());
  write_file(d / "rcv1-v2.topics.qrels", "CCAT 2286 1\nCCAT two 1\n");
  try {
    read_rcv1(d.path());
    ADD_FAILURE() << "accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("rcv1-v2.topics.qrels:2: expected"), std::string::npos)
        << e.what();
  }
  write_rcv1(d.path());
  write_file(d / "lyrl2004_vectors_test_pt2.dat", "2286  1:1\n");
  try {
    read_rcv1(d.path());
    ADD_FAILURE() << "accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("docid 2286 appears twice"), std::string::npos)
        << e.what();
  }
  write_rcv1(d.path());
  fs::remove(d / "lyrl2004_vectors_test_pt3.dat");
  EXPECT_THROW(read_rcv1(d.path()), DataError);
}

TEST(Unavailable, CovtypeAndRcv1ReportHowToGetThem) {
  TempDir t;
  ScopedEnv root("LINREPRO_ROOT", t.path().string());
  ScopedEnv mirror("LINREPRO_MIRROR", (t / "no-mirror").string());
  ScopedEnv data("LINREPRO_DATA", std::nullopt);
  ScopedEnv offline("LINREPRO_OFFLINE", "1");
  try {
    load_covtype_binary();
    ADD_FAILURE() << "covtype loaded";
  } catch (const DataUnavailable& e) {
    EXPECT_EQ(std::string(e.what()).rfind("data unavailable: covtype.binary: ", 0), 0u) << e.what();
  }
  EXPECT_THROW(load_rcv1(), DataUnavailable);
}

TEST(A9aMirror, Counts) {
  LINREPRO_REQUIRE_DATA(data, "a9a");
  const BinaryDataset a = read_a9a(data.path);
  // libsvm/SOURCE.md figures.
  EXPECT_EQ(a.X_train.rows, 32561);
  EXPECT_EQ(a.X_test.rows, 16281);
  EXPECT_EQ(a.X_train.cols, 123);
  EXPECT_EQ(a.X_test.cols, 123);
  EXPECT_EQ(a.X_train.nnz(), 451592);
  EXPECT_EQ(a.X_test.nnz(), 225731);
  EXPECT_EQ(a.identity["counts"]["train_positive"], 7841);
  EXPECT_EQ(a.identity["counts"]["test_positive"], 3846);
}

}  // namespace
}  // namespace linrepro
