// The SGD report's experiments (/work/shared/papers/sgd-l1-ridge-report.md): Tables 1-6,
// Figures 1-4 and its claims, experiment id "tables".
//
// Dataset 1 = LIBSVM a9a / a9a.t (32,561 / 16,281 rows, 123 binary features; in the mirror).
// Dataset 2 = covtype.binary, 290,507 / 290,505 rows, min-max scaled on the training rows
// (corpora/libsvm_sets.h); not in the mirror, so its cells are data_unavailable unless a copy is
// found (then our SGD methods run on it; the scikit-learn peer needs files and runs on a9a only).
//
// The runs, their settings and the cells are declared ("protocol" in experiments.json) and run
// by harness/protocol/protocol_runner.h: SGD L1 logistic regression (Eq. 10; naive, clipping,
// cumulative penalty), SGD ridge (Eq. 14), LIBLINEAR -s 6 as the exact minimiser of Eq. 10, and the
// solvers added with --with-solver, the claims and the epochs ablation (the cumulative run's trace
// read at fewer epochs). What this file adds: the scikit-learn peer
// (baselines/sklearn_sgd_peer.py, the "Scikit-Learn test error" column, for real). Every SGD run is
// traced ~150 times (Figures 1-4; Dataset 2's are placeholders while covtype is not here). The
// report's "sparsity" is the number of exact zeros of beta = (b; w).
#include <fmt/format.h>

#include <optional>

#include "baselines/python_peer.h"
#include "core/seed.h"
#include "corpora/data_resolver.h"
#include "experiments/sgdreport/experiments.h"
#include "harness/protocol/protocol_runner.h"

namespace linrepro {

namespace {

constexpr const char* kSgdExperiment = "tables";
constexpr const char* kSklearnScript = "baselines/sklearn_sgd_peer.py";

const DeclaredProtocol& protocol() {
  static const DeclaredProtocol p = declared_protocol(kSgdPaper, kSgdExperiment);
  return p;
}

double value(const char* name) { return protocol().value(name).get<double>(); }
int64_t epochs(const char* cls) {
  return protocol().value(std::string(cls) + ".epochs").get<int64_t>();
}

// A scikit-learn result object (sklearn_sgd_peer.py) as a run record.
RunRecord sklearn_record(const Json& j, const std::string& version) {
  RunRecord r;
  r.solver = "sklearn-" + j.at("name").get<std::string>();
  r.class_name = "a9a";
  r.params = j.at("params");
  for (const char* m :
       {"train_error", "test_error", "zeros", "dimensions", "train_rows", "test_rows"})
    r.metrics[m] = j.at(m);
  r.train_seconds = j.at("seconds").get<double>();
  r.objective = j.at("objective").get<double>();
  if (j.contains("updates") && j["updates"].is_number()) r.iterations = j["updates"].get<int64_t>();
  r.stop = "max_iterations";
  r.extra = {{"estimator", j.at("estimator")},
             {"cpu_seconds", j.at("cpu_seconds")},
             {"updates_per_second", j.value("updates_per_second", Json())},
             {"dense_input", j.value("dense_input", false)},
             {"note", j.value("note", "")},
             {"sklearn_version", version},
             {"variant", "peer"},
             {"train_correct", j.at("train_correct")},
             {"test_correct", j.at("test_correct")}};
  return r;
}

// scikit-learn on a9a in the full run: one invocation of sklearn_sgd_peer.py (Debian's
// scikit-learn; its docstring lists the methods and their fields) gives every method; each is its
// own run.
void run_sklearn(const ExperimentContext& ctx, ResultFile& rf, const ProtocolDataset& d,
                 const Json& dataset, std::map<std::string, RunRecord>& runs) {
  if (d.cls != "a9a" || ctx.fast) return;
  const ResolvedData files = resolve("a9a");
  const std::string version = sklearn_version();
  // scikit-learn's random_state must fit in 32 bits.
  const auto seed = static_cast<uint32_t>(derive_seed(ctx.seed, "a9a/sklearn") & 0x7fffffffu);
  const Json params = {{"lambda", value("lambda")},
                       {"gamma", value("gamma")},
                       {"decay", value("decay")},
                       {"epochs", epochs("a9a")},
                       {"seed", seed}};
  std::vector<std::string> args = {"--train", (files.path / "a9a").string(), "--test",
                                   (files.path / "a9a.t").string()};
  for (const auto& [name, v] : params.items()) {
    args.push_back("--" + name);
    args.push_back(v.is_number_float() ? fmt::format("{:.17g}", v.get<double>()) : v.dump());
  }
  std::optional<std::vector<Json>> peer;  // run lazily: only when a record is missing
  for (const std::string name : {"sgd-l1-logistic", "l1-logistic-liblinear", "sgd-ridge",
                                 "sgd-ridge-constant", "ridge-exact"}) {
    const Json config = {{"dataset", dataset},       {"solver", "sklearn-" + name},
                         {"script", kSklearnScript}, {"sklearn_version", version},
                         {"params", params},         {"class", "a9a"}};
    runs["sklearn-" + name] = rf.run_once("a9a/sklearn-" + name, config, [&] {
      if (!peer) {
        if (ctx.progress)
          fmt::print(stderr, "sgdreport: scikit-learn {} peer (all methods) ...\n", version);
        peer = run_python_peer(kSklearnScript, args, ctx.progress);
      }
      for (const Json& j : *peer)
        if (j.value("name", "") == name) return sklearn_record(j, version);
      throw std::runtime_error("sklearn_sgd_peer.py printed no result for " + name);
    });
  }
}

}  // namespace

void add_sgdreport_tables(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.after_dataset = run_sklearn;
  register_protocol(registry, kSgdPaper, kSgdExperiment, hooks);
}

}  // namespace linrepro
