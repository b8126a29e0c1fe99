#include "solvers/params.h"

#include <cmath>

#include <fmt/format.h>

#include "core/error.h"

namespace linrepro {

ParamReader::ParamReader(const Params& params, std::string solver) : params_(params), solver_(std::move(solver)) {
  if (!params_.is_null() && !params_.is_object())
    throw ConfigError(fmt::format("{}: parameters must be a JSON object, got {}", solver_, params_.dump()));
}

bool ParamReader::has(const std::string& key) const { return params_.is_object() && params_.contains(key); }

double ParamReader::number(const std::string& key, double default_value) {
  seen_.insert(key);
  if (!has(key)) return default_value;
  const auto& v = params_.at(key);
  if (!v.is_number())
    throw ConfigError(fmt::format("{}: parameter '{}' must be a number, got {}", solver_, key, v.dump()));
  const double x = v.get<double>();
  if (!std::isfinite(x)) throw ConfigError(fmt::format("{}: parameter '{}' is not finite", solver_, key));
  return x;
}

double ParamReader::positive(const std::string& key, double default_value) {
  const double x = number(key, default_value);
  if (!(x > 0)) throw ConfigError(fmt::format("{}: parameter '{}' must be > 0, got {}", solver_, key, x));
  return x;
}

double ParamReader::non_negative(const std::string& key, double default_value) {
  const double x = number(key, default_value);
  if (!(x >= 0)) throw ConfigError(fmt::format("{}: parameter '{}' must be >= 0, got {}", solver_, key, x));
  return x;
}

int64_t ParamReader::integer(const std::string& key, int64_t default_value, int64_t min_value) {
  const double x = number(key, static_cast<double>(default_value));
  if (x != std::floor(x))
    throw ConfigError(fmt::format("{}: parameter '{}' must be an integer, got {}", solver_, key, x));
  if (x < static_cast<double>(min_value))
    throw ConfigError(fmt::format("{}: parameter '{}' must be >= {}, got {}", solver_, key, min_value, x));
  // Integer parameters are counts that solvers keep in an int; converting 1e20 would be UB.
  constexpr double kMax = 2147483647.0;
  if (x > kMax)
    throw ConfigError(fmt::format("{}: parameter '{}' must be <= 2147483647, got {}", solver_, key, x));
  return static_cast<int64_t>(x);
}

bool ParamReader::boolean(const std::string& key, bool default_value) {
  seen_.insert(key);
  if (!has(key)) return default_value;
  const auto& v = params_.at(key);
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number_integer() && (v.get<int>() == 0 || v.get<int>() == 1)) return v.get<int>() == 1;
  throw ConfigError(fmt::format("{}: parameter '{}' must be true/false, got {}", solver_, key, v.dump()));
}

std::string ParamReader::choice(const std::string& key, const std::string& default_value,
                                const std::set<std::string>& allowed) {
  seen_.insert(key);
  if (!has(key)) return default_value;
  const auto& v = params_.at(key);
  if (!v.is_string() || !allowed.contains(v.get<std::string>()))
    throw ConfigError(fmt::format("{}: parameter '{}' must be one of {{{}}}, got {}", solver_, key,
                                  fmt::join(allowed, ", "), v.dump()));
  return v.get<std::string>();
}

void ParamReader::finish() const {
  if (!params_.is_object()) return;
  for (const auto& [key, value] : params_.items())
    if (!seen_.contains(key))
      throw ConfigError(fmt::format("{}: unknown parameter '{}' (known: {})", solver_, key, fmt::join(seen_, ", ")));
}

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
