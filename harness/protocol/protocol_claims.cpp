#include "harness/protocol/protocol_claims.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <regex>

#include "core/error.h"
#include "harness/language/declaration_checks.h"
#include "harness/language/declared_texts.h"
#include "harness/language/protocol_declaration.h"
#include "harness/language/value_expression.h"
#include "harness/protocol/partition_measures.h"
#include "harness/protocol/size_series.h"
#include "harness/protocol/task_measures.h"

namespace linrepro {

namespace {

// Largest minus smallest value of `name` over trace points with iteration >= from (NaN if none).
double trace_range(const Json& trace, const std::string& name, int64_t from) {
  double lo = INFINITY, hi = -INFINITY;
  for (const Json& p : trace) {
    if (p.at("iteration").get<int64_t>() < from || !p.at("values").contains(name)) continue;
    const double v = p["values"][name].get<double>();
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  return hi >= lo ? hi - lo : NAN;
}

// The finished runs of a binary data set, or each one-task set's run, by method name.
std::map<std::string, const RunRecord*> single_runs(const ProtocolResults& results,
                                                    const std::string& cls) {
  std::map<std::string, const RunRecord*> out;
  if (const auto it = results.runs.find(cls); it != results.runs.end())
    for (const auto& [name, r] : it->second)
      if (r.status == "ok") out[name] = &r;
  if (const auto it = results.tasks.find(cls); it != results.tasks.end())
    for (const auto& [name, runs] : it->second)
      if (runs.size() == 1 && runs.front().status == "ok") out[name] = &runs.front();
  return out;
}

// The finished runs of task `task` of data set `cls`'s task set, by method name.
std::map<std::string, const RunRecord*> task_runs(const ProtocolResults& results,
                                                  const std::string& cls, const std::string& task) {
  std::map<std::string, const RunRecord*> out;
  if (const auto it = results.tasks.find(cls); it != results.tasks.end())
    for (const auto& [name, runs] : it->second)
      for (const RunRecord& r : runs)
        if (r.class_name == task && r.status == "ok") out[name] = &r;
  return out;
}

// The tasks of data set `cls`'s task set, in task order (those of its first method).
std::vector<std::string> task_names(const ProtocolResults& results, const std::string& cls) {
  std::vector<std::string> out;
  if (const auto it = results.tasks.find(cls); it != results.tasks.end() && !it->second.empty())
    for (const RunRecord& r : it->second.begin()->second) out.push_back(r.class_name);
  return out;
}

// The aggregate an evidence term names, of its runs on data set `cls` (or the term's " in "
// class), unscaled; none when the runs are not all there or it measures nothing.
std::optional<AggregateValue> evidence_aggregate(
    const ValueTerm& term, const ProtocolResults& results, std::string cls,
    const std::map<std::string, TaskAggregate>& aggregates) {
  if (!term.cls.empty()) cls = term.cls;
  const std::vector<RunRecord>* tasks = finished_tasks(results.tasks, cls, term.run);
  if (tasks == nullptr) return std::nullopt;
  const auto driver = aggregates.find(term.name);
  const TaskAggregate aggregate =
      driver != aggregates.end() ? driver->second : builtin_aggregate(term.name).value();
  AggregateValue a = aggregate(*tasks, {1, "documents", 0, &results.tasks.at(cls)});
  if (!a.not_measured.empty()) return std::nullopt;
  return a;
}

// The value of an evidence term (its run's metric, or an aggregate of its runs, unscaled; none
// when the run is not there).
std::optional<double> evidence_value(const ValueTerm& term, const ProtocolResults& results,
                                     const std::string& cls,
                                     const std::map<std::string, TaskAggregate>& aggregates,
                                     const std::string& task) {
  if (term.source == ValueTerm::Source::metric) {
    const std::string on = term.cls.empty() ? cls : term.cls;
    const auto runs = task.empty() ? single_runs(results, on) : task_runs(results, on, task);
    const auto it = runs.find(term.run);
    return it == runs.end() ? std::nullopt : run_value(*it->second, term);
  }
  const std::optional<AggregateValue> a = evidence_aggregate(term, results, cls, aggregates);
  if (!a) return std::nullopt;
  return term.field.empty() ? a->value : aggregate_field(*a, term.name, term.field);
}

// An aggregate's text field ("{<aggregate>#<field>@<run>}" whose field is a text: a list the
// aggregate formats), or none when the placeholder names a number.
std::optional<std::string> evidence_text(const ValueExpression& e, const ProtocolResults& results,
                                         const std::string& cls,
                                         const std::map<std::string, TaskAggregate>& aggregates) {
  if (e.op != ValueExpression::Op::none || e.term.source != ValueTerm::Source::aggregate ||
      e.term.field.empty())
    return std::nullopt;
  const std::optional<AggregateValue> a = evidence_aggregate(e.term, results, cls, aggregates);
  if (!a || !a->fields.contains(e.term.field) || !a->fields.at(e.term.field).is_string())
    return std::nullopt;
  if (e.has_scale || !e.format.empty())
    throw ConfigError(fmt::format("evidence \"{}#{}\": a text takes no scale or format",
                                  e.term.name, e.term.field));
  return a->fields.at(e.term.field).get<std::string>();
}

// `text` with its placeholders filled (protocol_claims.h); none when a value is not there.
std::optional<std::string> evidence_of(const std::string& text, const DeclaredClaim& claim,
                                       const ProtocolResults& results, const std::string& cls,
                                       const std::map<std::string, TaskAggregate>& aggregates,
                                       const std::string& task = "") {
  std::string out;
  size_t last = 0;
  for (const EvidencePlaceholder& p : evidence_placeholders(text, claim.id)) {
    out.append(text, last, p.position - last);
    last = p.position + p.length;
    if (!p.bound.empty()) {
      out += fmt::format("{:g}", claim.bound(p.bound));
      continue;
    }
    if (p.task || p.data_set) {
      out += p.task ? task : cls;
      continue;
    }
    const ValueExpression& e = p.value;
    if (const auto why = results.unavailable.find(e.term.cls);
        !e.term.cls.empty() && (why == results.unavailable.end() || !why->second.empty())) {
      out += fmt::format("n/a ({} not here)", e.term.cls);  // another data set's, not measured
      continue;
    }
    if (const std::optional<std::string> text = evidence_text(e, results, cls, aggregates)) {
      out += *text;
      continue;
    }
    std::optional<double> v = evidence_value(e.term, results, cls, aggregates, task);
    if (v && e.op == ValueExpression::Op::minus) {  // a difference, taken before the scale
      const std::optional<double> b = evidence_value(e.other, results, cls, aggregates, task);
      v = b ? std::optional<double>(*v - *b) : std::nullopt;
    }
    if (!v) return std::nullopt;
    out += fmt::format(fmt::runtime(e.format.empty() ? "{:.4g}" : "{:" + e.format + "}"),
                       e.scaled(*v));
  }
  return out.append(text, last);
}

bool is_sequential(const DeclaredProtocol& p, const std::string& cls) {
  return std::any_of(p.datasets.begin(), p.datasets.end(),
                     [&](const ProtocolDataset& d) { return d.cls == cls && d.sequential; });
}

// The slope measures of a size series' methods (size_series.h), over their finished runs.
ClaimMeasures series_measures(const std::map<std::string, std::vector<RunRecord>>& by_method) {
  return series_slope_measures([&by_method](const std::string& method) {
    const std::vector<RunRecord>* runs = finished_tasks(by_method, method);
    return runs == nullptr ? std::vector<SeriesPoint>{} : series_points(*runs);
  });
}

// The trace value `name` at the point nearest `at` updates (NaN if none).
double trace_value_at(const Json& trace, const std::string& name, int64_t at) {
  const Json* p = trace_point_near(trace, static_cast<double>(at));
  return p && p->at("values").contains(name) ? p->at("values")[name].get<double>() : NAN;
}

}  // namespace

std::vector<std::string> claim_aggregates(const DeclaredProtocol& p) {
  std::vector<std::string> out;
  for (const Json& c : p.claims)
    for (const EvidencePlaceholder& e : evidence_placeholders(c.value("evidence", ""), p.where))
      for (const ValueTerm* t : {&e.value.term, &e.value.other})
        if (e.bound.empty() && !e.task && t->source == ValueTerm::Source::aggregate &&
            !t->name.empty())
          out.push_back(t->name);
  return out;
}

namespace {

// The trace measures of the finished runs after `after` updates (protocol_claims.h).
void add_trace_measures(ClaimMeasures& m, const std::map<std::string, const RunRecord*>& runs,
                        int64_t after) {
  const auto measure = [&runs](std::function<double(const RunRecord&)> value) {
    return [&runs, value](std::string what, const std::string& a, const std::string&, double bound,
                          bool above, bool strict) -> std::optional<ClaimComparison> {
      const auto it = runs.find(a);
      if (it == runs.end()) return std::nullopt;
      return exact_comparison(std::move(what), value(*it->second), bound, above, strict);
    };
  };
  for (const char* key : {"train_error", "test_error"})
    m[std::string(key) + "_range"] = measure(
        [key, after](const RunRecord& r) { return 100 * trace_range(r.trace, key, after); });
  m["zeros_growth"] = measure([after](const RunRecord& r) {
    return r.metrics.at("zeros").get<double>() - trace_value_at(r.trace, "zeros", after);
  });
}

// The measures of one group's runs: the harness's (run_measures) and the driver's (`of_runs`),
// the driver's winning a name both give.
ClaimMeasures group_measures(const std::map<std::string, const RunRecord*>& runs,
                             const RunClaimMeasures& of_runs) {
  ClaimMeasures m = of_runs ? of_runs(runs) : ClaimMeasures{};
  m.merge(run_measures(runs));
  return m;
}

// A claim tested on each task of its data set (the group: the task), its evidence the declared
// text for each task measured, joined by "; ".
void add_per_task_claim(ResultFile& rf, const DeclaredClaim& claim, const Json& c,
                        const ProtocolResults& results,
                        const std::map<std::string, TaskAggregate>& aggregates,
                        const RunClaimMeasures& of_runs) {
  const std::string cls = c.at("class");
  if (const auto why = results.unavailable.find(cls);
      why == results.unavailable.end() || !why->second.empty())
    return;
  std::vector<ClaimComparison> parts;
  std::string evidence;
  for (const std::string& task : task_names(results, cls)) {
    const std::map<std::string, const RunRecord*> runs = task_runs(results, cls, task);
    const auto p = declared_comparisons(claim, group_measures(runs, of_runs), task);
    // Its runs are not all there, or no test applies to it (`groups`): not among the groups.
    if (!p || p->empty()) continue;
    const auto e = evidence_of(c.value("evidence", ""), claim, results, cls, aggregates, task);
    if (!e)  // decided, but a value its evidence names is not there: never dropped silently
      throw ConfigError(
          fmt::format("claim \"{}\" on {} task {}: its evidence names a value its "
                      "runs do not give",
                      claim.id, cls, task));
    parts.insert(parts.end(), p->begin(), p->end());
    evidence += (evidence.empty() ? "" : "; ") + *e;
  }
  if (!parts.empty()) rf.add_claim(tested_claim(claim, std::move(parts), evidence));
}

// A claim's evidence: for the first data set measured, or (naming `{class}`) for each, "; "-joined.
std::string list_evidence(const std::string& text, const DeclaredClaim& claim,
                          const ProtocolResults& results, const std::vector<std::string>& measured,
                          const std::map<std::string, TaskAggregate>& aggregates,
                          const std::string& where) {
  const bool each = text.find("{class}") != std::string::npos;
  std::string out;
  for (const std::string& cls : measured) {
    const auto e = evidence_of(text, claim, results, cls, aggregates);
    if (!e)  // decided, but a value its evidence names is not there: never dropped silently
      throw ConfigError(
          fmt::format("{}: claim \"{}\" on {}: its evidence names a value its runs do not give",
                      where, claim.id, cls));
    out += (out.empty() ? "" : "; ") + *e;
    if (!each) break;
  }
  return out;
}

}  // namespace

void add_protocol_claims(ResultFile& rf, const DeclaredProtocol& p, const std::string& paper,
                         const ProtocolResults& results,
                         const std::map<std::string, TaskAggregate>& aggregates,
                         const ClaimMeasuresOf& driver, const RunClaimMeasures& of_runs) {
  for (const Json& c : p.claims) {
    TextArgs args;
    const Json a = c.value("args", Json::object());  // its names outlive the args
    for (const auto& [name, value] : a.items())      // the store copies each text
      args.set(name.c_str(), with_declared_values(value.get<std::string>(), results.values));
    const DeclaredClaim claim = declared_claim(paper, c.at("claim"), args);
    if (c.value("per_task", false)) {
      add_per_task_claim(rf, claim, c, results, aggregates, of_runs);
      continue;
    }
    // One data set (group ""), or each of a list that is here (group: its name).
    const bool each = c.at("class").is_array();
    std::vector<ClaimComparison> parts;
    std::vector<std::string> measured;  // the data sets whose tests were made, in declared order
    for (const std::string& on : each ? c.at("class").get<std::vector<std::string>>()
                                      : std::vector<std::string>{c.at("class")}) {
      if (const auto why = results.unavailable.find(on);
          why == results.unavailable.end() || !why->second.empty())
        continue;  // not here (or not in this subset)
      const std::map<std::string, const RunRecord*> runs = single_runs(results, on);
      ClaimMeasures measures = group_measures(runs, of_runs);
      if (claim.bounds.contains("after"))
        add_trace_measures(measures, runs, static_cast<int64_t>(claim.bound("after")));
      if (const auto tasks = results.tasks.find(on); tasks != results.tasks.end()) {
        measures.merge(partition_measures(tasks->second));
        measures.merge(task_measures(tasks->second));
        if (is_sequential(p, on)) measures.merge(series_measures(tasks->second));
      }
      if (driver) {
        ClaimMeasures own = driver(results, on);
        own.merge(measures);  // the driver's win a name both give
        measures = std::move(own);
      }
      if (auto p = declared_comparisons(claim, measures, each ? on : "")) {
        parts.insert(parts.end(), p->begin(), p->end());
        measured.push_back(on);
      }
    }
    if (parts.empty()) continue;
    rf.add_claim(tested_claim(
        claim, std::move(parts),
        list_evidence(c.value("evidence", ""), claim, results, measured, aggregates, p.where)));
  }
}

}  // namespace linrepro
