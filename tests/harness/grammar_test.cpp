// The protocol language's grammar (harness/language/grammar.h): the table is well formed, a file
// that strays from it is refused with the file, the JSON path and the nearest valid key, and the
// committed reference and schema are what the grammar generates.
#include "harness/language/grammar.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "core/error.h"
#include "harness/language/experiment_declarations.h"
#include "harness/language/grammar_reference.h"

namespace linrepro {
namespace {

std::string read_source_file(const std::string& relative) {
  std::ifstream in(std::string(LINREPRO_SOURCE_DIR) + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Json declaration(const std::string& paper) {
  return Json::parse(read_source_file("experiments/" + paper + "/experiments.json"));
}

// The ConfigError `f` throws (empty: none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

std::vector<DeclarationSource> embedded_sources() {
  std::vector<DeclarationSource> out;
  for (const EmbeddedFile& f : embedded_experiment_declarations())
    out.push_back({f.path, Json::parse(f.text)});
  return out;
}

TEST(Grammar, EveryTypeParsesAndNamesKnownKinds) {
  for (const ObjectRule& r : declaration_grammar()) {
    std::set<std::string> names;
    EXPECT_FALSE(r.doc.empty()) << r.kind;
    for (const KeyRule& k : r.keys) {
      EXPECT_TRUE(names.insert(k.name).second) << r.kind << " lists " << k.name << " twice";
      EXPECT_FALSE(k.doc.empty()) << r.kind << "." << k.name;
      EXPECT_FALSE(k.fallback.empty()) << r.kind << "." << k.name;
      EXPECT_NO_THROW(type_json_schema(k.type)) << r.kind << "." << k.name << ": " << k.type;
    }
    if (!r.tag.empty()) {
      ASSERT_TRUE(names.contains("kind")) << r.kind;
    }
  }
  // Every <kind> a type names is in the table (a schema reference to a kind it lacks would be a
  // dangling "$ref").
  const Json schema = protocol_json_schema();
  const std::string text = schema.dump();
  for (size_t at = 0; (at = text.find("#/$defs/", at)) != std::string::npos; ++at) {
    const size_t end = text.find('"', at);
    EXPECT_TRUE(schema.at("$defs").contains(text.substr(at + 8, end - at - 8)))
        << text.substr(at, end - at);
  }
}

TEST(Grammar, EveryCommittedFileValidates) {
  for (const EmbeddedFile& f : embedded_experiment_declarations())
    EXPECT_NO_THROW(check_declaration_file(Json::parse(f.text), f.path)) << f.path;
}

TEST(Grammar, AMisspeltKeyNamesTheFilePathAndNearestKey) {
  Json file = declaration("mlrcg2003");
  file["experiments"]["table3"]["protocol"]["methods"][1]["fats"] = false;
  const std::string e = error_of([&] { check_declaration_file(file, "f.json"); });
  EXPECT_NE(e.find("f.json: /experiments/table3/protocol/methods/1: unknown key \"fats\""),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("nearest valid key: \"fast\""), std::string::npos) << e;
}

TEST(Grammar, AKeyFarFromEveryValidKeyListsThem) {
  Json file = declaration("sgdreport");
  file["experiments"]["tables"]["protocol"]["traced"]["zzzzzz"] = 1;
  const std::string e = error_of([&] { check_declaration_file(file, "f.json"); });
  EXPECT_NE(e.find("its keys: points, config, record"), std::string::npos) << e;
}

TEST(Grammar, AWrongTypeIsRefusedWithItsPath) {
  Json file = declaration("sgdreport");
  file["experiments"]["tables"]["protocol"]["datasets"][0]["sequential"] = "no";
  const std::string e = error_of([&] { check_declaration_file(file, "f.json"); });
  EXPECT_NE(e.find("/experiments/tables/protocol/datasets/0/sequential: must be boolean"),
            std::string::npos)
      << e;
}

TEST(Grammar, AMissingRequiredKeyIsRefused) {
  Json file = declaration("mlrcg2003");
  file["experiments"]["table3"]["protocol"]["methods"][0].erase("solver");
  const std::string e = error_of([&] { check_declaration_file(file, "f.json"); });
  EXPECT_NE(e.find("/experiments/table3/protocol/methods/0: a method needs \"solver\""),
            std::string::npos)
      << e;
}

TEST(Grammar, ATaggedKindIsChosenByItsKind) {
  Json file = declaration("mlrcg2003");
  Json& sources = file["experiments"]["table3"]["protocol"]["task_sources"];
  sources["webkb-univ6"]["kind"] = "multiclass-partition";  // misspelt
  const std::string e = error_of([&] { check_declaration_file(file, "f.json"); });
  EXPECT_NE(e.find("task_sources/webkb-univ6: \"kind\" must be \"binary-categories\" or "
                   "\"multiclass-partitions\" (is \"multiclass-partition\")"),
            std::string::npos)
      << e;
  // A key of the other kind is refused on this one.
  Json other = declaration("mlrcg2003");
  other["experiments"]["table3"]["protocol"]["task_sources"]["webkb-univ6"]["tasks"] =
      Json::array();
  EXPECT_NE(error_of([&] {
              check_declaration_file(other, "f.json");
            }).find("unknown key \"tasks\" in a multiclass-partitions"),
            std::string::npos);
}

TEST(Grammar, AFragmentIsHeldToItsKind) {
  EXPECT_EQ(error_of([] {
              check_object(Json{{"value", "metric:m@a"}, {"what", "x"}}, "cell-peer", "w");
            }),
            "");
  EXPECT_EQ(error_of([] {
              check_object(Json{{"value", "metric:m@a"}}, "cell-peer", "w");
            }),
            "w: a cell-peer needs \"what\"");
  EXPECT_EQ(error_of([] { check_object(Json::array(), "cell-peer", "w"); }),
            "w: a cell-peer must be an object (is [])");
}

TEST(Grammar, NearestWord) {
  const std::vector<std::string> keys = {"in_fast", "fast_tasks", "classes", "class"};
  EXPECT_EQ(nearest_word("in_fats", keys), "in_fast");
  EXPECT_EQ(nearest_word("clas", keys), "class");
  EXPECT_EQ(nearest_word("zzzzzz", keys), "");
  EXPECT_EQ(nearest_word("tiemd", {"timed", "tasks"}), "timed");  // a swap is one edit
}

// The reference and the schema cannot drift: the committed files are what the grammar generates
// (`make protocol-docs` writes them).
// The language's part, up to the named components (the CLI test checks the whole file: they come
// from the registered experiments).
TEST(Grammar, CommittedReferenceIsGenerated) {
  const std::string committed = read_source_file("docs/PROTOCOL.md");
  const size_t components = committed.find("\n## Named components\n");
  ASSERT_NE(components, std::string::npos) << "docs/PROTOCOL.md lists no named components";
  EXPECT_EQ(committed.substr(0, components), protocol_reference_markdown(embedded_sources()))
      << "docs/PROTOCOL.md is not what the grammar generates: run `make protocol-docs`";
}

TEST(Grammar, CommittedSchemaIsGenerated) {
  EXPECT_EQ(read_source_file("experiments/protocol.schema.json"),
            protocol_json_schema().dump(2) + "\n")
      << "experiments/protocol.schema.json is not what the grammar generates: run `make "
         "protocol-docs`";
}

}  // namespace
}  // namespace linrepro
