#pragma once
// The one syntax of a number the runs give, wherever a declaration names one: a cell column's
// `value`, an ablation row's values, a peer's `value`, a setting cell's `value` and the "{...}"
// placeholders of a claim's evidence.
//
//   expression := term [(" minus " | " over ") term] ["|" [scale] [":" format]]
//   term       := quantity ["@" run] [" in " class] [" at " point]
//   quantity   := "metric:" path          a run's metric ("accuracy", "train_seconds",
//                                         "extra.a.b": field a.b of its extra)
//               | "record:" path          field a.b of the runs' task set record
//               | "$" name                a declared value
//               | aggregate ["#" field]   a number over a method's runs on a task set
//                                         (partition_measures.h, or the experiment's), or one of
//                                         its note fields; "name:argument" passes an argument
//   scale      := number | "/" number     multiplied by, or divided by (bytes per MB)
//   point      := number [" epochs"]     a "metric:" read off the run's trace, at the point
//                                         nearest that many updates (epochs: times the run's
//                                         train_rows), not at the end
//   format     := an fmt spec (".2f")     in an evidence text only
//
// "minus" subtracts the second term (before the scale); "over" divides by it (a ratio). A term
// without "@run" reads the run of its context (a cell row's), without " in class" the
// context's data set. Examples: "metric:accuracy|100", "combined-micro-f1@mmlr-cg minus
// combined-micro-f1@smo|100:+.2f", "metric:train_seconds over metric:train_seconds@mcsvm",
// "metric:zeros@cumulative at 5 epochs".
#include <string>
#include <vector>

namespace linrepro {

struct ValueTerm {
  enum class Source { metric, record, value, aggregate };
  Source source = Source::metric;
  std::string name;   // the metric's or record's path, the value's name, the aggregate
  std::string field;  // an aggregate's note field read instead of its value (empty: its value)
  std::string run;    // empty: the context's run
  std::string cls;    // empty: the context's data set
  double at = -1;     // a trace point's updates (or epochs); negative: the run's end
  bool at_epochs = false;
};

struct ValueExpression {
  enum class Op { none, minus, over };
  ValueTerm term;
  Op op = Op::none;
  ValueTerm other;     // with op
  double scale = 1;    // the value is multiplied by it ...
  double divisor = 0;  // ... or, when positive, divided by it
  std::string format;  // an fmt spec without braces (evidence only; empty: none given)
  bool has_scale = false;

  double scaled(double v) const { return divisor > 0 ? v / divisor : scale * v; }
};

// The expression `text`; a ConfigError "<where>: <what>" when it is not one.
ValueExpression parse_value_expression(const std::string& text, const std::string& where);

// A "{...}" placeholder of a claim's evidence text: "{bound.<name>}" (a bound of the claim),
// "{task}" (the task of a claim tested per task), "{class}" (the data set of a claim tested on a
// list of them: its evidence is given for each) or "{<expression>}" whose expression names a run
// ("@"). Any other brace is a ConfigError: a value without its run would otherwise stay text.
struct EvidencePlaceholder {
  size_t position = 0, length = 0;  // of the braces and what they hold, in the text
  std::string bound;                // the bound's name, or empty for ...
  bool task = false;                // ... the task, or ...
  bool data_set = false;            // ... the data set, or ...
  ValueExpression value;            // ... a value
};
std::vector<EvidencePlaceholder> evidence_placeholders(const std::string& text,
                                                       const std::string& where);

}  // namespace linrepro
