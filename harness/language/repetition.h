#pragma once
// Repetition in a declaration: an element of any list may carry "for_each", and stands for one
// element per binding of its names, in order, each with "$name" (the whole string: the value,
// of any type) and "{$name}" (inside a text: the value as text) replaced:
//   {"for_each": {"draw": [1, 2, 3, 4]}, "name": "draw{$draw}/smo", "data": {"draw": "$draw"}}
// is the four methods draw1/smo ... draw4/smo. "for_each" is an object of lists (every
// combination, the names in alphabetical order, the first slowest) or a list of objects (each a
// binding of its names). Elements are expanded outside in, so an inner "for_each" may use the outer
// names. Expanded when the file is read, before the grammar checks the result
// (harness/language/grammar.h); a name bound here is replaced nowhere else, and a name the element
// does not use is an error (a repetition that changes nothing is a mistake).
#include <string>

#include "harness/results/result_schema.h"

namespace linrepro {

// `j` with every "for_each" element expanded; ConfigError "<where>: <json path>: <what>".
Json expand_repetitions(const Json& j, const std::string& where);

}  // namespace linrepro
