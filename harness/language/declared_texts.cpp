#include "harness/language/declared_texts.h"

#include <map>
#include <regex>
#include <tuple>
#include <utility>

#include "core/error.h"
#include "harness/language/declaration_checks.h"
#include "harness/language/experiment_declarations.h"
#include "harness/language/repetition.h"

namespace linrepro {

namespace {

struct Declared {
  std::string where;  // the file and experiment, for errors
  Json text;          // the entry as declared
};

// (section, paper, id) -> its declaration, from every embedded file (whose shapes and unique ids
// were checked when the registry was built: parse_experiment_declarations).
using DeclaredTexts = std::map<std::tuple<std::string, std::string, std::string>, Declared>;

const DeclaredTexts& all_texts() {
  static const DeclaredTexts all = [] {
    DeclaredTexts out;
    for (const EmbeddedFile& f : embedded_experiment_declarations()) {
      const Json file = expand_repetitions(Json::parse(f.text), f.path);
      const std::string paper = file.at("paper").get<std::string>();
      for (const auto& [experiment, e] : file.at("experiments").items())
        for (const char* section : {"claims", "ablations"}) {
          const Json declared = e.value(section, Json::object());
          for (const auto& [id, text] : declared.items())
            out.emplace(std::tuple{section, paper, id},
                        Declared{fmt::format("{} ({}/{})", f.path, paper, experiment), text});
        }
    }
    return out;
  }();
  return all;
}

const Declared& find(const char* section, const std::string& paper, const std::string& id) {
  const auto& all = all_texts();
  const auto it = all.find({section, paper, id});
  if (it == all.end())
    throw ConfigError(
        fmt::format("{} \"{}\" of {} is not declared in experiments/{}/experiments.json",
                    section == std::string("claims") ? "claim" : "ablation", id, paper, paper));
  return it->second;
}

std::string fill(const std::string& text, const TextArgs& args, const std::string& where) {
  try {
    return fmt::vformat(text, args.store());
  } catch (const fmt::format_error& e) {
    throw ConfigError(fmt::format("{}: \"{}\": {}", where, text.substr(0, 60), e.what()));
  }
}

// `text` with each "{name}" or "{name:spec}" replaced by `value` so formatted (a bound's name is
// an identifier: check_declared_claims).
std::string fill_bound(const std::string& text, const std::string& name, double value,
                       const std::string& where) {
  const std::regex placeholder("\\{" + name + "(:[^{}]*)?\\}");
  std::string out;
  auto last = text.cbegin();
  for (auto it = std::sregex_iterator(text.begin(), text.end(), placeholder);
       it != std::sregex_iterator(); ++it) {
    out.append(last, text.cbegin() + it->position());
    // Built by appends: GCC 12 warns a false -Wrestrict on "{" + str + "}" inlined here.
    std::string spec = "{";
    spec += (*it)[1].str();
    spec += '}';
    try {
      out += fmt::format(fmt::runtime(spec), value);
    } catch (const fmt::format_error& e) {
      throw ConfigError(fmt::format("{}: bound \"{}\": {}", where, name, e.what()));
    }
    last = text.cbegin() + it->position() + it->length();
  }
  out.append(last, text.cend());
  return out;
}

// Every key of `entry` is one of `allowed` and a string; `required` are there.
}  // namespace

Ablation declared_ablation(const std::string& paper, const std::string& id, const TextArgs& args) {
  const Declared& d = find("ablations", paper, id);
  const std::string where = fmt::format("{} ablation \"{}\"", d.where, id);
  const Json& why =
      d.text.contains("why") ? d.text : find("ablations", paper, d.text.at("same_why_as")).text;
  Ablation a;
  a.id = fill(id, args, where);
  a.title = fill(d.text.at("title").get<std::string>(), args, where);
  a.why = fill(why.at("why").get<std::string>(), args, where);
  a.unit = d.text.at("unit").get<std::string>();
  return a;
}

Ablation declared_ablation_with(const std::string& paper, const std::string& id,
                                const std::vector<std::string>& columns) {
  Ablation a = declared_ablation(paper, id);
  a.columns = columns;
  return a;
}

DeclaredClaim declared_claim(const std::string& paper, const std::string& id,
                             const TextArgs& args) {
  const Declared& d = find("claims", paper, id);
  const std::string where = fmt::format("{} claim \"{}\"", d.where, id);
  DeclaredClaim c;
  c.id = fill(id, args, where);
  c.kind = claim_kind_from_name(d.text.value("kind", "claim"));
  std::string text = d.text.at("claim").get<std::string>();
  const Json bounds = d.text.value("bounds", Json::object());
  for (const auto& [name, value] : bounds.items()) {
    c.bounds[name] = value.get<double>();
    text = fill_bound(text, name, c.bounds[name], where);
  }
  c.claim = fill(text, args, where);
  c.tests = d.text.value("tests", Json::array());
  return c;
}

double DeclaredClaim::bound(const std::string& name) const {
  const auto it = bounds.find(name);
  if (it == bounds.end())
    throw ConfigError(fmt::format("claim \"{}\" declares no bound \"{}\"", id, name));
  return it->second;
}

Claim tested_claim(const DeclaredClaim& declared, std::vector<ClaimComparison> comparisons,
                   std::string evidence) {
  return tested_claim(declared.id, declared.claim, std::move(comparisons), std::move(evidence),
                      declared.kind);
}

}  // namespace linrepro
