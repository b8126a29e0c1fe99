#include "solvers/model_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string_view>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/escape.h"

namespace linrepro {
namespace {

using Json = nlohmann::json;

constexpr const char* kFormat = "linrepro.model/1";

// What a field holds, for "expected X, found Y": scalars with their value (cut), containers by
// kind only (a weight vector may hold a million numbers).
std::string found(const Json& v) {
  if (v.is_array()) return fmt::format("an array of {}", v.size());
  if (v.is_object()) return "an object";
  if (v.is_null()) return "null";
  std::string text = escape_bytes(v.dump(-1, ' ', true, Json::error_handler_t::replace));
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return fmt::format("{} {}", v.type_name(), text);
}

// Typed reads of one model file; every failure names the file and the field.
struct ModelReader {
  const std::string& file;

  [[noreturn]] void fail(const std::string& what) const {
    throw DataError(file, 0, "not a valid linrepro model: " + what);
  }
  [[noreturn]] void mistyped(const std::string& field, const char* expected, const Json& v) const {
    fail(fmt::format("field '{}': expected {}, found {}", field, expected, found(v)));
  }

  const Json& member(const Json& object, const char* name, const std::string& prefix) const {
    const auto it = object.find(name);
    if (it == object.end()) fail(fmt::format("missing field '{}{}'", prefix, name));
    return *it;
  }
  std::string text(const Json& v, const std::string& field) const {
    if (!v.is_string()) mistyped(field, "a string", v);
    return v.get<std::string>();
  }
  // Parsed JSON numbers are finite: the parser rejects 1e600, and JSON has no NaN.
  double number(const Json& v, const std::string& field) const {
    if (!v.is_number()) mistyped(field, "a number", v);
    return v.get<double>();
  }
  // An integer stored as one: a float would be cast, which is undefined out of range.
  int64_t integer(const Json& v, const std::string& field) const {
    if (v.is_number_unsigned() &&
        v.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      mistyped(field, "an integer below 2^63", v);
    if (!v.is_number_integer()) mistyped(field, "an integer", v);
    return v.get<int64_t>();
  }
  std::vector<double> numbers(const Json& v, const std::string& field) const {
    if (!v.is_array()) mistyped(field, "an array of numbers", v);
    std::vector<double> out;
    out.reserve(v.size());
    for (size_t i = 0; i < v.size(); ++i)
      out.push_back(number(v[i], fmt::format("{}[{}]", field, i)));
    return out;
  }

  LinearModel linear_model(const Json& c, size_t k, int64_t features) const {
    const std::string at = fmt::format("classes[{}]", k);
    if (!c.is_object()) mistyped(at, "an object {\"w\": [...], \"b\": ...}", c);
    LinearModel f;
    f.w = numbers(member(c, "w", at + "."), at + ".w");
    if (static_cast<int64_t>(f.w.size()) != features)
      fail(fmt::format("field '{}.w' has {} weights, but the model has \"features\": {}", at,
                       f.w.size(), features));
    f.b = number(member(c, "b", at + "."), at + ".b");
    if (const auto tie = c.find("tie"); tie != c.end()) {
      const int64_t t = integer(*tie, at + ".tie");
      if (t != 1 && t != -1) mistyped(at + ".tie", "1 or -1", *tie);
      f.tie_positive = t == 1;
    }
    return f;
  }
};

// The parse error's own text without nlohmann's "[json.exception.parse_error.101] " tag.
std::string parse_error_text(const Json::exception& e) {
  const std::string what = e.what();
  const size_t tag_end = what.find("] ");
  return escape_bytes(tag_end == std::string::npos ? what : what.substr(tag_end + 2));
}

Json parse_json(std::string_view text, const std::string& file) {
  const size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos)
    throw DataError(file, 0, "not a linrepro model (JSON): the file is empty");
  if (text[start] != '{') {
    const std::string libsvm = libsvm_data_evidence(text);
    if (!libsvm.empty())
      throw DataError(file, 0,
                      fmt::format("not a linrepro model (JSON): it looks like a LIBSVM data file "
                                  "({})",
                                  libsvm));
  }
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::parse_error& e) {
    // The parser stops past the last byte when the text ends inside the JSON.
    if (e.byte >= text.size())
      throw DataError(file, 0,
                      fmt::format("not a linrepro model: the JSON is truncated (it ends at byte "
                                  "{} before it is complete)",
                                  text.size()));
    throw DataError(file, 0,
                    fmt::format("not a linrepro model: not valid JSON: {}", parse_error_text(e)));
  } catch (const Json::exception& e) {  // a number JSON cannot hold (1e600)
    throw DataError(file, 0,
                    fmt::format("not a linrepro model: not valid JSON: {}", parse_error_text(e)));
  }
}

bool is_label_token(std::string_view t) {
  return !t.empty() && t.find_first_not_of("0123456789+-.eE,") == std::string_view::npos &&
         t.find_first_of("0123456789") != std::string_view::npos;
}

bool is_pair_token(std::string_view t) {
  const size_t colon = t.find(':');
  if (colon == 0 || colon == std::string_view::npos) return false;
  const std::string_view index = t.substr(0, colon), value = t.substr(colon + 1);
  return index.find_first_not_of("0123456789") == std::string_view::npos &&
         value.find_first_not_of("0123456789+-.eE") == std::string_view::npos &&
         value.find_first_of("0123456789") != std::string_view::npos;
}

}  // namespace

std::string libsvm_data_evidence(std::string_view head) {
  long line_no = 0;
  for (size_t pos = 0; pos < head.size();) {
    ++line_no;
    const size_t eol = std::min(head.find('\n', pos), head.size());
    const std::string_view line = head.substr(pos, eol - pos);
    pos = eol + 1;
    const std::string_view content = line.substr(0, line.find('#'));
    std::vector<std::string_view> tokens;
    for (size_t i = 0; i < content.size();) {
      const size_t b = content.find_first_not_of(" \t\r", i);
      if (b == std::string_view::npos) break;
      const size_t e = std::min(content.find_first_of(" \t\r", b), content.size());
      tokens.push_back(content.substr(b, e - b));
      i = e;
    }
    if (tokens.empty()) continue;  // blank or comment line
    // A label and at least one index:value pair: a bare number could be JSON too.
    if (tokens.size() < 2 || !is_label_token(tokens[0])) return "";
    for (size_t k = 1; k < tokens.size(); ++k)
      if (!is_pair_token(tokens[k])) return "";
    std::string_view start = line.substr(0, 40);
    if (line.size() > 40) start = start.substr(0, start.find_last_not_of(" \t") + 1);
    std::string shown = escape_bytes(start);
    if (line.size() > 40) shown += " ...";
    return fmt::format("line {}: '{}'", line_no, shown);
  }
  return "";
}

// Streamed a class at a time: a one-vs-rest model of 20NG (20 classes x 67k features) is 1.3 M
// numbers, and the whole document as a JSON tree (16 bytes a number) and then as one string took
// more memory than the training itself (peak 94 MiB against liblinear-train's 38). The text is
// the whole document's dump: nlohmann orders the keys, and "classes" comes first.
void write_model(std::ostream& out, const SavedModel& m) {
  Json head;
  head["format"] = kFormat;
  head["solver"] = m.solver;
  head["params"] = m.params.is_null() ? Params::object() : m.params;
  head["kind"] = m.multiclass ? "multiclass" : "binary";
  head["labels"] = m.labels;
  head["features"] = m.model.per_class.empty() ? 0 : m.model.per_class[0].w.size();
  out << "{\"classes\":[";
  for (size_t k = 0; k < m.model.per_class.size(); ++k) {
    const LinearModel& c = m.model.per_class[k];
    Json jc = {{"w", c.w}, {"b", c.b}};
    if (!c.tie_positive) jc["tie"] = -1;  // absent: the default rule, so older files load as before
    out << (k == 0 ? "" : ",") << jc;
  }
  const std::string rest = head.dump();  // "{" then the keys after "classes"
  out << "]," << std::string_view(rest).substr(1) << "\n";
}

std::string model_to_json_text(const SavedModel& m) {
  std::ostringstream out;
  write_model(out, m);
  return std::move(out).str();
}

void save_model(const std::filesystem::path& path, const SavedModel& m) {
  write_file_atomic(path, [&m](std::ostream& out) { write_model(out, m); });
}

SavedModel parse_model(std::string_view text, const std::string& file) {
  const Json j = parse_json(text, file);
  if (!j.is_object())
    throw DataError(file, 0,
                    fmt::format("not a linrepro model: the JSON is {}, not an object with "
                                "\"format\": \"{}\"",
                                found(j), kFormat));
  const auto format = j.find("format");
  if (format == j.end() || !format->is_string() || format->get<std::string>() != kFormat)
    throw DataError(file, 0,
                    fmt::format("not a linrepro model: \"format\" is {}, expected \"{}\"",
                                format == j.end() ? "missing" : found(*format), kFormat));
  const ModelReader r{file};
  SavedModel m;
  m.solver = r.text(r.member(j, "solver", ""), "solver");
  m.params = r.member(j, "params", "");
  if (!m.params.is_object()) r.mistyped("params", "an object", m.params);
  const std::string kind = r.text(r.member(j, "kind", ""), "kind");
  if (kind != "binary" && kind != "multiclass")
    r.mistyped("kind", "\"binary\" or \"multiclass\"", j["kind"]);
  m.multiclass = kind == "multiclass";

  m.labels = r.numbers(r.member(j, "labels", ""), "labels");
  if (std::set<double>(m.labels.begin(), m.labels.end()).size() != m.labels.size())
    r.fail(fmt::format("field 'labels' repeats a label ({})", found(j["labels"])));
  if (!m.multiclass && m.labels.size() != 2)
    r.fail(
        fmt::format("field 'labels': a binary model has 2 labels (positive, negative), this "
                    "one has {}",
                    m.labels.size()));
  if (m.multiclass && m.labels.size() < 2)
    r.fail(fmt::format("field 'labels': a multiclass model has at least 2 labels, this one has {}",
                       m.labels.size()));

  const int64_t features = r.integer(r.member(j, "features", ""), "features");
  if (features < 0 || features > std::numeric_limits<int32_t>::max())
    r.mistyped("features", "a column count in 0..2^31-1", j["features"]);
  const Json& classes = r.member(j, "classes", "");
  if (!classes.is_array()) r.mistyped("classes", "an array of {\"w\", \"b\"} objects", classes);
  const size_t expected = m.multiclass ? m.labels.size() : 1;
  if (classes.size() != expected)
    r.fail(fmt::format("field 'classes' has {} entries, expected {} ({})", classes.size(), expected,
                       m.multiclass ? "one per label" : "a binary model has one"));
  for (size_t k = 0; k < classes.size(); ++k)
    m.model.per_class.push_back(r.linear_model(classes[k], k, features));
  return m;
}

SavedModel load_model(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DataError(path.string(), 0, "cannot open model file");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) throw DataError(path.string(), 0, "read error");
  return parse_model(text, path.string());
}

}  // namespace linrepro
