#pragma once
// Binary data sets of a chosen training size n, for measuring how training time grows with n
// (mlrcg2003/scaling):
//   rcv1-like      a CLEARLY SYNTHETIC text-like draw (core/synthetic_data.h) sized like MLR-CG's
//                  RCV1 setup: 500 binary features (the paper's 500 IG features) drawn with Zipf
//                  probabilities ~ 1/rank, on average 38 distinct features per document (what
//                  Reuters-21578, the same newswire source, gives with 500 IG features in our
//                  pipeline: 37.9 per ModApte training document), 30% positive (the mean rate of
//                  RCV1's CCAT/ECAT/GCAT/MCAT, 47/15/30/25%), 10% of the labels flipped (a noise
//                  floor in the range of the paper's RCV1 test errors, 8.07% to 13.63%). Each n is
//                  its own draw of n + test rows; the last rows are the test set.
//   nested subsample  the first n rows of one seeded permutation of a data set's training rows,
//                  kept in file order (so the sizes are nested), with its whole test set.
#include <cstdint>

#include "core/synthetic_data.h"
#include "corpora/libsvm_sets.h"

namespace linrepro {

// The rcv1-like generator for n training and `test_rows` test rows, with `seed`.
SyntheticSpec rcv1_like_spec(int32_t n, int32_t test_rows, uint64_t seed);
// Why each setting of rcv1_like_spec (for the dataset record).
inline constexpr const char* kRcv1LikeWhy =
    "500 features: the paper's 500 IG features; mean_nnz 38: Reuters-21578 ModApte training "
    "documents have 37.9 of the 500 IG features in our pipeline; positive_fraction 0.3: mean rate "
    "of RCV1 CCAT/ECAT/GCAT/MCAT; label_noise 0.1: within the paper's RCV1 test errors (8-14%)";

Json to_json(const SyntheticSpec& spec);

// The draw of `spec`, its last `test_rows` rows the test set; named `name`.
BinaryDataset synthetic_binary_dataset(const SyntheticSpec& spec, int32_t test_rows,
                                       const std::string& name);

// The nested subsample of `d`'s training rows of size n under permutation seed `seed`.
BinaryDataset nested_subsample(const BinaryDataset& d, int32_t n, uint64_t seed);

}  // namespace linrepro
