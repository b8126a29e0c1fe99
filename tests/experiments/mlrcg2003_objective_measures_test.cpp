// MLR-CG's own claim measures (experiments/mlrcg2003/objective_measures.h) on hand-made runs with
// known answers: Proposition 1's gap, the O_svm gap against ln2/gamma_final ("measured"), the first
// CG step within 1 % of the SVM's O_svm, and the HS direction's advantage decided to within its own
// last-block resolution.
#include <gtest/gtest.h>

#include <cmath>

#include "core/error.h"
#include "experiments/mlrcg2003/objective_measures.h"

namespace linrepro {
namespace {

// An MLR-CG run whose O_svm falls from 2 by halves towards `final` over 200 traced CG steps.
RunRecord mlr_run(const std::string& key, double final) {
  RunRecord r;
  r.key = key;
  r.status = "ok";
  r.objective = final;
  r.extra = {{"O_gamma", final + 0.002}, {"O_svm", final}, {"gamma_final", 191}};
  for (int step = 1; step <= 200; ++step)
    r.trace.push_back({{"iteration", step},
                       {"values", {{"O_svm", final + (2 - final) * std::pow(0.5, step / 10.0)}}}});
  return r;
}

ClaimComparison measured(const ClaimMeasures& m, const std::string& name, const std::string& a,
                         const std::string& b, double bound, bool above) {
  const auto c = m.at(name)("w", a, b, bound, above, false);
  EXPECT_TRUE(c.has_value()) << name;
  return c.value_or(ClaimComparison{});
}

TEST(MlrcgObjectiveMeasures, KnownAnswersOnHandMadeRuns) {
  RunRecord smo;
  smo.key = "smo";
  smo.status = "ok";
  smo.objective = 1.0;
  const RunRecord hs = mlr_run("hs", 1.001), pr = mlr_run("pr", 1.004), fr = mlr_run("fr", 1.003);
  const std::map<std::string, const RunRecord*> runs = {
      {"smo", &smo}, {"mlr-cg", &hs}, {"mlr-cg-pr", &pr}, {"mlr-cg-fr", &fr}};
  const ClaimMeasures m = mlrcg_objective_measures(runs);
  EXPECT_NEAR(measured(m, "o_gamma_minus_o_svm", "mlr-cg", "", 0, true).value, 0.002, 1e-12);
  // "measured": the run's own ln2 / gamma_final.
  const ClaimComparison gap = measured(m, "o_svm_gap", "mlr-cg", "smo", NAN, false);
  EXPECT_NEAR(gap.value, 0.001, 1e-12);
  EXPECT_NEAR(gap.bound, std::log(2.0) / 191, 1e-12);
  // Within 1 % of 1.0: 1.001 + 0.999 * 0.5^(s/10) <= 1.01, first at s = 68.
  EXPECT_EQ(measured(m, "first_step_within", "mlr-cg", "smo", 100, false).value, 68);
  // The better of PR and FR is FR's 1.003: (1.003 - 1.001) / 1.003 above HS's resolution.
  const ClaimComparison d = measured(m, "direction_advantage", "mlr-cg", "", 0, true);
  EXPECT_NEAR(d.value, 0.002 / 1.003, 1e-12);
  // A run that is not there is not measured; one without a trace cannot be decided.
  EXPECT_FALSE(m.at("o_svm_gap")("w", "mlr-cg", "libsvm", 0, false, false).has_value());
  RunRecord bare = hs;
  bare.trace = Json::array();
  const std::map<std::string, const RunRecord*> untraced = {
      {"mlr-cg", &bare}, {"mlr-cg-pr", &pr}, {"mlr-cg-fr", &fr}};
  const ClaimMeasures u = mlrcg_objective_measures(untraced);
  EXPECT_THROW(u.at("direction_advantage")("w", "mlr-cg", "", 0, true, false), ConfigError);
}

}  // namespace
}  // namespace linrepro
