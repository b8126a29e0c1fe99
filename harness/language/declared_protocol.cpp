#include "harness/language/declared_protocol.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <string_view>

#include "baselines/external_solver.h"
#include "core/error.h"
#include "harness/experiment/solver_catalog.h"
#include "harness/language/declaration_checks.h"
#include "harness/language/grammar.h"
#include "harness/language/protocol_checks.h"
#include "solvers/regularization.h"

namespace linrepro {

bool TaskSelection::selects(size_t index, const std::string& task) const {
  return (first == 0 || index < static_cast<size_t>(first)) &&
         (names.empty() || std::find(names.begin(), names.end(), task) != names.end());
}

namespace {

// "tasks": the first N of a task set's tasks, or these by name.
TaskSelection task_selection_of(const Json& j, const std::string& where) {
  TaskSelection s;
  if (j.is_number_integer() && j.get<int64_t>() >= 1)
    s.first = j.get<int64_t>();
  else if (j.is_array() && !j.empty())
    s.names = texts_of(j, where + " tasks");
  else
    declaration_error(where, "\"tasks\" is a count of a task set's first tasks or a list of names");
  return s;
}

bool on_class(const std::vector<std::string>& classes, const std::string& cls) {
  return classes.empty() || std::find(classes.begin(), classes.end(), cls) != classes.end();
}

Json values_of(const Json& j, const char* key, const std::string& where) {
  if (!j.contains(key)) return Json::object();
  const Json& v = j.at(key);
  if (!v.is_object()) declaration_error(where, fmt::format("\"{}\" must map names to values", key));
  for (const auto& [name, value] : v.items())
    if (!value.is_number() && !value.is_string())
      declaration_error(where, fmt::format("\"{}\": \"{}\" must be a number or a text", key, name));
  return v;
}

bool flag_of(const Json& j, const char* key, bool otherwise, const std::string& where) {
  if (!j.contains(key)) return otherwise;
  if (!j.at(key).is_boolean())
    declaration_error(where, fmt::format("\"{}\" must be a boolean", key));
  return j.at(key).get<bool>();
}

ProtocolDataset parse_dataset(const Json& j, const std::string& where) {
  check_object(j, "dataset", where);
  ProtocolDataset d;
  d.cls = text_of(j, "class", where);
  if (j.contains("data") + j.contains("tasks") + j.contains("unavailable") != 1)
    declaration_error(where, "a data set names one of \"data\", \"tasks\" or \"unavailable\"");
  if (j.contains("data")) d.data = text_of(j, "data", where);
  if (j.contains("tasks")) d.tasks = text_of(j, "tasks", where);
  if (j.contains("unavailable")) {
    d.unavailable = text_of(j, "unavailable", where);
    if (j.contains("missing"))  // its cells are always marked
      declaration_error(where, "an \"unavailable\" data set's cells are marked: no \"missing\"");
    d.missing = MissingCells::marked_unavailable;
  }
  // "fast": false (not in the fast subset), or how it takes part: its tasks and values there.
  const Json fast = j.value("fast", Json(true));
  d.in_fast = !fast.is_boolean() || fast.get<bool>();
  if (fast.is_object() && fast.contains("tasks")) {
    if (d.tasks.empty()) declaration_error(where, "\"fast\": \"tasks\" selects a task set's tasks");
    d.fast_tasks = task_selection_of(fast.at("tasks"), where + " fast");
  }
  if (fast.is_object()) d.fast_values = values_of(fast, "values", where + " fast");
  d.sequential = flag_of(j, "sequential", false, where);
  if (d.sequential && d.tasks.empty())
    declaration_error(where, "\"sequential\" orders a task set's runs");
  d.values = values_of(j, "values", where);
  if (j.contains("missing")) {
    if (text_of(j, "missing", where) != "marked_unavailable")
      declaration_error(where, "\"missing\" can only be \"marked_unavailable\"");
    d.missing = MissingCells::marked_unavailable;
  }
  return d;
}

// The extra-solver place's "lambda": a number or "$name" (the protocol's one lambda, whatever the
// loss), "task" (each task's, TaskSet::extra_lambdas) or {solver: lambda} (each named solver's
// loss and penalty take its lambda; the entry "--with-solver": "$name", a supplied {label: lambda},
// gives a solver its own lambda, one the paper's protocol chose for it, before any by loss).
void check_extra_lambda(const Json& lambda, const std::string& where) {
  if (lambda.is_number() ||
      (lambda.is_string() && (lambda == "task" || lambda.get<std::string>().starts_with('$'))))
    return;
  if (!lambda.is_object() || lambda.empty())
    declaration_error(where,
                      "the --with-solver place's \"lambda\" is a number, \"$name\", \"task\" "
                      "or {solver: lambda}");
  for (const auto& [solver, value] : lambda.items()) {
    if (solver == kExtraSolverPlace) {
      if (!value.is_string() || !value.get<std::string>().starts_with('$'))
        declaration_error(where, fmt::format("\"lambda\": \"{}\" must be \"$name\", a supplied "
                                             "{{label: lambda}}",
                                             kExtraSolverPlace));
      continue;
    }
    try {
      solver_catalog().get(solver);  // a registered solver's declared loss and penalty
    } catch (const ConfigError& e) {
      declaration_error(where, fmt::format("\"lambda\": {}", e.what()));
    }
    if (!value.is_number() && !value.is_string())
      declaration_error(where,
                        fmt::format("\"lambda\": \"{}\" must be a number or \"$name\"", solver));
  }
}

ProtocolMethod parse_method(const Json& j, const std::string& where) {
  ProtocolMethod m;
  check_object(j, "method", where);
  m.key = text_of(j, "key", where);
  m.name = j.contains("name") ? text_of(j, "name", where) : key_without_placeholders(m.key);
  m.solver = text_of(j, "solver", where);
  m.extra = m.solver == kExtraSolverPlace;
  if (j.contains("params") && !j.at("params").is_object())
    declaration_error(where, "\"params\" must be an object");
  m.params = j.value("params", Json::object());
  m.traced = flag_of(j, "traced", false, where);
  m.in_fast = flag_of(j, "fast", true, where);
  if (j.contains("class"))
    m.classes = j.at("class").is_string() ? std::vector{j.at("class").get<std::string>()}
                                          : texts_of(j.at("class"), where + " class");
  if (j.contains("lambda")) m.lambda = j.at("lambda");
  m.tags = values_of(j, "tags", where);
  if (j.contains("seed_of")) m.seed_of = text_of(j, "seed_of", where);
  m.record = values_of(j, "record", where);
  if (j.contains("stop_rule")) m.stop_rule = text_of(j, "stop_rule", where);
  if (j.contains("after")) m.after = text_of(j, "after", where);
  if (j.contains("data")) {
    if (!j.at("data").is_object()) declaration_error(where, "\"data\" must be an object");
    m.data = j.at("data");
  }
  if (j.contains("tasks")) m.tasks = task_selection_of(j.at("tasks"), where);
  if (m.extra) {
    // The user's solvers: their parameters are the user's, they run in every subset, and the
    // paper's summary does not group them. They may run on the tasks the paper's protocol reads
    // ("tasks": Table 1's cross-validation of the 10 largest categories).
    for (const char* key : {"params", "traced", "fast", "tags", "record", "after"})
      if (j.contains(key))
        declaration_error(where, fmt::format("the --with-solver place takes no \"{}\"", key));
    if (!j.contains("lambda"))
      declaration_error(where, "the --with-solver place needs the \"lambda\" its solvers get");
    // One key shape in every experiment, "<task>/extra/<label>" (issue 60): a user finds a
    // solver's runs by its label after "extra", whatever the paper.
    if (m.key != "extra" && !m.key.ends_with("/extra"))
      declaration_error(where, fmt::format("the --with-solver place's key \"{}\" must end in "
                                           "\"extra\": its runs are keyed "
                                           "\"<task>/extra/<label>\"",
                                           m.key));
    check_extra_lambda(m.lambda, where);
  }
  return m;
}

Json scope_of(const DeclaredProtocol& p, const ProtocolDataset& d, bool fast, int64_t n,
              const Json& supplied) {
  Json scope = p.values;
  for (const std::string& name : p.supplied) {
    if (!supplied.contains(name))
      declaration_error(p.where, fmt::format("the driver supplies no value \"{}\"", name));
    scope[name] = supplied.at(name);
  }
  scope.update(d.values);
  if (fast) scope.update(d.fast_values);
  scope["n"] = n;
  return scope;
}

// Every run the declaration can give, resolved on each data set (n = 1), so that an unknown
// "$name" fails when the file is read, not when the run is reached.
void check_resolves(const DeclaredProtocol& p) {
  for (const ProtocolDataset& d : p.datasets)
    for (bool fast : {false, true}) {
      if (fast && !d.in_fast) continue;
      Json placeholders = Json::object();  // what the driver supplies at run time
      for (const std::string& name : p.supplied) placeholders[name] = 1.0;
      const Json scope = scope_of(p, d, fast, 1, placeholders);
      for (const ProtocolMethod& m : p.methods) {
        if (!on_class(m.classes, d.cls)) continue;
        const std::string at = fmt::format("{} method \"{}\" on \"{}\"", p.where, m.name, d.cls);
        resolve_protocol_value(m.params, scope, at);
        const Json lambda = resolve_protocol_value(m.lambda, scope, at);
        if (!m.extra && !m.lambda.is_null() && !lambda.is_number())
          declaration_error(at, "\"lambda\" must be a number");
        if (m.extra && lambda != "task" &&
            !(lambda.is_number() ||
              (lambda.is_object() && std::all_of(lambda.begin(), lambda.end(),
                                                 [](const Json& v) { return v.is_number(); }))))
          declaration_error(at, "the --with-solver place's \"lambda\" must give numbers");
        resolve_protocol_value(m.data, scope, at);
        if (!d.tasks.empty() && m.traced)  // a task set's fit has no test-set monitor
          declaration_error(at, "\"traced\" applies on a binary data set only");
        if (d.tasks.empty() &&
            ((!m.extra && !m.lambda.is_null()) || !m.data.empty() || m.tasks.first > 0 ||
             !m.tasks.names.empty() || m.key.find(kTaskInKey) != std::string::npos ||
             m.key.find(kClassInKey) != std::string::npos))
          declaration_error(at,
                            "\"lambda\", \"data\", \"tasks\" and a key with \"{task}\" or "
                            "\"{class}\" apply on a task set only");
        if (m.traced) resolve_protocol_value(p.traced, scope, at + " traced");
        if (d.tasks.empty() && m.extra && m.lambda == "task")
          declaration_error(at, "\"lambda\": \"task\" applies on a task set only");
        if (!m.stop_rule.empty() && !d.sequential)  // the rule reads the earlier tasks' runs
          declaration_error(at, "\"stop_rule\" applies on a sequential task set only");
        if (!m.after.empty() && d.tasks.empty())
          declaration_error(at, "\"after\" applies on a task set only");
      }
    }
}

}  // namespace

namespace {

// p's methods from `j` ("methods"), each checked against the data sets (`classes`), the traced
// settings and the other methods (a name once; a seed another run's of the same kind).
void parse_methods(DeclaredProtocol& p, const Json& j, const std::set<std::string>& classes) {
  const std::string& at = p.where;
  if (!j.contains("methods") || !j.at("methods").is_array())
    declaration_error(at, "\"methods\" must be a list");
  std::set<std::string> names;
  for (const Json& m : j.at("methods")) {
    p.methods.push_back(parse_method(m, fmt::format("{} method {}", at, p.methods.size() + 1)));
    const ProtocolMethod& last = p.methods.back();
    if (last.traced && (!p.traced.contains("points") || !last.params.contains("epochs")))
      declaration_error(at, fmt::format("method \"{}\" is traced: \"traced\" needs \"points\" "
                                        "and the method an \"epochs\" param (the trace spreads "
                                        "them over n x epochs updates)",
                                        last.name));
    for (const std::string& c : last.classes)
      if (!classes.contains(c))
        declaration_error(at, fmt::format("method \"{}\": no data set \"{}\"", last.name, c));
    if (!names.insert(last.name).second)
      declaration_error(at, fmt::format("method \"{}\" is declared twice", last.name));
  }
  for (const ProtocolMethod& m : p.methods) {  // a seed is another run's of the same kind
    if (!m.seed_of.empty() &&
        std::none_of(p.methods.begin(), p.methods.end(), [&](const ProtocolMethod& o) {
          return o.key == m.seed_of && o.extra == m.extra;
        }))
      declaration_error(at, fmt::format("method \"{}\": \"seed_of\" names no {} key \"{}\"", m.name,
                                        m.extra ? "--with-solver place's" : "method", m.seed_of));
  }
}

}  // namespace

DeclaredProtocol parse_protocol(const Json& j, const std::string& where) {
  const std::string at = where + " protocol";
  check_object(j, "protocol", at);
  text_of(j, "why", at);
  DeclaredProtocol p;
  p.where = at;
  p.values = values_of(j, "values", at);
  if (j.contains("supplied")) p.supplied = texts_of(j.at("supplied"), at + " supplied");
  const std::string bias = j.contains("bias") ? text_of(j, "bias", at) : "penalized";
  if (bias != "penalized" && bias != "unpenalized" && bias != "none")
    declaration_error(at, "\"bias\" must be \"penalized\", \"unpenalized\" or \"none\"");
  p.bias = bias == "penalized" ? BiasMode::penalized
           : bias == "none"    ? BiasMode::none
                               : BiasMode::unpenalized;
  if (!j.contains("datasets") || !j.at("datasets").is_array() || j.at("datasets").empty())
    declaration_error(at, "\"datasets\" must be a non-empty list");
  std::set<std::string> classes;
  for (const Json& d : j.at("datasets")) {
    p.datasets.push_back(parse_dataset(d, fmt::format("{} dataset {}", at, p.datasets.size() + 1)));
    if (!classes.insert(p.datasets.back().cls).second)
      declaration_error(at, fmt::format("class \"{}\" is declared twice", p.datasets.back().cls));
  }
  if (j.contains("traced")) {
    p.traced = j.at("traced");
    check_object(p.traced, "traced", at + " traced");
  }
  parse_methods(p, j, classes);
  p.fast_summary = flag_of(j, "fast", false, at);
  p.task_sources = j.value("task_sources", Json::object());
  if (!p.task_sources.is_object()) declaration_error(at, "\"task_sources\" must be an object");
  check_resolves(p);
  if (j.contains("cells")) {
    p.cells = j.at("cells");
    check_protocol_cells(p);
  }
  if (j.contains("ablation_tables")) {
    p.ablation_tables = j.at("ablation_tables");
    check_protocol_ablations(p);
  }
  if (j.contains("claims")) {
    p.claims = j.at("claims");
    check_protocol_claims(p);
  }
  return p;
}

namespace {

// `key` with every `placeholder` replaced by `value`.
std::string replaced(std::string key, std::string_view placeholder, const std::string& value) {
  for (size_t at = key.find(placeholder); at != std::string::npos;
       at = key.find(placeholder, at + value.size()))
    key.replace(at, placeholder.size(), value);
  return key;
}

}  // namespace

std::string key_without_placeholders(std::string key) {
  for (const std::string p : {kClassInKey, kTaskInKey}) key = replaced(key, p + "/", "");
  return key;
}

std::string task_run_key(const ProtocolDataset& d, const std::string& key,
                         const std::string& task) {
  const std::string k = replaced(key, kClassInKey, d.cls);
  if (k.find(kTaskInKey) != std::string::npos) return replaced(k, kTaskInKey, task);
  return k + "/" + task;
}

namespace {

using Resolve = std::function<Json(const Json&)>;

// The runs of the --with-solver place `m`: one per extra solver, at the lambda the place gives it.
void add_extra_solver_runs(std::vector<ProtocolRun>& runs, const DeclaredProtocol& p,
                           const ProtocolMethod& m, const std::vector<ExtraSolver>& extras,
                           const Resolve& resolve, const std::string& prefix,
                           const std::string& experiment) {
  const bool per_task = m.lambda == "task";
  std::vector<ProtocolLambda> lambda;
  Json own = Json::object();  // label -> the lambda the paper's protocol chose for it
  if (per_task) {
    // set per task (task_set_runs.cpp)
  } else if (m.lambda.is_object()) {  // each named solver's declared loss and penalty
    for (const auto& [solver, value] : m.lambda.items()) {
      if (solver == kExtraSolverPlace) {
        own = resolve(value);
        if (!own.is_object() ||
            !std::all_of(own.begin(), own.end(), [](const Json& v) { return v.is_number(); }))
          declaration_error(p.where, fmt::format("\"{}\" must be a {{label: lambda}} object, "
                                                 "not {}",
                                                 value.get<std::string>(), own.dump()));
        continue;
      }
      const SolverKind& kind = solver_catalog().get(solver).kind;
      lambda.push_back({kind.loss, kind.penalty, resolve(value).get<double>(), solver});
    }
  } else {  // the protocol's one lambda, whatever the loss
    lambda.push_back(
        {Loss::unspecified, Penalty::l2, resolve(m.lambda).get<double>(), "every method"});
  }
  // On a task set the task comes before "extra" ("<task>/extra/<label>"), where a paper's method
  // without "{task}" has it last.
  const auto place = [&](const std::string& key) {
    return prefix.empty() && key.find(kTaskInKey) == std::string::npos
               ? std::string(kTaskInKey) + "/" + key
               : prefix + key;
  };
  for (const ExtraSolver& x : extras) {
    ProtocolRun r;
    r.name = m.name + "/" + x.label;
    r.key = place(m.key) + "/" + x.label;
    r.seed_key = place(m.seed_of.empty() ? m.key : m.seed_of) + "/" + x.label;
    r.solver = x.solver;
    if (per_task)
      r.per_task_lambda = x;
    else if (own.contains(x.label))
      r.params = extra_solver_params(x, own.at(x.label).get<double>());
    else
      r.params = extra_solver_params(x, extra_solver_lambda(x, lambda, experiment).lambda);
    r.config_fields = {{"with_solver", x.label}};
    r.record_extra = extra_solver_tag(x);
    r.data_options = resolve(m.data);
    r.tasks = m.tasks;
    r.stop_rule = m.stop_rule;
    runs.push_back(std::move(r));
  }
}

// The run of the paper's method `m` (none: its supplied lambda is null, nothing to run).
std::optional<ProtocolRun> method_run(const DeclaredProtocol& p, const ProtocolMethod& m,
                                      const Resolve& resolve, const std::string& prefix) {
  const Json lambda = resolve(m.lambda);
  if (!m.lambda.is_null() && lambda.is_null()) return std::nullopt;  // a supplied null
  ProtocolRun r;
  r.name = m.name;
  r.key = prefix + m.key;
  r.seed_key = prefix + (m.seed_of.empty() ? m.key : m.seed_of);
  r.solver = m.solver;
  r.params = Params::object();
  const SolverInfo* solver = nullptr;
  if (!m.lambda.is_null() || is_external_solver(m.solver)) solver = &method_solver(m.solver);
  if (!m.lambda.is_null())  // the solver's own convention, as for an extra solver
    r.params = regularization_params(*solver, lambda.get<double>());
  r.params.update(resolve(m.params));
  r.data_options = resolve(m.data);
  r.tasks = m.tasks;
  r.stop_rule = m.stop_rule;
  r.after = m.after;
  r.record_extra = m.record;
  r.record_extra["variant"] = m.name;
  if (m.traced) {
    r.trace_points = resolve(p.traced.at("points")).get<int64_t>();
    r.config_fields = resolve(p.traced.value("config", Json::object()));
    r.record_extra.update(resolve(p.traced.value("record", Json::object())));
  }
  return r;
}

}  // namespace

std::vector<ProtocolRun> protocol_runs(const DeclaredProtocol& p, const ProtocolDataset& d,
                                       bool fast, int64_t train_rows, const Json& supplied,
                                       const std::vector<ExtraSolver>& extras,
                                       const std::string& experiment) {
  const Json scope = scope_of(p, d, fast, train_rows, supplied);
  // A binary data set's runs are keyed "<class>/<key>", a task set's "<key>" (the runner adds
  // "/<task>").
  const std::string prefix = d.tasks.empty() ? d.cls + "/" : "";
  const Resolve resolve = [&](const Json& v) { return resolve_protocol_value(v, scope, p.where); };
  std::vector<ProtocolRun> runs;
  for (const ProtocolMethod& m : p.methods) {
    if (!on_class(m.classes, d.cls)) continue;
    if (m.extra)
      add_extra_solver_runs(runs, p, m, extras, resolve, prefix, experiment);
    else if (!fast || m.in_fast)
      if (std::optional<ProtocolRun> r = method_run(p, m, resolve, prefix))
        runs.push_back(std::move(*r));
  }
  return runs;
}

}  // namespace linrepro
