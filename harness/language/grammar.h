#pragma once
// The protocol language's grammar: every object kind an experiments/<paper>/experiments.json may
// hold, each with its closed set of keys, their types, defaults and meanings (the table is in
// grammar_table.cpp). It is the one list of the language: check_declaration_file validates a
// whole file against it before anything reads the file (an unknown key, a wrong type or a missing
// required key is a ConfigError naming the file, the JSON path and, for a misspelt key, the
// nearest valid one), and docs/PROTOCOL.md and experiments/protocol.schema.json are generated
// from it (harness/language/grammar_reference.h), so neither can drift from what is accepted.
//
// Types are written as text:
//   text, number, integer, boolean, null    a JSON value of that type
//   any                                     whatever it is
//   "word"                                  exactly that text
//   [T]                                     a list of T
//   {T}                                     an object whose keys the declaration chooses (ids,
//                                           names), each value a T
//   <kind>                                  an object of the object kind `kind` below
//   T | U                                   either
// An object kind may carry a tag: its "kind" key must hold that text, and an alternative of
// several tagged kinds is decided by it ("<binary-categories> | <multiclass-partitions>").
#include <functional>
#include <string>
#include <vector>

#include "harness/results/result_schema.h"

namespace linrepro {

struct KeyRule {
  std::string name;
  std::string type;      // in the notation above
  std::string fallback;  // "required", or the default as the reader takes it (JSON text or words)
  std::string doc;       // one line: what it means
};

struct ObjectRule {
  std::string kind;  // "method", "cell column", ...
  std::string doc;
  std::vector<KeyRule> keys;
  std::string tag = {};  // the value of its "kind" key, for a tagged kind; empty otherwise
};

// A text form the language gives a string (an expression), documented beside the keys.
struct TextForm {
  std::string name;    // "value reference"
  std::string syntax;  // "$name"
  std::string doc;     // what it means and where it may stand
  std::string example;
};

// The key any element of a list may carry (harness/language/repetition.h): expanded before the
// grammar checks a file, so no object kind lists it; the reference and the schema add it.
const KeyRule& repetition_key();

// The grammar: the object kinds in the order the reference lists them; the first is the file.
const std::vector<ObjectRule>& declaration_grammar();
const std::vector<TextForm>& declaration_text_forms();
// The object kind `kind`; std::logic_error for a kind the grammar lacks (a bug in the table).
const ObjectRule& object_rule(const std::string& kind);

// Validates one declaration file (its text already parsed) against the grammar, its repetitions
// expanded first (harness/language/repetition.h); throws ConfigError "<where>: <json path>:
// <what>".
void check_declaration_file(const Json& file, const std::string& where);

// Validates one object of kind `kind` (and everything inside it) against the grammar; throws
// ConfigError "<where>: <json path inside it>: <what>". The readers of a declaration call it on the
// objects they read, so a fragment read alone (a test's, a task source's) is held to the same
// grammar as a whole file.
void check_object(const Json& object, const std::string& kind, const std::string& where);

// Every (kind, key, JSON path, value) the grammar meets while walking a valid file (repetitions
// expanded), in file order:
// the reference takes its examples from the committed files this way.
using GrammarVisitor =
    std::function<void(const ObjectRule&, const KeyRule&, const std::string& path, const Json&)>;
void walk_declaration_file(const Json& file, const GrammarVisitor& visit);

// The JSON Schema (draft 2020-12) of a type in the notation above; an object kind is a reference
// "#/$defs/<kind>".
Json type_json_schema(const std::string& type);

// Of `candidates`, the one nearest to `word` by edit distance, if it is near enough to be a
// misspelling (at most a third of its letters, at least one, differ); empty otherwise.
std::string nearest_word(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace linrepro
