// solvers / train / predict / eval: LIBLINEAR-style use of any registered solver on LIBSVM files.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>

#include "cli/commands.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/labels.h"
#include "core/libsvm_format.h"
#include "core/row_error.h"
#include "harness/solver_catalog.h"
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
};

void add_fit_options(CLI::App* cmd, FitOptions& o) {
  cmd->add_option("-s,--solver", o.solver, "registered solver name (see `linrepro solvers`)");
  cmd->add_option("-p,--param", o.params,
                  "solver parameter key=value (repeatable), e.g. -p lambda=1e-4 -p eps=1e-5");
  cmd->add_flag("--multiclass", o.multiclass,
                "treat labels as classes even when there are only two");
  cmd->add_option("--seed", o.seed, "seed for every random choice of the solver");
  cmd->add_option("--threads", o.threads, "workers for one-vs-rest")->check(CLI::PositiveNumber);
  cmd->add_flag("-q,--quiet", o.quiet, "no progress on stderr");
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

// Trains on X with raw labels; binary when the labels allow it (documented mapping in
// core/labels.h).
SavedModel train(const LibsvmData& data, const std::string& file, const FitOptions& o,
                 nlohmann::json& report) {
  require_single_labels(data, file);
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
    report = {{"objective", fit.objective},
              {"iterations", fit.iterations},
              {"stop", to_string(fit.stop)},
              {"extra", fit.extra}};
  } else {
    const MulticlassLabels labels = to_multiclass(data.labels);
    for (const auto& name : labels.class_names) m.labels.push_back(std::stod(name));
    const MulticlassFit fit = at_file_lines(data, file, [&] {
      return registry.fit_multiclass(o.solver, MulticlassProblem{data.X, labels}, m.params, ctx);
    });
    m.model = fit.model;
    report = {{"objective", fit.objective},
              {"iterations", fit.iterations},
              {"stop", to_string(fit.stop)},
              {"extra", fit.extra}};
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

nlohmann::json evaluate(const SavedModel& m, const LibsvmData& data, const std::string& file) {
  require_single_labels(data, file);
  const auto predicted = predict_labels(m, data.X);
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
  return r;
}

void print_report(const std::string& what, const nlohmann::json& r) {
  fmt::print("{}: {}\n", what, r.dump(2));
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
    const LibsvmData data = read_libsvm(train_file);
    nlohmann::json report;
    const SavedModel m = train(data, train_file, train_opts, report);
    save_model(model_file, m);
    report["training"] = evaluate(m, data, train_file);
    print_report(fmt::format("{} on {} ({} rows, {} features)", m.solver, train_file, data.X.rows,
                             data.X.cols),
                 report);
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
  predict_cmd->callback([] {
    const SavedModel m = load_model(pmodel_file);
    const int32_t features =
        m.model.per_class.empty() ? 0 : static_cast<int32_t>(m.model.per_class[0].w.size());
    const LibsvmData data = read_libsvm(test_file, features);
    if (!out_file.empty()) {
      const auto predicted = predict_labels(m, data.X);
      std::string text;
      for (double v : predicted) text += fmt::format("{}\n", v);
      write_file_atomic(out_file, text);
    }
    print_report(fmt::format("{} on {}", m.solver, test_file), evaluate(m, data, test_file));
  });

  static FitOptions eval_opts;
  static std::string eval_train, eval_test;
  auto* eval_cmd = app.add_subcommand(
      "eval", "train on one LIBSVM file, evaluate on another; prints objectives and metrics");
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
    nlohmann::json report;
    const SavedModel m = train(train_data, eval_train, eval_opts, report);
    report["training"] = evaluate(m, train_data, eval_train);
    report["test"] = evaluate(m, test_data, eval_test);
    print_report(fmt::format("{} on {} -> {}", m.solver, eval_train, eval_test), report);
  });
}

}  // namespace linrepro::cli
