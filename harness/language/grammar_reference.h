#pragma once
// The protocol language's reference, generated from its grammar (harness/language/grammar.h):
// docs/PROTOCOL.md (every object kind and key: type, default, meaning, an example from a committed
// experiment) and experiments/protocol.schema.json (JSON Schema, draft 2020-12). `linrepro
// protocol reference|schema` prints them, `make protocol-docs` writes them, and a test fails when
// the committed files differ from what the grammar gives, so the reference cannot drift.
#include <string>
#include <vector>

#include "harness/language/grammar.h"

namespace linrepro {

// A declaration file as the examples are taken from: its path and parsed text.
struct DeclarationSource {
  std::string path;  // "experiments/mlrcg2003/experiments.json"
  Json file;
};

// The Markdown reference; each key's example is its first value in `sources` (in their order).
std::string protocol_reference_markdown(const std::vector<DeclarationSource>& sources);

// The JSON Schema of one declaration file.
Json protocol_json_schema();

// The number of distinct key names the grammar accepts (over every object kind).
size_t distinct_key_count();

}  // namespace linrepro
