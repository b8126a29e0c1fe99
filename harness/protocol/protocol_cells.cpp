#include "harness/protocol/protocol_cells.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>

#include "core/error.h"
#include "core/seed.h"
#include "harness/language/declaration_checks.h"
#include "harness/language/protocol_declaration.h"
#include "harness/language/value_expression.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/protocol/partition_measures.h"
#include "harness/results/cell_intervals.h"
#include "harness/results/timing_rounds.h"
#include "metrics/paired_bootstrap.h"

namespace linrepro {

namespace {

// `unit` with each "{m}" replaced by the run's metric m ("zeros of {dimensions}").
std::string unit_of(const std::string& unit, const RunRecord& r) {
  static const std::regex placeholder(R"(\{([A-Za-z_0-9]+)\})");
  std::string out;
  auto last = unit.cbegin();
  for (std::sregex_iterator it(unit.begin(), unit.end(), placeholder), end; it != end; ++it) {
    out.append(last, unit.cbegin() + it->position());
    out += r.metrics.at((*it)[1].str()).dump();
    last = unit.cbegin() + it->position() + it->length();
  }
  return out.append(last, unit.cend());
}

}  // namespace

const Json* trace_point_near(const Json& trace, double updates) {
  const Json* nearest = nullptr;
  for (const Json& p : trace)
    if (!nearest || std::fabs(p.at("iteration").get<double>() - updates) <
                        std::fabs(nearest->at("iteration").get<double>() - updates))
      nearest = &p;
  return nearest;
}

std::optional<double> run_value(const RunRecord& r, const ValueTerm& t) {
  const std::string& path = t.name;
  if (t.at >= 0) {
    ValueTerm rows_term;
    rows_term.name = "train_rows";
    const std::optional<double> rows = t.at_epochs ? run_value(r, rows_term) : 1.0;
    const Json* p = rows ? trace_point_near(r.trace, t.at * *rows) : nullptr;
    if (p == nullptr || !p->at("values").contains(path) || !p->at("values")[path].is_number())
      return std::nullopt;
    return p->at("values")[path].get<double>();
  }
  if (path == "train_seconds") return r.train_seconds;
  if (path == "iterations") return static_cast<double>(r.iterations);
  const bool extra = path.starts_with("extra.");
  std::string pointer = "/" + (extra ? path.substr(6) : path);
  if (extra) std::replace(pointer.begin(), pointer.end(), '.', '/');
  const Json& j = extra ? r.extra : r.metrics;
  const Json::json_pointer at(pointer);
  if (!j.contains(at) || !j.at(at).is_number()) return std::nullopt;
  return j.at(at).get<double>();
}

namespace {

// The value expression of a cell column (`value`, harness/language/value_expression.h).
ValueExpression column_value(const Json& spec) {
  return parse_value_expression(spec.at("value"), "cell column " + spec.dump());
}

// The interval of a ratio of two runs' test errors on the same test documents: a paired bootstrap
// of both runs' per-document outcomes, so what the two get wrong together moves together
// (docs/RESULTS.md); none where the divisor made no error (no ratio to draw). A run without its
// outcomes is a ConfigError naming it (stored before they were recorded), not a cell left
// without its interval.
void set_error_ratio_interval(Cell& c, const ValueExpression& e, const RunRecord& a,
                              const RunRecord& b, uint64_t seed) {
  if (b.metrics.value("test_errors", 0.0) <= 0) return;
  const SamplingInterval i = paired_error_ratio_interval(run_outcomes(a), run_outcomes(b), seed);
  set_interval(c.evidence, e.scaled(i.lo), e.scaled(i.hi),
               fmt::format("paired bootstrap over the {} test documents of both runs' "
                           "per-document outcomes, {} resamples, percentile interval; resamples "
                           "without an error of {} left out",
                           b.metrics.at("test_rows").get<int64_t>(), kBootstrapResamples, b.key));
}

// One declared column of one run (`over`: the run its value is divided by, if there): nothing
// when an "optional" column's value is not there (or its divisor is not positive).
std::optional<Cell> metric_cell(const std::string& table, const std::string& row, const Json& spec,
                                const RunRecord& r, const std::string& note, uint64_t seed,
                                const RunRecord* over = nullptr) {
  const ValueExpression e = column_value(spec);
  const bool ratio = e.op == ValueExpression::Op::over;
  std::optional<double> value = run_value(r, e.term);
  if (value && ratio) {
    const std::optional<double> d = over ? run_value(*over, e.other) : std::nullopt;
    value = d && *d > 0 ? std::optional<double>(*value / *d) : std::nullopt;
  }
  // A training time fitted in rounds (harness/results/timing_rounds.h): a time, the median of its
  // rounds; a ratio of two, the median of the per-round ratios; each with the rounds' range.
  std::optional<RoundSpread> rounds;
  if (value && e.term.name == "train_seconds")
    rounds = !ratio                                    ? time_spread(r)
             : e.other.name == "train_seconds" && over ? time_ratio_spread(r, *over)
                                                       : std::nullopt;
  if (rounds) value = rounds->median;
  if (!value || !std::isfinite(*value)) {
    if (spec.value("optional", false)) return std::nullopt;
    Cell c = unavailable_cell(
        table, row, spec.at("column"),
        fmt::format("run {} has no {}{}", r.key, e.term.name, ratio ? " ratio" : ""));
    c.status = "not_run";
    return c;
  }
  Cell c = value_cell(table, row, spec.at("column"), e.scaled(*value),
                      unit_of(spec.value("unit", ""), r), note);
  if (spec.contains("wilson"))  // a share (scale 100), or a per cent (unit "%", scale 1)
    set_wilson_interval(c.evidence, e.divisor == 0 && e.scale == 100 ? *value : *value / 100,
                        r.metrics.at(spec["wilson"][0].get<std::string>()).get<int64_t>(),
                        spec["wilson"][1].get<std::string>());
  if (rounds) {
    c.evidence.interval_lo = e.scaled(rounds->lo);
    c.evidence.interval_hi = e.scaled(rounds->hi);
    c.evidence.interval_method = rounds->method();
  }
  if (e.term.name == "train_seconds")  // what a miss is weighed against (judge/cell_cause.h)
    c.evidence.timing =
        ratio ? fmt::format("{} {:.3g} s / {} {:.3g} s; {}", r.key, r.train_seconds, over->key,
                            over->train_seconds, rounds ? rounds->method() : "one timed fit each")
              : fmt::format("{} {:.3g} s", r.key, r.train_seconds);
  if (ratio && e.term.name == "error" && e.other.name == "error")
    set_error_ratio_interval(c, e, r, *over, derive_seed(seed, "bootstrap/error-ratio/" + row));
  return c;
}

// Whether evidence entry `e` is about `column` (its "column", one of its list, or, without one,
// every column).
bool evidence_for(const Json& e, const std::string& column) {
  if (!e.contains("column")) return true;
  const Json& of = e.at("column");
  return of.is_array() ? std::find(of.begin(), of.end(), column) != of.end() : of == column;
}

// Evidence entry e for cell c: the interventions measured beside it, a peer's value (`peer`: of
// the run it names, nothing when not there) and an ablation's rows.
void add_evidence(Cell& c, const Json& e,
                  const std::function<std::optional<double>(const Json&)>& peer) {
  if (!evidence_for(e, c.column)) return;
  if (e.contains("peer"))
    if (const std::optional<double> v = peer(e.at("peer"))) {
      c.evidence.peer = *v;
      c.evidence.peer_what = e["peer"].at("what");
    }
  if (e.contains("ablation")) {
    const std::string column = e.value("ablation_column", c.column);
    c.evidence.ablations.push_back({e.at("ablation"), column == "{row}" ? c.row : column});
  }
}

// A declared value or a record's field in a note: a string as it is, an integer in full, any
// other number {:g}.
std::string text_of_value(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  return v.is_number_integer() ? v.dump() : fmt::format("{:g}", v.get<double>());
}

// `text` with each match of `re` replaced by text_of(its first group, its second).
template <typename TextOf>
std::string replaced(const std::string& text, const std::regex& re, TextOf&& text_of) {
  std::string out;
  auto last = text.cbegin();
  for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end; ++it) {
    out.append(last, text.cbegin() + it->position());
    out += text_of((*it)[1].str(), (*it)[2].str());
    last = text.cbegin() + it->position() + it->length();
  }
  return out.append(last, text.cend());
}

}  // namespace

std::string with_declared_values(const std::string& text, const Json& values) {
  static const std::regex value(R"(\{\$([A-Za-z_0-9]+)\})");
  return replaced(text, value, [&values](const std::string& name, const std::string&) {
    if (!values.contains(name))
      throw ConfigError(fmt::format("\"{{${}}}\" names no declared value", name));
    return text_of_value(values.at(name));
  });
}

namespace {

// What a cell's note may name (protocol_cells.h): the declared values, the runs' task count,
// their task set's record, the first run's params and the aggregate's fields.
struct NoteFields {
  const Json& values;
  size_t tasks = 0;
  Json record, params, aggregate;
  Json run = Json::object();  // the row's run (a task set's first): metrics, extra, params
};

// Field a.b of `j` ("a.b" after its prefix).
const Json& field_of(const Json& j, std::string dotted) {
  std::replace(dotted.begin(), dotted.end(), '.', '/');
  return j.at(Json::json_pointer(dotted));
}

// `note` with each placeholder replaced: "{$name}" first (a declared text may hold the others),
// then "{tasks}", "{record.a.b}", "{aggregate.a}", "{run.a.b}" and "{params.a}" (its JSON text).
std::string note_of(const std::string& note, const NoteFields& f) {
  static const std::regex other(R"(\{(tasks|(record|aggregate|params|run)(\.[A-Za-z_0-9]+)+)\})");
  return replaced(with_declared_values(note, f.values), other,
                  [&](const std::string& name, const std::string& source) {
                    if (name == "tasks") return std::to_string(f.tasks);
                    const std::string dotted = name.substr(source.size());
                    if (source == "params") return field_of(f.params, dotted).dump();
                    return text_of_value(field_of(source == "record" ? f.record
                                                  : source == "run"  ? f.run
                                                                     : f.aggregate,
                                                  dotted));
                  });
}

// The aggregate `name`: the driver's, or one the harness computes (partition_measures.h).
TaskAggregate aggregate_of(const std::map<std::string, TaskAggregate>& aggregates,
                           const std::string& name) {
  const auto it = aggregates.find(name);
  return it != aggregates.end() ? it->second : builtin_aggregate(name).value();
}

// One declared aggregate column of one method's runs over a task set (`by_method`: the data
// set's runs by method, for an aggregate that relates them). `seed`: the experiment's; the cell's
// interval is seeded by it, the cell and `run`. `note`: the cell's note from the aggregate's
// fields. Nothing when an "optional" column's aggregate measures nothing.
std::optional<Cell> aggregate_cell(const std::string& table, const std::string& row,
                                   const Json& spec, std::span<const RunRecord> runs,
                                   const TaskAggregate& aggregate,
                                   const std::function<std::string(const Json&)>& note,
                                   uint64_t seed, const std::string& run,
                                   const std::map<std::string, std::vector<RunRecord>>* by_method) {
  const ValueExpression e = column_value(spec);
  const AggregateValue a = aggregate(
      runs, {e.scale, spec.value("items", "documents"),
             derive_seed(seed, fmt::format("bootstrap/{}/{}/{}", table, row, run)), by_method});
  if (!a.not_measured.empty()) {
    if (spec.value("optional", false)) return std::nullopt;
    Cell c = unavailable_cell(table, row, spec.at("column"), a.not_measured);
    c.status = "not_run";
    return c;
  }
  Cell c = value_cell(table, row, spec.at("column"), a.scaled ? a.value : e.scaled(a.value),
                      spec.value("unit", ""), note(a.fields));
  c.evidence = a.evidence;
  return c;
}

// A declared column that reads field a.b of the runs' task set record ("record:a.b").
Cell record_cell(const std::string& table, const std::string& row, const Json& spec,
                 const Json& record, const std::string& note) {
  const ValueExpression e = column_value(spec);
  std::string pointer = "/" + e.term.name;
  std::replace(pointer.begin(), pointer.end(), '.', '/');
  return value_cell(table, row, spec.at("column"),
                    e.scaled(record.at(Json::json_pointer(pointer)).get<double>()),
                    spec.value("unit", ""), note);
}

}  // namespace

std::optional<TaskAggregate> aggregate_with_argument(
    const std::string& name,
    std::initializer_list<std::pair<std::string_view, ArgumentAggregate>> family) {
  for (const auto& [prefix, aggregate] : family)
    if (name.starts_with(prefix) && name.size() > prefix.size())
      return [argument = name.substr(prefix.size()), f = aggregate](std::span<const RunRecord> runs,
                                                                    const AggregateContext& at) {
        return f(runs, argument, at);
      };
  return std::nullopt;
}

double aggregate_field(const AggregateValue& a, const std::string& aggregate,
                       const std::string& field) {
  if (!a.fields.contains(field) || !a.fields.at(field).is_number())
    throw ConfigError(fmt::format("the aggregate \"{}\" has no number \"{}\" (its fields: {})",
                                  aggregate, field, a.fields.dump()));
  return a.fields.at(field).get<double>();
}

const std::vector<RunRecord>* finished_tasks(
    const std::map<std::string, std::vector<RunRecord>>& by_method, const std::string& name) {
  const auto it = by_method.find(name);
  if (it == by_method.end()) return nullptr;
  for (const RunRecord& r : it->second)
    if (r.status != "ok" && r.status != "untrainable" && r.status != "stopped") return nullptr;
  return &it->second;
}

const std::vector<RunRecord>* finished_tasks(const TaskOutcomes& outcomes, const std::string& cls,
                                             const std::string& name) {
  const auto on = outcomes.find(cls);
  return on == outcomes.end() ? nullptr : finished_tasks(on->second, name);
}

const RunRecord* finished_run(const ProtocolOutcomes& runs, const std::string& cls,
                              const std::string& name) {
  const auto on = runs.find(cls);
  if (on == runs.end()) return nullptr;
  const auto it = on->second.find(name);
  return it == on->second.end() || it->second.status != "ok" ? nullptr : &it->second;
}

std::vector<std::string> protocol_aggregates(const DeclaredProtocol& p) {
  std::vector<std::string> out;
  const auto add = [&](const Json& text) {
    const ValueExpression e = parse_value_expression(text, p.where);
    for (const ValueTerm* t : {&e.term, &e.other})
      if (t->source == ValueTerm::Source::aggregate && !t->name.empty()) out.push_back(t->name);
  };
  for (const Json& row : p.cells.value("rows", Json::array()))
    for (const Json& spec : cell_columns(p, row)) add(spec.at("value"));
  const Json evidence = p.cells.value("evidence", Json::object());
  for (const auto& [id, e] : evidence.items())
    if (e.contains("peer")) add(e.at("peer").at("value"));
  for (const Json& t : p.ablation_tables)
    for (const Json& row : t.at("rows"))
      for (const Json& v : row.at("values"))
        if (v.is_string()) add(v);
  return out;
}

namespace {

// The runs' task set record of `method` on data set `cls` (null where there is none).
Json task_record(const ProtocolResults& results, const std::string& cls,
                 const std::string& method) {
  const auto on = results.task_records.find(cls);
  if (on == results.task_records.end() || !on->second.contains(method)) return Json();
  return on->second.at(method);
}

// The finished run `name` of data set `cls`: a binary data set's, or a task set's of one task.
const RunRecord* single_run(const ProtocolResults& results, const std::string& cls,
                            const std::string& name) {
  if (const RunRecord* r = finished_run(results.runs, cls, name)) return r;
  const std::vector<RunRecord>* tasks = finished_tasks(results.tasks, cls, name);
  if (tasks == nullptr || tasks->empty()) return nullptr;
  if (tasks->size() != 1)
    throw ConfigError(fmt::format("a \"metric\" column reads one run: \"{}\" on {} has {} tasks",
                                  name, cls, tasks->size()));
  return tasks->front().status == "ok" ? &tasks->front() : nullptr;
}

// The finished run `name` of data set `cls` on task `task` (none: single_run), null when it is not
// there.
const RunRecord* run_at(const ProtocolResults& results, const std::string& cls,
                        const std::string& name, const std::string& task) {
  if (task.empty()) return single_run(results, cls, name);
  const std::vector<RunRecord>* tasks = finished_tasks(results.tasks, cls, name);
  if (tasks == nullptr) return nullptr;
  const auto it = std::find_if(tasks->begin(), tasks->end(),
                               [&](const RunRecord& r) { return r.class_name == task; });
  return it == tasks->end() || it->status != "ok" ? nullptr : &*it;
}

// Whether data set `cls`'s set has task `task` (a method's runs name it): a row of a task the
// fast subset does not run is left out (task_row_here); in the full run every declared task runs,
// so a task no run names is a misspelt declaration.
bool has_task(const ProtocolResults& results, const std::string& cls, const std::string& task) {
  const auto it = results.tasks.find(cls);
  if (it == results.tasks.end()) return false;
  for (const auto& [name, runs] : it->second)
    for (const RunRecord& r : runs)
      if (r.class_name == task) return true;
  return false;
}

// Whether a row (or extra-solver row) naming `task` reads runs here: none in the fast subset when
// the subset does not run it; a ConfigError in the full run (`at`: the row).
bool task_row_here(const ProtocolResults& results, const std::string& cls, const std::string& task,
                   bool fast, const std::string& at) {
  if (task.empty() || has_task(results, cls, task)) return true;
  if (fast) return false;
  throw ConfigError(fmt::format("{}: no task \"{}\" ran on data set \"{}\"", at, task, cls));
}

// A peer's value beside a cell of data set `cls` (the evidence's `peer`, its `value`): its run's
// metric, or an aggregate of its runs; none when they are not there.
std::optional<double> peer_value(const DeclaredProtocol& p, const ProtocolResults& results,
                                 const std::map<std::string, TaskAggregate>& aggregates,
                                 const std::string& cls, const Json& spec, const Json& pe) {
  const ValueExpression v = parse_value_expression(pe.at("value"), p.where + " peer");
  if (v.term.source == ValueTerm::Source::metric) {
    const RunRecord* pr = finished_run(results.runs, cls, v.term.run);
    const std::optional<double> x = pr ? run_value(*pr, v.term) : std::nullopt;
    return x ? std::optional<double>(v.scaled(*x)) : std::nullopt;
  }
  const std::vector<RunRecord>* pt = finished_tasks(results.tasks, cls, v.term.run);
  if (pt == nullptr) return std::nullopt;
  const AggregateValue a = aggregate_of(aggregates, v.term.name)(
      *pt, {v.scale, spec.value("items", "documents"), 0, &results.tasks.at(cls)});
  return a.scaled ? a.value : v.scaled(a.value);
}

// The cell of column `spec` of a declared row whose data set is here: a run's metric, an
// aggregate of a method's runs or a field of their record, with the row's note and evidence
// (nothing: an optional column without a value).
std::optional<Cell> row_cell(const DeclaredProtocol& p, const ProtocolResults& results,
                             const std::map<std::string, TaskAggregate>& aggregates,
                             const Json& row, const Json& spec, bool fast) {
  const std::string cls = row.at("class"), table = row.at("table"), name = row.at("row");
  const ValueExpression e = column_value(spec);
  const bool metric = e.term.source == ValueTerm::Source::metric;
  const std::string column = spec.at("column");
  const std::string run = e.term.run.empty() ? row.at("run").get<std::string>() : e.term.run;
  const std::string task = row.value("task", "");
  if (!task_row_here(results, cls, task, fast, p.where + " cells row " + row.dump()))
    return std::nullopt;
  const std::vector<RunRecord>* tasks = finished_tasks(results.tasks, cls, run);
  std::vector<RunRecord> one;  // the row's task's run, when it names one
  if (!task.empty() && tasks != nullptr) {
    const RunRecord* t = run_at(results, cls, run, task);
    if (t != nullptr) one = {*t};
    tasks = t == nullptr ? nullptr : &one;
  }
  const RunRecord* r = metric ? run_at(results, cls, run, task) : nullptr;
  if (r == nullptr && (tasks == nullptr || metric)) {
    if (spec.value("optional", false)) return std::nullopt;
    Cell c = unavailable_cell(table, name, column, spec.value("not_run", "not run"));
    c.status = "not_run";
    return c;
  }
  NoteFields fields{results.values, tasks == nullptr ? 0 : tasks->size(),
                    task_record(results, cls, run), Json::object(), Json::object()};
  if (tasks != nullptr && !tasks->empty()) fields.params = tasks->front().params;
  if (const RunRecord* first = r ? r : tasks && !tasks->empty() ? &tasks->front() : nullptr)
    fields.run = {{"metrics", first->metrics}, {"extra", first->extra}, {"params", first->params}};
  const auto fill = [&](const std::string& text) { return note_of(text, fields); };
  const auto note = [&](const Json& aggregate_fields) {
    fields.aggregate = aggregate_fields;
    return row.contains("note") ? fill(row.at("note")) : fill(spec.value("note", ""));
  };
  const auto by_method = results.tasks.find(cls);
  std::optional<Cell> c =
      e.term.source == ValueTerm::Source::record
          ? record_cell(table, name, spec, fields.record, note({}))
      : r == nullptr
          ? aggregate_cell(table, name, spec, *tasks, aggregate_of(aggregates, e.term.name), note,
                           results.seed, run,
                           by_method == results.tasks.end() ? nullptr : &by_method->second)
          : metric_cell(table, name, spec, *r, note({}), results.seed,
                        e.op == ValueExpression::Op::over ? run_at(results, cls, e.other.run, task)
                                                          : nullptr);
  if (!c) return c;
  const auto peer = [&](const Json& pe) {
    return peer_value(p, results, aggregates, cls, spec, pe);
  };
  for (const std::string& id : evidence_ids(row))
    add_evidence(*c, p.cells.at("evidence").at(id), peer);
  return c;
}

}  // namespace

void emit_protocol_cells(ResultFile& rf, const DeclaredProtocol& p, const ProtocolResults& results,
                         const std::map<std::string, TaskAggregate>& aggregates, bool fast) {
  if (!fast)
    for (const Json& v : p.cells.value("values", Json::array()))
      rf.set_cell(value_cell(
          v.at("table"), v.at("row"), v.at("column"),
          p.value(parse_value_expression(v.at("value"), p.where).term.name).get<double>(),
          v.value("unit", ""), v.value("note", "")));
  for (const Json& row : p.cells.value("rows", Json::array())) {
    if (fast && !row.value("fast", false)) continue;
    if (is_extra_solver_row(p, row)) continue;  // emit_extra_solver_cells, a row per solver
    const std::string cls = row.at("class"), table = row.at("table"), name = row.at("row");
    const auto missing = results.unavailable.find(cls);
    const std::string why = missing == results.unavailable.end() ? "" : missing->second;
    const auto d = std::find_if(p.datasets.begin(), p.datasets.end(),
                                [&](const ProtocolDataset& x) { return x.cls == cls; });
    if (!why.empty() && d->missing == MissingCells::marked_unavailable) continue;
    for (Json spec : cell_columns(p, row)) {
      if (row.contains("prefix"))
        spec["column"] =
            row.at("prefix").get<std::string>() + " " + spec.at("column").get<std::string>();
      if (!why.empty()) {
        rf.set_cell(unavailable_cell(table, name, spec.at("column"), why));
        continue;
      }
      if (const std::optional<Cell> c = row_cell(p, results, aggregates, row, spec, fast))
        rf.set_cell(*c);
    }
  }
}

namespace {

// The cell (table, row) of `spec` of an extra solver's row `x`, from the runs `name` of x's
// class, if they finished (and x's data set is here).
void emit_extra_solver_cell(ResultFile& rf, const DeclaredProtocol& p,
                            const ProtocolResults& results,
                            const std::map<std::string, TaskAggregate>& aggregates, bool fast,
                            const Json& x, const std::string& row, const Json& spec,
                            const std::string& name) {
  const std::string cls = x.at("class");
  const std::vector<RunRecord>* tasks = finished_tasks(results.tasks, cls, name);
  const std::string task = x.value("task", "");
  if (const auto why = results.unavailable.find(cls);
      why != results.unavailable.end() && !why->second.empty())
    return;  // its data is not here: the paper's cells say why
  if (!task_row_here(results, cls, task, fast, p.where + " cells " + x.dump())) return;
  const ValueExpression e = column_value(spec);
  const bool metric = e.term.source == ValueTerm::Source::metric;
  const RunRecord* r = finished_run(results.runs, cls, name);
  if (r == nullptr && metric) r = run_at(results, cls, name, task);
  // The note says the solver is not part of the paper, then what the entry's "note" adds (of
  // the data set's record: the extra solver's, or the protocol's methods').
  const auto note = [&](const Json& fields) {
    if (!x.contains("note")) return std::string(kExtraSolverNote);
    Json record = task_record(results, cls, name);
    if (record.is_null() && results.task_records.contains(cls) &&
        !results.task_records.at(cls).empty())
      record = results.task_records.at(cls).begin()->second;
    const NoteFields f{results.values, tasks == nullptr ? 0 : tasks->size(), record, Json::object(),
                       fields};
    return fmt::format("{}; {}", kExtraSolverNote, note_of(x.at("note"), f));
  };
  std::optional<Cell> c;
  if (r != nullptr)
    c = metric_cell(
        x.at("table"), row, spec, *r, note({}), results.seed,
        e.op == ValueExpression::Op::over ? run_at(results, cls, e.other.run, task) : nullptr);
  else if (tasks != nullptr && !metric) {
    const auto by_method = results.tasks.find(cls);
    c = aggregate_cell(x.at("table"), row, spec, *tasks, aggregate_of(aggregates, e.term.name),
                       note, results.seed, name, &by_method->second);
  }
  if (c) rf.set_cell(*c);
}

}  // namespace

void emit_extra_solver_cells(ResultFile& rf, const DeclaredProtocol& p,
                             const ProtocolResults& results,
                             const std::map<std::string, TaskAggregate>& aggregates,
                             const std::vector<ExtraSolver>& extras, bool fast) {
  const auto emit = [&](const Json& x, const std::string& row, const Json& spec,
                        const std::string& name) {
    emit_extra_solver_cell(rf, p, results, aggregates, fast, x, row, spec, name);
  };
  // A row whose run is the --with-solver place: one per solver, "{solver}" in its row, prefix and
  // columns its label, its cells read from that solver's runs.
  for (const Json& x : p.cells.value("rows", Json::array())) {
    if (!is_extra_solver_row(p, x)) continue;
    for (const ExtraSolver& e : extras) {
      const auto labelled = [&e](std::string text) {
        for (size_t at = text.find(kSolverInRow); at != std::string::npos;
             at = text.find(kSolverInRow, at + e.label.size()))
          text.replace(at, std::string(kSolverInRow).size(), e.label);
        return text;
      };
      for (Json spec : cell_columns(p, x)) {
        std::string column = labelled(spec.at("column"));
        if (x.contains("prefix")) column = labelled(x.at("prefix")) + " " + column;
        spec["column"] = column;
        emit(x, labelled(x.at("row")), spec, x.at("run").get<std::string>() + "/" + e.label);
      }
    }
  }
}

}  // namespace linrepro
