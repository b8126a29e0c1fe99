#include "harness/experiment/extra_solvers.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

#include "baselines/external_solver.h"
#include "core/error.h"
#include "core/project_root.h"
#include "harness/experiment/kept_solvers.h"
#include "harness/experiment/solver_catalog.h"
#include "solvers/regularization.h"

namespace linrepro {

namespace {

// The keys an external spec's k=v may carry for linrepro itself (the rest describe the solver and
// are part of its registered name).
constexpr const char* kSettings[] = {"lambda", "C", "timeout"};

bool user_sets_regularization(const ExtraSolver& e) {
  return e.params.is_object() && (e.params.contains("lambda") || e.params.contains("C"));
}

// "k=v,k=v" into params (ConfigError naming the spec for an empty assignment).
void parse_assignments(const std::string& text, const std::string& list, Params& params) {
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = std::min(list.find(',', start), list.size());
    const std::string assignment = list.substr(start, comma - start);
    if (assignment.empty())
      throw ConfigError(fmt::format("--with-solver '{}': empty assignment", text));
    set_param_from_text(params, assignment);
    start = comma + 1;
  }
}

ExtraSolver parse_external(const std::string& text) {
  const SolverInfo& info = add_external_solver(
      external_solver_info(text, repo_root() / "baselines" / "sklearn_estimator.py"));
  ExtraSolver e{info.name, Params::object(), text, text};
  // The settings given in the spec are linrepro's: they override the protocol's lambda.
  const Params options = external_solver_options(text);
  for (const char* key : kSettings)
    if (options.contains(key)) e.params[key] = options[key];
  return e;
}

// Where the k=v list of a --with-solver text starts (npos: none): after the name of a
// registered solver, after cmd:PROGRAM, after py:MODULE.CLASS(ARGS).
size_t options_start(const std::string& text) {
  size_t after = 0;
  if (text.starts_with("cmd:")) after = 4;
  if (text.starts_with("py:")) {
    after = text.rfind(')');
    if (after == std::string::npos) return std::string::npos;
  }
  const size_t colon = text.find(':', after);
  return colon == std::string::npos ? colon : colon + 1;
}

// The text without its label=NAME, and NAME ("" when there is none).
std::pair<std::string, std::string> split_label(const std::string& text) {
  const size_t start = options_start(text);
  if (start == std::string::npos) return {text, ""};
  std::vector<std::string> kept;
  std::string label;
  for (size_t at = start; at <= text.size();) {
    const size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    if (item.starts_with("label=")) {
      label = item.substr(6);
      if (label.empty() ||
          label.find_first_not_of(
              "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-") !=
              std::string::npos)
        throw ConfigError(
            fmt::format("--with-solver '{}': label=\"{}\" is not a name (letters, digits, . _ + -)",
                        text, label));
    } else {
      kept.push_back(item);
    }
    at = comma + 1;
  }
  if (label.empty()) return {text, ""};
  std::string rest = text.substr(0, start - 1);  // without the colon before the options
  if (!kept.empty()) rest += ":" + fmt::format("{}", fmt::join(kept, ","));
  return {rest, label};
}

ExtraSolver parse_solver(const std::string& text) {
  if (is_external_solver(text)) return parse_external(text);
  ExtraSolver e;
  e.label = text;
  const size_t colon = text.find(':');
  e.solver = text.substr(0, colon);
  e.params = Params::object();
  solver_catalog().get(e.solver);  // ConfigError naming the known solvers
  if (colon != std::string::npos) parse_assignments(text, text.substr(colon + 1), e.params);
  return e;
}

}  // namespace

ExtraSolver parse_extra_solver(const std::string& text) {
  const auto [solver, label] = split_label(text);
  ExtraSolver e = parse_solver(solver);
  if (!label.empty()) e.label = label;
  e.spec = text;
  return e;
}

const SolverInfo& method_solver(const std::string& name) {
  if (is_external_solver(name)) {
    static std::mutex mutex;
    static std::set<std::string> registered;
    const std::lock_guard lock(mutex);
    if (registered.insert(name).second) parse_external(name);
  }
  return solver_catalog().get(name);
}

std::string extra_solver_label(const std::string& text) {
  const std::string label = split_label(text).second;
  return label.empty() ? text : label;
}

std::vector<ExtraSolver> extra_solvers(const ExperimentContext& ctx) {
  static std::mutex mutex;
  static std::map<std::string, ExtraSolver> parsed;
  std::vector<ExtraSolver> out;
  std::map<std::string, std::string> by_label;  // two solvers under one label would share runs
  for (const std::string& text : ctx.extra_solvers) {
    const std::lock_guard lock(mutex);
    auto it = parsed.find(text);
    if (it == parsed.end()) it = parsed.emplace(text, parse_extra_solver(text)).first;
    if (const auto [other, fresh] = by_label.emplace(it->second.label, text); !fresh)
      throw ConfigError(fmt::format("--with-solver '{}' and '{}' are both labelled \"{}\"",
                                    other->second, text, it->second.label));
    out.push_back(it->second);
  }
  return out;
}

ExtraLambda extra_solver_lambda(const ExtraSolver& extra, const std::vector<ProtocolLambda>& table,
                                const std::string& experiment) {
  const SolverKind& kind = solver_catalog().get(extra.solver).kind;
  for (const ProtocolLambda& p : table)
    if (p.loss == kind.loss && p.penalty == kind.penalty)
      return {p.lambda, p.method,
              fmt::format("the lambda of {} ({} loss, {} penalty, as the solver declares)",
                          p.method, to_string(p.loss), to_string(p.penalty))};
  for (const ProtocolLambda& p : table)
    if (p.loss == kind.loss)
      return {
          p.lambda, p.method,
          fmt::format("the lambda of {} (the same {} loss; the protocol has no {} method of it)",
                      p.method, to_string(kind.loss), to_string(kind.penalty))};
  // The protocol's one lambda, for every loss that it weighs: a solver without a penalty (naive
  // Bayes: its lambda is its smoothing) would take a regularisation weight for something else.
  for (const ProtocolLambda& p : table)
    if (p.loss == Loss::unspecified && kind.penalty != Penalty::none)
      return {p.lambda, p.method,
              fmt::format("the protocol's one lambda ({}), whatever the loss", p.method)};
  if (user_sets_regularization(extra)) return {0, "", "the user's lambda or C"};
  if (kind.penalty == Penalty::none)
    throw ConfigError(fmt::format(
        "{}: --with-solver {} has no penalty (its lambda is {}, not a regularisation weight), "
        "and this protocol gives none for its {} loss: set lambda= to run it here",
        experiment, extra.label, kind.lambda_param.empty() ? "unused" : "its " + kind.lambda_param,
        to_string(kind.loss)));
  std::vector<std::string> losses;
  for (const ProtocolLambda& p : table)
    losses.push_back(fmt::format("{} ({})", to_string(p.loss), p.method));
  throw ConfigError(fmt::format(
      "{}: --with-solver {} minimises the {} loss; this protocol gives a lambda to {} only: "
      "set lambda= or C= to run it here",
      experiment, extra.label, to_string(kind.loss), fmt::join(losses, ", ")));
}

Params extra_solver_params(const ExtraSolver& extra, double lambda) {
  // What the protocol gives every solver of this kind (lambda where the solver takes it, its
  // intercept switch), then what the user set; a user's C replaces the protocol's lambda.
  Params p = regularization_params(solver_catalog().get(extra.solver), lambda);
  const Params& user = extra.params.is_object() ? extra.params : Params::object();
  if (user.contains("lambda") || user.contains("C")) p.erase("lambda");
  for (const auto& [k, v] : user.items()) p[k] = v;
  return p;
}

Json extra_solver_tag(const ExtraSolver& extra) {
  return {{"part", "extra"}, {"with_solver", extra.label}, {"note", kExtraSolverNote}};
}

void check_extra_solvers_accepted(const ExperimentInfo& info, const ExperimentContext& ctx) {
  if (ctx.extra_solvers.empty()) return;
  const std::string name = info.paper + "/" + info.id;
  const ExtraSolverSupport& s = info.extra_solvers;
  if (s.tasks == ExtraSolverSupport::Tasks::none)
    throw ConfigError(fmt::format("{}: --with-solver cannot apply: {}", name,
                                  s.refusal.empty() ? "the experiment does not declare how extra "
                                                      "solvers would join it"
                                                    : s.refusal));
  for (const ExtraSolver& e : extra_solvers(ctx)) {
    const SolverInfo& solver = solver_catalog().get(e.solver);
    if (s.tasks == ExtraSolverSupport::Tasks::binary && !solver.fit_binary)
      throw ConfigError(
          fmt::format("{}: --with-solver {} cannot apply: it is a multiclass-only solver and this "
                      "experiment's tasks are binary (one problem per category)",
                      name, e.label));
  }
}

bool writes_references(const ExperimentContext& ctx) {
  std::error_code ec;
  return ctx.fast && std::filesystem::equivalent(ctx.results_dir, repo_root() / "results", ec);
}

namespace {

// A kept solver joins an experiment that takes extra solvers, on tasks its kind fits; a spec that
// no longer parses (its program gone) is an error naming the file that keeps it.
bool kept_solver_fits(const ExperimentInfo& info, const ExperimentContext& ctx,
                      const std::string& spec) {
  const ExtraSolverSupport::Tasks tasks = info.extra_solvers.tasks;
  if (tasks == ExtraSolverSupport::Tasks::none) return false;
  ExperimentContext one;
  one.extra_solvers = {spec};
  try {
    const ExtraSolver e = extra_solvers(one).front();
    return tasks != ExtraSolverSupport::Tasks::binary || solver_catalog().get(e.solver).fit_binary;
  } catch (const ConfigError& e) {
    throw ConfigError(
        fmt::format("{} keeps --with-solver '{}', which cannot be used: {} "
                    "(`linrepro forget --solver '{}'` drops it and its runs)",
                    kept_solvers_path(ctx.results_dir).string(), spec, e.what(), spec));
  }
}

}  // namespace

ExperimentContext extra_solver_context(const ExperimentInfo& info, const std::string& target,
                                       const ExperimentContext& ctx, std::string* note) {
  const bool named = target == info.paper + "/" + info.id;
  ExperimentContext c = ctx;
  if (!ctx.extra_solvers.empty() && !named &&
      info.extra_solvers.tasks == ExtraSolverSupport::Tasks::none) {
    if (note)
      *note = fmt::format("{}/{} runs without --with-solver: {}", info.paper, info.id,
                          info.extra_solvers.refusal);
    c.extra_solvers.clear();
  }
  // The solvers kept from earlier runs join where they fit, after those named now; never into the
  // project's own fast files, `regress`'s references.
  if (writes_references(ctx)) return c;
  for (const std::string& spec : read_kept_solvers(ctx.results_dir))
    if (std::find(ctx.extra_solvers.begin(), ctx.extra_solvers.end(), spec) ==
            ctx.extra_solvers.end() &&
        kept_solver_fits(info, ctx, spec)) {
      c.extra_solvers.push_back(spec);
      c.kept_solvers.push_back(spec);
    }
  return c;
}

std::string extra_solvers_unused(const ExperimentInfo& info, const ExperimentContext& ctx,
                                 const ResultFile& rf) {
  if (ctx.extra_solvers.empty()) return "";
  std::string why;
  for (const Json& c : rf.document().value("cells", Json::array()))
    if (c.value("status", "") == "data_unavailable") {
      why = "its data is unavailable: " + c.value("note", std::string());
      break;
    }
  if (why.empty())
    why = rf.runs().empty() && rf.pending().empty()
              ? "it computes no run in this mode (a fast subset without runs?)"
              : "no task of the protocol fits it";
  std::vector<std::string> missing;
  for (const ExtraSolver& x : extra_solvers(ctx))
    if (!rf.extra_solvers_asked().contains(x.label) &&
        std::find(ctx.kept_solvers.begin(), ctx.kept_solvers.end(), x.spec) ==
            ctx.kept_solvers.end())  // a kept solver was not asked for now
      missing.push_back(x.spec);
  if (missing.empty()) return "";
  return fmt::format(
      "{}/{}: --with-solver {} ran nowhere: the experiment asked for no run of it "
      "({})",
      info.paper, info.id, fmt::join(missing, ", "), why);
}

}  // namespace linrepro
