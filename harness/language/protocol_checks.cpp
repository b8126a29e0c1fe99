#include "harness/language/protocol_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "harness/language/declaration_checks.h"
#include "harness/language/grammar.h"

namespace linrepro {

namespace {

void check_column(const Json& spec, const std::set<std::string>& runs, const std::string& at) {
  check_object(spec, "cell-column", at);
  text_of(spec, "column", at);
  const int kinds = spec.contains("metric") + spec.contains("aggregate") + spec.contains("record");
  if (kinds != 1)
    declaration_error(at,
                      "a column reads a run's \"metric\", an \"aggregate\" or a task set's "
                      "\"record\" field");
  text_of(spec,
          spec.contains("metric")   ? "metric"
          : spec.contains("record") ? "record"
                                    : "aggregate",
          at);
  if (spec.contains("aggregate") && spec.contains("wilson"))
    declaration_error(at, "an aggregate gives its own interval: no \"wilson\"");
  if (spec.contains("run") && !runs.contains(text_of(spec, "run", at)))
    declaration_error(at, fmt::format("no run \"{}\"", spec.at("run").get<std::string>()));
  if (spec.contains("wilson") &&
      (texts_of(spec.at("wilson"), at).size() != 2 ||
       (spec.value("scale", 1.0) != 100 &&
        !(spec.value("scale", 1.0) == 1 && spec.value("unit", "") == "%"))))
    declaration_error(at,
                      "\"wilson\" is [rows metric, what they are] of a share in per cent "
                      "(scale 100, or a metric in per cent: scale 1, unit \"%\")");
  if (spec.contains("per") && (spec.contains("scale") || !spec.at("per").is_number() ||
                               !(spec.at("per").get<double>() > 0)))
    declaration_error(at, "\"per\" is a positive number a value is divided by, without \"scale\"");
  if (spec.contains("over")) {
    check_object(spec.at("over"), "cell-ratio", at + " over");
    if (!spec.contains("metric"))
      declaration_error(at, "\"over\" divides a run's \"metric\" by another run's");
    if (!runs.contains(text_of(spec.at("over"), "run", at + " over")))
      declaration_error(at,
                        fmt::format("no run \"{}\"", spec["over"].at("run").get<std::string>()));
    text_of(spec.at("over"), "metric", at + " over");
  }
}

void check_sets(const DeclaredProtocol& p, const Json& row, const std::string& at) {
  for (const std::string& set : texts_of(row.at("columns"), at + " columns"))
    if (!p.cells.at("columns").contains(set))
      declaration_error(at, fmt::format("no column set \"{}\"", set));
}

bool is_class(const DeclaredProtocol& p, const std::string& cls) {
  for (const ProtocolDataset& d : p.datasets)
    if (d.cls == cls) return true;
  return false;
}

bool is_task_set(const DeclaredProtocol& p, const std::string& cls) {
  for (const ProtocolDataset& d : p.datasets)
    if (d.cls == cls) return !d.tasks.empty();
  return false;
}

// A task set's cells aggregate runs (or read the one run of a set of one task); a binary data
// set's read one run's metric.
void check_kinds(const DeclaredProtocol& p, const Json& row, const std::string& at) {
  const bool tasks = is_task_set(p, row.at("class"));
  for (const Json& spec : cell_columns(p, row.at("columns")))
    if (!tasks && !spec.contains("metric"))
      declaration_error(at, "a binary data set's columns name a \"metric\"");
}

// "extra_solver_rows" or "extra_solver_series" (a series: the set's one column at each point,
// from the runs of an extra_solvers entry).
void check_extra_solver_cells(const DeclaredProtocol& p, const Json& x, const std::string& at) {
  const bool series = x.contains("points");
  check_object(x, "extra-solver-cells", at);
  if (series && x.contains("row")) declaration_error(at, "a series gives its rows in \"points\"");
  if (!is_class(p, text_of(x, "class", at))) declaration_error(at, "no class");
  check_sets(p, x, at);
  check_kinds(p, x, at);
  const std::vector<Json> specs = cell_columns(p, x.at("columns"));
  for (const Json& spec : specs)
    if (spec.contains("run") || spec.contains("record"))  // "over" a paper's run is allowed
      declaration_error(at,
                        "a column that reads another run or the data's record cannot show an "
                        "extra solver's");
  if (!series) return;
  if (specs.size() != 1) declaration_error(at, "a series reads one column at each point");
  if (!x.at("points").is_array() || x.at("points").empty())
    declaration_error(at, "\"points\" must be a non-empty list");
  for (const Json& point : x.at("points")) {
    check_object(point, "series-point", at + " points");
    const std::string run = text_of(point, "run", at + " points");
    text_of(point, "row", at + " points");
    if (std::none_of(p.methods.begin(), p.methods.end(), [&](const ProtocolMethod& m) {
          return !m.extra_solvers.is_null() && m.key == run;
        }))
      declaration_error(at, fmt::format("no extra_solvers entry with key \"{}\"", run));
  }
}

void check_value(const Json& v, const std::set<std::string>& runs, const std::string& at) {
  if (v.is_null()) return;
  check_object(v, "ablation-value", at);
  if (v.contains("minus") &&
      (!v.contains("aggregate") || v.contains("field") || !runs.contains(text_of(v, "minus", at))))
    declaration_error(at, "\"minus\" names a method whose same aggregate is subtracted");
  if (!runs.contains(text_of(v, "run", at)))
    declaration_error(at, fmt::format("no method \"{}\"", v.at("run").get<std::string>()));
  if (v.contains("metric") + v.contains("extra") + v.contains("aggregate") != 1)
    declaration_error(at,
                      "a value reads its run's \"metric\" or an \"extra\" field, or an "
                      "\"aggregate\" of its tasks");
  if (v.contains("aggregate"))
    text_of(v, "aggregate", at);  // the hooks' check: protocol_aggregates
}

void check_table(const DeclaredProtocol& p, const Json& t, const std::string& at) {
  check_object(t, "ablation-table", at);
  if (t.contains("spread") && (t.contains("published") || !t.at("spread").is_string()))
    declaration_error(at,
                      "\"spread\" names the draws (\"splits\") of a table without a "
                      "published row");
  text_of(t, "ablation", at);
  const std::string cls = text_of(t, "class", at);
  if (std::none_of(p.datasets.begin(), p.datasets.end(),
                   [&](const ProtocolDataset& d) { return d.cls == cls; }))
    declaration_error(at, fmt::format("no data set \"{}\"", cls));
  const size_t columns = texts_of(t.at("columns"), at + " columns").size();
  std::set<std::string> runs;
  for (const ProtocolMethod& m : p.methods) runs.insert(m.name);
  for (const Json& row : t.at("rows")) {
    check_object(row, "ablation-row", at + " row");
    text_of(row, "row", at);
    text_of(row, "description", at);
    if (!row.at("values").is_array() || row.at("values").size() != columns)
      declaration_error(at, "each row gives one value per column");
    for (const Json& v : row.at("values")) {
      check_value(v, runs, at + " row");
      if (!v.is_object()) continue;
      const std::string on = v.value("class", cls);
      const auto d = std::find_if(p.datasets.begin(), p.datasets.end(),
                                  [&](const ProtocolDataset& x) { return x.cls == on; });
      if (d == p.datasets.end()) declaration_error(at, fmt::format("no data set \"{}\"", on));
      if (v.contains("aggregate") && d->tasks.empty())
        declaration_error(at, fmt::format("an \"aggregate\" reads a task set's runs; \"{}\" is "
                                          "not one",
                                          on));
    }
  }
  if (t.contains("published")) {
    const Json& pub = t.at("published");
    check_object(pub, "published-row", at + " published");
    if (!pub.at("cells").is_array() || pub.at("cells").size() != columns)
      declaration_error(at, "the published row gives one cell (or null) per column");
    for (const Json& c : pub.at("cells"))
      if (!c.is_null() && (!c.is_array() || c.size() != 3))
        declaration_error(at, "a published cell is [table, row, column]");
  }
}

// Each evidence placeholder names a declared run (a method's or the driver's), and its format
// formats a number.
void check_evidence(const DeclaredProtocol& p, const std::string& text, const std::string& at) {
  std::vector<std::string> runs = p.driver_runs;
  for (const ProtocolMethod& m : p.methods) runs.push_back(m.name);
  for (std::sregex_iterator it(text.begin(), text.end(), evidence_placeholder()), end; it != end;
       ++it) {
    const std::smatch& m = *it;
    for (const int g : {4, 6})
      if (m[g].matched && std::find(runs.begin(), runs.end(), m[g].str()) == runs.end())
        declaration_error(at, fmt::format("its evidence names no declared run \"{}\"", m[g].str()));
    if (!m[9].matched) continue;
    try {
      (void)fmt::format(fmt::runtime("{" + m[9].str() + "}"), 1.0);
    } catch (const fmt::format_error&) {
      declaration_error(at,
                        fmt::format("its evidence format \"{}\" formats no number", m[9].str()));
    }
  }
}

}  // namespace

void check_protocol_cells(const DeclaredProtocol& p) {
  const std::string at = p.where + " cells";
  const Json& c = p.cells;
  check_object(c, "cells", at);
  std::set<std::string> runs(p.driver_runs.begin(), p.driver_runs.end());
  for (const ProtocolMethod& m : p.methods) runs.insert(m.name);
  for (const Json& v : c.value("values", Json::array())) {
    const std::string here = fmt::format("{} value {}", at, v.dump());
    check_object(v, "cell-value", here);
    for (const char* key : {"table", "row", "column"}) text_of(v, key, here);
    if (!v.contains("value") || !v.at("value").is_string() ||
        !v.at("value").get<std::string>().starts_with('$') ||
        !p.value(v.at("value").get<std::string>().substr(1)).is_number())
      declaration_error(here, "\"value\" must name a declared number (\"$name\")");
  }
  if (!c.contains("columns") || !c.at("columns").is_object())
    declaration_error(at, "\"columns\" must map set names to lists of columns");
  for (const auto& [set, specs] : c.at("columns").items())
    for (const Json& spec : specs) check_column(spec, runs, at + " columns " + set);
  const Json evidence = c.value("evidence", Json::object());
  for (const auto& [id, e] : evidence.items()) {
    check_object(e, "cell-evidence", at + " evidence " + id);
    if (e.contains("peer")) {
      check_object(e.at("peer"), "cell-peer", at + " " + id);
      if (e.at("peer").contains("metric") == e.at("peer").contains("aggregate"))
        declaration_error(at + " evidence " + id,
                          "a peer gives its run's \"metric\" or an \"aggregate\" of its tasks");
      if (!runs.contains(text_of(e.at("peer"), "run", at + " " + id)))
        declaration_error(at + " evidence " + id, "its peer run is not declared");
    }
  }
  for (const Json& row : c.value("rows", Json::array())) {
    const std::string here = fmt::format("{} row {}", at, row.dump());
    check_object(row, "cell-row", here);
    if (!is_class(p, text_of(row, "class", here)) || !runs.contains(text_of(row, "run", here)))
      declaration_error(here, "names a data set or run the protocol does not declare");
    check_sets(p, row, here);
    check_kinds(p, row, here);
    for (const std::string& id : evidence_ids(row)) {
      if (!evidence.contains(id)) declaration_error(here, "names evidence that is not declared");
      // A peer is read as its row's runs are: a binary set's metric, a task set's aggregate.
      const Json& e = evidence.at(id);
      if (e.contains("peer") &&
          e.at("peer").contains("aggregate") != is_task_set(p, row.at("class")))
        declaration_error(
            here,
            fmt::format("evidence \"{}\": on a {} the peer gives its {}", id,
                        is_task_set(p, row.at("class")) ? "task set" : "binary data set",
                        is_task_set(p, row.at("class")) ? "\"aggregate\"" : "run's \"metric\""));
    }
  }
  for (const Json& x : entries_of(c.value("extra_solver_rows", Json::array()))) {
    if (x.contains("points"))  // rows are emitted without them
      declaration_error(at + " extra_solver_rows",
                        "rows have no \"points\" (a series is \"extra_solver_series\")");
    check_extra_solver_cells(p, x, at + " extra_solver_rows");
  }
  if (c.contains("extra_solver_series")) {
    if (!c.at("extra_solver_series").contains("points"))
      declaration_error(at + " extra_solver_series", "a series gives its \"points\"");
    check_extra_solver_cells(p, c.at("extra_solver_series"), at + " extra_solver_series");
  }
}

void check_protocol_ablations(const DeclaredProtocol& p) {
  if (!p.ablation_tables.is_array())
    declaration_error(p.where, "\"ablation_tables\" must be a list");
  for (size_t i = 0; i < p.ablation_tables.size(); ++i)
    check_table(p, p.ablation_tables[i], fmt::format("{} ablation_tables {}", p.where, i + 1));
}

void check_protocol_claims(const DeclaredProtocol& p) {
  if (!p.claims.is_array()) declaration_error(p.where, "\"claims\" must be a list");
  for (const Json& c : p.claims) {
    const std::string at = fmt::format("{} claims {}", p.where, c.dump());
    check_object(c, "protocol-claim", at);
    if (c.value("per_task", false) && !(c.contains("class") && c.at("class").is_string()))
      declaration_error(at, "a claim tested per task reads one data set");
    text_of(c, "claim", at);
    if (c.contains("evidence")) text_of(c, "evidence", at);
    const bool each = c.contains("class") && c.at("class").is_array();
    for (const std::string& cls :
         each ? texts_of(c.at("class"), at) : std::vector<std::string>{text_of(c, "class", at)})
      if (std::none_of(p.datasets.begin(), p.datasets.end(),
                       [&](const ProtocolDataset& d) { return d.cls == cls; }))
        declaration_error(at, fmt::format("no data set \"{}\"", cls));
    check_evidence(p, c.value("evidence", ""), at);
  }
}

}  // namespace linrepro
