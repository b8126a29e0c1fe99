#pragma once
// The Python processes of one py: solver (`sklearn_estimator.py --serve EXPR`, Debian's python3):
// a fit takes an idle one or starts one, and gives it back when it answered, so a run starts
// Python once per worker fitting at the same time, not once per fit (0.75 s of starting Python
// and importing scikit-learn each). They end when the solver is dropped, at the end of the run.
#include <filesystem>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace linrepro {

struct EstimatorServer;

// What one fit's process answered: its report (the fit's JSON line), and its stderr meanwhile.
struct EstimatorAnswer {
  nlohmann::json report;
  std::string log;  // scikit-learn's warnings during the fit
};

class EstimatorServers {
 public:
  EstimatorServers(std::filesystem::path script, std::string expression);
  ~EstimatorServers();

  // Fits TRAIN/PARAMS into OUT (baselines/external_solver.h's protocol) in a process of this
  // solver. Throws std::runtime_error naming `who`: the estimator's one-line error, or a process
  // that died or gave no answer within `timeout_seconds` (it is then killed, not reused).
  EstimatorAnswer fit(const std::filesystem::path& train, const std::filesystem::path& params,
                      const std::filesystem::path& out, double timeout_seconds,
                      const std::string& who);

 private:
  std::unique_ptr<EstimatorServer> take();
  std::filesystem::path script_;
  std::string expression_;
  std::mutex lock_;
  std::vector<std::unique_ptr<EstimatorServer>> idle_;
};

}  // namespace linrepro
