#include "baselines/estimator_servers.h"

#include <fmt/format.h>

#include <fstream>
#include <iterator>
#include <stdexcept>

#include "baselines/python_peer.h"
#include "core/escape.h"
#include "core/line_process.h"
#include "core/scratch_dir.h"
#include "core/stopwatch.h"

namespace linrepro {

namespace fs = std::filesystem;
using Json = nlohmann::json;

struct EstimatorServer {
  ScratchDir dir{"linrepro-py-solver"};
  LineProcess process;
  size_t log_read = 0;  // how much of its stderr file earlier fits read

  EstimatorServer(const fs::path& script, const std::string& expression)
      : process({kDebianPython, script.string(), "--serve", expression}, dir.path / "stderr") {}

  // Its stderr since the last call.
  std::string new_log() {
    std::ifstream in(dir.path / "stderr", std::ios::binary);
    in.seekg(static_cast<std::streamoff>(log_read));
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    log_read += text.size();
    return text;
  }
};

EstimatorServers::EstimatorServers(fs::path script, std::string expression)
    : script_(std::move(script)), expression_(std::move(expression)) {}

EstimatorServers::~EstimatorServers() = default;

std::unique_ptr<EstimatorServer> EstimatorServers::take() {
  {
    const std::lock_guard<std::mutex> hold(lock_);
    if (!idle_.empty()) {
      std::unique_ptr<EstimatorServer> s = std::move(idle_.back());
      idle_.pop_back();
      return s;
    }
  }
  return std::make_unique<EstimatorServer>(script_, expression_);
}

EstimatorAnswer EstimatorServers::fit(const fs::path& train, const fs::path& params,
                                      const fs::path& out, double timeout_seconds,
                                      const std::string& who) {
  std::unique_ptr<EstimatorServer> server = take();
  const Json request = {
      {"train", train.string()}, {"params", params.string()}, {"out", out.string()}};
  const LineReply reply = server->process.request(request.dump(), timeout_seconds);
  charge_child_cpu_seconds(reply.cpu_seconds);
  EstimatorAnswer answer;
  answer.log = server->new_log();
  if (reply.timed_out)
    throw std::runtime_error(fmt::format(
        "{}: no result within timeout={:g} s; its process group was killed", who, timeout_seconds));
  if (!reply.answered)
    throw std::runtime_error(
        fmt::format("{}: its Python process {}: {}", who, reply.failure, output_tail(answer.log)));
  const Json line = Json::parse(reply.line, nullptr, false);
  if (!line.is_object() || !(line.contains("report") || line.contains("error")))
    throw std::runtime_error(fmt::format("{}: its Python process answered '{}', not a report", who,
                                         output_tail(reply.line)));
  {
    const std::lock_guard<std::mutex> hold(lock_);
    idle_.push_back(std::move(server));  // it answered: the next fit may use it
  }
  if (line.contains("error"))
    throw std::runtime_error(fmt::format("{}: {}", who, line.at("error").get<std::string>()));
  answer.report = line.at("report");
  return answer;
}

}  // namespace linrepro
