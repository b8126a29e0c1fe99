#pragma once
// Solver parameters arrive as a JSON object (from configs, the CLI's --param k=v, or code).
// ParamReader reads them with defaults and checks (LBFGS++'s validate-once idea): every bad or
// unknown field is reported by name, before any work starts.
#include <set>
#include <string>

#include <nlohmann/json.hpp>

namespace linrepro {

using Params = nlohmann::json;  // an object; null means "all defaults"

class ParamReader {
 public:
  ParamReader(const Params& params, std::string solver);
  double number(const std::string& key, double default_value);
  double positive(const std::string& key, double default_value);      // > 0
  double non_negative(const std::string& key, double default_value);  // >= 0
  int64_t integer(const std::string& key, int64_t default_value, int64_t min_value = 0);
  bool boolean(const std::string& key, bool default_value);
  std::string choice(const std::string& key, const std::string& default_value,
                     const std::set<std::string>& allowed);
  bool has(const std::string& key) const;
  // Throws ConfigError naming any key that no accessor asked for.
  void finish() const;

 private:
  Params params_;  // a copy: a reader built from a temporary must not dangle
  std::string solver_;
  std::set<std::string> seen_;
};

// Parses "k=v" (from the CLI) into a Params object: numbers, true/false, else strings.
void set_param_from_text(Params& params, const std::string& assignment);

}  // namespace linrepro
