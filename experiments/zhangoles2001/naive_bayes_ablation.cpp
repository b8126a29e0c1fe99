#include "experiments/zhangoles2001/naive_bayes_ablation.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/error.h"
#include "experiments/zhangoles2001/experiments.h"
#include "harness/language/declared_texts.h"
#include "harness/protocol/claim_comparisons.h"
#include "harness/results/claim_verdict.h"
#include "metrics/threshold.h"

namespace linrepro {

namespace {

// One reading: where its counts come from, and what the text says of it (section 4.1 for the
// model and smoothing, section 4.2 for the threshold).
struct Reading {
  const char* variant;  // "" for a reading of the paper's own runs
  const char* row;
  const char* description;
  bool chosen, allowed;
  std::function<BinaryCounts(const ZoEval&)> counts;
};

size_t training_rule_index() {
  const auto at = std::find(kThresholdRules.begin(), kThresholdRules.end(), kZoThresholdRule);
  return static_cast<size_t>(at - kThresholdRules.begin());
}

std::vector<Reading> readings() {
  const auto adopted = [](const ZoEval& e) { return e.counts; };
  return {
      {"", "used",
       "multinomial, lambda-smoothing at Table 1's lambda, out-of-fold threshold (the cells)", true,
       true, adopted},
      {"", "training-error threshold",
       "the same fits, threshold minimising the error on their own training scores (section "
       "4.2 read literally)",
       false, true, [](const ZoEval& e) { return e.counts_by_rule.at(training_rule_index()); }},
      {"", "threshold 0", "the same fits unadjusted; section 4.2 adjusts every threshold", false,
       false, [](const ZoEval& e) { return e.counts_zero; }},
      {"sklearn-multinomial", "scikit-learn MultinomialNB",
       "alpha = lambda, the same features and folds: the implementation against a peer", false,
       true, adopted},
      {"sklearn-bernoulli", "scikit-learn BernoulliNB",
       "alpha = lambda, the same features and folds; section 4.1 names the multinomial model",
       false, false, adopted},
      {"laplace", "Laplace smoothing",
       "ours with each count increased by 1; section 4.1 replaces it by lambda-smoothing", false,
       false, adopted},
  };
}

}  // namespace

Ablation naive_bayes_ablation(const std::vector<ZoEval>& used,
                              const std::map<std::string, std::vector<ZoEval>>& variants,
                              const std::vector<std::string>& rows,
                              const PublishedPaper& published) {
  Ablation a = declared_ablation_with(kZoPaper, kNaiveBayesAblation, rows);
  for (const Reading& r : readings()) {
    const std::vector<ZoEval>* evals = &used;
    if (*r.variant) {
      const auto it = variants.find(r.variant);
      if (it == variants.end())
        throw ConfigError(
            fmt::format("ablation {}: no runs of the variant \"{}\" (declare it in "
                        "experiments/zhangoles2001/experiments.json, table2)",
                        kNaiveBayesAblation, r.variant));
      evals = &it->second;
    }
    AblationRow row{r.row, r.description, r.chosen, false, r.allowed, {}};
    for (size_t c = 0; c < rows.size(); ++c)
      row.values.push_back(c < evals->size() ? std::optional(100 * f1(r.counts((*evals)[c])))
                                             : std::nullopt);
    a.rows.push_back(std::move(row));
  }
  AblationRow paper{"published", "Table 3 of the paper", false, true, false, {}};
  for (const std::string& row : rows)
    paper.values.push_back(published_value(&published, "table3", row, "Naive Bayes"));
  a.rows.push_back(std::move(paper));
  return a;
}

Claim naive_bayes_peer_check(const std::vector<ZoEval>& used,
                             const std::map<std::string, std::vector<ZoEval>>& variants,
                             const std::vector<std::string>& rows) {
  const std::vector<ZoEval>& peer = variants.at("sklearn-multinomial");
  double largest = 0;
  std::vector<std::string> pairs;
  for (size_t r = 0; r < rows.size() && r < peer.size(); ++r) {
    const double ours = 100 * f1(used[r].counts), theirs = 100 * f1(peer[r].counts);
    largest = std::max(largest, std::abs(ours - theirs));
    pairs.push_back(fmt::format("{} {:.2f} / {:.2f}", rows[r], ours, theirs));
  }
  const ClaimMeasures measures = {
      {"largest_table3_f1_difference",
       [&](std::string what, const std::string&, const std::string&, double bound, bool above,
           bool strict) -> std::optional<ClaimComparison> {
         return exact_comparison(std::move(what), largest, bound, above, strict);
       }}};
  // One model, two implementations, the same features and folds: a failure is a bug.
  const DeclaredClaim claim = declared_claim(kZoPaper, "table3-nb-matches-sklearn");
  return tested_claim(
      claim, declared_comparisons(claim, measures).value(),
      fmt::format("Table 3 F1, ours / scikit-learn's: {}; largest difference {:.3g} "
                  "points",
                  fmt::join(pairs, "; "), largest));
}

}  // namespace linrepro
