#pragma once
// The checks every reader of experiments/<paper>/experiments.json shares: a declaration is an
// object of known keys and typed values, and anything else is a ConfigError naming where it is
// ("<file> (<paper>/<id>) <entry>") and what is wrong.
#include <initializer_list>
#include <string>
#include <vector>

#include "harness/results/result_schema.h"

namespace linrepro {

// Throws ConfigError "<where>: <what>".
[[noreturn]] void declaration_error(const std::string& where, const std::string& what);

// `o` is an object whose keys are all `allowed`.
void check_keys(const Json& o, std::initializer_list<const char*> allowed,
                const std::string& where);

// o[key], a non-empty string.
std::string text_of(const Json& o, const char* key, const std::string& where);

// `a`, a list of strings.
std::vector<std::string> texts_of(const Json& a, const std::string& where);

}  // namespace linrepro
