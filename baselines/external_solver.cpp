#include "baselines/external_solver.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>

#include "baselines/estimator_servers.h"
#include "baselines/python_peer.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/escape.h"
#include "core/libsvm_format.h"
#include "core/scratch_dir.h"
#include "core/stopwatch.h"
#include "core/subprocess.h"
#include "solvers/regularization.h"

namespace linrepro {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
constexpr double kDefaultTimeout = 3600;
// The kind keys: what the solver is, not what it is given.
const char* const kKindKeys[] = {"loss", "penalty", "intercept"};

// A spec cut into its parts: "py:" + "sklearn.svm.LinearSVC(C=1.0)" + {"loss": ...}.
struct ExternalSpec {
  std::string label;  // as given
  bool python = false;
  std::string target;  // the program, or the estimator expression
  Params options = Params::object();
};

// The end of an estimator expression: its closing parenthesis (quotes and nesting respected), or
// the first ':' when it has none.
size_t expression_end(const std::string& text) {
  const size_t open = text.find('(');
  const size_t colon = text.find(':');
  if (open == std::string::npos || (colon != std::string::npos && colon < open))
    return colon == std::string::npos ? text.size() : colon;
  int depth = 0;
  char quote = 0;
  for (size_t i = open; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')' && --depth == 0) {
      return i + 1;
    }
  }
  throw ConfigError(fmt::format("--with-solver py:{}: no closing parenthesis", text));
}

ExternalSpec split_spec(const std::string& spec) {
  ExternalSpec s;
  s.label = spec;
  s.python = spec.starts_with("py:");
  const std::string rest = spec.substr(s.python ? 3 : 4);
  const size_t end = s.python ? expression_end(rest) : std::min(rest.find(':'), rest.size());
  s.target = rest.substr(0, end);
  if (s.target.empty())
    throw ConfigError(fmt::format("--with-solver '{}': no {} after '{}'", spec,
                                  s.python ? "estimator" : "program", s.python ? "py:" : "cmd:"));
  if (end == rest.size()) return s;
  if (rest[end] != ':')
    throw ConfigError(
        fmt::format("--with-solver '{}': expected ':k=v,...' after '{}'", spec, s.target));
  std::stringstream list(rest.substr(end + 1));
  std::string assignment;
  while (std::getline(list, assignment, ','))
    if (!assignment.empty()) set_param_from_text(s.options, assignment);
  return s;
}

// What a py: estimator says of itself (sklearn_estimator.py --describe): loss, penalty, takes_C.
Json describe_estimator(const ExternalSpec& s, const fs::path& script) {
  CommandOptions o;
  o.timeout_seconds = 300;
  const CommandResult r = run_command({kDebianPython, script.string(), "--describe", s.target}, o);
  if (r.exit_code != 0)
    throw ConfigError(fmt::format("--with-solver '{}': the estimator cannot be built: {}", s.label,
                                  r.timed_out ? "no answer within 300 s" : r.err));
  try {
    return Json::parse(r.out);
  } catch (const Json::exception& e) {
    throw ConfigError(fmt::format("--with-solver '{}': {} --describe printed no JSON: {}", s.label,
                                  script.string(), e.what()));
  }
}

std::string option_text(const Params& options, const char* key, const Json& described,
                        const std::string& fallback) {
  if (options.contains(key)) {
    if (!options[key].is_string())
      throw ConfigError(fmt::format("{}= must be a name, got {}", key, options[key].dump()));
    return options[key].get<std::string>();
  }
  if (described.contains(key) && described[key].is_string()) return described[key];
  return fallback;
}

SolverKind external_kind(const ExternalSpec& s, const Json& described) {
  const std::string loss = option_text(s.options, "loss", described, "");
  if (loss.empty())
    throw ConfigError(fmt::format(
        "--with-solver '{}': declare the loss it minimises (append :loss=hinge, squared_hinge, "
        "logistic or least_squares) so that a protocol can give it the lambda of that loss",
        s.label));
  SolverKind kind;
  kind.loss = loss_from_string(loss);
  kind.penalty = penalty_from_string(option_text(s.options, "penalty", described, "l2"));
  kind.intercept =
      intercept_from_string(option_text(s.options, "intercept", described, "unregularized"));
  const bool naive_bayes = kind.loss == Loss::multinomial_nb || kind.loss == Loss::bernoulli_nb;
  kind.objective =
      naive_bayes
          ? "none: naive Bayes minimises no objective (NaN); lambda is its additive smoothing"
          : fmt::format(
                "(1/n) sum {}(y f(x)) + lambda {}(w), computed by linrepro from the returned w "
                "and b (b outside the penalty; NaN for a loss it cannot evaluate)",
                to_string(kind.loss), kind.penalty == Penalty::l1 ? "||w||_1" : "||w||^2");
  return kind;
}

std::vector<ParamDecl> external_params(const ExternalSpec& s) {
  std::vector<ParamDecl> decls = lambda_or_C_params(
      1e-4, "the papers' lambda (a protocol gives its own)", "SVM-convention C = 1/(2 lambda n)");
  // A timeout given in the spec is this solver's default.
  const Params timeout = s.options.value("timeout", Params(kDefaultTimeout));
  if (!timeout.is_number() || timeout.get<double>() <= 0)
    throw ConfigError(
        fmt::format("--with-solver '{}': timeout= must be a positive number of seconds", s.label));
  decls.push_back(positive_param(
      "timeout", timeout,
      "seconds of wall time before the program (its whole process group) is killed"));
  for (const auto& [key, value] : s.options.items()) {
    if (key == "lambda" || key == "C" || key == "timeout") continue;
    if (std::find(std::begin(kKindKeys), std::end(kKindKeys), key) != std::end(kKindKeys)) continue;
    if (s.python)
      throw ConfigError(fmt::format(
          "--with-solver '{}': '{}' is no option of linrepro's; estimator arguments go inside "
          "the parentheses",
          s.label, key));
    const std::string doc = "passed to the program in PARAMS";
    if (value.is_boolean())
      decls.push_back(boolean_param(key, value.get<bool>(), doc));
    else if (value.is_number())
      decls.push_back(number_param(key, value, doc));
    else
      decls.push_back(string_param(key, value, doc));
  }
  return decls;
}

// The declared loss of y f at margin z, or NaN for one this cannot evaluate.
double loss_at(Loss loss, double z) {
  switch (loss) {
    case Loss::hinge:
      return std::max(0.0, 1 - z);
    case Loss::squared_hinge:
      return std::pow(std::max(0.0, 1 - z), 2);
    case Loss::logistic:
      return z > 0 ? std::log1p(std::exp(-z)) : -z + std::log1p(std::exp(z));
    case Loss::least_squares:
      return (1 - z) * (1 - z);
    default:
      return NAN;
  }
}

double declared_objective(const SolverKind& kind, const BinaryProblem& p, const LinearModel& m,
                          double lambda) {
  double loss = 0;
  for (int32_t i = 0; i < p.X.rows; ++i)
    loss += loss_at(kind.loss, p.y[static_cast<size_t>(i)] * m.decision(p.X, i));
  double penalty = 0;
  for (double w : m.w) penalty += kind.penalty == Penalty::l1 ? std::abs(w) : w * w;
  if (kind.penalty == Penalty::none) penalty = 0;
  return loss / std::max<int32_t>(1, p.X.rows) + lambda * penalty;
}

// The weights the program wrote and its report (one JSON object on its last stdout line, if any).
struct ExternalAnswer {
  std::vector<double> numbers;
  Json report;
};

// cmd: one process per fit, PROGRAM TRAIN PARAMS OUT.
ExternalAnswer run_program(const ExternalSpec& s, const fs::path& train, const fs::path& sent_file,
                           const fs::path& out, double timeout, size_t count, FitContext& ctx,
                           const std::string& who) {
  std::vector<std::string> argv = {s.target};
  for (const fs::path& f : {train, sent_file, out}) argv.push_back(f.string());
  CommandOptions o;
  o.timeout_seconds = timeout;
  if (ctx.progress) o.on_stderr = [](std::string_view text) { fmt::print(stderr, "{}", text); };
  const CommandResult res = run_command(argv, o);
  if (res.timed_out)
    throw std::runtime_error(fmt::format(
        "{}: no result within timeout={:g} s; its process group was killed", who, timeout));
  if (res.exit_code == 127 && res.err.find("cannot run") != std::string::npos)
    throw std::runtime_error(fmt::format("{}: {}", who, res.err));
  if (res.exit_code != 0)
    throw std::runtime_error(
        fmt::format("{}: exited with status {}: {}", who, res.exit_code, output_tail(res.err)));
  ExternalAnswer answer{read_external_weights(out, count, who), Json()};
  const size_t last = res.out.find_last_not_of("\n\r ");
  if (last != std::string::npos) {
    const size_t start = res.out.rfind('\n', last);
    const size_t from = start == std::string::npos ? 0 : start + 1;
    answer.report = Json::parse(res.out.substr(from, last + 1 - from), nullptr, false);
  }
  return answer;
}

// py: a fit in one of the solver's Python processes (estimator_servers.h).
ExternalAnswer run_estimator(EstimatorServers& servers, const fs::path& train,
                             const fs::path& sent_file, const fs::path& out, double timeout,
                             size_t count, FitContext& ctx, const std::string& who) {
  EstimatorAnswer a = servers.fit(train, sent_file, out, timeout, who);
  if (ctx.progress && !a.log.empty()) fmt::print(stderr, "{}", a.log);
  return {read_external_weights(out, count, who), std::move(a.report)};
}

BinaryFit fit_external(const ExternalSpec& s, const SolverKind& kind,
                       const std::vector<ParamDecl>& decls, EstimatorServers* servers,
                       const BinaryProblem& p, const Params& params, FitContext& ctx) {
  ParamReader r(params, s.label, decls);
  const int64_t n = p.X.rows;
  const double lambda = resolve_lambda(r, n);
  const double timeout = r.number("timeout");
  Json sent = {{"lambda", lambda},
               {"C", lambda_to_C(lambda, n)},
               {"rows", n},
               {"features", p.X.cols},
               {"loss", to_string(kind.loss)},
               {"penalty", to_string(kind.penalty)},
               {"intercept", to_string(kind.intercept)}};
  for (const ParamDecl& d : decls) {
    if (d.name == "lambda" || d.name == "C" || d.name == "timeout") continue;
    if (d.type == ParamType::boolean)
      sent[d.name] = r.boolean(d.name);
    else if (d.type == ParamType::string)
      sent[d.name] = r.text(d.name);
    else
      sent[d.name] = r.number(d.name);
  }
  r.finish();
  const std::string who =
      fmt::format("external solver '{}'{}", s.label, ctx.label.empty() ? "" : " on " + ctx.label);

  ScratchDir dir("linrepro-external");
  const fs::path train = dir.path / "train.svm", sent_file = dir.path / "params.json",
                 out = dir.path / "weights.txt";
  write_libsvm(train, p.X, std::vector<double>(p.y.begin(), p.y.end()));
  // The seed is sent, not recorded in extra.sent again: it is the run's config.seed.
  Json with_seed = sent;
  with_seed["seed"] = ctx.seed;
  write_file_atomic(sent_file, with_seed.dump(2) + "\n");
  const size_t count = static_cast<size_t>(p.X.cols) + 1;
  Stopwatch clock;
  const ExternalAnswer answer =
      servers ? run_estimator(*servers, train, sent_file, out, timeout, count, ctx, who)
              : run_program(s, train, sent_file, out, timeout, count, ctx, who);

  BinaryFit fit;
  fit.model.w.assign(answer.numbers.begin(), answer.numbers.end() - 1);
  fit.model.b = answer.numbers.back();
  fit.objective = declared_objective(kind, p, fit.model, lambda);
  fit.extra = {{"external", s.python ? "py" : "cmd"},
               {"target", s.target},
               {"wall_seconds", clock.seconds()},
               {"sent", sent}};
  if (answer.report.is_object()) fit.extra["report"] = answer.report;
  return fit;
}

}  // namespace

std::vector<double> read_external_weights(const std::filesystem::path& file, size_t count,
                                          const std::string& who) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error(fmt::format("{}: wrote no output file OUT", who));
  std::vector<double> values;
  std::string token;
  while (in >> token) {
    char* end = nullptr;
    const double v = std::strtod(token.c_str(), &end);
    if (end != token.c_str() + token.size())
      throw std::runtime_error(
          fmt::format("{}: OUT number {} is not a number: '{}'", who, values.size() + 1, token));
    if (!std::isfinite(v))
      throw std::runtime_error(fmt::format("{}: OUT number {} is {} (weights must be finite)", who,
                                           values.size() + 1, token));
    values.push_back(v);
  }
  if (values.size() != count)
    throw std::runtime_error(fmt::format(
        "{}: OUT holds {} numbers, the protocol needs {} (one weight per feature, then b)", who,
        values.size(), count));
  return values;
}

bool is_external_solver(const std::string& spec) {
  return spec.starts_with("cmd:") || spec.starts_with("py:");
}

Params external_solver_options(const std::string& spec) { return split_spec(spec).options; }

SolverInfo external_solver_info(const std::string& spec, const fs::path& sklearn_script) {
  if (!is_external_solver(spec))
    throw std::logic_error("external_solver_info: not a cmd: or py: spec: " + spec);
  const ExternalSpec s = split_spec(spec);
  const Json described = s.python ? describe_estimator(s, sklearn_script) : Json::object();
  SolverInfo info;
  info.name = spec;
  info.kind = external_kind(s, described);
  info.params = external_params(s);
  if (s.python) {
    info.description = fmt::format("scikit-learn estimator {} (Debian's python3)", s.target);
    info.source = fmt::format("{}, run by {}", described.value("sklearn", "scikit-learn"),
                              sklearn_script.filename().string());
  } else {
    info.description = fmt::format("external program {} (PROGRAM TRAIN PARAMS OUT)", s.target);
    info.source = "the user's program, through the protocol of baselines/external_solver.h";
  }
  // A py: solver's Python processes are shared by every copy of its entry, and end with the last.
  std::shared_ptr<EstimatorServers> servers;
  if (s.python) servers = std::make_shared<EstimatorServers>(sklearn_script, s.target);
  info.fit_binary = [s, kind = info.kind, decls = info.params, servers](
                        const BinaryProblem& p, const Params& params, FitContext& ctx) {
    return fit_external(s, kind, decls, servers.get(), p, params, ctx);
  };
  return info;
}

}  // namespace linrepro
