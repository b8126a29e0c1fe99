#include "harness/language/value_expression.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

#include "core/error.h"
#include "harness/language/declaration_checks.h"

namespace linrepro {

namespace {

// A finite number written in full ("100", "1e6", "-2"), or nothing.
std::optional<double> number_of(const std::string& text) {
  if (text.empty() || text.find_first_of(" \t") != std::string::npos) return std::nullopt;
  try {
    size_t used = 0;
    const double v = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

bool has_space(const std::string& s) {
  return std::any_of(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); });
}

ValueTerm term_of(std::string text, const std::string& where) {
  ValueTerm t;
  if (text.ends_with(" at")) declaration_error(where, "\" at\" without a trace point");
  if (const size_t at = text.rfind(" at "); at != std::string::npos) {
    const std::string written = text.substr(at + 4);
    text.resize(at);
    t.at_epochs = written.ends_with(" epochs");
    const std::optional<double> v =
        number_of(t.at_epochs ? written.substr(0, written.size() - 7) : written);
    if (!v || *v < 0)
      declaration_error(where, fmt::format("\" at {}\" is no trace point (a number of updates, "
                                           "or of epochs: \" at 5 epochs\")",
                                           written));
    t.at = *v;
  }
  if (const size_t in = text.rfind(" in "); in != std::string::npos) {
    t.cls = text.substr(in + 4);
    text.resize(in);
    if (t.cls.empty()) declaration_error(where, "\" in \" without a data set");
  }
  if (const size_t at = text.find('@'); at != std::string::npos) {
    t.run = text.substr(at + 1);
    text.resize(at);
    if (t.run.empty()) declaration_error(where, "\"@\" without a run");
  }
  if (text.empty() || has_space(text))
    declaration_error(where, fmt::format("\"{}\" is not a quantity (metric:<name>, "
                                         "record:<path>, $<value> or an aggregate)",
                                         text));
  const auto rest = [&](size_t from, const char* what) {
    if (text.size() <= from) declaration_error(where, fmt::format("{} without a name", what));
    return text.substr(from);
  };
  if (text.starts_with("metric:")) {
    t.source = ValueTerm::Source::metric;
    t.name = rest(7, "\"metric:\"");
  } else if (text.starts_with("record:")) {
    t.source = ValueTerm::Source::record;
    t.name = rest(7, "\"record:\"");
  } else if (text.starts_with("$")) {
    t.source = ValueTerm::Source::value;
    t.name = rest(1, "\"$\"");
  } else {
    t.source = ValueTerm::Source::aggregate;
    const size_t hash = text.find('#');
    t.name = text.substr(0, hash);
    if (hash != std::string::npos) t.field = rest(hash + 1, "\"#\"");
    if (t.name.empty()) declaration_error(where, "an aggregate without a name");
  }
  if (t.source == ValueTerm::Source::value && (!t.run.empty() || !t.cls.empty()))
    declaration_error(where, "a declared value \"$name\" belongs to no run");
  if (t.at >= 0 && t.source != ValueTerm::Source::metric)
    declaration_error(where, "\" at \" reads a run's trace: a \"metric:\" only");
  return t;
}

}  // namespace

ValueExpression parse_value_expression(const std::string& text, const std::string& where) {
  const std::string at = fmt::format("{}: value \"{}\"", where, text);
  ValueExpression e;
  std::string body = text;
  if (const size_t bar = body.find('|'); bar != std::string::npos) {
    std::string tail = body.substr(bar + 1);
    body.resize(bar);
    if (const size_t colon = tail.find(':'); colon != std::string::npos) {
      e.format = tail.substr(colon + 1);
      tail.resize(colon);
      if (e.format.empty()) declaration_error(at, "\":\" without a format");
      try {
        (void)fmt::format(fmt::runtime("{:" + e.format + "}"), 1.0);
      } catch (const fmt::format_error&) {
        declaration_error(at, fmt::format("the format \"{}\" formats no number", e.format));
      }
    }
    if (!tail.empty()) {
      const bool divide = tail.starts_with('/');
      const std::optional<double> v = number_of(divide ? tail.substr(1) : tail);
      if (!v || (divide && !(*v > 0)))
        declaration_error(at, fmt::format("the scale \"{}\" is not a number (or \"/\" and a "
                                          "positive one)",
                                          tail));
      (divide ? e.divisor : e.scale) = *v;
      e.has_scale = true;
    }
  }
  // One relation at most: the text between " minus "/" over " and the next is not a term.
  size_t relations = 0;
  for (const char* word : {" minus ", " over "})
    for (size_t w = body.find(word); w != std::string::npos; w = body.find(word, w + 1))
      ++relations;
  if (relations > 1) declaration_error(at, "one \" minus \" or \" over \" at most");
  for (const auto& [word, op] : {std::pair{std::string(" minus "), ValueExpression::Op::minus},
                                 std::pair{std::string(" over "), ValueExpression::Op::over}})
    if (const size_t w = body.find(word); w != std::string::npos) {
      e.op = op;
      e.other = term_of(body.substr(w + word.size()), at);
      body.resize(w);
    }
  e.term = term_of(body, at);
  if (e.op != ValueExpression::Op::none &&
      (e.term.source == ValueTerm::Source::value || e.other.source == ValueTerm::Source::value))
    declaration_error(at, "\" minus \" and \" over \" relate runs' values, not declared ones");
  return e;
}

std::vector<EvidencePlaceholder> evidence_placeholders(const std::string& text,
                                                       const std::string& where) {
  std::vector<EvidencePlaceholder> out;
  for (size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
    const size_t close = text.find('}', open);
    const size_t next = text.find('{', open + 1);
    if (close == std::string::npos || (next != std::string::npos && next < close))
      declaration_error(where, fmt::format("its evidence opens a brace it does not close: \"{}\"",
                                           text.substr(open, 40)));
    const std::string inside = text.substr(open + 1, close - open - 1);
    EvidencePlaceholder p{open, close - open + 1, {}, false, false, {}};
    if (inside.starts_with("bound.")) {
      p.bound = inside.substr(6);
      if (p.bound.empty() || has_space(p.bound))
        declaration_error(where, fmt::format("\"{{{}}}\" names no bound", inside));
    } else if (inside == "task") {
      p.task = true;
    } else if (inside == "class") {
      p.data_set = true;
    } else if (inside.find('@') != std::string::npos) {
      p.value = parse_value_expression(inside, where);
    } else {
      declaration_error(where,
                        fmt::format("\"{{{}}}\" in its evidence is no placeholder: "
                                    "{{bound.<name>}}, {{task}}, {{class}} or a value expression "
                                    "naming its run (metric:<name>@<run>)",
                                    inside));
    }
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace linrepro
