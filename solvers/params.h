#pragma once
// Solver parameters arrive as a JSON object (from configs, the CLI's --param k=v, or code).
//
// Each solver declares its parameters once, as data (ParamDecl: name, type, typed default, range,
// doc). That one declaration is what `linrepro solvers` lists AND where ParamReader takes every
// default and check from, so a listed default cannot drift from the one used. The reader keeps
// LBFGS++'s validate-once idea: every bad or unknown field is reported by name (ConfigError),
// before any work starts; asking it for a key the solver did not declare is a bug in the solver
// (std::logic_error), not a user error.
#include <cstdint>
#include <initializer_list>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace linrepro {

using Params = nlohmann::json;  // an object; null means "all defaults"

enum class ParamType { number, positive, non_negative, integer, boolean, choice, string };
std::string to_string(ParamType t);  // "number", "positive", ...

struct ParamDecl {
  std::string name;
  ParamType type = ParamType::number;
  // Typed: a JSON number, boolean or string. Null = no default: the parameter is optional and its
  // absence means something else applies (C when lambda is the default), said by `no_default`.
  Params default_value;
  int64_t min = 0;                // integer: the smallest allowed value
  std::set<std::string> allowed;  // choice: the allowed values
  std::string doc;
  std::string no_default;  // without a default: what absence means, for listings
  // Read only in some configurations; the test that every declared parameter is read at the
  // defaults (tests/harness/solver_defaults_test.cpp) lets it pass unread.
  bool conditional = false;

  // For listings: the type with its range, "number > 0", "integer >= 1", "one of {hs, pr, fr}".
  std::string type_text() const;
  std::string default_text() const;  // the default as JSON ("0.001", "true", "\"hs\""), or none
};

// One constructor per type; they read shorter than designated initialisers in the long lists.
ParamDecl number_param(std::string name, Params default_value, std::string doc);
ParamDecl positive_param(std::string name, Params default_value, std::string doc);
ParamDecl non_negative_param(std::string name, Params default_value, std::string doc);
ParamDecl integer_param(std::string name, Params default_value, int64_t min, std::string doc);
ParamDecl boolean_param(std::string name, bool default_value, std::string doc);
ParamDecl choice_param(std::string name, std::string default_value, std::set<std::string> allowed,
                       std::string doc);
ParamDecl string_param(std::string name, Params default_value, std::string doc);
// A declaration without a default; `meaning` says what applies when it is absent.
ParamDecl without_default(ParamDecl decl, std::string meaning);

// The parts in order, as one list (solvers assemble theirs from shared pieces).
std::vector<ParamDecl> join_params(std::initializer_list<std::vector<ParamDecl>> parts);

// Throws std::logic_error naming the solver when a declaration list is inconsistent: duplicate
// names, or a default of the wrong type or outside its range. The registry runs it on every add.
void check_declarations(const std::vector<ParamDecl>& decls, const std::string& solver);

const ParamDecl* find_declaration(const std::vector<ParamDecl>& decls, const std::string& name);

class ParamReader {
 public:
  ParamReader(const Params& params, std::string solver, std::vector<ParamDecl> decls);

  // The value of a declared parameter: the user's, checked against its declaration (ConfigError
  // naming the solver and the key), else the declared default. An undeclared key, a parameter
  // without a default, or the wrong accessor for the declared type throws std::logic_error.
  double number(const std::string& key);  // number, positive, non_negative
  int64_t integer(const std::string& key);
  bool boolean(const std::string& key);
  std::string text(const std::string& key);  // choice, string
  // A declared number without a default: the user's value, or nullopt.
  std::optional<double> optional_number(const std::string& key);
  // A declared choice or string without a default: the user's value, or nullopt.
  std::optional<std::string> optional_text(const std::string& key);

  bool has(const std::string& key) const;  // did the user give `key` (declared or not)?
  // Throws ConfigError naming any given key that no accessor asked for.
  void finish() const;

 private:
  const ParamDecl& declared(const std::string& key) const;
  const Params* given(const ParamDecl& d);  // marks d read; nullptr when the user gave none
  double checked_number(const ParamDecl& d, const Params& v) const;
  std::optional<std::string> checked_text(const ParamDecl& d);  // the user's value, checked
  void record(const ParamDecl& d, const Params& value, bool from_default) const;

  Params params_;  // a copy: a reader built from a temporary must not dangle
  std::string solver_;
  std::vector<ParamDecl> decls_;
  std::set<std::string> seen_;
};

// Test instrumentation: while one of these lives, every value any ParamReader hands out is
// recorded (also from worker threads). One at a time; production code installs none.
struct ParamRead {
  std::string solver, key;
  Params value;  // null: a parameter without a default, absent
  bool from_default = false;
};
class ParamReadRecorder {
 public:
  ParamReadRecorder();
  ~ParamReadRecorder();
  ParamReadRecorder(const ParamReadRecorder&) = delete;
  ParamReadRecorder& operator=(const ParamReadRecorder&) = delete;
  std::vector<ParamRead> take();  // the reads so far, emptying the record

  void add(ParamRead read);  // called by ParamReader

 private:
  std::mutex mutex_;
  std::vector<ParamRead> reads_;
};

// Parses "k=v" (from the CLI) into a Params object: numbers, true/false, else strings.
void set_param_from_text(Params& params, const std::string& assignment);

}  // namespace linrepro
