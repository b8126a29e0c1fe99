// solvers / train / predict / eval: LIBLINEAR-style use of any registered solver on LIBSVM files.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <utility>

#include "baselines/external_solver.h"
#include "cli/commands.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/labels.h"
#include "core/libsvm_format.h"
#include "core/row_error.h"
#include "core/stopwatch.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/experiment/solver_catalog.h"
#include "metrics/averaging.h"
#include "metrics/binary_counts.h"
#include "metrics/confusion_matrix.h"
#include "solvers/model_io.h"

namespace linrepro::cli {
namespace {

struct FitOptions {
  std::string solver = "smo";
  std::vector<std::string> params;
  bool multiclass = false;
  uint64_t seed = 1;
  int threads = 2;
  bool quiet = false;
  bool json = false;
};

void add_json_flag(CLI::App* cmd, bool& json) {
  cmd->add_flag("--json", json,
                "print the report as one JSON object on stdout and nothing else (warnings and "
                "progress stay on stderr)");
}

// Defaults are shown by --help (capture_default_str), so a user sees what an omitted option means.
void add_fit_options(CLI::App* cmd, FitOptions& o) {
  cmd->add_option("-s,--solver", o.solver, "registered solver name (see `linrepro solvers`)")
      ->capture_default_str();
  cmd->add_option("-p,--param", o.params,
                  "solver parameter key=value (repeatable), e.g. -p lambda=1e-4 -p eps=1e-5; "
                  "omitted: the solver's declared defaults (`linrepro solvers`)");
  cmd->add_flag("--multiclass", o.multiclass,
                "treat labels as classes even when there are only two");
  cmd->add_option("--seed", o.seed, "seed for every random choice of the solver")
      ->capture_default_str();
  cmd->add_option("--threads", o.threads, "workers for one-vs-rest")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_flag("-q,--quiet", o.quiet, "no progress on stderr");
  add_json_flag(cmd, o.json);
}

Params parse_params(const std::vector<std::string>& assignments) {
  Params p = Params::object();
  for (const auto& a : assignments) set_param_from_text(p, a);
  return p;
}

void warn(const std::string& what) { fmt::print(stderr, "linrepro: warning: {}\n", what); }

// train/eval/predict take one label per row: a "1,2" line is an error at its line, not a silent
// "first label wins".
void require_single_labels(const LibsvmData& data, const std::string& file) {
  if (data.first_multilabel_line)
    throw DataError(file, data.first_multilabel_line,
                    "several labels on one line (multi-label data): train/eval/predict take one "
                    "label per row; write one file per category with +1/-1 labels instead "
                    "(`linrepro export --category`)");
}

// A solver that rejects one row (nb: a negative count) knows the row, not the file: name the file
// and the row's line, as the reader does for malformed input.
template <class Fit>
auto at_file_lines(const LibsvmData& data, const std::string& file, Fit fit) {
  try {
    return fit();
  } catch (const RowError& e) {
    const size_t row = static_cast<size_t>(e.row);
    if (row < data.lines.size()) throw DataError(file, data.lines[row], e.cause);
    throw DataError(file, 0, e.what());
  }
}

// The final objective with what it is: the solver's declared objective (SolverKind::objective),
// so a number is never read in the wrong convention. One-vs-rest reports the sum over classes.
nlohmann::json objective_report(double value, const SolverInfo& info, size_t one_vs_rest_classes) {
  nlohmann::json j = {{"value", value}, {"of", info.kind.objective}};
  if (one_vs_rest_classes)
    j["summed_over"] =
        fmt::format("the {} one-vs-rest problems (one per class)", one_vs_rest_classes);
  return j;
}

void add_fit_report(nlohmann::json& report, nlohmann::json objective, int64_t iterations,
                    StopReason stop, const nlohmann::json& extra) {
  report["objective"] = std::move(objective);
  report["iterations"] = iterations;
  report["stop"] = to_string(stop);
  report["extra"] = extra;
}

// Trains on X with raw labels; binary when the labels allow it (documented mapping in
// core/labels.h). Adds objective, iterations, stop, extra and train_seconds to `report`.
SavedModel train(const LibsvmData& data, const std::string& file, const FitOptions& o,
                 nlohmann::json& report) {
  require_single_labels(data, file);
  if (is_external_solver(o.solver)) parse_extra_solver(o.solver);  // registers cmd: / py:
  const auto& registry = solver_catalog();
  SavedModel m;
  m.solver = o.solver;
  m.params = parse_params(o.params);
  FitContext ctx;
  ctx.seed = o.seed;
  ctx.progress = !o.quiet;
  ctx.threads = o.threads;
  ctx.label = o.solver;
  const std::set<double> distinct(data.labels.begin(), data.labels.end());
  // One class has no decision boundary: every solver would return some degenerate model.
  if (distinct.size() == 1)
    throw DataError(file, 0,
                    fmt::format("every training row has label {}: a classifier needs at least two "
                                "classes",
                                *distinct.begin()));
  m.multiclass = o.multiclass || distinct.size() > 2;
  if (!m.multiclass) {
    BinaryLabels y;
    try {
      y = to_binary(data.labels);
    } catch (const ConfigError&) {
      throw DataError(file, 0,
                      fmt::format("labels {{{}}} are not binary (-1/+1, 0/1 or 1/2); pass "
                                  "--multiclass to train them as two classes",
                                  fmt::join(distinct, ", ")));
    }
    double positive = 1, negative = -1;
    for (size_t i = 0; i < y.size(); ++i) (y[i] > 0 ? positive : negative) = data.labels[i];
    m.labels = {positive, negative};
    const BinaryFit fit = at_file_lines(data, file, [&] {
      return registry.fit_binary(o.solver, BinaryProblem{data.X, y}, m.params, ctx);
    });
    m.model.per_class = {fit.model};
    // LIBLINEAR and LIBSVM order labels by first appearance, except that -1/+1 data always has
    // +1 first, and predict their second label at a tie (solvers/linear_model.h). The adapters
    // (the only fits that set tie_positive = false) saw our -1/+1 mapping, so they break ties as
    // for -1/+1 data; on a file with other labels (0/1, 1/2) liblinear-train/-predict would give
    // the tie to the label that appears second in the file. Predict as they would on this file.
    if (!fit.model.tie_positive && distinct != std::set<double>{-1.0, 1.0}) {
      const auto second = std::find_if(y.begin(), y.end(), [&](double v) { return v != y[0]; });
      m.model.per_class[0].tie_positive = *second > 0;
    }
    add_fit_report(report, objective_report(fit.objective, registry.get(o.solver), 0),
                   fit.iterations, fit.stop, fit.extra);
  } else {
    const MulticlassLabels labels = to_multiclass(data.labels);
    for (const auto& name : labels.class_names) m.labels.push_back(std::stod(name));
    MulticlassFit fit = at_file_lines(data, file, [&] {
      return registry.fit_multiclass(o.solver, MulticlassProblem{data.X, labels}, m.params, ctx);
    });
    m.model = std::move(fit.model);  // a copy would double the weights' memory (20NG: 11 MB)
    const SolverInfo& info = registry.get(o.solver);
    // Without a native multiclass fit the registry trains one-vs-rest and sums the objectives.
    add_fit_report(report,
                   objective_report(fit.objective, info, info.fit_multiclass ? 0 : m.labels.size()),
                   fit.iterations, fit.stop, fit.extra);
  }
  report["train_seconds"] = ctx.clock.seconds();
  return m;
}

// Predicted raw labels for every row.
std::vector<double> predict_labels(const SavedModel& m, const CsrMatrix& X) {
  std::vector<double> out(X.rows);
  if (!m.multiclass) {
    const LinearModel& f = m.model.per_class[0];
    for (int32_t i = 0; i < X.rows; ++i)
      out[i] = f.label(f.decision(X, i)) > 0 ? m.labels[0] : m.labels[1];
  } else {
    const auto ids = m.model.predict(X);
    for (int32_t i = 0; i < X.rows; ++i) out[i] = m.labels[ids[i]];
  }
  return out;
}

// The test labels as the model's label values. Binary: a test set written in another binary
// convention (-1/+1 vs the training set's 0/1) is mapped by the same rule as training
// (core/labels.h: the positive class is +1 or 1), with a warning; any other unseen label is
// warned about and counts as an error.
std::vector<double> test_labels_as_model_labels(const SavedModel& m, const LibsvmData& data,
                                                const std::string& file) {
  std::vector<double> out = data.labels;
  std::set<double> unseen;
  for (double v : out)
    if (std::find(m.labels.begin(), m.labels.end(), v) == m.labels.end()) unseen.insert(v);
  if (unseen.empty()) return out;
  const std::set<double> test_values(data.labels.begin(), data.labels.end());
  if (!m.multiclass && test_values.size() == 2) {
    try {
      const BinaryLabels y = to_binary(data.labels);
      for (size_t i = 0; i < out.size(); ++i) out[i] = y[i] > 0 ? m.labels[0] : m.labels[1];
      double test_positive = NAN;
      for (size_t i = 0; i < y.size(); ++i)
        if (y[i] > 0) test_positive = data.labels[i];
      warn(
          fmt::format("{}: labels {{{}}} differ from the training labels {{{}}}; mapped the same "
                      "way: {} is the positive class, as {} in training",
                      file, fmt::join(test_values, ", "), fmt::join(m.labels, ", "), test_positive,
                      m.labels[0]));
      return out;
    } catch (const ConfigError&) {
      // not a binary convention: fall through to the unseen-label warning
    }
  }
  int64_t rows = 0;
  for (double v : data.labels) rows += unseen.contains(v);
  warn(fmt::format("{}: {} rows have labels never seen in training ({{{}}}); they count as errors",
                   file, rows, fmt::join(unseen, ", ")));
  return out;
}

// Metrics of the model on `data`, and "predict_seconds": the time to predict its rows (reading
// the file excluded).
nlohmann::json evaluate(const SavedModel& m, const LibsvmData& data, const std::string& file) {
  require_single_labels(data, file);
  const Stopwatch clock;
  const auto predicted = predict_labels(m, data.X);
  const double predict_seconds = clock.seconds();
  const std::vector<double> labels = test_labels_as_model_labels(m, data, file);
  nlohmann::json r;
  int64_t correct = 0;
  for (int32_t i = 0; i < data.X.rows; ++i) correct += predicted[i] == labels[i];
  r["rows"] = data.X.rows;
  r["accuracy"] = data.X.rows ? static_cast<double>(correct) / data.X.rows : 0.0;
  if (!m.multiclass) {
    std::vector<double> truth(data.X.rows), pred(data.X.rows);
    for (int32_t i = 0; i < data.X.rows; ++i) {
      truth[i] = labels[i] == m.labels[0] ? 1 : -1;
      pred[i] = predicted[i] == m.labels[0] ? 1 : -1;
    }
    const BinaryCounts c = count_binary(truth, pred);
    r["precision"] = precision(c);
    r["recall"] = recall(c);
    r["f1"] = f1(c);
  } else {
    std::vector<int32_t> truth(data.X.rows), pred(data.X.rows);
    auto id = [&](double v) {
      return static_cast<int32_t>(std::find(m.labels.begin(), m.labels.end(), v) -
                                  m.labels.begin());
    };
    const int32_t K = static_cast<int32_t>(m.labels.size());
    std::vector<int32_t> keep;
    for (int32_t i = 0; i < data.X.rows; ++i) {
      truth[i] = id(labels[i]);
      pred[i] = id(predicted[i]);
    }
    // Test labels never seen in training count as errors but cannot enter the K x K matrix.
    std::vector<int32_t> t2, p2;
    for (int32_t i = 0; i < data.X.rows; ++i)
      if (truth[i] < K) {
        t2.push_back(truth[i]);
        p2.push_back(pred[i]);
      }
    const ConfusionMatrix C = confusion_matrix(t2, p2, K);
    const auto per_class = per_class_counts(C);
    r["micro_f1"] = micro_average(per_class).f1;
    r["macro_f1"] = macro_average(per_class).f1;
  }
  r["predict_seconds"] = predict_seconds;
  return r;
}

// The first bytes of a file (what it looks like, for messages); "" when it cannot be read.
std::string file_head(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(64 * 1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  return head;
}

// `predict TEST MODEL [OUT]` typed as `predict MODEL TEST`: the model slot then holds LIBSVM data,
// which the loader says; add what most likely happened and the right order.
SavedModel load_predict_model(const std::string& model_file, const std::string& test_file) {
  try {
    return load_model(model_file);
  } catch (const DataError& e) {
    if (libsvm_data_evidence(file_head(model_file)).empty()) throw;
    const std::string head = file_head(test_file);
    const size_t first = head.find_first_not_of(" \t\r\n");
    const std::string test_is_json =
        first != std::string::npos && head[first] == '{'
            ? fmt::format(" ({}, given as the test file, is JSON: the model?)", test_file)
            : "";
    throw ConfigError(
        fmt::format("{}; did you swap the arguments?{} usage: linrepro predict TEST "
                    "MODEL [OUT]",
                    e.what(), test_is_json));
  }
}

// ---- what train / eval / predict print: --json gives the report object alone; the default is
// the same facts as aligned lines a person reads.

void print_json(const nlohmann::json& report) { fmt::print("{}\n", report.dump(2)); }

// "accuracy 0.9833, precision 0.98, recall 0.99, F1 0.98" from evaluate()'s metrics.
std::string metrics_text(const nlohmann::json& r) {
  static const std::pair<const char*, const char*> kNames[] = {
      {"accuracy", "accuracy"}, {"precision", "precision"}, {"recall", "recall"}, {"f1", "F1"},
      {"micro_f1", "micro-F1"}, {"macro_f1", "macro-F1"}};
  std::vector<std::string> parts;
  for (const auto& [key, name] : kNames)
    if (r.contains(key)) parts.push_back(fmt::format("{} {:.4f}", name, r[key].get<double>()));
  return fmt::format("{} ({} rows)", fmt::join(parts, ", "), r.value("rows", 0));
}

std::string seconds_text(double s) { return fmt::format("{:.3g} s", s); }

void print_line(const std::string& label, const std::string& text) {
  fmt::print("  {:<11} {}\n", label, text);
}

// The solver's extra facts as "key value" pairs (lists and objects as their size), cut at ~200
// characters: the whole of them is in --json.
std::string details_text(const nlohmann::json& extra) {
  std::string out;
  for (const auto& [key, v] : extra.items()) {
    const std::string value = v.is_string() ? v.get<std::string>()
                              : v.is_array() || v.is_object()
                                  ? fmt::format("({} entries)", v.size())
                                  : v.dump();
    const std::string part = fmt::format("{}{} {}", out.empty() ? "" : ", ", key, value);
    if (out.size() + part.size() > 200) return out + ", ... (--json shows all)";
    out += part;
  }
  return out;
}

// The fit part of a train/eval report: objective (value, then what it is), iterations, extra.
void print_fit_lines(const nlohmann::json& r) {
  const nlohmann::json& obj = r["objective"];
  std::string of = obj["of"].get<std::string>();
  if (obj.contains("summed_over"))
    of = fmt::format("sum over {} of: {}", obj["summed_over"].get<std::string>(), of);
  print_line("objective", fmt::format("{:.10g}  ({})", obj["value"].get<double>(), of));
  print_line("iterations", fmt::format("{} (stop: {})", r["iterations"].get<int64_t>(),
                                       r["stop"].get<std::string>()));
  if (!r["extra"].empty()) print_line("details", details_text(r["extra"]));
}

}  // namespace

void add_model_commands(CLI::App& app) {
  auto* solvers =
      app.add_subcommand("solvers", "list the registered solvers with their parameters");
  solvers->callback([] {
    for (const auto& s : solver_catalog().all()) {
      fmt::print("{:<18} {}\n", s.name, s.description);
      fmt::print("{:<18} source: {}\n", "", s.source);
      // What it is: the loss, penalty and intercept of its problem, and where the papers' lambda
      // goes.
      std::string intercept = to_string(s.kind.intercept);
      if (!s.kind.intercept_params.empty())
        intercept += fmt::format(" (with {})", s.kind.intercept_params.dump());
      fmt::print("{:<18} kind: loss {}, penalty {}, intercept {}; {}; lambda -> '{}'\n", "",
                 to_string(s.kind.loss), to_string(s.kind.penalty), intercept, classes_text(s),
                 s.kind.lambda_param);
      fmt::print("{:<18} objective: {}\n", "", s.kind.objective);
      for (const auto& p : s.params) {
        std::string doc = p.doc;
        if (p.default_value.is_null() && !p.no_default.empty())
          doc += fmt::format(" (absent: {})", p.no_default);
        fmt::print("{:<18}   {:<16} {:<28} = {:<11} {}\n", "", p.name, p.type_text(),
                   p.default_text(), doc);
      }
    }
  });

  static FitOptions train_opts;
  static std::string train_file, model_file;
  auto* train_cmd = app.add_subcommand(
      "train", "train a solver on a LIBSVM file and save the model (like liblinear-train)");
  add_fit_options(train_cmd, train_opts);
  train_cmd->add_option("training_file", train_file, "LIBSVM-format training data")
      ->required()
      ->check(CLI::ExistingFile);
  train_cmd->add_option("model_file", model_file, "where to write the model (JSON)")->required();
  train_cmd->callback([] {
    LibsvmData data = read_libsvm(train_file);
    nlohmann::json report = {{"solver", train_opts.solver},
                             {"training_file", train_file},
                             {"model_file", model_file},
                             {"rows", data.X.rows},
                             {"features", data.X.cols}};
    const SavedModel m = train(data, train_file, train_opts, report);
    report["training"] = evaluate(m, data, train_file);
    data = {};  // released before the model is written: the data and the writing were the peak
    save_model(model_file, m);
    if (train_opts.json) return print_json(report);
    fmt::print("{} on {} ({} rows, {} features) -> {}\n", m.solver, train_file,
               report["rows"].get<int64_t>(), report["features"].get<int64_t>(), model_file);
    print_fit_lines(report);
    print_line("train time", seconds_text(report["train_seconds"].get<double>()));
    print_line("training", metrics_text(report["training"]));
  });

  static std::string test_file, pmodel_file, out_file;
  auto* predict_cmd = app.add_subcommand(
      "predict", "predict a LIBSVM file with a saved model (like liblinear-predict)");
  predict_cmd->add_option("test_file", test_file, "LIBSVM-format data")
      ->required()
      ->check(CLI::ExistingFile);
  predict_cmd->add_option("model_file", pmodel_file, "a model written by `linrepro train`")
      ->required()
      ->check(CLI::ExistingFile);
  predict_cmd->add_option("output_file", out_file, "one predicted label per line (default: none)");
  static bool predict_json = false;
  add_json_flag(predict_cmd, predict_json);
  predict_cmd->callback([] {
    const SavedModel m = load_predict_model(pmodel_file, test_file);
    const int32_t features =
        m.model.per_class.empty() ? 0 : static_cast<int32_t>(m.model.per_class[0].w.size());
    const LibsvmData data = read_libsvm(test_file, features);
    if (!out_file.empty()) {
      const auto predicted = predict_labels(m, data.X);
      std::string text;
      for (double v : predicted) text += fmt::format("{}\n", v);
      write_file_atomic(out_file, text);
    }
    nlohmann::json report = {{"solver", m.solver},
                             {"test_file", test_file},
                             {"model_file", pmodel_file},
                             {"test", evaluate(m, data, test_file)}};
    if (predict_json) return print_json(report);
    fmt::print("{} ({}) on {}\n", m.solver, pmodel_file, test_file);
    print_line("test time", seconds_text(report["test"]["predict_seconds"].get<double>()) +
                                " (predicting; reading the file excluded)");
    print_line("test", metrics_text(report["test"]));
    if (!out_file.empty()) print_line("predictions", out_file);
  });

  static FitOptions eval_opts;
  static std::string eval_train, eval_test;
  auto* eval_cmd = app.add_subcommand(
      "eval",
      "train on one LIBSVM file, evaluate on another; prints the objective (and which), train "
      "and test time, metrics (--json: one JSON object)");
  add_fit_options(eval_cmd, eval_opts);
  eval_cmd->add_option("training_file", eval_train, "LIBSVM-format training data")
      ->required()
      ->check(CLI::ExistingFile);
  eval_cmd->add_option("test_file", eval_test, "LIBSVM-format test data")
      ->required()
      ->check(CLI::ExistingFile);
  eval_cmd->callback([] {
    const LibsvmData train_data = read_libsvm(eval_train);
    const LibsvmData test_data = read_libsvm(eval_test, train_data.X.cols);
    nlohmann::json report = {{"solver", eval_opts.solver},    {"training_file", eval_train},
                             {"test_file", eval_test},        {"rows", train_data.X.rows},
                             {"test_rows", test_data.X.rows}, {"features", train_data.X.cols}};
    const SavedModel m = train(train_data, eval_train, eval_opts, report);
    report["training"] = evaluate(m, train_data, eval_train);
    report["test"] = evaluate(m, test_data, eval_test);
    report["test_seconds"] = report["test"]["predict_seconds"];
    if (eval_opts.json) return print_json(report);
    fmt::print("{} on {} ({} rows, {} features) -> {} ({} rows)\n", m.solver, eval_train,
               train_data.X.rows, train_data.X.cols, eval_test, test_data.X.rows);
    print_fit_lines(report);
    print_line("time", fmt::format("train {}, test {} (predicting the test rows; reading the "
                                   "files excluded)",
                                   seconds_text(report["train_seconds"].get<double>()),
                                   seconds_text(report["test_seconds"].get<double>())));
    print_line("training", metrics_text(report["training"]));
    print_line("test", metrics_text(report["test"]));
  });
}

}  // namespace linrepro::cli
