#pragma once
// The numeric (already vectorised) binary datasets, read with the foundation's LIBSVM reader
// (core/libsvm_format.h):
//   a9a            LIBSVM a9a / a9a.t (Adult, Platt's 123 binary features): 32,561 / 16,281 rows;
//                  a9a.t never uses feature 123, so it is read with the training dimension.
//   covtype.binary LIBSVM covtype.libsvm.binary (581,012 rows, 54 features, labels 1/2; core/labels
//                  maps 1 -> +1, 2 -> -1). The SGD report's "Dataset 2" is 290,507 training and
//                  290,505 test rows, min-max scaled to [0, 1]; the report does not say how it
//                  split. We take the first 290,507 rows in file order as training data and the
//                  rest as test data (its test error 0.45 against training error 0.19 suggests an
//                  ordered, not a shuffled, split; `shuffle` gives the alternative), and fit the
//                  min-max scaling on the training rows only (test values may fall outside [0, 1];
//                  they are not clipped).
//   rcv1-v2        LYRL2004 (Lewis et al. 2004, JMLR appendices 13 and 8): tf-idf vector files,
//                  one document per line "<docid> <term>:<weight> ..." (the LIBSVM format with the
//                  docid in the label position), and the topic qrels "<CATEGORY> <docid> 1".
//                  LYRL2004 split: lyrl2004_vectors_train.dat (23,149 docs) vs test_pt0..3
//                  (781,265). MLR-CG swaps them (781,265 training, 23,149 test) for its four
//                  top-level topics CCAT, ECAT, GCAT, MCAT.
// covtype and RCV1 are not in the mirror: load_* throw DataUnavailable ("data unavailable: <how to
// get it>"), which experiments report instead of failing.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "core/labels.h"
#include "core/libsvm_format.h"
#include "core/sparse_matrix.h"
#include "corpora/document.h"

namespace linrepro {

struct BinaryDataset {
  std::string name;
  CsrMatrix X_train, X_test;  // same number of columns
  BinaryLabels y_train, y_test;
  Json identity = Json::object();  // name, data source, counts, preprocessing
};

// ---- a9a
BinaryDataset read_a9a(const std::filesystem::path& dir);  // dir holds a9a and a9a.t
BinaryDataset load_a9a();

// ---- covtype.binary
struct CovtypeOptions {
  int64_t n_train = 290507;  // the SGD report's training rows
  bool shuffle = false;      // false: file order (see above); true: rows permuted with `seed` first
  uint64_t seed = 0;
  bool min_max_scale = true;
  int64_t expected_rows = 581012;  // structural check of the unpinned file; 0 = no check
};
BinaryDataset covtype_split(const LibsvmData& all, const CovtypeOptions& options,
                            const std::string& file_for_errors);
BinaryDataset read_covtype_binary(const std::filesystem::path& file, const CovtypeOptions& options);
BinaryDataset load_covtype_binary(const CovtypeOptions& options = {});

// ---- by name: "a9a" or "covtype.binary" (the default options), as a declared protocol names
// them (harness/language/declared_protocol.h); ConfigError for any other name, listing these.
BinaryDataset load_binary_dataset(const std::string& name);

// Min-max scaling to [0, 1] per column, fitted on one matrix: x' = (x - min_j) / (max_j - min_j),
// where min/max include the implicit zeros of sparse rows; a constant column maps to 0.
struct MinMaxScaler {
  std::vector<double> min, max;
};
MinMaxScaler fit_min_max(const CsrMatrix& X);
CsrMatrix apply_min_max(const CsrMatrix& X, const MinMaxScaler& scaler);

// ---- RCV1-v2 (LYRL2004)
struct Rcv1Data {
  CsrMatrix X;                  // rows: the train file, then test_pt0..pt3, in file order
  std::vector<int64_t> docids;  // per row
  int64_t n_lyrl_train = 0;     // the first n rows are LYRL2004's training set
  MultilabelLabels topics;      // from the qrels; class_names sorted
  Json identity = Json::object();
};
// dir holds lyrl2004_vectors_train.dat, lyrl2004_vectors_test_pt{0,1,2,3}.dat (missing test parts
// are an error) and rcv1-v2.topics.qrels. Errors name the file and line.
Rcv1Data read_rcv1(const std::filesystem::path& dir);
// One topic as a binary task. swap_train_test: MLR-CG's protocol (train on the 781,265).
BinaryDataset rcv1_binary(const Rcv1Data& data, const std::string& topic, bool swap_train_test);
Rcv1Data load_rcv1();

}  // namespace linrepro
