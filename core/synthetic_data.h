#pragma once
// A clearly labelled synthetic text-like generator (for tests, benchmarks and the scaling
// experiment; never presented as real data). Binary features with Zipf-distributed frequencies, a
// planted linear separator over the features, and label noise.
#include <cstdint>

#include "core/labels.h"
#include "core/sparse_matrix.h"

namespace linrepro {

struct SyntheticSpec {
  int32_t rows = 1000;
  int32_t features = 2000;
  double mean_nnz = 40;        // average distinct features per document
  double zipf_exponent = 1.0;  // feature j drawn with probability ~ 1/(j+1)^s
  double positive_fraction = 0.3;
  double label_noise = 0.05;  // fraction of labels flipped after planting
  uint64_t seed = 1;
};

struct SyntheticData {
  CsrMatrix X;
  BinaryLabels y;
};

// Labels: y = sign(w*.x - t) with w* ~ N(0,1) on the features, t chosen so that about
// positive_fraction are positive; then label_noise of them flipped.
SyntheticData make_synthetic_text(const SyntheticSpec& spec);

}  // namespace linrepro
