// The `linrepro` program as a user runs it: train/predict/eval on LIBSVM files, and the messages a
// user sees for bad input. Runs the built binary (LINREPRO_BINARY) in a temporary directory.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/libsvm_format.h"
#include "core/synthetic_data.h"
#include "support/shell_command.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

using Output = testing::CommandOutput;

Output run_cli(const std::string& args, const std::filesystem::path& dir) {
  return testing::run_shell(std::string(LINREPRO_BINARY) + " " + args, dir);
}

// The report that train/eval/predict --json print: the whole of stdout is one JSON object (parse
// throws on anything else).
nlohmann::json report_of(const std::string& out) { return nlohmann::json::parse(out); }

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    SyntheticSpec spec;
    spec.rows = 300;
    spec.features = 200;
    spec.mean_nnz = 12;
    spec.label_noise = 0.05;
    spec.seed = 7;
    const auto d = make_synthetic_text(spec);
    write_libsvm(dir.path() / "train.svm", d.X, d.y);
    spec.seed = 8;
    const auto t = make_synthetic_text(spec);
    write_libsvm(dir.path() / "test.svm", t.X, t.y);
  }
  std::string path(const std::string& name) const { return (dir.path() / name).string(); }
  testing::TempDir dir;
};

TEST_F(Cli, TrainThenPredictReproducesTrainingAccuracy) {
  const auto train = run_cli(
      "train -q --json -s smo -p lambda=1e-3 " + path("train.svm") + " " + path("model.json"),
      dir.path());
  ASSERT_EQ(train.status, 0) << train.err;
  const auto r = report_of(train.out);
  const auto predict = run_cli(
      "predict --json " + path("train.svm") + " " + path("model.json") + " " + path("pred.txt"),
      dir.path());
  ASSERT_EQ(predict.status, 0) << predict.err;
  EXPECT_DOUBLE_EQ(report_of(predict.out)["test"]["accuracy"].get<double>(),
                   r["training"]["accuracy"].get<double>());
  // One prediction per row, each an original label value.
  std::ifstream in(path("pred.txt"));
  int lines = 0;
  for (std::string line; std::getline(in, line); ++lines)
    EXPECT_TRUE(line == "1" || line == "-1") << line;
  EXPECT_EQ(lines, 300);
}

// Issue 30 item 4: `predict MODEL TEST OUT` (the order swapped) printed a bare nlohmann
// "type_error.306 cannot use value() with number"; now the model file is named, what it looks
// like is said, and the right order is shown. Nothing is written.
TEST_F(Cli, PredictWithSwappedArgumentsSaysSo) {
  ASSERT_EQ(run_cli("train -q " + path("train.svm") + " " + path("model.json"), dir.path()).status,
            0);
  const auto o =
      run_cli("predict " + path("model.json") + " " + path("test.svm") + " " + path("pred.txt"),
              dir.path());
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err.find("json.exception"), std::string::npos) << o.err;
  EXPECT_NE(
      o.err.find("linrepro: error: " + path("test.svm") +
                 ": not a linrepro model (JSON): it looks like a LIBSVM data file (line 1: '"),
      std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("did you swap the arguments? (" + path("model.json") +
                       ", given as the test file, is JSON: the model?) usage: linrepro predict "
                       "TEST MODEL [OUT]"),
            std::string::npos)
      << o.err;
  EXPECT_FALSE(std::filesystem::exists(path("pred.txt")));
  // A damaged model in the right place is named with its field, without the swap hint.
  std::ofstream(path("bad.json"))
      << R"({"format":"linrepro.model/1","solver":"smo","params":{},"kind":"binary",)"
      << R"("labels":[1,-1],"features":"200","classes":[]})";
  const auto bad = run_cli("predict " + path("test.svm") + " " + path("bad.json"), dir.path());
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find(path("bad.json") +
                         ": not a valid linrepro model: field 'features': expected an integer, "
                         "found string \"200\""),
            std::string::npos)
      << bad.err;
  EXPECT_EQ(bad.err.find("swap"), std::string::npos) << bad.err;
}

// The CLI route gives the same optimum for our SMO and LIBSVM (same problem, same C).
TEST_F(Cli, SmoAndLibsvmReachTheSameObjective) {
  const auto smo = run_cli("eval -q --json -s smo -p lambda=1e-3 -p eps=1e-5 " + path("train.svm") +
                               " " + path("test.svm"),
                           dir.path());
  const auto svm = run_cli("eval -q --json -s libsvm-linear -p lambda=1e-3 -p eps=1e-5 " +
                               path("train.svm") + " " + path("test.svm"),
                           dir.path());
  ASSERT_EQ(smo.status, 0) << smo.err;
  ASSERT_EQ(svm.status, 0) << svm.err;
  const double a = report_of(smo.out)["objective"]["value"],
               b = report_of(svm.out)["objective"]["value"];
  EXPECT_NEAR(a, b, 1e-4 * std::abs(b));
}

TEST_F(Cli, MalformedFileNamesFileAndLine) {
  std::ofstream(path("bad.svm")) << "1 1:0.5 3:1\n-1 2:1 2:3\n";
  const auto o = run_cli("train -q " + path("bad.svm") + " " + path("m.json"), dir.path());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find(path("bad.svm") + ":2:"), std::string::npos) << o.err;
  EXPECT_FALSE(std::filesystem::exists(path("m.json")));  // nothing half-written
}

TEST_F(Cli, UnknownSolverListsTheKnownOnes) {
  const auto o =
      run_cli("train -q -s no-such-solver " + path("train.svm") + " " + path("m.json"), dir.path());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("unknown solver 'no-such-solver'"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("smo"), std::string::npos);
}

TEST_F(Cli, BadParameterIsNamed) {
  const auto o = run_cli("train -q -s smo -p lambda=-1 " + path("train.svm") + " " + path("m.json"),
                         dir.path());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("'lambda'"), std::string::npos) << o.err;
}

// `linrepro solvers` lists what each solver is and its parameters with typed defaults, all from
// the one declaration the solver reads its parameters through.
TEST_F(Cli, SolversListsKindAndTypedDefaults) {
  const auto o = run_cli("solvers", dir.path());
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(
      o.out.find(
          "kind: loss hinge, penalty l2, intercept unregularized; binary (multiclass one-vs-rest)"),
      std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("intercept regularized_feature (with {\"bias\":1.0})"), std::string::npos);
  EXPECT_NE(o.out.find("lambda -> 'smoothing'"), std::string::npos);
  EXPECT_NE(o.out.find("native multiclass only"), std::string::npos);  // mmlr-cg
  EXPECT_TRUE(std::regex_search(o.out, std::regex(R"(\n +K +integer >= 1 += 100 )")));
  EXPECT_TRUE(
      std::regex_search(o.out, std::regex(R"(\n +direction +one of \{fr, hs, pr\} += "hs" )")));
  EXPECT_TRUE(std::regex_search(o.out, std::regex(R"(\n +C +number > 0 += none .*absent: )")));
  // One kind line per solver.
  const std::regex kind_line("\n {10,}kind: loss ");
  const auto kinds = std::distance(std::sregex_iterator(o.out.begin(), o.out.end(), kind_line),
                                   std::sregex_iterator());
  const std::regex name_line("\n[a-z][a-z0-9-]+ +[^ ]");
  const auto names = std::distance(std::sregex_iterator(o.out.begin(), o.out.end(), name_line),
                                   std::sregex_iterator());
  EXPECT_EQ(kinds, names + 1);  // the first solver's name line has no newline before it
  // Every solver says what its objective number is (the registry rejects an empty declaration).
  const std::regex objective_line("\n {10,}objective: [^\n]{10,}");
  EXPECT_EQ(std::distance(std::sregex_iterator(o.out.begin(), o.out.end(), objective_line),
                          std::sregex_iterator()),
            kinds);
}

// Issue 20: `eval --json` is one JSON object on stdout and nothing else, with train and test time
// and the objective's value together with the declared objective it is the value of.
TEST_F(Cli, EvalJsonIsOneObjectWithTimesAndTheObjectiveNamed) {
  const auto o =
      run_cli("eval --json -s smo -p lambda=1e-3 " + path("train.svm") + " " + path("test.svm"),
              dir.path());
  ASSERT_EQ(o.status, 0) << o.err;
  const nlohmann::json r = report_of(o.out);  // throws if stdout holds anything but the object
  ASSERT_TRUE(r.is_object());
  EXPECT_EQ(r["solver"], "smo");
  EXPECT_EQ(r["rows"], 300);
  EXPECT_EQ(r["test_rows"], 300);
  EXPECT_GE(r["train_seconds"].get<double>(), 0.0);
  EXPECT_GE(r["test_seconds"].get<double>(), 0.0);
  EXPECT_EQ(r["test_seconds"], r["test"]["predict_seconds"]);
  EXPECT_GT(r["objective"]["value"].get<double>(), 0.0);
  EXPECT_NE(r["objective"]["of"].get<std::string>().find("O_svm = (1/n) sum max(0, 1 - y f(x)) + "
                                                         "lambda ||w||^2"),
            std::string::npos)
      << r["objective"];
  EXPECT_FALSE(r["objective"].contains("summed_over"));  // binary: one problem
  // Another convention, read from that solver's declaration, not from its name in the CLI.
  const auto l = run_cli(
      "eval --json -q -s liblinear-s6 " + path("train.svm") + " " + path("test.svm"), dir.path());
  ASSERT_EQ(l.status, 0) << l.err;
  EXPECT_NE(report_of(l.out)["objective"]["of"].get<std::string>().find("||w||_1 + C sum loss"),
            std::string::npos);
}

// The default output is for reading: aligned lines with the objective's convention and both
// times, and no JSON.
TEST_F(Cli, EvalDefaultOutputIsReadableWithTimesAndObjectiveName) {
  const auto o = run_cli(
      "eval -q -s sgd-l1-logistic -p epochs=2 " + path("train.svm") + " " + path("test.svm"),
      dir.path());
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out.find('{'), std::string::npos) << o.out;
  EXPECT_TRUE(std::regex_search(
      o.out,
      std::regex(
          R"(^sgd-l1-logistic on .*train\.svm \(300 rows, 200 features\) -> .*test\.svm \(300 rows\)\n)")))
      << o.out;
  EXPECT_TRUE(std::regex_search(
      o.out, std::regex(R"(\n  objective +[0-9.e+-]+  \(report Eq\. 10: \(1/n\) sum log)")))
      << o.out;
  EXPECT_TRUE(
      std::regex_search(o.out, std::regex(R"(\n  time +train [0-9.e+-]+ s, test [0-9.e+-]+ s )")))
      << o.out;
  EXPECT_TRUE(
      std::regex_search(o.out, std::regex(R"(\n  training +accuracy 0\.[0-9]{4}, precision )")))
      << o.out;
  EXPECT_TRUE(
      std::regex_search(o.out, std::regex(R"(\n  test +accuracy 0\.[0-9]{4}, .*\(300 rows\)\n)")))
      << o.out;
}

// One-vs-rest sums the per-class objectives and says so; a native multiclass solver does not.
TEST_F(Cli, MulticlassObjectiveSaysWhetherItIsASumOverClasses) {
  std::ofstream f(path("multi.svm"));
  for (int i = 0; i < 60; ++i)
    f << (i % 3 + 1) << " " << (i % 3 + 1) << ":1 " << 4 + i % 2 << ":0.5\n";
  f.close();
  const auto ovr =
      run_cli("train -q --json -s smo " + path("multi.svm") + " " + path("m.json"), dir.path());
  ASSERT_EQ(ovr.status, 0) << ovr.err;
  EXPECT_TRUE(report_of(ovr.out)["objective"].contains("summed_over"));
  const auto text =
      run_cli("train -q -s smo " + path("multi.svm") + " " + path("m.json"), dir.path());
  EXPECT_NE(text.out.find("(sum over the 3 one-vs-rest problems (one per class) of: O_svm"),
            std::string::npos)
      << text.out;
  const auto native = run_cli(
      "train -q --json -s mmlr-cg " + path("multi.svm") + " " + path("m2.json"), dir.path());
  ASSERT_EQ(native.status, 0) << native.err;
  const auto r = report_of(native.out);
  EXPECT_FALSE(r["objective"].contains("summed_over"));
  EXPECT_NE(r["objective"]["of"].get<std::string>().find("O_m-svm"), std::string::npos);
}

// Issue 20: train/eval --help show the defaults of the options a user may omit.
TEST_F(Cli, TrainAndEvalHelpShowTheirDefaults) {
  for (const std::string cmd : {"train", "eval"}) {
    const auto o = run_cli(cmd + " --help", dir.path());
    ASSERT_EQ(o.status, 0) << o.err;
    EXPECT_TRUE(std::regex_search(o.out, std::regex(R"(--solver TEXT=smo )"))) << o.out;
    EXPECT_TRUE(std::regex_search(o.out, std::regex(R"(--seed UINT=1 )"))) << o.out;
    EXPECT_TRUE(std::regex_search(o.out, std::regex(R"(--threads INT:POSITIVE=2 )"))) << o.out;
    EXPECT_NE(o.out.find("--json"), std::string::npos) << o.out;
  }
}

TEST_F(Cli, MulticlassLabelsTrainOneVsRest) {
  std::ofstream f(path("multi.svm"));
  for (int i = 0; i < 60; ++i)
    f << (i % 3 + 1) << " " << (i % 3 + 1) << ":1 " << 4 + i % 2 << ":0.5\n";
  f.close();
  const auto o =
      run_cli("train -q --json -s smo " + path("multi.svm") + " " + path("m.json"), dir.path());
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_DOUBLE_EQ(report_of(o.out)["training"]["accuracy"].get<double>(), 1.0);
}

// Issue 17 item 3: `1 2147483647:1` crashed the LIBLINEAR adapters and made others allocate 16 GB.
// Every solver now gets a clear error naming file, index and memory, and /dev/zero fails fast.
TEST_F(Cli, HugeFeatureIndexIsAClearErrorForEverySolver) {
  std::ofstream(path("huge.svm")) << "1 2147483647:1\n-1 1:1\n";
  for (const std::string solver : {"liblinear-s3", "liblinear-s0", "smo", "nb", "sgd-l1-logistic",
                                   "mlr-cg", "libsvm-linear"}) {
    const auto o = run_cli("train -q -s " + solver + " " + path("huge.svm") + " " + path("m.json"),
                           dir.path());
    EXPECT_EQ(o.status, 1) << solver << ": " << o.err;
    EXPECT_NE(o.err.find(path("huge.svm") + ":1: feature index 2147483647 is above the limit"),
              std::string::npos)
        << solver << ": " << o.err;
    EXPECT_NE(o.err.find("16.0 GiB"), std::string::npos) << o.err;
  }
  const auto z = run_cli("train -q /dev/zero " + path("m.json"), dir.path());
  EXPECT_EQ(z.status, 1);
  EXPECT_NE(z.err.find("/dev/zero:1: line longer than"), std::string::npos) << z.err;
}

// Issue 17 item 5: at w.x = 0 exactly a model fitted through our LIBLINEAR adapter predicts what
// liblinear-predict does (its second label), whichever label comes first in the training file. Row
// 3 of the test file has only a feature unseen in training and there is no bias: its decision is
// exactly 0.
std::vector<double> read_numbers(const std::string& file) {
  std::ifstream in(file);
  std::vector<double> v;
  for (double x; in >> x;) v.push_back(x);
  return v;
}

// Predictions on `test` of liblinear-train/-predict (-s 2, C = 1) and of our adapter
// (train -s liblinear-s2, predict), both trained on `train`.
struct TiePredictions {
  std::vector<double> peer, ours;
};

class CliTies : public Cli {
 protected:
  TiePredictions predict_both(const std::string& train, const std::string& test,
                              const std::string& tag) {
    const std::string peer_model = path("peer-" + tag), peer_out = peer_model + ".txt";
    EXPECT_EQ(std::system(("liblinear-train -q -s 2 " + train + " " + peer_model).c_str()), 0);
    EXPECT_EQ(std::system(
                  ("liblinear-predict " + test + " " + peer_model + " " + peer_out + " >/dev/null")
                      .c_str()),
              0);
    const std::string ours = path("ours-" + tag + ".json"), ours_out = ours + ".txt";
    EXPECT_EQ(run_cli("train -q -s liblinear-s2 -p C=1 " + train + " " + ours, dir.path()).status,
              0);
    const auto o = run_cli("predict " + test + " " + ours + " " + ours_out, dir.path());
    EXPECT_EQ(o.status, 0) << o.err;
    return {read_numbers(peer_out), read_numbers(ours_out)};
  }
  // Four training rows, `first`'s label first; feature 1 marks label `positive`, feature 2 the
  // other.
  std::string tie_train_file(const std::string& first, const std::string& second,
                             const std::string& positive, const std::string& tag) {
    auto feature = [&](const std::string& label) { return label == positive ? "1" : "2"; };
    const std::string train = path("tie-" + tag + ".svm");
    std::ofstream(train) << first << " " << feature(first) << ":1\n"
                         << second << " " << feature(second) << ":1\n"
                         << first << " " << feature(first) << ":2 3:1\n"
                         << second << " " << feature(second) << ":2 3:1\n";
    return train;
  }
};

TEST_F(CliTies, LiblinearAdapterBreaksTiesAsLiblinearPredict) {
  std::ofstream(path("tie.t")) << "1 1:1\n-1 2:1\n1 7:1\n-1 1:0.2 2:1\n";
  for (const std::string first : {"1", "-1"}) {
    const std::string second = first == "1" ? "-1" : "1";
    const auto p = predict_both(tie_train_file(first, second, "1", first), path("tie.t"), first);
    ASSERT_EQ(p.peer.size(), 4u);
    // LIBLINEAR 2.30 puts +1 first for -1/+1 labels whichever came first, so its second label,
    // -1, is the tie's; ours reads the order from the trained model, not from the file.
    EXPECT_EQ(p.peer[2], -1) << "LIBLINEAR: second label at 0";
    EXPECT_EQ(p.ours, p.peer) << first << " first";
  }
  // Model files written before the tie field still load, with our own rule (0 -> +1).
  std::ofstream(path("old.json"))
      << R"({"format":"linrepro.model/1","solver":"liblinear-s2","params":{},"kind":"binary",)"
      << R"("labels":[1,-1],"features":2,"classes":[{"w":[1,-1],"b":0}]})";
  ASSERT_EQ(run_cli("predict " + path("tie.t") + " " + path("old.json") + " " + path("old.txt"),
                    dir.path())
                .status,
            0);
  EXPECT_EQ(read_numbers(path("old.txt"))[2], 1);
}

// Issue 17 item 5 with raw labels other than -1/+1: liblinear-train on a 0/1 file keeps the
// labels in the order they first appear (the -1/+1 swap does not apply), so its tie goes to the
// label seen second. Our adapter trains on the mapped -1/+1 labels and must still predict as the
// peer does on the user's file, whichever label comes first.
TEST_F(CliTies, LiblinearAdapterBreaksTiesAsLiblinearPredictOnZeroOneLabels) {
  std::ofstream(path("tie01.t")) << "1 1:1\n0 2:1\n1 7:1\n0 1:0.2 2:1\n";
  for (const std::string first : {"1", "0"}) {
    const std::string second = first == "1" ? "0" : "1";
    const std::string tag = "01-" + first;
    const auto p = predict_both(tie_train_file(first, second, "1", tag), path("tie01.t"), tag);
    ASSERT_EQ(p.peer.size(), 4u);
    EXPECT_EQ(p.peer[2], std::stod(second)) << "LIBLINEAR: the label seen second wins the tie";
    EXPECT_EQ(p.ours, p.peer) << first << " first";
  }
}

// Issue 17 item 6: nb's negative-count error names the file and the row's physical line (1-based,
// comments and blank lines counted), as the LIBSVM reader's messages do.
TEST_F(Cli, NaiveBayesNegativeValueNamesFileAndLine) {
  std::ofstream(path("neg.svm")) << "# counts\n1 1:1 2:3\n\n-1 1:2 2:-0.5\n";
  const auto o = run_cli("train -q -s nb " + path("neg.svm") + " " + path("m.json"), dir.path());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find(path("neg.svm") + ":4: feature 2 has value -0.5; multinomial naive Bayes"),
            std::string::npos)
      << o.err;
}

// Issue 17 item 4: labels map the same way for train and test; unseen test labels are warned about;
// single-class, non-binary-convention and multi-label training files are errors naming the file.
// Issue 19 item 5: Debian's liblinear-train hands train() C and eps rounded to single precision,
// so at a C that float cannot hold its model differs from the adapter's (by about the 1e-8 the
// optimum moves, or more where the Newton path turns). With cli_precision = true the adapter
// rounds the same way and its weights are liblinear-train's, to the model file's 16 digits.
TEST_F(Cli, LiblinearAdapterWithCliPrecisionIsLiblinearTrain) {
  const std::string C = "0.05206706237634073", eps = "0.003";
  const std::string peer_model = path("cli.model");
  ASSERT_EQ(std::system(("liblinear-train -q -s 2 -B 1 -c " + C + " -e " + eps + " " +
                         path("train.svm") + " " + peer_model)
                            .c_str()),
            0);
  std::ifstream in(peer_model);
  std::vector<double> peer;
  for (std::string line; std::getline(in, line) && line != "w";) {
  }
  for (double x; in >> x;) peer.push_back(x);  // w_1..w_d, then the bias weight
  ASSERT_FALSE(peer.empty());
  auto largest_difference = [&](bool cli_precision) {
    const std::string ours = path(cli_precision ? "rounded.json" : "exact.json");
    const auto o = run_cli("train -q -s liblinear-s2 -p bias=1 -p C=" + C + " -p eps=" + eps +
                               " -p cli_precision=" + (cli_precision ? "true" : "false") + " " +
                               path("train.svm") + " " + ours,
                           dir.path());
    EXPECT_EQ(o.status, 0) << o.err;
    const auto model = nlohmann::json::parse(std::ifstream(ours))["classes"][0];
    std::vector<double> w = model["w"].get<std::vector<double>>();
    w.resize(peer.size() - 1, 0.0);
    w.push_back(model["b"].get<double>());  // b = w_b * B with B = 1
    double largest = 0;
    for (size_t j = 0; j < peer.size(); ++j) largest = std::max(largest, std::fabs(w[j] - peer[j]));
    return largest;
  };
  EXPECT_LE(largest_difference(true), 1e-14);
  EXPECT_GT(largest_difference(false), 1e-12) << "C as given should move the weights";
}

TEST_F(Cli, TestLabelsInAnotherBinaryConventionAreMappedLikeTraining) {
  std::ofstream(path("a01.svm")) << "1 1:1\n0 2:1\n1 1:1 3:1\n0 2:1 3:1\n";
  std::ofstream(path("apm.svm")) << "1 1:1\n-1 2:1\n1 1:1 3:1\n-1 2:1 3:1\n";
  const auto o = run_cli("eval -q --json " + path("a01.svm") + " " + path("apm.svm"), dir.path());
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_DOUBLE_EQ(report_of(o.out)["test"]["accuracy"].get<double>(), 1.0);  // was 0.5
  EXPECT_DOUBLE_EQ(report_of(o.out)["test"]["f1"].get<double>(), 1.0);
  EXPECT_NE(o.err.find("apm.svm: labels {-1, 1} differ from the training labels"),
            std::string::npos)
      << o.err;
  std::ofstream(path("a7.svm")) << "1 1:1\n0 2:1\n7 1:1\n";
  const auto u = run_cli("eval -q " + path("a01.svm") + " " + path("a7.svm"), dir.path());
  ASSERT_EQ(u.status, 0) << u.err;
  EXPECT_NE(u.err.find("a7.svm: 1 rows have labels never seen in training ({7})"),
            std::string::npos)
      << u.err;
}

TEST_F(Cli, LabelErrorsNameTheFileAndTheFix) {
  std::ofstream(path("a23.svm")) << "2 1:1\n3 2:1\n";
  auto o = run_cli("train -q " + path("a23.svm") + " " + path("m.json"), dir.path());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find(path("a23.svm") + ": labels {2, 3} are not binary"), std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("pass --multiclass"), std::string::npos) << o.err;
  EXPECT_EQ(
      run_cli("train -q --multiclass " + path("a23.svm") + " " + path("m.json"), dir.path()).status,
      0);
  std::ofstream(path("one.svm")) << "1 1:1\n1 2:1\n";
  o = run_cli("train -q " + path("one.svm") + " " + path("m1.json"), dir.path());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find(path("one.svm") + ": every training row has label 1"), std::string::npos)
      << o.err;
  EXPECT_FALSE(std::filesystem::exists(path("m1.json")));
  std::ofstream(path("ml.svm")) << "1 1:1\n-1 3:1\n1,2 2:1\n";
  o = run_cli("train -q " + path("ml.svm") + " " + path("m2.json"), dir.path());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find(path("ml.svm") + ":3: several labels on one line"), std::string::npos)
      << o.err;
}

// Issue 17 item 6: thread counts and integer parameters are checked; garbage is escaped.
TEST_F(Cli, BadThreadsHugeIntegersAndGarbageAreRejectedReadably) {
  for (const std::string t : {"0", "-4"}) {
    const auto o = run_cli(
        "train -q --threads " + t + " " + path("train.svm") + " " + path("m.json"), dir.path());
    EXPECT_NE(o.status, 0) << t;
    EXPECT_NE(o.err.find("--threads"), std::string::npos) << o.err;
  }
  const auto big = run_cli(
      "train -q -s sgd-l1-logistic -p epochs=1e20 " + path("train.svm") + " " + path("m.json"),
      dir.path());
  EXPECT_EQ(big.status, 1);
  EXPECT_NE(big.err.find("'epochs' must be <= 2147483647"), std::string::npos) << big.err;
  std::ofstream(path("bom.svm")) << "\xEF\xBB\xBF"
                                 << "1 1:1\n-1 2:1\n";
  const auto bom = run_cli("train -q " + path("bom.svm") + " " + path("m.json"), dir.path());
  EXPECT_EQ(bom.status, 1);
  EXPECT_NE(bom.err.find(path("bom.svm") + ":1: the file starts with a UTF-8 byte-order mark"),
            std::string::npos)
      << bom.err;
  std::ofstream(path("junk.svm")) << "1 1:1\n\x01\xff\x1b[31m 1:1\n";
  const auto junk = run_cli("train -q " + path("junk.svm") + " " + path("m.json"), dir.path());
  EXPECT_EQ(junk.status, 1);
  EXPECT_NE(junk.err.find("label '\\x01\\xff\\x1b[31m' is not a number"), std::string::npos)
      << junk.err;
  EXPECT_EQ(junk.err.find('\x1b'), std::string::npos);  // no raw escape reaches the terminal
}

// Issue 26: an experiment named with --with-solver whose extra runs wait for another experiment
// (Z&O Tables 2 and 5 take Table 1's lambdas) cannot list them in an empty results folder; the
// plan says why and exits non-zero instead of printing nothing and 0. Asked for the whole paper,
// the same wait is one round of a longer loop: a note, exit 0.
TEST_F(Cli, PlanOfAnExtraSolverThatWaitsForAnotherExperimentSaysWhyAndFails) {
  for (const std::string e : {"table2", "table5"}) {
    const auto o = run_cli(
        "plan zhangoles2001/" + e + " --with-solver liblinear-s5 --results " + path("empty-" + e),
        dir.path());
    EXPECT_NE(o.status, 0) << e << ": " << o.err;
    // With Reuters here: Table 1's runs are listed (the solver's own cross-validation among
    // them) and this experiment's extra runs wait for them; without it, Table 1's result is
    // missing. Either way stderr names Table 1.
    std::istringstream lines(o.out);
    for (std::string line; std::getline(lines, line);) {
      if (line.find("\"experiment\":\"zhangoles2001/" + e + "\"") != std::string::npos) {
        EXPECT_EQ(line.find("liblinear-s5"), std::string::npos) << line;
      }
    }
    EXPECT_NE(o.err.find("zhangoles2001/table1"), std::string::npos) << o.err;
    if (o.out.find("zhangoles2001/table1") != std::string::npos) {
      EXPECT_NE(o.err.find("cannot be listed yet"), std::string::npos) << o.err;
      EXPECT_NE(o.out.find("\"key\":\"cv/earn/extra/liblinear-s5\""), std::string::npos) << o.out;
    }
  }
  const auto paper = run_cli(
      "plan zhangoles2001 --with-solver liblinear-s5 --results " + path("empty-paper"), dir.path());
  if (paper.out.find("zhangoles2001/table1") != std::string::npos) {
    EXPECT_EQ(paper.status, 0) << paper.err;
    EXPECT_NE(paper.err.find("its extra solvers' runs come then"), std::string::npos) << paper.err;
  }
}

// `linrepro protocol check|reference|schema`, as a user runs them: a committed declaration is
// accepted, a misspelt key or a file that is not JSON is refused with the file and the cause
// (exit 1), and the reference and schema are the committed ones.
std::string source_file(const std::string& relative) {
  std::ifstream in(std::string(LINREPRO_SOURCE_DIR) + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ProtocolCommand, ChecksAFileNamingTheKeyAndTheNearestValidOne) {
  testing::TempDir dir;
  const std::string committed =
      std::string(LINREPRO_SOURCE_DIR) + "/experiments/sgdreport/experiments.json";
  const auto ok = run_cli("protocol check " + committed, dir.path());
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_NE(ok.out.find("experiments.json: ok"), std::string::npos) << ok.out;

  nlohmann::json j = nlohmann::json::parse(source_file("experiments/sgdreport/experiments.json"));
  j["experiments"]["tables"]["protocol"]["datasets"][0]["sequentail"] = true;
  const std::filesystem::path typo = dir.path() / "typo.json";
  std::ofstream(typo) << j.dump(2);
  const auto bad = run_cli("protocol check " + typo.string(), dir.path());
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("typo.json: /experiments/tables/protocol/datasets/0: unknown key "
                         "\"sequentail\" in a dataset (nearest valid key: \"sequential\")"),
            std::string::npos)
      << bad.err;

  const std::filesystem::path broken = dir.path() / "broken.json";
  std::ofstream(broken) << "{\"paper\": ";
  const auto not_json = run_cli("protocol check " + broken.string(), dir.path());
  EXPECT_EQ(not_json.status, 1);
  EXPECT_NE(not_json.err.find("broken.json: not valid JSON"), std::string::npos) << not_json.err;
}

TEST(ProtocolCommand, PrintsTheCommittedReferenceAndSchema) {
  testing::TempDir dir;
  const auto reference = run_cli("protocol reference", dir.path());
  ASSERT_EQ(reference.status, 0) << reference.err;
  EXPECT_EQ(reference.out, source_file("docs/PROTOCOL.md"));
  const auto schema = run_cli("protocol schema", dir.path());
  ASSERT_EQ(schema.status, 0) << schema.err;
  EXPECT_EQ(schema.out, source_file("experiments/protocol.schema.json"));
}

}  // namespace
}  // namespace linrepro
