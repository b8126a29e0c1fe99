#include "harness/language/grammar.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "core/error.h"
#include "harness/language/declaration_checks.h"
#include "harness/language/repetition.h"

namespace linrepro {

namespace {

// One alternative of a type: a JSON type, a literal text, or a list / map / object kind.
struct Alternative {
  enum class Is { text, number, integer, boolean, null, any, literal, list, map, object } is;
  std::string name;                                       // the literal's text, or the object kind
  std::shared_ptr<const std::vector<Alternative>> inner;  // a list's or a map's element type
};
using Type = std::vector<Alternative>;

[[noreturn]] void bad_type(const std::string& type, const std::string& why) {
  throw std::logic_error(fmt::format("grammar: type \"{}\": {}", type, why));
}

// Splits "A | [B | C] | D" at its top-level bars.
std::vector<std::string> top_level_alternatives(const std::string& type) {
  std::vector<std::string> out;
  int depth = 0;
  bool quoted = false;
  std::string current;
  for (size_t i = 0; i < type.size(); ++i) {
    const char c = type[i];
    if (c == '"') quoted = !quoted;
    if (!quoted && (c == '[' || c == '{' || c == '<')) ++depth;
    if (!quoted && (c == ']' || c == '}' || c == '>')) --depth;
    if (!quoted && depth == 0 && c == '|') {
      out.push_back(current);
      current.clear();
      continue;
    }
    current += c;
  }
  out.push_back(current);
  for (std::string& s : out) {
    s.erase(0, s.find_first_not_of(' '));
    s.erase(s.find_last_not_of(' ') + 1);
  }
  return out;
}

Type parse_type(const std::string& type);

Alternative parse_alternative(const std::string& a, const std::string& type) {
  using Is = Alternative::Is;
  static const std::map<std::string, Is> plain = {
      {"text", Is::text},       {"number", Is::number}, {"integer", Is::integer},
      {"boolean", Is::boolean}, {"null", Is::null},     {"any", Is::any}};
  if (a.empty()) bad_type(type, "an empty alternative");
  if (const auto it = plain.find(a); it != plain.end()) return {it->second, "", nullptr};
  const std::string inside = a.size() >= 2 ? a.substr(1, a.size() - 2) : "";
  if (a.front() == '"' && a.back() == '"') return {Is::literal, inside, nullptr};
  if (a.front() == '<' && a.back() == '>') return {Is::object, inside, nullptr};
  if (a.front() == '[' && a.back() == ']')
    return {Is::list, "", std::make_shared<const Type>(parse_type(inside))};
  if (a.front() == '{' && a.back() == '}')
    return {Is::map, "", std::make_shared<const Type>(parse_type(inside))};
  bad_type(type, fmt::format("\"{}\" is no type", a));
}

Type parse_type(const std::string& type) {
  Type out;
  for (const std::string& a : top_level_alternatives(type))
    out.push_back(parse_alternative(a, type));
  return out;
}

// The parsed type of a key (parsed once per text).
const Type& type_of(const std::string& text) {
  // Experiments side by side (run --jobs) read declarations from several threads; a map's
  // elements stay where they are, so a reference handed out stays valid after the lock.
  static std::mutex lock;
  static std::map<std::string, Type> parsed;
  const std::lock_guard<std::mutex> hold(lock);
  auto it = parsed.find(text);
  if (it == parsed.end()) it = parsed.emplace(text, parse_type(text)).first;
  return it->second;
}

std::string step(const std::string& path, const std::string& key) {
  return json_pointer_step(path, key);
}

// Whether `j` is of the alternative's JSON type (for an object kind with a tag: and carries it).
bool fits(const Json& j, const Alternative& a) {
  using Is = Alternative::Is;
  switch (a.is) {
    case Is::text:
      return j.is_string();
    case Is::number:
      return j.is_number();
    case Is::integer:
      return j.is_number_integer();
    case Is::boolean:
      return j.is_boolean();
    case Is::null:
      return j.is_null();
    case Is::any:
      return true;
    case Is::literal:
      return j.is_string() && j.get<std::string>() == a.name;
    case Is::list:
      return j.is_array();
    case Is::map:
      return j.is_object();
    case Is::object: {
      const std::string& tag = object_rule(a.name).tag;
      return j.is_object() && (tag.empty() || (j.contains("kind") && j.at("kind") == tag));
    }
  }
  return false;
}

// "a method", "an experiment".
std::string a_kind(const std::string& kind) {
  return (std::string("aeio").find(kind.front()) != std::string::npos ? "an " : "a ") + kind;
}

struct Walker {
  std::string where;
  const GrammarVisitor* visit = nullptr;

  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    if (path.empty()) throw ConfigError(fmt::format("{}: {}", where, what));
    throw ConfigError(fmt::format("{}: {}: {}", where, path, what));
  }

  void value(const Json& j, const std::string& type_text, const std::string& path) const {
    const Type& type = type_of(type_text);
    std::vector<const Alternative*> fitting;
    for (const Alternative& a : type)
      if (fits(j, a)) fitting.push_back(&a);
    if (fitting.empty()) {
      std::vector<std::string> tags;
      for (const Alternative& a : type)
        if (a.is == Alternative::Is::object && !object_rule(a.name).tag.empty())
          tags.push_back("\"" + object_rule(a.name).tag + "\"");
      if (j.is_object() && !tags.empty())
        fail(path, fmt::format("\"kind\" must be {} (is {})", fmt::join(tags, " or "),
                               j.value("kind", Json()).dump()));
      fail(path, fmt::format("must be {} (is {})", type_text, j.dump().substr(0, 60)));
    }
    // Of several that fit (object kinds, a free map), the first one the value satisfies; when
    // none does, the error of the one it resembles most (the most of its keys known there).
    for (const Alternative* a : fitting) {
      try {
        Walker{where, nullptr}.alternative(j, *a, path);
      } catch (const ConfigError&) {
        continue;
      }
      return alternative(j, *a, path);
    }
    const auto resemblance = [&](const Alternative* a) {
      if (a->is != Alternative::Is::object) return -1;
      int known = 0;
      for (const KeyRule& k : object_rule(a->name).keys) known += j.contains(k.name);
      return known;
    };
    alternative(
        j,
        **std::max_element(fitting.begin(), fitting.end(),
                           [&](auto* x, auto* y) { return resemblance(x) < resemblance(y); }),
        path);
  }

  void alternative(const Json& j, const Alternative& a, const std::string& path) const {
    using Is = Alternative::Is;
    if (a.is == Is::list) {
      for (size_t i = 0; i < j.size(); ++i) elements(j[i], *a.inner, step(path, std::to_string(i)));
    } else if (a.is == Is::map) {
      for (const auto& [key, item] : j.items()) elements(item, *a.inner, step(path, key));
    } else if (a.is == Is::object) {
      object(j, object_rule(a.name), path);
    }
  }

  void elements(const Json& j, const Type& type, const std::string& path) const {
    // Re-joined to text so that value() reads it from the same cache.
    std::string text;
    for (const Alternative& a : type) text += (text.empty() ? "" : " | ") + describe(a);
    value(j, text, path);
  }

  static std::string describe(const Alternative& a) {
    using Is = Alternative::Is;
    std::string inner;
    if (a.inner)
      for (const Alternative& x : *a.inner) inner += (inner.empty() ? "" : " | ") + describe(x);
    switch (a.is) {
      case Is::text:
        return "text";
      case Is::number:
        return "number";
      case Is::integer:
        return "integer";
      case Is::boolean:
        return "boolean";
      case Is::null:
        return "null";
      case Is::any:
        return "any";
      case Is::literal:
        return "\"" + a.name + "\"";
      case Is::list:
        return "[" + inner + "]";
      case Is::map:
        return "{" + inner + "}";
      case Is::object:
        return "<" + a.name + ">";
    }
    return "";
  }

  void object(const Json& j, const ObjectRule& rule, const std::string& path) const {
    std::vector<std::string> names;
    for (const KeyRule& k : rule.keys) names.push_back(k.name);
    for (const auto& [name, item] : j.items()) {
      const std::string key = name;  // a structured binding is no lambda capture in clang 14
      const auto k = std::find_if(rule.keys.begin(), rule.keys.end(),
                                  [&](const KeyRule& r) { return r.name == key; });
      if (k == rule.keys.end()) {
        const std::string near = nearest_word(key, names);
        fail(path, fmt::format("unknown key \"{}\" in {}{}", key, a_kind(rule.kind),
                               near.empty() ? fmt::format(" (its keys: {})", fmt::join(names, ", "))
                                            : fmt::format(" (nearest valid key: \"{}\")", near)));
      }
      value(item, k->type, step(path, key));
      if (visit) (*visit)(rule, *k, step(path, key), item);
    }
    for (const KeyRule& k : rule.keys)
      if (k.fallback == "required" && !j.contains(k.name))
        fail(path, fmt::format("{} needs \"{}\"", a_kind(rule.kind), k.name));
  }
};

}  // namespace

const ObjectRule& object_rule(const std::string& kind) {
  static const std::map<std::string, const ObjectRule*> by_kind = [] {
    std::map<std::string, const ObjectRule*> out;
    for (const ObjectRule& r : declaration_grammar()) out[r.kind] = &r;
    return out;
  }();
  const auto it = by_kind.find(kind);
  if (it == by_kind.end()) throw std::logic_error("grammar: no object kind \"" + kind + "\"");
  return *it->second;
}

void check_object(const Json& object, const std::string& kind, const std::string& where) {
  const ObjectRule& rule = object_rule(kind);
  if (!object.is_object())
    throw ConfigError(fmt::format("{}: {} must be an object (is {})", where, a_kind(kind),
                                  object.dump().substr(0, 60)));
  Walker{where, nullptr}.object(object, rule, "");
}

void check_declaration_file(const Json& file, const std::string& where) {
  Walker{where, nullptr}.object(expand_repetitions(file, where), declaration_grammar().front(), "");
}

void walk_declaration_file(const Json& file, const GrammarVisitor& visit) {
  Walker{"(walk)", &visit}.object(expand_repetitions(file, "(walk)"), declaration_grammar().front(),
                                  "");
}

namespace {

Json alternative_schema(const Alternative& a) {
  using Is = Alternative::Is;
  const auto inner = [&] {
    Json alternatives = Json::array();
    for (const Alternative& x : *a.inner) alternatives.push_back(alternative_schema(x));
    return alternatives.size() == 1 ? alternatives[0] : Json{{"anyOf", alternatives}};
  };
  switch (a.is) {
    case Is::text:
      return {{"type", "string"}};
    case Is::number:
      return {{"type", "number"}};
    case Is::integer:
      return {{"type", "integer"}};
    case Is::boolean:
      return {{"type", "boolean"}};
    case Is::null:
      return {{"type", "null"}};
    case Is::any:
      return Json::object();
    case Is::literal:
      return {{"const", a.name}};
    case Is::list:
      return {{"type", "array"}, {"items", inner()}};
    case Is::map:
      return {{"type", "object"}, {"additionalProperties", inner()}};
    case Is::object:
      return {{"$ref", "#/$defs/" + a.name}};
  }
  return Json::object();
}

}  // namespace

Json type_json_schema(const std::string& type) {
  const Type& t = type_of(type);
  if (t.size() == 1) return alternative_schema(t[0]);
  Json alternatives = Json::array();
  for (const Alternative& a : t) alternatives.push_back(alternative_schema(a));
  return {{"anyOf", alternatives}};
}

std::string nearest_word(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_distance = std::max<size_t>(1, word.size() / 3) + 1;
  for (const std::string& c : candidates) {
    // Edit distance with a swap of two neighbours as one edit (optimal string alignment): the
    // usual typos ("tiemd", "in_fats") are one edit away.
    std::vector<std::vector<size_t>> d(word.size() + 1, std::vector<size_t>(c.size() + 1));
    for (size_t i = 0; i <= word.size(); ++i) d[i][0] = i;
    for (size_t j = 0; j <= c.size(); ++j) d[0][j] = j;
    for (size_t i = 1; i <= word.size(); ++i)
      for (size_t j = 1; j <= c.size(); ++j) {
        d[i][j] = std::min(
            {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (word[i - 1] != c[j - 1])});
        if (i > 1 && j > 1 && word[i - 1] == c[j - 2] && word[i - 2] == c[j - 1])
          d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    if (d[word.size()][c.size()] < best_distance) {
      best_distance = d[word.size()][c.size()];
      best = c;
    }
  }
  return best;
}

}  // namespace linrepro
