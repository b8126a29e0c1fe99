#include "solvers/params.h"

#include <fmt/format.h>

#include <atomic>
#include <cmath>
#include <stdexcept>

#include "core/error.h"

namespace linrepro {

namespace {

bool is_real(ParamType t) {
  return t == ParamType::number || t == ParamType::positive || t == ParamType::non_negative;
}

ParamDecl make(std::string name, ParamType type, Params default_value, std::string doc) {
  ParamDecl d;
  d.name = std::move(name);
  d.type = type;
  d.default_value = std::move(default_value);
  d.doc = std::move(doc);
  return d;
}

// Is `v` a value the declaration allows? (Defaults are checked with it at registration.)
bool allowed_value(const ParamDecl& d, const Params& v) {
  switch (d.type) {
    case ParamType::number:
      return v.is_number() && std::isfinite(v.get<double>());
    case ParamType::positive:
      return v.is_number() && v.get<double>() > 0;
    case ParamType::non_negative:
      return v.is_number() && v.get<double>() >= 0 && std::isfinite(v.get<double>());
    case ParamType::integer:
      return v.is_number_integer() && v.get<int64_t>() >= d.min;
    case ParamType::boolean:
      return v.is_boolean();
    case ParamType::choice:
      return v.is_string() && d.allowed.contains(v.get<std::string>());
    case ParamType::string:
      return v.is_string();
  }
  return false;
}

std::atomic<ParamReadRecorder*> g_recorder{nullptr};

}  // namespace

std::string to_string(ParamType t) {
  switch (t) {
    case ParamType::number:
      return "number";
    case ParamType::positive:
      return "positive";
    case ParamType::non_negative:
      return "non-negative";
    case ParamType::integer:
      return "integer";
    case ParamType::boolean:
      return "boolean";
    case ParamType::choice:
      return "choice";
    case ParamType::string:
      return "string";
  }
  return "unknown";
}

std::string ParamDecl::type_text() const {
  switch (type) {
    case ParamType::positive:
      return "number > 0";
    case ParamType::non_negative:
      return "number >= 0";
    case ParamType::integer:
      return fmt::format("integer >= {}", min);
    case ParamType::choice:
      return fmt::format("one of {{{}}}", fmt::join(allowed, ", "));
    default:
      return to_string(type);
  }
}

std::string ParamDecl::default_text() const {
  return default_value.is_null() ? "none" : default_value.dump();
}

ParamDecl number_param(std::string name, Params default_value, std::string doc) {
  return make(std::move(name), ParamType::number, std::move(default_value), std::move(doc));
}
ParamDecl positive_param(std::string name, Params default_value, std::string doc) {
  return make(std::move(name), ParamType::positive, std::move(default_value), std::move(doc));
}
ParamDecl non_negative_param(std::string name, Params default_value, std::string doc) {
  return make(std::move(name), ParamType::non_negative, std::move(default_value), std::move(doc));
}
ParamDecl integer_param(std::string name, Params default_value, int64_t min, std::string doc) {
  ParamDecl d = make(std::move(name), ParamType::integer, std::move(default_value), std::move(doc));
  d.min = min;
  return d;
}
ParamDecl boolean_param(std::string name, bool default_value, std::string doc) {
  return make(std::move(name), ParamType::boolean, default_value, std::move(doc));
}
ParamDecl choice_param(std::string name, std::string default_value, std::set<std::string> allowed,
                       std::string doc) {
  ParamDecl d = make(std::move(name), ParamType::choice, std::move(default_value), std::move(doc));
  d.allowed = std::move(allowed);
  return d;
}
ParamDecl string_param(std::string name, Params default_value, std::string doc) {
  return make(std::move(name), ParamType::string, std::move(default_value), std::move(doc));
}
ParamDecl without_default(ParamDecl decl, std::string meaning) {
  decl.default_value = nullptr;
  decl.no_default = std::move(meaning);
  return decl;
}

std::vector<ParamDecl> join_params(std::initializer_list<std::vector<ParamDecl>> parts) {
  std::vector<ParamDecl> all;
  for (const auto& part : parts) all.insert(all.end(), part.begin(), part.end());
  return all;
}

void check_declarations(const std::vector<ParamDecl>& decls, const std::string& solver) {
  std::set<std::string> names;
  for (const ParamDecl& d : decls) {
    if (d.name.empty()) throw std::logic_error(solver + ": a parameter without a name");
    if (!names.insert(d.name).second)
      throw std::logic_error(fmt::format("{}: parameter '{}' declared twice", solver, d.name));
    if (d.type == ParamType::choice && d.allowed.empty())
      throw std::logic_error(fmt::format("{}: choice '{}' allows nothing", solver, d.name));
    if (!d.default_value.is_null() && !allowed_value(d, d.default_value))
      throw std::logic_error(fmt::format("{}: default {} of '{}' is not a valid {}", solver,
                                         d.default_value.dump(), d.name, d.type_text()));
  }
}

const ParamDecl* find_declaration(const std::vector<ParamDecl>& decls, const std::string& name) {
  for (const ParamDecl& d : decls)
    if (d.name == name) return &d;
  return nullptr;
}

// ---- ParamReader -------------------------------------------------------------------------------

ParamReader::ParamReader(const Params& params, std::string solver, std::vector<ParamDecl> decls)
    : params_(params), solver_(std::move(solver)), decls_(std::move(decls)) {
  if (!params_.is_null() && !params_.is_object())
    throw ConfigError(
        fmt::format("{}: parameters must be a JSON object, got {}", solver_, params_.dump()));
}

bool ParamReader::has(const std::string& key) const {
  return params_.is_object() && params_.contains(key);
}

const ParamDecl& ParamReader::declared(const std::string& key) const {
  if (const ParamDecl* d = find_declaration(decls_, key)) return *d;
  throw std::logic_error(
      fmt::format("{}: reads parameter '{}', which it does not declare", solver_, key));
}

const Params* ParamReader::given(const ParamDecl& d) {
  seen_.insert(d.name);
  return has(d.name) ? &params_.at(d.name) : nullptr;
}

void ParamReader::record(const ParamDecl& d, const Params& value, bool from_default) const {
  if (ParamReadRecorder* r = g_recorder.load()) r->add({solver_, d.name, value, from_default});
}

double ParamReader::checked_number(const ParamDecl& d, const Params& v) const {
  if (!v.is_number())
    throw ConfigError(
        fmt::format("{}: parameter '{}' must be a number, got {}", solver_, d.name, v.dump()));
  const double x = v.get<double>();
  if (!std::isfinite(x))
    throw ConfigError(fmt::format("{}: parameter '{}' is not finite", solver_, d.name));
  if (d.type == ParamType::positive && !(x > 0))
    throw ConfigError(fmt::format("{}: parameter '{}' must be > 0, got {}", solver_, d.name, x));
  if (d.type == ParamType::non_negative && !(x >= 0))
    throw ConfigError(fmt::format("{}: parameter '{}' must be >= 0, got {}", solver_, d.name, x));
  return x;
}

double ParamReader::number(const std::string& key) {
  const ParamDecl& d = declared(key);
  if (!is_real(d.type) || d.default_value.is_null())
    throw std::logic_error(fmt::format("{}: '{}' is a {} parameter{}; number() cannot read it",
                                       solver_, key, to_string(d.type),
                                       d.default_value.is_null() ? " without a default" : ""));
  const Params* v = given(d);
  const double x = v ? checked_number(d, *v) : d.default_value.get<double>();
  record(d, x, !v);
  return x;
}

std::optional<double> ParamReader::optional_number(const std::string& key) {
  const ParamDecl& d = declared(key);
  if (!is_real(d.type) || !d.default_value.is_null())
    throw std::logic_error(
        fmt::format("{}: '{}' is not a number parameter without a default; read it with number()",
                    solver_, key));
  const Params* v = given(d);
  if (!v) {
    record(d, nullptr, true);
    return std::nullopt;
  }
  const double x = checked_number(d, *v);
  record(d, x, false);
  return x;
}

int64_t ParamReader::integer(const std::string& key) {
  const ParamDecl& d = declared(key);
  if (d.type != ParamType::integer || d.default_value.is_null())
    throw std::logic_error(
        fmt::format("{}: '{}' is not an integer parameter with a default", solver_, key));
  const Params* v = given(d);
  int64_t value = d.default_value.get<int64_t>();
  if (v) {
    if (!v->is_number())
      throw ConfigError(
          fmt::format("{}: parameter '{}' must be a number, got {}", solver_, key, v->dump()));
    const double x = v->get<double>();
    if (!std::isfinite(x))
      throw ConfigError(fmt::format("{}: parameter '{}' is not finite", solver_, key));
    if (x != std::floor(x))
      throw ConfigError(
          fmt::format("{}: parameter '{}' must be an integer, got {}", solver_, key, x));
    if (x < static_cast<double>(d.min))
      throw ConfigError(
          fmt::format("{}: parameter '{}' must be >= {}, got {}", solver_, key, d.min, x));
    // Integer parameters are counts that solvers keep in an int; converting 1e20 would be UB.
    constexpr double kMax = 2147483647.0;
    if (x > kMax)
      throw ConfigError(
          fmt::format("{}: parameter '{}' must be <= 2147483647, got {}", solver_, key, x));
    value = static_cast<int64_t>(x);
  }
  record(d, value, !v);
  return value;
}

bool ParamReader::boolean(const std::string& key) {
  const ParamDecl& d = declared(key);
  if (d.type != ParamType::boolean || d.default_value.is_null())
    throw std::logic_error(
        fmt::format("{}: '{}' is not a boolean parameter with a default", solver_, key));
  const Params* v = given(d);
  bool value = d.default_value.get<bool>();
  if (v) {
    if (v->is_boolean())
      value = v->get<bool>();
    else if (v->is_number_integer() && (v->get<int64_t>() == 0 || v->get<int64_t>() == 1))
      value = v->get<int64_t>() == 1;
    else
      throw ConfigError(
          fmt::format("{}: parameter '{}' must be true/false, got {}", solver_, key, v->dump()));
  }
  record(d, value, !v);
  return value;
}

std::string ParamReader::text(const std::string& key) {
  const ParamDecl& d = declared(key);
  if ((d.type != ParamType::choice && d.type != ParamType::string) || d.default_value.is_null())
    throw std::logic_error(
        fmt::format("{}: '{}' is not a choice or string parameter with a "
                    "default",
                    solver_, key));
  std::optional<std::string> given_text = checked_text(d);
  const std::string value = given_text.value_or(d.default_value.get<std::string>());
  record(d, value, !given_text);
  return value;
}

std::optional<std::string> ParamReader::optional_text(const std::string& key) {
  const ParamDecl& d = declared(key);
  if ((d.type != ParamType::choice && d.type != ParamType::string) || !d.default_value.is_null())
    throw std::logic_error(fmt::format(
        "{}: '{}' is not a choice or string parameter without a default; read it with text()",
        solver_, key));
  std::optional<std::string> value = checked_text(d);
  record(d, value ? Params(*value) : Params(nullptr), !value);
  return value;
}

std::optional<std::string> ParamReader::checked_text(const ParamDecl& d) {
  const Params* v = given(d);
  if (!v) return std::nullopt;
  if (!v->is_string() ||
      (d.type == ParamType::choice && !d.allowed.contains(v->get<std::string>())))
    throw ConfigError(d.type == ParamType::choice
                          ? fmt::format("{}: parameter '{}' must be one of {{{}}}, got {}", solver_,
                                        d.name, fmt::join(d.allowed, ", "), v->dump())
                          : fmt::format("{}: parameter '{}' must be a string, got {}", solver_,
                                        d.name, v->dump()));
  return v->get<std::string>();
}

void ParamReader::finish() const {
  if (!params_.is_object()) return;
  std::vector<std::string> known;
  for (const ParamDecl& d : decls_) known.push_back(d.name);
  for (const auto& [key, value] : params_.items()) {
    if (seen_.contains(key)) continue;
    if (find_declaration(decls_, key))  // declared, but this configuration does not use it
      throw ConfigError(fmt::format(
          "{}: parameter '{}' is not used with the other parameters given", solver_, key));
    throw ConfigError(fmt::format("{}: unknown parameter '{}' (known: {})", solver_, key,
                                  fmt::join(known, ", ")));
  }
}

// ---- instrumentation ---------------------------------------------------------------------------

ParamReadRecorder::ParamReadRecorder() {
  ParamReadRecorder* expected = nullptr;
  if (!g_recorder.compare_exchange_strong(expected, this))
    throw std::logic_error("ParamReadRecorder: another one is already recording");
}

ParamReadRecorder::~ParamReadRecorder() { g_recorder.store(nullptr); }

void ParamReadRecorder::add(ParamRead read) {
  std::lock_guard lock(mutex_);
  reads_.push_back(std::move(read));
}

std::vector<ParamRead> ParamReadRecorder::take() {
  std::lock_guard lock(mutex_);
  return std::exchange(reads_, {});
}

// ---- the CLI's k=v -----------------------------------------------------------------------------

void set_param_from_text(Params& params, const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError(fmt::format("parameter '{}' is not of the form key=value", assignment));
  const std::string key = assignment.substr(0, eq), text = assignment.substr(eq + 1);
  // Keys and values are ASCII names and numbers. Other bytes would be stored in JSON as invalid
  // UTF-8 and make every later message (which dumps the value) throw (found by fuzz/fuzz_params).
  for (unsigned char c : assignment) {
    if (c >= 0x20 && c < 0x7f) continue;
    std::string shown;
    for (unsigned char d : assignment)
      shown += d >= 0x20 && d < 0x7f ? std::string(1, static_cast<char>(d))
                                     : fmt::format("\\x{:02x}", d);
    throw ConfigError(fmt::format("parameter '{}' has a byte that is not printable ASCII", shown));
  }
  if (!params.is_object()) params = Params::object();
  if (text == "true" || text == "false") {
    params[key] = text == "true";
    return;
  }
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (!text.empty() && end == text.c_str() + text.size()) {
    if (x == std::floor(x) && std::fabs(x) < 9e15 && text.find_first_of(".eE") == std::string::npos)
      params[key] = static_cast<int64_t>(x);
    else
      params[key] = x;
  } else {
    params[key] = text;
  }
}

}  // namespace linrepro
