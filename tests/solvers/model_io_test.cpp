// The model loader (solvers/model_io.h): what it accepts, and that every file it refuses is a
// DataError naming the file and what was wrong (issue 30 item 4: a LIBSVM file given as the model
// used to print a bare "[json.exception.type_error.306] cannot use value() with number").
#include "solvers/model_io.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/error.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

SavedModel two_class_model() {
  SavedModel m;
  m.solver = "smo";
  m.params = {{"lambda", 1e-3}};
  m.labels = {1, -1};
  m.model.per_class = {LinearModel{{0.5, -0.25, 1e-300}, 0.125}};
  m.model.per_class[0].tie_positive = false;
  return m;
}

// The message of the DataError that parse_model throws on `text` ("" when it loads).
std::string refusal(const std::string& text) {
  try {
    parse_model(text, "m.json");
  } catch (const DataError& e) {
    return e.what();
  }
  return "";
}

// A model text with one field replaced (the rest as two_class_model writes it).
std::string with(const std::string& field, const std::string& value) {
  const std::string fields[][2] = {{"format", "\"linrepro.model/1\""},
                                   {"solver", "\"smo\""},
                                   {"params", "{}"},
                                   {"kind", "\"binary\""},
                                   {"labels", "[1,-1]"},
                                   {"features", "2"},
                                   {"classes", R"([{"w":[0.5,-1],"b":0}])"}};
  std::vector<std::string> parts;
  for (const auto& [name, v] : fields) {
    if (name == field && value.empty()) continue;  // "": the field is missing
    parts.push_back(fmt::format("\"{}\":{}", name, name == field ? value : v));
  }
  return fmt::format("{{{}}}", fmt::join(parts, ","));
}

TEST(ModelIo, SaveThenLoadKeepsEveryField) {
  testing::TempDir dir;
  const SavedModel m = two_class_model();
  save_model(dir / "m.json", m);
  const SavedModel back = load_model(dir / "m.json");
  EXPECT_EQ(back.solver, "smo");
  EXPECT_EQ(back.params, m.params);
  EXPECT_FALSE(back.multiclass);
  EXPECT_EQ(back.labels, m.labels);
  ASSERT_EQ(back.model.per_class.size(), 1u);
  EXPECT_EQ(back.model.per_class[0].w, m.model.per_class[0].w);  // %.17g: bit for bit
  EXPECT_EQ(back.model.per_class[0].b, 0.125);
  EXPECT_FALSE(back.model.per_class[0].tie_positive);
  EXPECT_EQ(refusal(with("", "")), "");  // the hand-written base text loads too
}

// The model is streamed a class at a time (memory); the file's text is still exactly the whole
// document's one-line dump, as files written before it were.
TEST(ModelIo, StreamedTextIsTheWholeDocumentsDump) {
  SavedModel m;
  m.solver = "dcd-logistic";
  m.params = {{"C", 1.0}, {"eps", 0.01}};
  m.multiclass = true;
  m.labels = {3, 1, 2};
  m.model.per_class = {LinearModel{{0.5, -0.25}, 0.125}, LinearModel{{1e-300, 0.1}, -2},
                       LinearModel{{0, 3}, 0}};
  m.model.per_class[1].tie_positive = false;
  nlohmann::json whole = {{"format", "linrepro.model/1"}, {"solver", "dcd-logistic"},
                          {"params", m.params},           {"kind", "multiclass"},
                          {"labels", m.labels},           {"features", 2}};
  for (const LinearModel& c : m.model.per_class) {
    nlohmann::json jc = {{"w", c.w}, {"b", c.b}};
    if (!c.tie_positive) jc["tie"] = -1;
    whole["classes"].push_back(jc);
  }
  EXPECT_EQ(model_to_json_text(m), whole.dump() + "\n");
  SavedModel empty;  // no class at all: still one valid document
  EXPECT_EQ(nlohmann::json::parse(model_to_json_text(empty)).at("classes").size(), 0u);
}

TEST(ModelIo, MulticlassAndAFileWithoutTie) {
  const SavedModel m = parse_model(
      R"({"format":"linrepro.model/1","solver":"nb","params":{},"kind":"multiclass",
          "labels":[3,1,2],"features":1,"classes":[{"w":[1],"b":0},{"w":[2],"b":1},
          {"w":[3],"b":-1,"tie":1}]})",
      "m.json");
  EXPECT_TRUE(m.multiclass);
  ASSERT_EQ(m.model.per_class.size(), 3u);
  EXPECT_TRUE(m.model.per_class[0].tie_positive);  // no "tie": our rule
  EXPECT_EQ(m.model.per_class[1].b, 1);
}

// `linrepro predict MODEL TEST` with the arguments swapped: the data file reaches the loader.
TEST(ModelIo, LibsvmDataIsNamedAsSuch) {
  testing::TempDir dir;
  const auto path = dir.write("train.svm", "# made by hand\n+1 3:1 5:0.25\n-1 2:1\n");
  try {
    load_model(path);
    FAIL() << "a LIBSVM file loaded as a model";
  } catch (const DataError& e) {
    EXPECT_EQ(std::string(e.what()),
              path.string() +
                  ": not a linrepro model (JSON): it looks like a LIBSVM data file (line 2: "
                  "'+1 3:1 5:0.25')");
  }
  EXPECT_EQ(libsvm_data_evidence("1 1:0.5 2:1 3:1 4:1 5:1 6:1 7:1 8:1 9:1 10:1 11:1\n"),
            "line 1: '1 1:0.5 2:1 3:1 4:1 5:1 6:1 7:1 8:1 9:1 ...'");
  EXPECT_EQ(libsvm_data_evidence("{\"format\": 1}"), "");
  EXPECT_EQ(libsvm_data_evidence("1\n"), "");  // a bare number is JSON too
  EXPECT_EQ(libsvm_data_evidence("hello 1:2\n"), "");
}

TEST(ModelIo, TruncatedJsonSaysTruncated) {
  const std::string full = model_to_json_text(two_class_model());
  const std::string cut = full.substr(0, full.size() / 2);
  EXPECT_EQ(refusal(cut), fmt::format("m.json: not a linrepro model: the JSON is truncated (it "
                                      "ends at byte {} before it is complete)",
                                      cut.size()));
  EXPECT_NE(refusal("{\"format\": \"linrepro.model/1\",, }").find("not valid JSON: parse error"),
            std::string::npos);
  EXPECT_EQ(refusal(""), "m.json: not a linrepro model (JSON): the file is empty");
  EXPECT_NE(refusal("{\"b\": 1e600}").find("m.json: not a linrepro model: not valid JSON"),
            std::string::npos);
}

TEST(ModelIo, AFieldOfTheWrongTypeIsNamed) {
  EXPECT_EQ(refusal("[1, 2]"),
            "m.json: not a linrepro model: the JSON is an array of 2, not an object with "
            "\"format\": \"linrepro.model/1\"");
  EXPECT_EQ(refusal(with("format", "2")),
            "m.json: not a linrepro model: \"format\" is number 2, expected \"linrepro.model/1\"");
  EXPECT_EQ(refusal(with("solver", "[]")),
            "m.json: not a valid linrepro model: field 'solver': expected a string, found an array "
            "of 0");
  EXPECT_EQ(refusal(with("kind", "\"ternary\"")),
            "m.json: not a valid linrepro model: field 'kind': expected \"binary\" or "
            "\"multiclass\", found string \"ternary\"");
  EXPECT_EQ(refusal(with("labels", "[1,\"-1\"]")),
            "m.json: not a valid linrepro model: field 'labels[1]': expected a number, found "
            "string \"-1\"");
  EXPECT_EQ(refusal(with("features", "2.5")),
            "m.json: not a valid linrepro model: field 'features': expected an integer, found "
            "number 2.5");
  EXPECT_EQ(refusal(with("features", "18446744073709551615")),
            "m.json: not a valid linrepro model: field 'features': expected an integer below "
            "2^63, found number 18446744073709551615");
  EXPECT_EQ(refusal(with("classes", R"([{"w":[0.5,null],"b":0}])")),
            "m.json: not a valid linrepro model: field 'classes[0].w[1]': expected a number, "
            "found null");
  EXPECT_EQ(refusal(with("classes", R"([{"w":[0.5,1],"b":"0"}])")),
            "m.json: not a valid linrepro model: field 'classes[0].b': expected a number, found "
            "string \"0\"");
  EXPECT_EQ(refusal(with("classes", R"([{"w":[0.5,1],"b":0,"tie":0}])")),
            "m.json: not a valid linrepro model: field 'classes[0].tie': expected 1 or -1, found "
            "number 0");
  EXPECT_EQ(refusal(with("classes", "[7]")),
            "m.json: not a valid linrepro model: field 'classes[0]': expected an object {\"w\": "
            "[...], \"b\": ...}, found number 7");
  EXPECT_EQ(refusal(with("params", "")),
            "m.json: not a valid linrepro model: missing field 'params'");
  EXPECT_EQ(refusal(with("classes", R"([{"b":0}])")),
            "m.json: not a valid linrepro model: missing field 'classes[0].w'");
}

TEST(ModelIo, WrongDimensionsAreNamed) {
  EXPECT_EQ(refusal(with("classes", R"([{"w":[0.5],"b":0}])")),
            "m.json: not a valid linrepro model: field 'classes[0].w' has 1 weights, but the "
            "model has \"features\": 2");
  EXPECT_EQ(refusal(with("classes", R"([{"w":[0,1],"b":0},{"w":[1,0],"b":0}])")),
            "m.json: not a valid linrepro model: field 'classes' has 2 entries, expected 1 (a "
            "binary model has one)");
  EXPECT_EQ(refusal(with("labels", "[1,-1,2]")),
            "m.json: not a valid linrepro model: field 'labels': a binary model has 2 labels "
            "(positive, negative), this one has 3");
  EXPECT_EQ(refusal(with("labels", "[1,1]")),
            "m.json: not a valid linrepro model: field 'labels' repeats a label (an array of 2)");
  EXPECT_EQ(refusal(with("features", "-1")),
            "m.json: not a valid linrepro model: field 'features': expected a column count in "
            "0..2^31-1, found number -1");
  const std::string multi = R"({"format":"linrepro.model/1","solver":"nb","params":{},
      "kind":"multiclass","labels":[1,2,3],"features":1,"classes":[{"w":[1],"b":0}]})";
  EXPECT_EQ(refusal(multi),
            "m.json: not a valid linrepro model: field 'classes' has 1 entries, expected 3 (one "
            "per label)");
}

}  // namespace
}  // namespace linrepro
