#pragma once
// The checks every reader of experiments/<paper>/experiments.json shares beside the grammar
// (harness/language/grammar.h, which holds the keys and their types): a ConfigError naming where
// it is ("<file> (<paper>/<id>) <entry>") and what is wrong.
#include <initializer_list>
#include <string>
#include <vector>

#include "harness/results/result_schema.h"

namespace linrepro {

// Throws ConfigError "<where>: <what>".
[[noreturn]] void declaration_error(const std::string& where, const std::string& what);

// o[key], a non-empty string.
std::string text_of(const Json& o, const char* key, const std::string& where);

// `path` + "/" + `key` as a JSON Pointer (RFC 6901: "~" -> "~0", "/" -> "~1").
std::string json_pointer_step(const std::string& path, const std::string& key);

// `a`, a list of strings.
std::vector<std::string> texts_of(const Json& a, const std::string& where);

}  // namespace linrepro
