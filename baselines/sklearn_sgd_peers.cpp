#include "baselines/sklearn_sgd_peers.h"

#include <fmt/format.h>

#include "baselines/external_solver.h"
#include "baselines/python_peer.h"
#include "core/libsvm_format.h"
#include "core/scratch_dir.h"
#include "solvers/regularization.h"

namespace linrepro {

namespace {

using Json = nlohmann::json;
constexpr const char* kScript = "baselines/sklearn_sgd_peer.py";
constexpr const char* kEq10 =
    "report Eq. 10 at the peer's solution: (1/n) sum log(1 + exp(-y f(x))) + lambda ||beta||_1, "
    "beta = (b; w)";
constexpr const char* kEq14 =
    "report Eq. 14 at the peer's solution: (1/n) sum (y - f(x))^2 + lambda ||beta||^2, "
    "beta = (b; w)";

// One of sklearn_sgd_peer.py's methods.
struct PeerMethod {
  const char* method;  // the script's --method
  const char* description;
  SolverKind kind;
  bool sgd;    // takes gamma, epochs and dense
  bool decay;  // takes the decaying rate's constant a
};

std::vector<ParamDecl> peer_params(const PeerMethod& m) {
  std::vector<ParamDecl> decls =
      lambda_or_C_params(1e-4, "the report's lambda (Eq. 10 / Eq. 14)",
                         "SVM-convention C = 1/(2 lambda n), instead of lambda");
  if (!m.sgd) return decls;
  decls.push_back(positive_param("gamma", 0.001, "learning rate (gamma0 of a decaying rate)"));
  if (m.decay)
    decls.push_back(
        non_negative_param("decay", 0.003, "a of the report's rate gamma0 / (1 + gamma0 a t)"));
  decls.push_back(integer_param("epochs", 200, 1, "passes over the shuffled training set"));
  decls.push_back(boolean_param(
      "dense", false, "give scikit-learn a dense array (no 0.01 factor on the intercept step)"));
  return decls;
}

std::string number_text(double v) { return fmt::format("{:.17g}", v); }

// The script's arguments for this fit (its settings and the fit's seed).
std::vector<std::string> peer_args(const PeerMethod& m, const std::vector<ParamDecl>& decls,
                                   const Params& params, const std::string& solver, int64_t n,
                                   uint64_t seed) {
  ParamReader r(params, solver, decls);
  std::vector<std::string> args = {"--method", m.method, "--lambda",
                                   number_text(resolve_lambda(r, n))};
  if (m.sgd) {
    args.insert(args.end(), {"--gamma", number_text(r.number("gamma")), "--epochs",
                             std::to_string(r.integer("epochs"))});
    if (m.decay) args.insert(args.end(), {"--decay", number_text(r.number("decay"))});
    if (r.boolean("dense")) args.push_back("--dense");
  }
  r.finish();
  args.insert(args.end(), {"--seed", std::to_string(seed & 0x7fffffffu)});
  return args;
}

BinaryFit fit_peer(const PeerMethod& m, const std::vector<ParamDecl>& decls,
                   const std::string& solver, const BinaryProblem& p, const Params& params,
                   FitContext& ctx) {
  std::vector<std::string> args = peer_args(m, decls, params, solver, p.X.rows, ctx.seed);
  ScratchDir dir("linrepro-sklearn-sgd");
  const auto train = dir.path / "train.svm", out = dir.path / "weights.txt";
  write_libsvm(train, p.X, std::vector<double>(p.y.begin(), p.y.end()));
  args.insert(args.end(), {"--train", train.string(), "--features", std::to_string(p.X.cols),
                           "--out", out.string()});
  const std::vector<Json> lines = run_python_peer(kScript, args, ctx.progress);
  if (lines.size() != 1)
    throw std::runtime_error(
        fmt::format("{}: {} printed {} results, expected 1", solver, kScript, lines.size()));
  const Json& j = lines[0];
  const std::vector<double> weights = read_external_weights(
      out, static_cast<size_t>(p.X.cols) + 1, fmt::format("{} ({})", solver, kScript));
  BinaryFit fit;
  fit.model.w.assign(weights.begin(), weights.end() - 1);
  fit.model.b = weights.back();
  fit.objective = j.at("objective").get<double>();
  fit.stop = m.sgd ? StopReason::max_iterations : StopReason::not_iterative;
  if (j.at("updates").is_number()) fit.iterations = j["updates"].get<int64_t>();
  // The peer's own clock around its fit (the run's time also holds Python's start and the file).
  fit.extra = {{"estimator", j.at("estimator")},
               {"estimator_params", j.at("params")},
               {"note", j.at("note")},
               {"dense_input", j.at("dense_input")},
               {"sklearn_version", j.at("sklearn_version")},
               {"peer_fit_seconds", j.at("seconds")},
               {"peer_fit_cpu_seconds", j.at("cpu_seconds")},
               {"updates_per_second", j.at("updates_per_second")}};
  return fit;
}

SolverInfo peer_info(const PeerMethod& m) {
  SolverInfo info;
  info.name = fmt::format("sklearn-{}", m.method);
  info.description = m.description;
  info.source = fmt::format("scikit-learn (Debian's python3-sklearn) by {}", kScript);
  info.kind = m.kind;
  info.params = peer_params(m);
  info.fit_binary = [m, decls = info.params, name = info.name](
                        const BinaryProblem& p, const Params& params, FitContext& ctx) {
    return fit_peer(m, decls, name, p, params, ctx);
  };
  return info;
}

}  // namespace

std::vector<SolverInfo> sklearn_sgd_peer_infos() {
  const SolverKind l1_logistic{.loss = Loss::logistic,
                               .penalty = Penalty::l1,
                               .intercept = Intercept::unregularized,
                               .objective = kEq10};
  SolverKind l1_logistic_feature = l1_logistic;
  l1_logistic_feature.intercept = Intercept::regularized_feature;
  const SolverKind ridge{.loss = Loss::least_squares,
                         .penalty = Penalty::l2,
                         .intercept = Intercept::unregularized,
                         .objective = kEq14};
  const PeerMethod methods[] = {
      {"sgd-l1-logistic", "scikit-learn SGDClassifier(log_loss, l1), constant rate", l1_logistic,
       true, false},
      {"l1-logistic-liblinear", "scikit-learn LogisticRegression(l1, liblinear), tol 1e-8",
       l1_logistic_feature, false, false},
      {"sgd-ridge", "scikit-learn SGDClassifier(squared_error, l2), the decaying rate per epoch",
       ridge, true, true},
      {"sgd-ridge-constant", "scikit-learn SGDClassifier(squared_error, l2), constant rate", ridge,
       true, false},
      {"ridge-exact", "scikit-learn RidgeClassifier (exact ridge, intercept unpenalised)", ridge,
       false, false},
  };
  std::vector<SolverInfo> out;
  for (const PeerMethod& m : methods) out.push_back(peer_info(m));
  return out;
}

}  // namespace linrepro
