#include "harness/language/experiment_declarations.h"

#include <fmt/format.h>

#include <set>

#include "core/error.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/language/declaration_checks.h"
#include "harness/language/declared_protocol.h"
#include "harness/language/grammar.h"
#include "harness/language/repetition.h"
#include "harness/language/text_checks.h"

namespace linrepro {

namespace {

ExtraSolverSupport extra_solver_support(const Json& j, const std::string& where) {
  check_object(j, "extra-solver-support", where);
  ExtraSolverSupport out;
  const std::string why = text_of(j, "why", where);
  if (!j.contains("tasks")) {  // they cannot join: the why is the refusal
    out.refusal = why;
    return out;
  }
  const std::string tasks = text_of(j, "tasks", where);
  if (tasks == "binary")
    out.tasks = ExtraSolverSupport::Tasks::binary;
  else if (tasks == "multiclass")
    out.tasks = ExtraSolverSupport::Tasks::multiclass;
  else
    declaration_error(where,
                      "\"tasks\" must be \"binary\" or \"multiclass\" (absent: they cannot join)");
  return out;
}

void check_figures(const Json& figures, const std::string& where) {
  if (!figures.is_array()) declaration_error(where, "must be a list of figure objects");
  for (const Json& f : figures) {
    if (!f.is_object() || !f.contains("id") || !f.at("id").is_string() || !f.contains("kind"))
      declaration_error(where, "each figure must be an object with an \"id\" and a \"kind\"");
    if (!f.contains("with_extra_solvers")) continue;
    const std::string at = where + " " + f.at("id").get<std::string>() + " with_extra_solvers";
    const Json& w = f.at("with_extra_solvers");
    check_object(w, "figure-extra-solvers", at);
    for (const char* flag : {"only", "label_by"})
      if (w.contains(flag) && !w.at(flag).is_boolean())
        declaration_error(at, fmt::format("\"{}\" must be true or false", flag));
    if (w.contains("add_to_filter")) {
      const std::string list = text_of(w, "add_to_filter", at);
      // The extra solvers' names are appended to that list of the figure's filter.
      if (!f.contains("filter") || !f.at("filter").is_object() || !f.at("filter").contains(list) ||
          !f.at("filter").at(list).is_array())
        declaration_error(
            at, fmt::format("\"add_to_filter\": the figure's filter has no list \"{}\"", list));
    }
  }
}

ExperimentInfo parse_experiment(const std::string& paper, const std::string& id, const Json& j,
                                const std::string& where) {
  check_object(j, "experiment", where);
  ExperimentInfo e;
  e.paper = paper;
  e.id = id;
  e.description = text_of(j, "description", where);
  if (!j.contains("artifacts")) declaration_error(where, "\"artifacts\" is missing");
  e.artifacts = texts_of(j.at("artifacts"), where + " artifacts");
  if (j.contains("depends_on")) {
    if (!j.at("depends_on").is_object())
      declaration_error(where, "\"depends_on\" must map experiments to why");
    for (const auto& [dependency, why] : j.at("depends_on").items()) {
      if (!why.is_string()) declaration_error(where, "\"depends_on\" must map experiments to why");
      e.depends_on.push_back(dependency);
    }
  }
  if (j.contains("timed")) e.timed = !text_of(j, "timed", where).empty();
  if (j.contains("in_default_set")) {
    if (!j.at("in_default_set").is_boolean())
      declaration_error(where, "\"in_default_set\" must be a boolean");
    e.in_default_set = j.at("in_default_set").get<bool>();
  }
  if (!j.contains("extra_solvers"))
    declaration_error(
        where, "\"extra_solvers\" is missing: say on which tasks they run, or why they cannot");
  e.extra_solvers = extra_solver_support(j.at("extra_solvers"), where + " extra_solvers");
  if (j.contains("figures")) {
    const Json figures = j.at("figures");
    check_figures(figures, where + " figures");
    e.figures = [figures](const ExperimentContext& ctx) { return figures_for_run(figures, ctx); };
  }
  if (j.contains("claims")) check_declared_claims(j.at("claims"), where);
  if (j.contains("protocol")) {
    e.protocol = j.at("protocol");
    parse_protocol(e.protocol, where);  // checked when the file is read
  }
  if (j.contains("ablations")) check_declared_ablations(j.at("ablations"), where);
  return e;
}

const std::vector<ExperimentInfo>& all_declared() {
  static const std::vector<ExperimentInfo> all = [] {
    std::vector<ExperimentInfo> out;
    for (const EmbeddedFile& f : embedded_experiment_declarations()) {
      Json file;
      try {
        file = Json::parse(f.text);
      } catch (const Json::exception& e) {
        declaration_error(f.path, std::string("not valid JSON: ") + e.what());
      }
      for (ExperimentInfo& e : parse_experiment_declarations(file, f.path)) {
        // experiments/<paper>/experiments.json: the folder is the paper.
        if (std::string(f.path).find("/" + e.paper + "/") == std::string::npos)
          declaration_error(f.path,
                            fmt::format("declares paper \"{}\" outside its folder", e.paper));
        out.push_back(std::move(e));
      }
    }
    return out;
  }();
  return all;
}

}  // namespace

std::vector<ExperimentInfo> parse_experiment_declarations(const Json& declared,
                                                          const std::string& where) {
  check_declaration_file(declared, where);  // the grammar: keys, types, required keys
  const Json file = expand_repetitions(declared, where);
  const std::string paper = text_of(file, "paper", where);
  if (!file.contains("experiments") || !file.at("experiments").is_object())
    declaration_error(where, "\"experiments\" must map experiment ids to their declarations");
  std::vector<ExperimentInfo> out;
  // Claim and ablation ids are unique within the paper: results name them by id alone.
  std::set<std::string> claims, ablations;
  for (const auto& [id, j] : file.at("experiments").items()) {
    out.push_back(parse_experiment(paper, id, j, fmt::format("{} ({}/{})", where, paper, id)));
    for (auto [section, seen] :
         {std::pair{"claims", &claims}, std::pair{"ablations", &ablations}}) {
      const Json declared = j.value(section, Json::object());
      for (const auto& [text_id, text] : declared.items())
        if (!seen->insert(text_id).second)
          declaration_error(where, fmt::format("{} \"{}\" is declared twice",
                                               seen == &claims ? "claim" : "ablation", text_id));
    }
  }
  return out;
}

ExperimentInfo declared_experiment(const std::string& paper, const std::string& id) {
  for (const ExperimentInfo& e : all_declared())
    if (e.paper == paper && e.id == id) return e;
  throw ConfigError(fmt::format(
      "experiment {}/{} is registered but not declared in experiments/{}/experiments.json", paper,
      id, paper));
}

void check_registry_matches_declarations(const std::vector<ExperimentInfo>& registry) {
  std::set<std::string> registered, problems;
  for (const ExperimentInfo& e : registry) {
    const std::string name = e.paper + "/" + e.id;
    if (!registered.insert(name).second) problems.insert(name + " is registered twice");
    if (!e.run) problems.insert(name + " has no run");
  }
  for (const ExperimentInfo& e : all_declared())
    if (!registered.contains(e.paper + "/" + e.id))
      problems.insert(
          fmt::format("{}/{} is declared in experiments/{}/experiments.json but no "
                      "driver registers it",
                      e.paper, e.id, e.paper));
  if (problems.empty()) return;
  std::string text;
  for (const std::string& p : problems) text += "\n  " + p;
  throw ConfigError("the experiment registry and the declarations disagree:" + text);
}

Json figures_for_run(const Json& declared, const ExperimentContext& ctx) {
  const bool extras = !ctx.extra_solvers.empty();
  Json out = Json::array();
  for (Json f : declared) {
    f.erase("why");
    if (f.contains("with_extra_solvers")) {
      const Json w = f.at("with_extra_solvers");
      f.erase("with_extra_solvers");
      if (w.value("only", false) && !extras) continue;
      if (extras && w.value("label_by", false)) {
        // A series with "group_by" draws a line per its value and reads no "label_by": the
        // extra runs are set apart there, or they would join a paper line of the same solver.
        if (f.contains("group_by")) {
          Json by =
              f.at("group_by").is_array() ? f.at("group_by") : Json::array({f.at("group_by")});
          by.push_back("extra.part");
          f["group_by"] = by;
        } else {
          f["label_by"] = {"solver", "extra.part"};
        }
      }
      if (extras && w.contains("add_to_filter"))
        for (const ExtraSolver& x : extra_solvers(ctx))
          f["filter"][w.at("add_to_filter").get<std::string>()].push_back(x.solver);
    }
    // The extra solvers' runs are marked extra.part "extra" (extra_solver_tag): a figure that
    // selects runs by their part shows them, as one that does not select by it does.
    if (extras && f.contains("filter") && f["filter"].contains("extra.part")) {
      Json& parts = f["filter"]["extra.part"];
      if (!parts.is_array()) parts = Json::array({parts});
      parts.push_back("extra");
    }
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace linrepro
