#pragma once
// Runs experiments/sgdreport/sklearn_peer.py (Debian's scikit-learn, /usr/bin/python3) on a pair of
// LIBSVM files and parses its JSON Lines output: one object per scikit-learn method (the script's
// docstring lists the methods and fields).
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "baselines/python_peer.h"  // sklearn_version
#include "harness/experiment.h"

namespace linrepro {

struct SklearnPeerSettings {
  double lambda = 1e-4;
  double gamma = 0.001;  // gamma0 for the ridge methods
  double decay = 0.003;  // a of gamma0 / (1 + gamma0 a t)
  int64_t epochs = 200;
  uint32_t seed = 1;  // scikit-learn's random_state must fit in 32 bits
};

// Every method's result object, in the script's order. Throws std::runtime_error with the
// script's exit status when it fails or prints something that is not JSON. progress: the
// script's stderr lines are shown (false under `linrepro run -q`).
std::vector<Json> run_sklearn_peer(const std::filesystem::path& train,
                                   const std::filesystem::path& test,
                                   const SklearnPeerSettings& settings, bool progress);

}  // namespace linrepro
