// protocol reference|schema|check: the protocol language's reference and schema, generated from
// the parser's grammar (harness/language/grammar_reference.h), and a check of declaration files.
#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "cli/commands.h"
#include "core/error.h"
#include "experiments/register.h"
#include "harness/language/experiment_declarations.h"
#include "harness/language/grammar_reference.h"
#include "harness/protocol/protocol_components.h"

namespace linrepro::cli {

namespace {

// The committed declaration files as this program embeds them, the examples' source.
std::vector<DeclarationSource> embedded_sources() {
  std::vector<DeclarationSource> out;
  for (const EmbeddedFile& f : embedded_experiment_declarations())
    out.push_back({f.path, Json::parse(f.text)});
  return out;
}

}  // namespace

void add_protocol_commands(CLI::App& app) {
  auto* protocol = app.add_subcommand(
      "protocol", "the language of experiments/<paper>/experiments.json (docs/PROTOCOL.md)");
  protocol->require_subcommand(1);
  protocol
      ->add_subcommand("reference",
                       "print docs/PROTOCOL.md: every key, its type, default, meaning and example")
      ->callback([] {
        // The language, then the C++ components the registered experiments name.
        register_experiments();
        fmt::print("{}\n{}", protocol_reference_markdown(embedded_sources()),
                   named_components_markdown(experiment_registry()));
      });
  protocol->add_subcommand("schema", "print experiments/protocol.schema.json (JSON Schema)")
      ->callback([] { fmt::print("{}\n", protocol_json_schema().dump(2)); });
  static std::vector<std::string> files;
  auto* check = protocol->add_subcommand(
      "check", "check declaration files against the language (exit 1 naming the first problem)");
  check->add_option("files", files, "experiments.json files")->required();
  check->callback([] {
    for (const std::string& path : files) {
      std::ifstream in(path);
      if (!in) throw ConfigError(path + ": cannot be read");
      std::stringstream text;
      text << in.rdbuf();
      Json file;
      try {
        file = Json::parse(text.str());
      } catch (const Json::exception& e) {
        throw ConfigError(path + ": not valid JSON: " + e.what());
      }
      parse_experiment_declarations(file, path);
      fmt::print("{}: ok\n", path);
    }
  });
}

}  // namespace linrepro::cli
