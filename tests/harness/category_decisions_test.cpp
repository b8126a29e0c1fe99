// Micro- and macro-F1 over binary categories' stored decisions (harness/protocol/
// category_decisions.h), on two hand-made categories of six test documents: the aggregates'
// values and intervals in the column's scale, the counts under a suffix, and the paired measure.
#include "harness/protocol/category_decisions.h"

#include <gtest/gtest.h>

#include "harness/protocol/document_outcomes.h"
#include "harness/protocol/partition_measures.h"

namespace linrepro {
namespace {

// A category's run: its decisions and truth on six documents, the counts they give, and counts
// at threshold 0 (suffix "0") that say every document is positive.
RunRecord category_run(const std::string& key, std::vector<uint8_t> predicted,
                       std::vector<uint8_t> truth) {
  RunRecord r;
  r.key = key;
  r.status = "ok";
  int64_t tp = 0, fp = 0, fn = 0, tn = 0, positives = 0;
  for (size_t i = 0; i < truth.size(); ++i) {
    tp += predicted[i] && truth[i];
    fp += predicted[i] && !truth[i];
    fn += !predicted[i] && truth[i];
    tn += !predicted[i] && !truth[i];
    positives += truth[i];
  }
  r.metrics = {{"tp", tp}, {"fp", fp},         {"fn", fn},
               {"tn", tn}, {"tp0", positives}, {"fp0", 6 - positives},
               {"fn0", 0}, {"tn0", 0},         {"test_rows", 6}};
  r.extra = {{"test_predicted", outcomes_to_hex(predicted)},
             {"test_truth", outcomes_to_hex(truth)}};
  return r;
}

TEST(CategoryDecisions, AggregatesAndThePairedMeasure) {
  const std::vector<uint8_t> t1 = {1, 1, 0, 0, 0, 0}, t2 = {0, 0, 1, 1, 0, 0};
  // a: category 1 right, category 2 one false positive; b: both right.
  std::map<std::string, std::vector<RunRecord>> runs = {
      {"a",
       {category_run("a/1", {1, 1, 0, 0, 0, 0}, t1), category_run("a/2", {0, 0, 1, 1, 1, 0}, t2)}},
      {"b", {category_run("b/1", t1, t1), category_run("b/2", t2, t2)}}};
  ASSERT_TRUE(holds_category_decisions(runs.at("a")));
  const AggregateValue micro =
      builtin_aggregate("counts-micro-f1").value()(runs.at("a"), {100, "documents", 7, nullptr});
  EXPECT_DOUBLE_EQ(micro.value, 8.0 / 9.0);  // tp 4, fp 1, fn 0: 2 * 4 / (8 + 1)
  ASSERT_TRUE(micro.evidence.interval_lo && micro.evidence.interval_hi);
  EXPECT_LE(*micro.evidence.interval_lo, 100 * micro.value);  // in the column's scale
  EXPECT_GE(*micro.evidence.interval_hi, 100 * micro.value);
  EXPECT_LE(*micro.evidence.interval_hi, 100);
  const AggregateValue macro =
      builtin_aggregate("counts-macro-f1").value()(runs.at("a"), {1, "documents", 7, nullptr});
  EXPECT_DOUBLE_EQ(macro.value, (1.0 + 0.8) / 2);  // category 2: 2 * 2 / (4 + 1)
  ASSERT_TRUE(macro.evidence.interval_hi);
  EXPECT_LE(*macro.evidence.interval_hi, 1.0);  // scale 1: an F1 in [0, 1]
  // Without the decisions a micro average's interval draws each category's counts apart, and
  // says so.
  std::vector<RunRecord> counts_only = runs.at("a");
  for (RunRecord& r : counts_only) r.extra.erase("test_predicted");
  const AggregateValue apart =
      builtin_aggregate("counts-micro-f1").value()(counts_only, {100, "documents", 7, nullptr});
  EXPECT_DOUBLE_EQ(apart.value, micro.value);
  ASSERT_TRUE(apart.evidence.interval_lo);
  EXPECT_NE(apart.evidence.interval_method.find("counts drawn independently"), std::string::npos);
  // At threshold 0 every document is positive: F1 2 * 2 / (4 + 4) per category, no interval.
  const AggregateValue zero =
      builtin_aggregate("counts-micro-f1:0").value()(runs.at("a"), {100, "documents", 7, nullptr});
  EXPECT_DOUBLE_EQ(zero.value, 0.5);
  EXPECT_FALSE(zero.evidence.interval_lo);
  // a - b: b is perfect, so a is below it on every resample that draws the false positive.
  const ClaimMeasures m = partition_measures(runs);
  const auto d = m.at("micro-F1")("w", "a", "b", 0, false, true);
  ASSERT_TRUE(d.has_value());
  EXPECT_NEAR(d->value, 100 * (8.0 / 9.0 - 1.0), 1e-9);
  EXPECT_LE(d->hi, 0);
  const auto same = m.at("macro-F1")("w", "b", "b", 0, false, true);
  ASSERT_TRUE(same.has_value());
  EXPECT_EQ(same->lo, 0);
  EXPECT_EQ(same->hi, 0);
}

}  // namespace
}  // namespace linrepro
