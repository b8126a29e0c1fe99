#include "harness/protocol/protocol_ablations.h"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <set>

#include "harness/language/declaration_checks.h"
#include "harness/language/declared_texts.h"
#include "harness/language/value_expression.h"
#include "harness/protocol/draw_spread.h"
#include "harness/protocol/partition_measures.h"

namespace linrepro {

namespace {

// The finished run `name` of data set `cls` (a task set's first task; a binary set's run).
const RunRecord* finished(const ProtocolResults& results, const std::string& cls,
                          const std::string& name) {
  if (const RunRecord* r = finished_run(results.runs, cls, name)) return r;
  const std::vector<RunRecord>* tasks = finished_tasks(results.tasks, cls, name);
  return tasks == nullptr || tasks->empty() || tasks->front().status != "ok" ? nullptr
                                                                             : &tasks->front();
}

// An ablation value (harness/language/value_expression.h) on data set `cls` (or its " in "
// class): a run's metric, or an aggregate over the run's tasks (all of them there) in its scale,
// one of its note fields; or the difference of two runs' metrics or of two runs' same aggregate;
// none when a run is not there.
std::optional<double> value_of(const ProtocolResults& results, const std::string& cls,
                               const ValueExpression& v,
                               const std::map<std::string, TaskAggregate>& aggregates) {
  const std::string on = v.term.cls.empty() ? cls : v.term.cls;
  if (v.term.source == ValueTerm::Source::aggregate) {
    const auto driver = aggregates.find(v.term.name);
    const TaskAggregate aggregate =
        driver != aggregates.end() ? driver->second : builtin_aggregate(v.term.name).value();
    const auto of = [&](const std::string& run) -> std::optional<AggregateValue> {
      const std::vector<RunRecord>* tasks = finished_tasks(results.tasks, on, run);
      if (tasks == nullptr) return std::nullopt;
      return aggregate(*tasks, {v.scale, "documents", 0, &results.tasks.at(on)});
    };
    const std::optional<AggregateValue> a = of(v.term.run);
    if (!a) return std::nullopt;
    if (!v.term.field.empty()) return aggregate_field(*a, v.term.name, v.term.field);
    double value = a->value;
    if (v.op == ValueExpression::Op::minus) {  // subtracted before scaling
      const std::optional<AggregateValue> b = of(v.other.run);
      if (!b) return std::nullopt;
      value -= b->value;
    }
    return a->scaled ? value : v.scaled(value);
  }
  const auto metric = [&](const ValueTerm& t) -> std::optional<double> {
    const RunRecord* r = finished(results, t.cls.empty() ? cls : t.cls, t.run);
    return r == nullptr ? std::nullopt : run_value(*r, t);
  };
  std::optional<double> value = metric(v.term);
  if (value && v.op == ValueExpression::Op::minus) {  // subtracted before scaling
    const std::optional<double> b = metric(v.other);
    value = b ? std::optional<double>(*value - *b) : std::nullopt;
  }
  return value ? std::optional<double>(v.scaled(*value)) : std::nullopt;
}

// `text` with each "{run.a.b}" replaced by field a.b of `r` and each "{record.a.b}" by that of
// its task set's record (their JSON text, a string as it is).
std::string described(const std::string& text, const RunRecord& r, const Json& record) {
  static const std::regex placeholder(R"(\{(run|record)\.([A-Za-z_0-9.]+)\})");
  const Json j = {{"run", {{"metrics", r.metrics}, {"extra", r.extra}, {"params", r.params}}},
                  {"record", record}};
  std::string out;
  auto last = text.cbegin();
  for (std::sregex_iterator it(text.begin(), text.end(), placeholder), end; it != end; ++it) {
    out.append(last, text.cbegin() + it->position());
    std::string pointer = "/" + (*it)[1].str() + "/" + (*it)[2].str();
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    const Json& v = j.at(Json::json_pointer(pointer));
    out += v.is_string() ? v.get<std::string>() : v.dump();
    last = text.cbegin() + it->position() + it->length();
  }
  return out.append(last, text.cend());
}

// One declared row, or nothing when it names runs and none gave a value.
std::optional<AblationRow> row_of(const ProtocolResults& results, const std::string& cls,
                                  const Json& row,
                                  const std::map<std::string, TaskAggregate>& aggregates) {
  AblationRow out{row.at("row"), row.at("description"),       row.value("chosen", false),
                  false,         row.value("allowed", false), {}};
  const RunRecord* first = nullptr;
  Json record;  // the first run's task set record
  for (const Json& text : row.at("values")) {
    if (text.is_null()) {
      out.values.push_back(std::nullopt);
      continue;
    }
    const ValueExpression v = parse_value_expression(text, "ablation row " + row.dump());
    const std::string on = v.term.cls.empty() ? cls : v.term.cls;
    out.values.push_back(value_of(results, cls, v, aggregates));
    if (!first) {
      first = finished(results, on, v.term.run);
      if (results.task_records.contains(on) && results.task_records.at(on).contains(v.term.run))
        record = results.task_records.at(on).at(v.term.run);
    }
  }
  // Left out when it names runs and has no value; a row of nulls says what was not run.
  const bool names_runs = std::any_of(row.at("values").begin(), row.at("values").end(),
                                      [](const Json& v) { return !v.is_null(); });
  const bool valued = std::any_of(out.values.begin(), out.values.end(),
                                  [](const std::optional<double>& v) { return v.has_value(); });
  if (names_runs && !valued) return std::nullopt;
  if (first != nullptr) out.description = described(out.description, *first, record);
  return out;
}

// `a` without the columns no row holds a value in (the reference row included): what this run
// did not measure (the fast subset's fewer points), not a finding.
Ablation without_empty_columns(Ablation a) {
  for (size_t c = a.columns.size(); c-- > 0;) {
    if (std::any_of(a.rows.begin(), a.rows.end(),
                    [c](const AblationRow& r) { return r.values.at(c).has_value(); }))
      continue;
    a.columns.erase(a.columns.begin() + static_cast<std::ptrdiff_t>(c));
    for (AblationRow& r : a.rows) r.values.erase(r.values.begin() + static_cast<std::ptrdiff_t>(c));
  }
  return a;
}

AblationRow published_row(const Json& spec, const std::optional<PublishedPaper>& published) {
  AblationRow out{"published", spec.at("description"), false, true, false, {}};
  for (const Json& c : spec.at("cells"))
    out.values.push_back(c.is_null() ? std::nullopt
                                     : published_value(published ? &*published : nullptr, c.at(0),
                                                       c.at(1), c.at(2)));
  return out;
}

}  // namespace

void add_protocol_ablations(ResultFile& rf, const DeclaredProtocol& p, const std::string& paper,
                            const ProtocolResults& results, bool fast,
                            const std::optional<PublishedPaper>& published,
                            const std::map<std::string, TaskAggregate>& aggregates) {
  for (const Json& t : p.ablation_tables) {
    if (fast && !t.value("fast", false)) continue;
    const std::string cls = t.at("class");
    std::vector<AblationRow> rows;
    bool measured = false;  // a row holds a run's value
    for (const Json& row : t.at("rows"))
      if (auto r = row_of(results, cls, row, aggregates)) {
        measured |= std::any_of(r->values.begin(), r->values.end(),
                                [](const std::optional<double>& v) { return v.has_value(); });
        rows.push_back(std::move(*r));
      }
    if (!measured) continue;  // its data set is not here, or not in this subset
    TextArgs args;
    const Json a = t.value("args", Json::object());  // its names outlive the args
    for (const auto& [name, value] : a.items()) args.set(name.c_str(), value.get<std::string>());
    Ablation ablation = declared_ablation(paper, t.at("ablation"), args);
    ablation.columns = t.at("columns").get<std::vector<std::string>>();
    if (t.contains("spread")) {  // draws of one protocol: every value there, then mean and sd
      std::vector<DrawRow> draws;
      for (const AblationRow& r : rows) {
        if (std::any_of(r.values.begin(), r.values.end(), [](auto& v) { return !v; })) break;
        draws.push_back({r.variant, r.description, {}});
        for (const std::optional<double>& v : r.values) draws.back().values.push_back(*v);
      }
      if (draws.size() == t.at("rows").size())
        rf.add_ablation(draw_spread_ablation(std::move(ablation), draws, t.at("spread")));
      continue;
    }
    ablation.rows = std::move(rows);
    if (t.contains("published"))
      ablation.rows.push_back(published_row(t.at("published"), published));
    rf.add_ablation(without_empty_columns(std::move(ablation)));
  }
}

}  // namespace linrepro
