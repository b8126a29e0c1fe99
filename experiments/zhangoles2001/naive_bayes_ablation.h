#pragma once
// Issue 59 item 4a: our naive Bayes on Table 3's categories against the paper's description of
// its naive Bayes (section 4.1: McCallum and Nigam's multinomial model, each count increased by
// lambda), against scikit-learn's naive Bayes on the same features, and at the paper's threshold
// rule. Ablation "naive-bayes-table3" of zhangoles2001/table2: one column per Table 3 row (F1,
// %), one row per reading, each allowed or ruled out by the text as docs/RESULTS.md says.
#include <map>
#include <string>
#include <vector>

#include "experiments/zhangoles2001/reuters_protocol.h"
#include "harness/experiment/published.h"
#include "harness/results/ablation.h"
#include "harness/results/result_schema.h"

namespace linrepro {

inline constexpr const char* kNaiveBayesAblation = "naive-bayes-table3";

// `used`: the paper's naive Bayes runs, per category largest first (Table 3's rows first);
// `variants`: the declared variants' runs on Table 3's categories, by variant name ("laplace",
// "sklearn-multinomial", "sklearn-bernoulli"); `rows`: Table 3's row names.
Ablation naive_bayes_ablation(const std::vector<ZoEval>& used,
                              const std::map<std::string, std::vector<ZoEval>>& variants,
                              const std::vector<std::string>& rows,
                              const PublishedPaper& published);

// The peer check "table3-nb-matches-sklearn": the largest |F1 difference| (points) over Table 3's
// rows between our naive Bayes and the "sklearn-multinomial" variant, both at the adopted
// threshold.
Claim naive_bayes_peer_check(const std::vector<ZoEval>& used,
                             const std::map<std::string, std::vector<ZoEval>>& variants,
                             const std::vector<std::string>& rows);

}  // namespace linrepro
