// The one rule that decides every tested claim (harness/results/claim_verdict.h) and per-document
// outcomes (harness/protocol/document_outcomes.h): verdicts at, across and beyond the bound, the
// JSON round trip, and a file whose verdict contradicts its comparisons.
#include "harness/results/claim_verdict.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "core/error.h"
#include "harness/protocol/document_outcomes.h"
#include "harness/results/result_schema.h"

namespace linrepro {
namespace {

ClaimComparison interval(double lo, double hi, double bound, bool above, bool strict = true) {
  // Every field in order (GCC 12 -O3 warns falsely on assigning short literals one by one).
  return ClaimComparison{
      std::string("x"), std::string("t"), (lo + hi) / 2, lo, hi, bound, above, strict};
}

TEST(ClaimRule, TheIntervalAgainstTheBoundDecides) {
  EXPECT_EQ(comparison_verdict(interval(0.5, 2, 0, true)), Verdict::holds);
  EXPECT_EQ(comparison_verdict(interval(-2, -0.5, 0, true)), Verdict::does_not_hold);
  EXPECT_EQ(comparison_verdict(interval(-0.5, 2, 0, true)), Verdict::indistinguishable);
  EXPECT_EQ(comparison_verdict(interval(-2, -0.5, 0, false)), Verdict::holds);
  EXPECT_EQ(comparison_verdict(interval(0.5, 2, 0, false)), Verdict::does_not_hold);
  // An exact value on the bound: ">" fails, ">=" holds.
  EXPECT_EQ(comparison_verdict(interval(1, 1, 1, true)), Verdict::does_not_hold);
  EXPECT_EQ(comparison_verdict(interval(1, 1, 1, true, false)), Verdict::holds);
  // An interval touching the bound is not beyond it.
  EXPECT_EQ(comparison_verdict(interval(0, 2, 0, true)), Verdict::indistinguishable);
}

TEST(ClaimRule, AnyFailureDecidesThenAnyTie) {
  const auto yes = interval(1, 2, 0, true), no = interval(-2, -1, 0, true),
             tie = interval(-1, 1, 0, true);
  EXPECT_EQ(combined_verdict({yes, yes}), Verdict::holds);
  EXPECT_EQ(combined_verdict({yes, tie}), Verdict::indistinguishable);
  EXPECT_EQ(combined_verdict({tie, no, yes}), Verdict::does_not_hold);
  EXPECT_THROW(combined_verdict({}), std::invalid_argument);
}

TEST(ClaimRule, TimeRatioUsesTheStatedResolution) {
  // 3.2x against "more than 3x": inside 10 % of the bound, so the times cannot tell.
  EXPECT_EQ(comparison_verdict(time_ratio_comparison("t", 3.2, 1, 3, true)),
            Verdict::indistinguishable);
  EXPECT_EQ(comparison_verdict(time_ratio_comparison("t", 3.4, 1, 3, true)), Verdict::holds);
  EXPECT_EQ(comparison_verdict(time_ratio_comparison("t", 2.6, 1, 3, true)),
            Verdict::does_not_hold);
  EXPECT_THROW(time_ratio_comparison("t", 0, 1, 3, true), std::invalid_argument);
}

TEST(ClaimRule, PairedAccuracyComparisonOnSharedDocuments) {
  // 100 documents: a right on all, b wrong on 20 -> +20 points, far beyond the noise.
  std::vector<uint8_t> a(100, 1), b(100, 1);
  for (int i = 0; i < 20; ++i) b[i] = 0;
  const ClaimComparison c = accuracy_comparison("a - b", a, b, 0, true, kClaimBootstrapSeed);
  EXPECT_DOUBLE_EQ(c.value, 20);
  EXPECT_GT(c.lo, 10);
  EXPECT_EQ(comparison_verdict(c), Verdict::holds);
  // One discordant document cannot decide "a is better".
  std::vector<uint8_t> d(100, 1);
  d[0] = 0;
  EXPECT_EQ(comparison_verdict(accuracy_comparison("a - d", a, d, 0, true, kClaimBootstrapSeed)),
            Verdict::indistinguishable);
}

TEST(ClaimRule, PairedSplitsUseTheTIntervalOfTheDifferences) {
  // Differences 1, 2, 1, 1, 2: scipy.stats gives mean 1.4, 95 % t interval [0.7199, 2.0801].
  const ClaimComparison c =
      paired_splits_comparison("a - b", {90, 91, 92, 93, 94}, {89, 89, 91, 92, 92}, 0, true);
  EXPECT_DOUBLE_EQ(c.value, 1.4);
  EXPECT_NEAR(c.lo, 0.7199, 1e-3);
  EXPECT_NEAR(c.hi, 2.0801, 1e-3);
  EXPECT_EQ(comparison_verdict(c), Verdict::holds);
  // Within 1.5 points? The interval reaches past 1.5, so the splits cannot tell.
  EXPECT_EQ(comparison_verdict(paired_splits_comparison("a - b", {90, 91, 92, 93, 94},
                                                        {89, 89, 91, 92, 92}, 1.5, false, false)),
            Verdict::indistinguishable);
  EXPECT_THROW(paired_splits_comparison("a - b", {90}, {89}, 0, true), std::invalid_argument);
  EXPECT_THROW(paired_splits_comparison("a - b", {90, 91}, {89}, 0, true), std::invalid_argument);
}

TEST(TestedClaim, VerdictEvidenceAndJsonRoundTrip) {
  const Claim c = tested_claim("id", "A beats B", {interval(-1, 1, 0, true)}, "numbers");
  EXPECT_EQ(c.verdict(), Verdict::indistinguishable);
  EXPECT_NE(c.evidence.find("numbers. x = 0"), std::string::npos);
  EXPECT_EQ(c.resolution, "t");
  const Claim back = claim_from_json(claim_to_json(c));
  ASSERT_EQ(back.comparisons.size(), 1u);
  EXPECT_EQ(back.comparisons[0].lo, -1);
  EXPECT_EQ(back.verdict(), Verdict::indistinguishable);
  // A verdict edited against its comparisons is refused.
  Json edited = claim_to_json(c);
  edited["verdict"] = "holds";
  edited["holds"] = true;
  EXPECT_THROW(claim_from_json(edited), ConfigError);
  edited = claim_to_json(c);
  edited["comparisons"][0]["side"] = "sideways";
  EXPECT_THROW(claim_from_json(edited), ConfigError);
}

TEST(DocumentOutcomes, HexRoundTripAndErrorsNameTheRun) {
  const std::vector<uint8_t> v = {1, 0, 1, 1, 0, 0, 0, 1, 1};
  const std::string hex = outcomes_to_hex(v);
  EXPECT_EQ(hex, "d81");
  EXPECT_EQ(outcomes_from_hex(hex, v.size()), v);
  EXPECT_THROW(outcomes_from_hex(hex, 5), ConfigError);    // wrong length
  EXPECT_THROW(outcomes_from_hex("d8g", 9), ConfigError);  // not hex
  EXPECT_THROW(outcomes_from_hex("d83", 9), ConfigError);  // a bit past the last document
  EXPECT_EQ(correct_outcomes({1, 2, 3}, {1, 0, 3}), (std::vector<uint8_t>{1, 0, 1}));
  RunRecord r;
  r.key = "20ng/mcnb";
  r.metrics["test_rows"] = 9;
  try {
    run_outcomes(r);
    FAIL() << "a run without outcomes was read";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("20ng/mcnb"), std::string::npos);
  }
  r.extra["test_correct"] = hex;
  EXPECT_EQ(run_outcomes(r), v);
}

}  // namespace
}  // namespace linrepro
