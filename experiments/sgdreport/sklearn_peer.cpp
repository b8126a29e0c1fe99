#include "experiments/sgdreport/sklearn_peer.h"

#include <fmt/format.h>

#include "baselines/python_peer.h"

namespace linrepro {

namespace fs = std::filesystem;

std::vector<Json> run_sklearn_peer(const fs::path& train, const fs::path& test,
                                   const SklearnPeerSettings& s, bool progress) {
  return run_python_peer(
      "experiments/sgdreport/sklearn_peer.py",
      {"--train", train.string(), "--test", test.string(), "--lambda",
       fmt::format("{:.17g}", s.lambda), "--gamma", fmt::format("{:.17g}", s.gamma), "--decay",
       fmt::format("{:.17g}", s.decay), "--epochs", std::to_string(s.epochs), "--seed",
       std::to_string(s.seed)},
      progress);
}

}  // namespace linrepro
