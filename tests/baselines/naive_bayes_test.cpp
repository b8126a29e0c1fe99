// Multinomial naive Bayes (baselines/naive_bayes.h): hand-computed priors, theta and decision
// values; NB-1 and NB-2 disagreeing where they should; NB-2 equal to the registry's one-vs-rest
// over the two-class NB; the two-class decision sign equal to the MAP class; and, when
// /usr/bin/python3 with scikit-learn is present, equality with scikit-learn's MultinomialNB on a
// written LIBSVM fixture (through baselines/sklearn_nb_peer.py).
#include "baselines/naive_bayes.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "baseline_fixtures.h"
#include "baselines/register.h"
#include "core/error.h"
#include "core/libsvm_format.h"
#include "core/row_error.h"
#include "solvers/one_vs_rest.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

using testing::dense_rows;

// Two classes over |V| = 3 words.  A: (2,1,0), (1,0,0)  ->  N_A = (3,1,0), N_A = 4, n_A = 2.
//                                  B: (0,1,2)           ->  N_B = (0,1,2), N_B = 3, n_B = 1.
// lambda = 1: theta_A = (4,2,1)/7, theta_B = (1,2,3)/6, P(A) = 2/3, P(B) = 1/3.
SyntheticData two_class_example() {
  return dense_rows({{2, 1, 0}, {1, 0, 0}, {0, 1, 2}}, {1, 1, -1});
}

TEST(NaiveBayes, TwoClassByHand) {
  const auto d = two_class_example();
  const LinearModel m = naive_bayes_binary(d.X, d.y, {});
  ASSERT_EQ(m.w.size(), 3u);
  // w_j = log theta_Aj - log theta_Bj, b = log P(A) - log P(B).
  EXPECT_NEAR(m.w[0], std::log((4.0 / 7) / (1.0 / 6)), 1e-12);
  EXPECT_NEAR(m.w[1], std::log((2.0 / 7) / (2.0 / 6)), 1e-12);
  EXPECT_NEAR(m.w[2], std::log((1.0 / 7) / (3.0 / 6)), 1e-12);
  EXPECT_NEAR(m.b, std::log(2.0), 1e-12);

  // x = (1,1,1): P(A) prod theta_A^x = (2/3)(8/343), P(B) prod theta_B^x = (1/3)(6/216);
  // their ratio 576/343 > 1, so A (+1). x = (0,0,1): (2/3)(1/7) vs (1/3)(1/2) -> B (-1).
  const auto x = dense_rows({{1, 1, 1}, {0, 0, 1}}, {});
  EXPECT_NEAR(m.decision(x.X, 0), std::log(576.0 / 343), 1e-12);
  EXPECT_NEAR(m.decision(x.X, 1), std::log(4.0 / 7), 1e-12);
  EXPECT_EQ(m.predict(x.X), (std::vector<double>{1, -1}));
}

TEST(NaiveBayes, MulticlassNb1ByHandWithLambdaSmoothing) {
  const auto d = two_class_example();
  const MulticlassLabels labels{{0, 0, 1}, {"A", "B"}};
  NaiveBayesOptions o;
  o.smoothing = 0.5;  // theta_A = (3.5, 1.5, 0.5)/5.5, theta_B = (0.5, 1.5, 2.5)/4.5
  const MulticlassModel m = naive_bayes_multiclass(d.X, labels, o);
  ASSERT_EQ(m.per_class.size(), 2u);
  const double theta_A[] = {3.5 / 5.5, 1.5 / 5.5, 0.5 / 5.5};
  const double theta_B[] = {0.5 / 4.5, 1.5 / 4.5, 2.5 / 4.5};
  for (int j = 0; j < 3; ++j) {
    EXPECT_NEAR(m.per_class[0].w[j], std::log(theta_A[j]), 1e-12) << j;
    EXPECT_NEAR(m.per_class[1].w[j], std::log(theta_B[j]), 1e-12) << j;
  }
  EXPECT_NEAR(m.per_class[0].b, std::log(2.0 / 3), 1e-12);
  EXPECT_NEAR(m.per_class[1].b, std::log(1.0 / 3), 1e-12);

  o.prior = NaiveBayesPrior::uniform;
  const MulticlassModel u = naive_bayes_multiclass(d.X, labels, o);
  EXPECT_NEAR(u.per_class[0].b, std::log(0.5), 1e-15);
  EXPECT_NEAR(u.per_class[1].b, std::log(0.5), 1e-15);
  EXPECT_EQ(u.per_class[0].w, m.per_class[0].w);  // the prior does not touch theta
  EXPECT_EQ(naive_bayes_binary(d.X, d.y, o).b, 0.0);
}

// One document per class, |V| = 2: A = (1,2), B = (0,3), C = (3,1); lambda = 1; x = (2,2).
// NB-1: theta_A = (2,3)/5, theta_B = (1,4)/5, theta_C = (4,2)/6, equal priors:
//   score_A = log 1/3 + 2 log(6/25) > score_C = log 1/3 + 2 log(2/9) > score_B   ->  A.
// NB-2: C against the rest {A,B} (counts (1,5)): theta_+ = (2/3,1/3), theta_- = (1/4,3/4),
//   f_C = log(1/2) + 2 log(32/27); A against {B,C} (counts (3,4)): theta_- = (4/9,5/9),
//   f_A = log(1/2) + 2 log(0.9 * 1.08) < f_C   ->  C.
TEST(NaiveBayes, Nb1AndNb2DisagreeWhereTheyShould) {
  const auto d = dense_rows({{1, 2}, {0, 3}, {3, 1}}, {});
  const MulticlassLabels labels{{0, 1, 2}, {"A", "B", "C"}};
  const auto x = dense_rows({{2, 2}}, {});
  const MulticlassModel nb1 = naive_bayes_multiclass(d.X, labels, {});
  const MulticlassModel nb2 = naive_bayes_one_vs_rest(d.X, labels, {});
  EXPECT_NEAR(nb1.per_class[0].decision(x.X, 0), std::log(1.0 / 3) + 2 * std::log(6.0 / 25), 1e-12);
  EXPECT_NEAR(nb1.per_class[2].decision(x.X, 0), std::log(1.0 / 3) + 2 * std::log(2.0 / 9), 1e-12);
  EXPECT_NEAR(nb2.per_class[2].decision(x.X, 0), std::log(0.5) + 2 * std::log(32.0 / 27), 1e-12);
  EXPECT_NEAR(nb2.per_class[0].decision(x.X, 0), std::log(0.5) + 2 * std::log(0.9 * 1.08), 1e-12);
  EXPECT_EQ(nb1.predict(x.X), std::vector<int32_t>{0});
  EXPECT_EQ(nb2.predict(x.X), std::vector<int32_t>{2});
}

// Sparse rows with small integer counts and K classes from fixed pseudo-random directions.
struct CountData {
  CsrMatrix X;
  MulticlassLabels labels;
};

CountData count_data(uint64_t seed, int32_t rows, int32_t features, int32_t K) {
  const SyntheticData s = testing::small_text(seed, rows, features);
  CountData d{s.X, {}};
  for (int32_t i = 0; i < d.X.rows; ++i)
    for (int64_t k = d.X.row_ptr[i]; k < d.X.row_ptr[i + 1]; ++k)
      d.X.values[k] = 1 + (7 * i + d.X.col_idx[k]) % 3;  // counts 1..3
  for (int32_t c = 0; c < K; ++c) d.labels.class_names.push_back(fmt::format("c{}", c));
  for (int32_t i = 0; i < d.X.rows; ++i) {
    int32_t best = 0;
    double best_score = -1e300;
    for (int32_t c = 0; c < K; ++c) {
      double score = 0;
      for (int32_t j : d.X.row_indices(i)) score += std::sin(1.0 + j * (c + 1.0));
      if (score > best_score) best_score = score, best = c;
    }
    d.labels.y.push_back(best);
  }
  return d;
}

TEST(NaiveBayes, Nb2EqualsRegistryOneVsRestOverTheTwoClassNb) {
  const CountData d = count_data(3, 300, 500, 4);
  SolverRegistry registry;
  register_baseline_solvers(registry);
  const Params params{{"smoothing", 0.01}};
  FitContext ctx_native, ctx_adapter;
  const MulticlassFit native =
      registry.fit_multiclass("nb-ovr", {d.X, d.labels}, params, ctx_native);
  const MulticlassFit adapter =
      fit_one_vs_rest(registry.get("nb-ovr").fit_binary, {d.X, d.labels}, params, ctx_adapter);
  ASSERT_EQ(native.model.per_class.size(), 4u);
  for (int32_t c = 0; c < 4; ++c) {  // integer counts: the rest's sums are exact either way
    EXPECT_EQ(native.model.per_class[c].w, adapter.model.per_class[c].w) << c;
    EXPECT_EQ(native.model.per_class[c].b, adapter.model.per_class[c].b) << c;
  }
  // and "nb" is the direct NB-1, a different classifier on the same data.
  FitContext ctx;
  const MulticlassFit nb1 = registry.fit_multiclass("nb", {d.X, d.labels}, params, ctx);
  EXPECT_EQ(nb1.model.per_class[0].w, naive_bayes_multiclass(d.X, d.labels, {0.01}).per_class[0].w);
  EXPECT_NE(nb1.model.per_class[0].w, native.model.per_class[0].w);
  EXPECT_EQ(nb1.extra.at("smoothing"), 0.01);
}

TEST(NaiveBayes, TwoClassDecisionIsTheLogPosteriorOddsSoItsSignIsMap) {
  const CountData d = count_data(5, 300, 400, 2);
  BinaryLabels y(d.X.rows);
  for (int32_t i = 0; i < d.X.rows; ++i) y[i] = d.labels.y[i] == 0 ? 1.0 : -1.0;
  for (double lambda : {1.0, 0.01}) {
    const LinearModel binary = naive_bayes_binary(d.X, y, {lambda});
    const MulticlassModel nb1 = naive_bayes_multiclass(d.X, d.labels, {lambda});  // class 0 = +1
    const auto joint = nb1.scores(d.X);  // log P(c) + log P(x|c) up to the same constant
    int positives = 0;
    for (int32_t i = 0; i < d.X.rows; ++i) {
      const double f = binary.decision(d.X, i);
      EXPECT_NEAR(f, joint[i][0] - joint[i][1], 1e-9 * (1 + std::fabs(f))) << i;
      EXPECT_EQ(f >= 0, joint[i][0] >= joint[i][1]) << i;
      positives += f >= 0;
    }
    EXPECT_GT(positives, 0);  // both decisions occur, so the sign check is not vacuous
    EXPECT_LT(positives, d.X.rows);
  }
}

TEST(NaiveBayes, ClassWithoutDocumentsIsNeverPredictedAndScoresStayFinite) {
  const auto d = two_class_example();
  const MulticlassLabels labels{{0, 0, 2}, {"A", "empty", "B"}};
  const MulticlassModel m = naive_bayes_multiclass(d.X, labels, {});
  EXPECT_EQ(m.per_class[1].b, kNaiveBayesEmptyClassLogPrior);
  EXPECT_EQ(m.predict(d.X), (std::vector<int32_t>{0, 0, 2}));
  // A two-class NB with no negatives says + everywhere, with finite decision values.
  const LinearModel all_pos = naive_bayes_binary(d.X, std::vector<double>{1, 1, 1}, {});
  for (double f : all_pos.decisions(d.X)) {
    EXPECT_TRUE(std::isfinite(f));
    EXPECT_GT(f, 1e299);
  }
  const MulticlassModel ovr = naive_bayes_one_vs_rest(d.X, labels, {});
  EXPECT_LT(ovr.per_class[1].b, -1e299);
}

TEST(NaiveBayes, BadInputIsRejectedByName) {
  const auto d = two_class_example();
  SolverRegistry registry;
  register_baseline_solvers(registry);
  FitContext ctx;
  const BinaryProblem p{d.X, d.y};
  try {
    registry.fit_binary("nb", p, Params{{"lambda", 0.01}}, ctx);
    FAIL() << "lambda accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("'smoothing'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(registry.fit_binary("nb", p, Params{{"smoothing", 0}}, ctx), ConfigError);
  EXPECT_THROW(registry.fit_binary("nb", p, Params{{"prior", "flat"}}, ctx), ConfigError);
  EXPECT_THROW(registry.fit_binary("nb-ovr", p, Params{{"alpha", 1}}, ctx), ConfigError);
  EXPECT_THROW(naive_bayes_binary(d.X, std::vector<double>{1, 0, -1}, {}), ConfigError);
  EXPECT_THROW(naive_bayes_binary(d.X, std::vector<double>{1, -1}, {}), ConfigError);
  const auto negative = dense_rows({{1, -2}, {1, 1}}, {1, -1});
  try {
    naive_bayes_binary(negative.X, negative.y, {});
    FAIL() << "negative count accepted";
  } catch (const RowError& e) {  // 1-based in the message, as line numbers (issue 17 item 6)
    EXPECT_EQ(e.row, 0);
    EXPECT_NE(std::string(e.what()).find("row 1: feature 2 has value -2"), std::string::npos)
        << e.what();
  }
}

// ---- scikit-learn's MultinomialNB on the same LIBSVM files ----

const char* const kPython = "/usr/bin/python3";

bool have_sklearn() {
  static const bool ok =
      std::system(fmt::format("{} -c 'import sklearn' >/dev/null 2>&1", kPython).c_str()) == 0;
  return ok;
}

// Runs the peer script and returns its JSON (the command's stderr is shown on failure).
nlohmann::json run_peer(const testing::TempDir& dir, const std::string& args) {
  const auto script =
      std::filesystem::path(LINREPRO_SOURCE_DIR) / "baselines/sklearn_nb_peer.py";
  const auto out = dir / "peer.json", err = dir / "peer.err";
  const std::string cmd = fmt::format("{} {} {} --details > {} 2> {}", kPython, script.string(),
                                      args, out.string(), err.string());
  const int rc = std::system(cmd.c_str());
  if (rc != 0) ADD_FAILURE() << cmd << " failed:\n" << testing::read_text(err);
  return rc == 0 ? nlohmann::json::parse(testing::read_text(out)) : nlohmann::json();
}

struct PeerFixture {
  testing::TempDir dir;
  std::filesystem::path train, test;
  CsrMatrix X_train, X_test;
  MulticlassLabels labels;
  std::vector<double> test_labels;
  int32_t features = 0;
};

void write_fixture(PeerFixture& f, int32_t K) {
  const CountData d = count_data(17, 500, 700, K);
  f.features = d.X.cols;
  std::vector<int32_t> tr, te;
  for (int32_t i = 0; i < d.X.rows; ++i) (i % 5 == 4 ? te : tr).push_back(i);
  std::vector<double> y_tr, y_te;
  for (int32_t i : tr) y_tr.push_back(d.labels.y[i]);
  for (int32_t i : te) y_te.push_back(d.labels.y[i]);
  f.train = f.dir / "train.libsvm";
  f.test = f.dir / "test.libsvm";
  write_libsvm(f.train, d.X.select_rows(tr), y_tr);
  write_libsvm(f.test, d.X.select_rows(te), y_te);
  // Read back what the peer reads, with the full |V| the peer is given by --n-features.
  const LibsvmData train = read_libsvm(f.train, f.features), test = read_libsvm(f.test, f.features);
  f.X_train = train.X;
  f.X_test = test.X;
  f.labels = to_multiclass(train.labels);
  f.test_labels = test.labels;
}

TEST(NaiveBayesVsSklearn, Nb1EqualsMultinomialNB) {
  if (!have_sklearn()) GTEST_SKIP() << kPython << " with scikit-learn not available";
  PeerFixture f;
  write_fixture(f, 4);
  ASSERT_EQ(f.labels.num_classes(), 4);
  for (const auto& [lambda, uniform] : {std::pair{0.01, false}, {1.0, true}}) {
    SCOPED_TRACE(fmt::format("smoothing {} prior {}", lambda, uniform ? "uniform" : "learned"));
    const auto peer = run_peer(
        f.dir, fmt::format("{} {} --alpha {} --n-features {}{}", f.train.string(), f.test.string(),
                           lambda, f.features, uniform ? " --uniform-prior" : ""));
    ASSERT_FALSE(peer.is_null());
    const MulticlassModel m = naive_bayes_multiclass(
        f.X_train, f.labels,
        {lambda, uniform ? NaiveBayesPrior::uniform : NaiveBayesPrior::learned});
    const auto flp = peer.at("feature_log_prob").get<std::vector<std::vector<double>>>();
    const auto prior = peer.at("class_log_prior").get<std::vector<double>>();
    ASSERT_EQ(flp.size(), 4u);
    for (int32_t c = 0; c < 4; ++c) {
      ASSERT_EQ(flp[c].size(), m.per_class[c].w.size());
      for (size_t j = 0; j < flp[c].size(); ++j)
        ASSERT_NEAR(m.per_class[c].w[j], flp[c][j], 1e-9) << "class " << c << " feature " << j;
      EXPECT_NEAR(m.per_class[c].b, prior[c], 1e-12) << c;
    }
    const auto predicted = m.predict(f.X_test);
    const auto peer_predicted = peer.at("predictions").get<std::vector<double>>();
    ASSERT_EQ(peer_predicted.size(), predicted.size());
    for (size_t i = 0; i < predicted.size(); ++i)
      EXPECT_EQ(std::stod(f.labels.class_names[predicted[i]]), peer_predicted[i]) << i;
  }
}

TEST(NaiveBayesVsSklearn, Nb2EqualsOneVsRestMultinomialNBs) {
  if (!have_sklearn()) GTEST_SKIP() << kPython << " with scikit-learn not available";
  PeerFixture f;
  write_fixture(f, 3);
  const double lambda = 0.1;
  const auto peer =
      run_peer(f.dir, fmt::format("{} {} --alpha {} --n-features {} --binary-ovr", f.train.string(),
                                  f.test.string(), lambda, f.features));
  ASSERT_FALSE(peer.is_null());
  const MulticlassModel m = naive_bayes_one_vs_rest(f.X_train, f.labels, {lambda});
  const auto decision = peer.at("decision").get<std::vector<std::vector<double>>>();
  const auto scores = m.scores(f.X_test);
  ASSERT_EQ(decision.size(), scores.size());
  for (size_t i = 0; i < scores.size(); ++i)
    for (int32_t c = 0; c < 3; ++c)
      ASSERT_NEAR(scores[i][c], decision[i][c], 1e-9 * (1 + std::fabs(scores[i][c])))
          << "row " << i << " class " << c;
  const auto predicted = m.predict(f.X_test);
  const auto peer_predicted = peer.at("predictions").get<std::vector<double>>();
  for (size_t i = 0; i < predicted.size(); ++i)
    EXPECT_EQ(std::stod(f.labels.class_names[predicted[i]]), peer_predicted[i]) << i;
  // NB-2 is not NB-1 here either: on this fixture they disagree on some test rows.
  const auto nb1 = naive_bayes_multiclass(f.X_train, f.labels, {lambda}).predict(f.X_test);
  EXPECT_NE(nb1, predicted);
}

}  // namespace
}  // namespace linrepro
