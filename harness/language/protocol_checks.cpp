#include "harness/language/protocol_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "harness/language/declaration_checks.h"
#include "harness/language/grammar.h"
#include "harness/language/value_expression.h"

namespace linrepro {

namespace {

using Source = ValueTerm::Source;
using Op = ValueExpression::Op;

// The value expression of an object's "value" (cell column, peer).
ValueExpression value_of(const Json& o, const std::string& at) {
  return parse_value_expression(text_of(o, "value", at), at);
}

// A cell column reads its row's run (or "@run"): a metric (a ratio "over" another run's metric),
// an aggregate of its tasks or a field of their record, scaled.
void check_column(const Json& spec, const std::set<std::string>& runs, const std::string& at) {
  check_object(spec, "cell-column", at);
  text_of(spec, "column", at);
  const ValueExpression e = value_of(spec, at);
  if (e.term.source == Source::value || !e.term.cls.empty() || !e.term.field.empty() ||
      !e.format.empty())
    declaration_error(at,
                      "a column reads a run's \"metric:\", an aggregate or a task set's "
                      "\"record:\" field, of its row's data set, without a format");
  if (e.op == Op::minus ||
      (e.op == Op::over && (e.term.source != Source::metric || e.other.source != Source::metric ||
                            e.other.run.empty() || !e.other.cls.empty())))
    declaration_error(at,
                      "a column relates runs only by \"over\": a metric over another "
                      "run's metric (\"@run\")");
  if (e.term.source == Source::aggregate && spec.contains("wilson"))
    declaration_error(at, "an aggregate gives its own interval: no \"wilson\"");
  for (const ValueTerm* t : {&e.term, &e.other})
    if (!t->run.empty() && !runs.contains(t->run))
      declaration_error(at, fmt::format("no run \"{}\"", t->run));
  if (spec.contains("wilson") &&
      (texts_of(spec.at("wilson"), at).size() != 2 || e.divisor > 0 ||
       (e.scale != 100 && !(e.scale == 1 && spec.value("unit", "") == "%"))))
    declaration_error(at,
                      "\"wilson\" is [rows metric, what they are] of a share in per cent "
                      "(scaled \"|100\", or a metric in per cent: unit \"%\")");
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
  for (const Json& spec : cell_columns(p, row))
    if (!tasks && value_of(spec, at).term.source != Source::metric)
      declaration_error(at, "a binary data set's columns read a \"metric:\"");
}

// A row per solver added with --with-solver (its run the --with-solver place): each solver's cells
// are named apart ("{solver}" in its row, prefix or columns), read that solver's runs (not another
// run's or the data's record) and are in every subset; a paper's row has no "{solver}".
void check_solver_rows(const DeclaredProtocol& p, const Json& row, const std::string& at) {
  std::string names = row.value("row", "") + row.value("prefix", "");
  for (const Json& spec : cell_columns(p, row)) names += spec.value("column", "");
  const bool labelled = names.find(kSolverInRow) != std::string::npos;
  if (!is_extra_solver_row(p, row)) {
    if (labelled)
      declaration_error(at, "\"{solver}\" names the rows of the --with-solver place's runs only");
    return;
  }
  if (!labelled)
    declaration_error(at,
                      "a row of the --with-solver place's runs names each solver's cells apart: "
                      "\"{solver}\" in its row, prefix or columns");
  for (const char* key : {"evidence", "fast"})
    if (row.contains(key))
      declaration_error(at, fmt::format("a row of the --with-solver place's runs takes no \"{}\" "
                                        "(its solvers are not the paper's; they run in every "
                                        "subset)",
                                        key));
  for (const Json& spec : cell_columns(p, row))
    if (const ValueExpression e = value_of(spec, at);  // "over" a paper's run is allowed
        !e.term.run.empty() || e.term.source == Source::record)
      declaration_error(at,
                        "a column that reads another run or the data's record cannot show an "
                        "extra solver's");
}

// An ablation value names its run ("@run"; " in class": another data set's) and reads its metric
// or an aggregate of its tasks (a note field "#field"), or the difference (" minus ") to another
// run's metric or to another run's same aggregate.
ValueExpression check_value(const Json& v, const std::set<std::string>& runs,
                            const std::string& at) {
  if (!v.is_string()) declaration_error(at, "a value is a value expression or null");
  const ValueExpression e = parse_value_expression(v.get<std::string>(), at);
  if (e.term.source != Source::metric && e.term.source != Source::aggregate)
    declaration_error(at, "a value reads its run's \"metric:\" or an aggregate of its tasks");
  if (!e.format.empty()) declaration_error(at, "a value takes no format");
  const bool aggregates = e.term.source == Source::aggregate;
  if (e.op == Op::over ||
      (e.op == Op::minus &&
       (e.other.source != e.term.source || !e.term.field.empty() || !e.other.field.empty() ||
        (aggregates && (e.other.name != e.term.name || e.other.cls != e.term.cls)))))
    declaration_error(at,
                      "\" minus \" subtracts another run's metric, or another run's same "
                      "aggregate on the same data");
  for (const ValueTerm* t : {&e.term, &e.other}) {
    if (t == &e.other && e.op == Op::none) continue;
    if (t->run.empty()) declaration_error(at, "a value names its run (\"@run\")");
    if (!runs.contains(t->run)) declaration_error(at, fmt::format("no method \"{}\"", t->run));
  }
  return e;
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
    // A variant says whether the paper's text allows it (docs/RESULTS.md, "cause"); a draw of a
    // spread table is no variant.
    if (t.contains("spread") == row.contains("allowed"))
      declaration_error(at, t.contains("spread")
                                ? "a row of a spread table is a draw: it takes no \"allowed\""
                                : "each row says whether the paper's text allows it "
                                  "(\"allowed\": true or false)");
    if (!row.at("values").is_array() || row.at("values").size() != columns)
      declaration_error(at, "each row gives one value per column");
    for (const Json& v : row.at("values")) {
      if (v.is_null()) continue;
      const ValueExpression e = check_value(v, runs, at + " row");
      const std::string on = e.term.cls.empty() ? cls : e.term.cls;
      const auto d = std::find_if(p.datasets.begin(), p.datasets.end(),
                                  [&](const ProtocolDataset& x) { return x.cls == on; });
      if (d == p.datasets.end()) declaration_error(at, fmt::format("no data set \"{}\"", on));
      if (e.term.source == Source::aggregate && d->tasks.empty())
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

// Each evidence placeholder names a declared method's run for a metric or an
// aggregate (its value or a field; a difference " minus " another's), and its format formats a
// number.
void check_evidence(const DeclaredProtocol& p, const Json& claim, const std::string& at) {
  std::vector<std::string> runs;
  for (const ProtocolMethod& m : p.methods) runs.push_back(m.name);
  for (const EvidencePlaceholder& e : evidence_placeholders(claim.value("evidence", ""), at)) {
    if (e.task && !claim.value("per_task", false))
      declaration_error(at, "its evidence names {task}, but it is not tested per task");
    if (e.data_set && !claim.at("class").is_array())
      declaration_error(at,
                        "its evidence names {class}, but it is not tested on a list of data "
                        "sets");
    if (!e.bound.empty() || e.task || e.data_set) continue;
    const ValueExpression& v = e.value;
    if (v.op == Op::over) declaration_error(at, "its evidence relates values by \" minus \" only");
    for (const ValueTerm* t : {&v.term, &v.other}) {
      if (t == &v.other && v.op == Op::none) continue;
      if (t->source != Source::metric && t->source != Source::aggregate)
        declaration_error(at, "its evidence reads a run's \"metric:\" or an aggregate");
      if (!t->cls.empty() && !is_class(p, t->cls))
        declaration_error(at, fmt::format("its evidence names no data set \"{}\"", t->cls));
      if (std::find(runs.begin(), runs.end(), t->run) == runs.end())
        declaration_error(at, fmt::format("its evidence names no declared run \"{}\"", t->run));
    }
  }
}

}  // namespace

void check_protocol_cells(const DeclaredProtocol& p) {
  const std::string at = p.where + " cells";
  const Json& c = p.cells;
  check_object(c, "cells", at);
  std::set<std::string> runs;
  for (const ProtocolMethod& m : p.methods) runs.insert(m.name);
  for (const Json& v : c.value("values", Json::array())) {
    const std::string here = fmt::format("{} value {}", at, v.dump());
    check_object(v, "cell-value", here);
    for (const char* key : {"table", "row", "column"}) text_of(v, key, here);
    const ValueExpression e = value_of(v, here);
    if (e.term.source != Source::value || e.has_scale || !e.format.empty() ||
        !p.value(e.term.name).is_number())
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
      const std::string here = at + " evidence " + id;
      check_object(e.at("peer"), "cell-peer", here);
      const ValueExpression v = value_of(e.at("peer"), here);
      if ((v.term.source != Source::metric && v.term.source != Source::aggregate) ||
          v.op != Op::none || !v.term.field.empty() || !v.term.cls.empty() || !v.format.empty())
        declaration_error(here, "a peer gives its run's \"metric:\" or an aggregate of its tasks");
      if (!runs.contains(v.term.run)) declaration_error(here, "its peer run is not declared");
    }
  }
  std::set<std::string> unused;  // column sets no row reads: a declaration never read is refused
  for (const auto& [set, specs] : c.at("columns").items()) unused.insert(set);
  for (const Json& row : c.value("rows", Json::array())) {
    const std::string here = fmt::format("{} row {}", at, row.dump());
    check_object(row, "cell-row", here);
    if (!is_class(p, text_of(row, "class", here)) || !runs.contains(text_of(row, "run", here)))
      declaration_error(here, "names a data set or run the protocol does not declare");
    check_sets(p, row, here);
    for (const std::string& set : texts_of(row.at("columns"), here)) unused.erase(set);
    check_kinds(p, row, here);
    check_solver_rows(p, row, here);
    for (const std::string& id : evidence_ids(row)) {
      if (!evidence.contains(id)) declaration_error(here, "names evidence that is not declared");
      // A peer is read as its row's runs are: a binary set's metric, a task set's aggregate.
      const Json& e = evidence.at(id);
      if (e.contains("peer") && (value_of(e.at("peer"), here).term.source == Source::aggregate) !=
                                    is_task_set(p, row.at("class")))
        declaration_error(
            here, fmt::format("evidence \"{}\": on a {} the peer gives its {}", id,
                              is_task_set(p, row.at("class")) ? "task set" : "binary data set",
                              is_task_set(p, row.at("class")) ? "aggregate" : "run's \"metric:\""));
    }
  }
  if (!unused.empty())
    declaration_error(at, fmt::format("column set \"{}\" is read by no row", *unused.begin()));
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
    check_evidence(p, c, at);
  }
}

}  // namespace linrepro
